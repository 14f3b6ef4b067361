"""The AI's reasons in words: every reason code has a sentence in every language that formats
with what the engine gives, and a hint says why in the reader's language, privately."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest

import engine.ai
from bot.discord.reason_text import reason_line, reason_sentence
from bot.i18n import CATALOGUE, LANGS
from engine.ai import Reason
from engine.qingdun.kinds import ComboKind
from tests.discord.conftest import World, answer, open_table, public_text
from tests.discord.test_qingdun_flow import short_deal

KINDS = [kind.name.lower() for kind in ComboKind]  # as engine/ai/qingdun/reasons.py names them
SUITS = ["S", "H", "D", "C", "trump"]
CJK = re.compile(r"[\u4e00-\u9fff]")


def examples(code: str) -> list[dict[str, Any]]:
    """Parameters the engine may give ``code``: every kind, every suit, voids of 0-2 suits,
    numbers 0, 1 and 15 (1 picks the singular forms)."""
    names = engine.ai.REASONS[code]
    choices: dict[str, list[Any]] = {
        "kind": KINDS,
        "suit": SUITS,
        "trump": ["S", "H", "D", "C"],
        "voids": [[], ["C"], ["C", "D"]],
    }
    values = [choices.get(name, [0, 1, 15]) for name in names]
    return [dict(zip(names, combo, strict=True)) for combo in itertools.product(*values)]


def reasons() -> list[Reason]:
    found = []
    for code in engine.ai.REASONS:
        if code == "found_by_search":
            continue
        for params in examples(code):
            found.append(Reason(code, params))
            found.append(Reason("found_by_search", {"move": code, **params}))
    return found


def test_every_reason_code_has_a_sentence_in_every_language() -> None:
    for code in engine.ai.REASONS:
        for lang in LANGS:
            assert CATALOGUE[f"reason.{code}"].get(lang), (code, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_every_reason_formats_with_the_engines_params(lang: str) -> None:
    for reason in reasons():
        sentence = reason_sentence(reason, lang)
        assert sentence, reason
        assert "{" not in sentence and "reason." not in sentence and "kind." not in sentence
        assert "_" not in sentence, (reason, sentence)  # kinds and suits named, not coded
        if lang != "en":
            assert CJK.search(sentence), (reason, sentence)
        line = reason_line(reason, lang)
        assert line is not None and sentence in line and len(line) < 300
        if reason.code == "found_by_search":
            inner = reason_sentence(
                Reason(
                    str(reason.params["move"]),
                    {k: v for k, v in reason.params.items() if k != "move"},
                ),
                lang,
            )
            assert inner is not None and inner in sentence


def test_the_words_of_a_few_reasons() -> None:
    assert reason_line(Reason("draws_trumps", {"out": 6}), "en") == (
        "Why: draws trumps: 6 are still out."
    )
    assert reason_line(Reason("draws_trumps", {"out": 1}), "en") == (
        "Why: draws trumps: 1 is still out."
    )
    buried = Reason("buries", {"voids": ["C", "D"], "points": 5, "trump": "H"})
    assert reason_sentence(buried, "en") == (
        "lays the kitty for ♥ Hearts as trump: empties ♣ Clubs, ♦ Diamonds to trump them; "
        "5 points buried"
    )
    assert (
        reason_sentence(buried, "zh-CN")
        == "以♥ 红心为主扣底：扣光♣ 梅花、♦ 方块，好用主牌杀；底牌 5 分"
    )
    searched = Reason("found_by_search", {"move": "beats_cheaply", "kind": "pair", "points": 15})
    assert reason_sentence(searched, "en") == (
        "the search found this better: beats it with your smallest pair (15 points on the trick)"
    )
    assert (
        reason_sentence(searched, "zh-TW") == "搜尋發現這樣更好：用最小的對子壓過（這一輪 15 分）"
    )
    assert reason_line(None, "en") is None
    assert reason_line(Reason("no_such_code", {}), "en") is None  # a newer engine's code


WHY = {"en": "Why: ", "zh-TW": "理由：", "zh-CN": "理由："}
LOCALES = {"en": "en-US", "zh-TW": "zh-TW", "zh-CN": "zh-CN"}


@pytest.mark.parametrize("lang", LANGS)
async def test_a_hint_says_why_in_the_readers_language_and_only_to_them(
    world: World, deals: Any, locales: dict[int, str], lang: str
) -> None:
    deals.use("qingdun", short_deal().start)
    ann = world.players[0]
    locales[ann.id] = LOCALES[lang]
    await open_table(world, "qingdun")
    for hinted in (
        answer(await ann.click(world.table_message(), custom_id="ct:1:hint")),
        answer(await ann.slash(world.thread, "play hint")),
    ):
        assert hinted.ephemeral
        first, why, *_ = hinted.content.splitlines()
        assert first.startswith(("Hint: ", "提示："))
        assert why.startswith(WHY[lang]) and len(why) > len(WHY[lang]) + 3
        # the legal-plays menu's suggested entry says why too (clipped to Discord's 100)
        notes = [
            o.get("description") or ""
            for row in hinted.components
            for c in row["components"]
            for o in c.get("options", [])
        ]
        suggested = [n for n in notes if n.startswith(("Suggested: ", "建議：", "建议："))]
        assert len(suggested) == 1 and len(suggested[0]) <= 100
    assert WHY[lang] not in public_text(world)
