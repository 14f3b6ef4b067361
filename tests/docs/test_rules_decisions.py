"""Every decision of the rules documents says its source, and quotes the original truly."""

from __future__ import annotations

import re

import pytest

from tests.docs.examples import GAMES, LANGS, RULES, read

# Each entry of a document's last section ("Decisions") is labelled *Original*, *Reading* or
# *House rule* (in the document's language). An original or a reading names the line of the
# original text it rests on (docs/rules/original/<game>.txt); the English document quotes it,
# and every quote must stand on the line it names.
LABELS = {
    "en": ("original", "reading", "house rule"),
    "zh-TW": ("原文", "解讀", "自訂規則"),
    "zh-CN": ("原文", "解读", "自定规则"),
}
CITE = {"en": r"\blines? (\d+)", "zh-TW": r"第 (\d+)(?:-\d+)? 行", "zh-CN": r"第 (\d+)(?:-\d+)? 行"}
ITEM = re.compile(r"^(?:- |\d+\. )")
CASES = [(game, lang) for game in GAMES for lang in LANGS]


def decisions(text: str) -> list[str]:
    """The entries of the last list of the last section, each as one line of text."""
    section = text[text.rindex("\n## ") :].splitlines()
    start = max(i for i, line in enumerate(section) if line and not line[0].isspace()
                and not ITEM.match(line) and not line.startswith("#"))  # fmt: skip
    entries: list[str] = []
    for line in section[start + 1 :]:
        if ITEM.match(line):
            entries.append(line)
        elif line.strip() and entries:
            entries[-1] += " " + line.strip()
    return entries


def labels(entry: str, lang: str) -> set[str]:
    """The labels an entry carries in italics (``*House rule.*``, ``*原文*`` …)."""
    italic = " ".join(re.findall(r"(?<!\*)\*([^*]+)\*(?!\*)", entry)).lower()
    return {label for label in LABELS[lang] if label in italic}


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_every_decision_is_labelled_and_cites_the_original(game: str, lang: str) -> None:
    entries = decisions(read(game, lang))
    assert len(entries) >= 20
    original, reading, _ = LABELS[lang]
    for entry in entries:
        found = labels(entry, lang)
        assert found, f"no label: {entry[:60]}"
        if found & {original, reading}:
            assert re.search(CITE[lang], entry), f"no line of the original: {entry[:60]}"


@pytest.mark.parametrize("game", GAMES)
def test_every_quote_stands_on_the_line_it_names(game: str) -> None:
    lines = (RULES / "original" / f"{game}.txt").read_text(encoding="utf-8").splitlines()
    quotes = 0
    for entry in decisions(read(game)):
        line = None
        for cited, quote in re.findall(rf"{CITE['en']}|「([^」]+)」", entry):
            if cited:
                line = int(cited)
                continue
            assert line is not None, f"a quote without its line: 「{quote}」"
            assert _bare(quote) in _bare(lines[line - 1]), f"line {line}: 「{quote}」"
            quotes += 1
    assert quotes >= 20


def test_the_translations_cite_the_same_lines() -> None:
    for game in GAMES:
        english = [re.findall(CITE["en"], entry) for entry in decisions(read(game))]
        for lang in LANGS[1:]:
            cited = [re.findall(CITE[lang], entry) for entry in decisions(read(game, lang))]
            assert cited == english, (game, lang)


def _bare(text: str) -> str:
    return re.sub(r"\s", "", text)
