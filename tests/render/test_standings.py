"""The final standings of a table: a picture from plain rows, and its words."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import render
from render import fonts
from render.standings import ordered, ranks
from tests.render.conftest import decode

ROWS = [("ann", -9, 2), ("Bot 3", 20, 3), ("麻將高手🎴" * 6 + "🀄🃏", 20, 3), ("cy", 0, 1)]


def test_ties_share_a_rank_best_first() -> None:
    rows = ordered(ROWS)
    assert [total for _, total, _ in rows] == [20, 20, 0, -9]
    assert ranks(rows) == [1, 1, 3, 4]


@pytest.mark.parametrize("lang", ["en", "zh-TW", "zh-CN"])
def test_the_standings_read_on_a_phone(lang: str) -> None:
    if fonts.font_set().regular is None:
        pytest.skip("no text font installed")
    with fonts.recording() as drawn:
        data = render.render_standings(ROWS, lang, game="sankou", hands=3)
    width, height = decode(data).size
    assert width == 660 and height < 660
    smallest = min(drawn, key=lambda d: d.cap)
    assert smallest.cap * 330 / width >= 9.0, smallest.text
    assert render.render_standings(ROWS, lang, game="sankou", hands=3) == data  # same bytes


def test_the_standings_in_words() -> None:
    text = render.describe_standings(ROWS, "en", game="qingdun", hands=1)
    assert text.startswith("Final standings, Qingdun, 1 hand. 1. Bot 3 +20, 3 hands; 1. 麻將")
    assert text.endswith("3. cy 0, 1 hand; 4. ann -9, 2 hands.")
    chinese = render.describe_standings(ROWS, "zh-TW", game="sankou", hands=2)
    assert chinese.startswith("最終排名（海寧三扣，2 局）。1. Bot 3 +20，3 局")


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.tuples(st.text(max_size=40), st.integers(-500, 500), st.integers(0, 200)),
        max_size=15,
    )
)
def test_any_rows_draw_and_describe(rows: list[tuple[str, int, int]]) -> None:
    assert decode(render.render_standings(rows, "en", game="qingdun", hands=len(rows))).width
    assert len(render.describe_standings(rows, "en", game="qingdun", hands=0)) <= 1024
