"""Posted text: names escaped for mentions and Markdown, everything within Discord's limits."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from bot.discord import text
from bot.i18n import refusal, t
from engine.cards import parse_cards
from engine.errors import CardParseError, IllegalMove
from tests.discord.payloads import size


def test_names_show_as_typed() -> None:
    assert text.name("@everyone") == "@\u200beveryone"
    assert text.name("<@&1> <@2>") == "<@\u200b&1> <@\u200b2>"
    assert text.name("||x|| `y` *z*") == "\\|\\|x\\|\\| \\`y\\` \\*z\\*"
    assert text.name("# heading") == "\\# heading"
    # channel links, command links, custom emoji and timestamps draw as live markup: broken too
    assert text.name("<#1> </play:2> <:e:3> <a:e:4> <t:0:R> <id:home>") == (
        "<\u200b#1> <\u200b/play:2> <\u200b:e:3> <\u200ba:e:4> <\u200bt:0:R> <\u200bid:home>"
    )
    assert text.name("<3 a<b") == "<3 a<b"  # a plain "<" is left alone
    assert text.name("a\nb") == "a b"
    cjk = "麻將高手🎴" * 6 + "🀄🃏"
    assert text.name(cjk) == cjk  # 32 code points are kept whole


def test_a_huge_echo_is_cut_short() -> None:
    assert text.echo("X" * 5000) == "X" * 99 + "…"
    assert text.clip("🎴" * 10, 5) == "🎴🎴…"


MARKUP_PIECES = st.sampled_from(["<", "@", "#", "/", ":", "a", "t", "id", "&", "1", "*", "|", " "])


@given(st.text() | st.lists(MARKUP_PIECES, max_size=30).map("".join))
def test_no_escaped_text_can_mention(raw: str) -> None:
    shown = text.name(raw)
    assert not re.search(r"@(?!\u200b)", shown)
    assert not re.search(r"<(?=[#/:]|a:|t:|id:)", shown)
    assert size(text.echo(raw)) <= 2 * text.ECHO_LIMIT  # each character escaped at most once


LINE = st.text(st.characters(exclude_characters="\n"), max_size=300)


@given(st.lists(LINE, min_size=1, max_size=40), st.booleans())
def test_fit_keeps_the_title_and_whole_lines_within_the_limit(
    lines: list[str], newest_last: bool
) -> None:
    fitted = text.fit(lines, 500, newest_last=newest_last)
    assert size(fitted) <= 500
    if size("\n".join(lines)) <= 500:
        assert fitted == "\n".join(lines)
    elif size(lines[0]) < 400:
        kept = fitted.split("\n")
        assert kept[0] == lines[0] and "…" in kept


def test_cards_show_with_symbols_and_notation_is_turned_over() -> None:
    assert text.cards(parse_cards("3D 10H BJ SJ")) == "3♦ 10♥ 小王 大王"  # by rank: the jokers last
    assert text.symbols("3D 10H BJ") == "3♦ 10♥ 大王"
    assert text.symbols("not cards") == "not cards"
    assert text.symbols("") == ""


def test_refusals_name_cards_with_symbols_and_english_counts_one_in_the_singular() -> None:
    beat = IllegalMove(
        "x", code="does_not_beat", play="3S 3H", play_kind="pair", top="BJ BJ", top_kind="pair"
    )
    assert refusal(beat, "en", cards=text.symbols) == "3♠ 3♥ (Pair) does not beat 大王 大王 (Pair)."
    typo = CardParseError("3X", "suits", code="bad_suit")
    assert "3X" in refusal(typo, "en", cards=text.symbols)  # what was typed stays as typed
    assert t("hand.title", "en", count=1) == "Your hand: 1 card."
    assert t("hand.title", "en", count=2) == "Your hand: 2 cards."
    assert t("hand.title", "zh-TW", count=1) == "你的手牌：1 張。"
    assert t("kind.cards", "en", count=True) == "True cards"  # a flag is not a number
