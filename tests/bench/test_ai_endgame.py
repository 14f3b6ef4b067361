"""``python -m bench ai_endgame``: a hand whose last trick is led with more cards than the
ending's size never reaches that ending and is counted apart, not a crash."""

from __future__ import annotations

import pytest

from bench import ai_endgame


def first_deal_ending_early(cards: int) -> int:
    return next(deal for deal in range(200) if ai_endgame.reach(deal, cards) is None)


def test_a_hand_that_ends_before_its_ending_is_counted_apart(
    capsys: pytest.CaptureFixture[str],
) -> None:
    deal = first_deal_ending_early(2)
    ai_endgame.main(["--cards", "2", "--hands", "1", "--first-deal", str(deal)])
    assert "none of 1 hands reached one" in capsys.readouterr().out
    early = sum(ai_endgame.reach(d, 2) is None for d in (deal, deal + 1, deal + 2))
    ai_endgame.main(["--cards", "2", "--hands", "3", "--first-deal", str(deal)])
    line = capsys.readouterr().out
    assert f"endings of 2 cards a hand, {3 - early} hands ({early} more ended before)" in line
