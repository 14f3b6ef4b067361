"""Posted text: names escaped for mentions and Markdown, everything within Discord's limits."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from bot.discord import text
from tests.discord.payloads import size


def test_names_show_as_typed() -> None:
    assert text.name("@everyone") == "@\u200beveryone"
    assert text.name("<@&1> <@2>") == "<@\u200b&1> <@\u200b2>"
    assert text.name("||x|| `y` *z*") == "\\|\\|x\\|\\| \\`y\\` \\*z\\*"
    assert text.name("# heading") == "\\# heading"
    assert text.name("a\nb") == "a b"
    cjk = "麻將高手🎴" * 6 + "🀄🃏"
    assert text.name(cjk) == cjk  # 32 code points are kept whole


def test_a_huge_echo_is_cut_short() -> None:
    assert text.echo("X" * 5000) == "X" * 99 + "…"
    assert text.clip("🎴" * 10, 5) == "🎴🎴…"


@given(st.text())
def test_no_escaped_text_can_mention(raw: str) -> None:
    shown = text.name(raw)
    assert not re.search(r"@(?!\u200b)", shown)
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
