"""The Chinese rules documents keep the English ones' shape, numbers, cards, examples,
vocabulary and script.

``/rules`` shows docs/rules/<game>.<lang>.md when it exists, so a translation that lost a
section, a table row, a number or a card example would silently mislead players. The English
document is the reference: any edit to it that changes its structure, its numbers or its
examples fails here until the translations follow.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from tests.docs.examples import examples, neutral, spans

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"
GAMES = ("qingdun", "sankou")
LANGS = ("zh-TW", "zh-CN")

HEADING = re.compile(r"^(#{1,6}) ", re.MULTILINE)
LIST_ITEM = re.compile(r"^( *)(?:[-*]|\d+\.) ", re.MULTILINE)
#: Card tokens in the project's notation: 10H, JS, AD, 5♠, BJ, SJ (not inside longer words).
CARD = re.compile(r"(?<![0-9A-Za-z])(?:(?:10|[2-9JQKA])[SHDC♠♥♦♣]|[BS]J)(?![0-9A-Za-z])")

#: Characters that exist only in the other script (in the games' vocabulary and common
#: words). 只/隻 and 后/後 are one-way: 只 and 后 are also Traditional characters.
TRADITIONAL_ONLY = (
    "頭對連順彈東雙莊級張閒槍墊機蘆暫數號發輪贏輸結計規則這個時說兩門紅塊組點與為會還後隻離開過讓帳"
)
SIMPLIFIED_ONLY = (
    "头对连顺弹东双庄级张闲枪垫机芦暂数号发轮赢输结计规则这个时说两门红块组点与为会还离开过让账"
)
FOREIGN = {"zh-TW": SIMPLIFIED_ONLY, "zh-CN": TRADITIONAL_ONLY}

#: The players' own words each translation must use.
VOCABULARY = {
    ("qingdun", "zh-TW"): (
        "頭家 二家 三家 末家 單牌 對子 三隻 葫蘆 連對 連三 連三拖連對 順子 同花順 炸彈 排炮 "
        "清墩 連墩 兄弟墩 雙扣 借東風 明牌 暫得分 逃跑"
    ),
    ("qingdun", "zh-CN"): (
        "头家 二家 三家 末家 单牌 对子 三只 葫芦 连对 连三 连三拖连对 顺子 同花顺 炸弹 排炮 "
        "清墩 连墩 兄弟墩 双扣 借东风 明牌 暂得分 逃跑"
    ),
    ("sankou", "zh-TW"): (
        "莊家 閒家 叫分 底牌 扣底 叫主 主牌 副牌 級牌 大王 大鬼 小王 小鬼 對子 拖拉機 甩牌 槍 "
        "八張抄家 保底 墊牌"
    ),
    ("sankou", "zh-CN"): (
        "庄家 闲家 叫分 底牌 扣底 叫主 主牌 副牌 级牌 大王 大鬼 小王 小鬼 对子 拖拉机 甩牌 枪 "
        "八张抄家 保底 垫牌"
    ),
}

CASES = [(game, lang) for game in GAMES for lang in LANGS]


def read(game: str, lang: str = "en") -> str:
    name = f"{game}.md" if lang == "en" else f"{game}.{lang}.md"
    return (RULES / name).read_text(encoding="utf-8")


def heading_levels(text: str) -> list[int]:
    return [len(marks) for marks in HEADING.findall(text)]


def numbers(text: str) -> Counter[str]:
    """The numbers written in digits outside code spans and card tokens (signs aside: "−20"
    may read "20 分" in Chinese)."""
    prose = CARD.sub(" ", re.sub(r"`[^`]*`", " ", text))
    return Counter(re.findall(r"\d+", prose))


def code(text: str, game: str, lang: str) -> Counter[str]:
    """The code spans, the examples among them in language-neutral form."""
    return Counter(neutral(span, game, lang) for _, span in spans(text))


def rows(text: str, game: str, lang: str) -> list[Counter[str]]:
    """Per table row: its signed numbers and card tokens outside code spans, and its code
    spans (examples in language-neutral form)."""
    found = []
    for line in text.splitlines():
        if line.strip().startswith("|") and not re.fullmatch(r"[\s|:-]+", line):
            prose = CARD.sub(" ", re.sub(r"`[^`]*`", " ", line))
            found.append(Counter(re.findall(r"[+−]?\d+", prose)) + code(line, game, lang))
    return found


def table_rows(text: str) -> list[int]:
    """Cells per Markdown table row, in order (header and separator rows included)."""
    rows = (line.strip() for line in text.splitlines())
    return [row.strip("|").count("|") + 1 for row in rows if row.startswith("|")]


def list_items(text: str) -> list[int]:
    """Indentation of each list item, in order: the same entries, nested the same way."""
    return [len(indent) for indent in LIST_ITEM.findall(text)]


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_translation_exists(game: str, lang: str) -> None:
    assert (RULES / f"{game}.{lang}.md").is_file()


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_same_heading_levels(game: str, lang: str) -> None:
    assert heading_levels(read(game, lang)) == heading_levels(read(game))


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_same_tables(game: str, lang: str) -> None:
    english = table_rows(read(game))
    assert english, "the English document has tables (scoring)"
    assert table_rows(read(game, lang)) == english


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_same_list_entries(game: str, lang: str) -> None:
    assert list_items(read(game, lang)) == list_items(read(game))


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_every_card_token_kept(game: str, lang: str) -> None:
    english = Counter(CARD.findall(read(game)))
    assert {"10H", "JS", "AD", "BJ", "SJ"} <= set(english)
    missing = english - Counter(CARD.findall(read(game, lang)))
    assert not missing, f"card tokens missing from {game}.{lang}.md: {dict(missing)}"


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_players_vocabulary(game: str, lang: str) -> None:
    text = read(game, lang)
    assert [word for word in VOCABULARY[game, lang].split() if word not in text] == []


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_one_script(game: str, lang: str) -> None:
    text = read(game, lang)
    foreign = sorted({char for char in text if char in FOREIGN[lang]})
    assert foreign == [], f"{game}.{lang}.md has characters of the other script: {foreign}"


def test_script_lists_are_disjoint() -> None:
    assert not set(TRADITIONAL_ONLY) & set(SIMPLIFIED_ONLY)
    assert "只" not in SIMPLIFIED_ONLY and "后" not in SIMPLIFIED_ONLY


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_every_number_kept(game: str, lang: str) -> None:
    missing = numbers(read(game)) - numbers(read(game, lang))
    assert not missing, f"numbers missing from {game}.{lang}.md: {dict(missing)}"


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_the_same_examples_and_code(game: str, lang: str) -> None:
    assert [e.text for e in examples(game, lang)] == [e.text for e in examples(game)]
    missing = code(read(game), game, "en") - code(read(game, lang), game, lang)
    assert not missing, f"code missing from {game}.{lang}.md: {dict(missing)}"


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_every_table_row_says_the_same(game: str, lang: str) -> None:
    english, translated = rows(read(game), game, "en"), rows(read(game, lang), game, lang)
    assert len(translated) == len(english)
    for number, (want, got) in enumerate(zip(english, translated, strict=True)):
        missing, extra = dict(want - got), dict(got - want)
        assert got == want, f"{game}.{lang}.md row {number}: {missing} missing, {extra} extra"
