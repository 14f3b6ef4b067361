"""The order plays are shown in (``render.order.by_rank``): by rank, then suit, runs as played."""

from __future__ import annotations

import pytest

from engine.cards import format_cards, parse_cards
from render.order import by_rank


@pytest.mark.parametrize(
    ("given", "shown"),
    [
        ("4D 3H 4S 3S", "3S 3H 4S 4D"),  # by rank, then ♠ ♥ ♦ ♣
        ("2S JH QD KC AS", "JH QD KC AS 2S"),  # 清墩: 2 above the ace in a straight
        ("3C 2D AS 2S AH 3D", "AS AH 2S 2D 3D 3C"),  # the lowest pair chain, ace low
        ("2H KS AD", "KS AD 2H"),  # a 連墩/chain through K A 2
        ("AS 2S 3S 4S 5S", "AS 2S 3S 4S 5S"),  # the ace low in a straight from A
        ("9S 2S 9H 2H 9D", "2S 2H 9S 9H 9D"),  # no run: natural places
        ("BJ 2S SJ 5H", "2S 5H SJ BJ"),  # jokers last, small before big
    ],
)
def test_plays_read_by_rank_and_runs_read_as_played(given: str, shown: str) -> None:
    assert format_cards(by_rank(parse_cards(given))) == shown
