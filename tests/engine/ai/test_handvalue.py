"""The 三扣 hand value the middle level bids with (``engine.ai.sankou.handvalue``): the
counts it reads, and the bids it changed on real hands where the search's judge had found
the old guess's pass costly (the judging scan of docs/ai.md, deals 9001-9050)."""

from __future__ import annotations

import pytest

from engine.actions import Bid, Pass
from engine.ai import think
from engine.ai.sankou import bidding, handvalue
from engine.ai.sankou.rollout import estimate
from engine.cards import parse_cards
from engine.sankou import Game
from engine.sankou.view import Phase

#: Deal 9049, seat 1: clubs its best suit (ten of them), spades and hearts its side suits.
HAND = parse_cards("BJ SJ KS KS QS QS JS 7S KH 9H 6H 5H 4H QD 4D KC KC JC 6C 6C 5C 5C 4C 4C 2C")


def test_the_counts_are_read_under_the_best_trump() -> None:
    counts = dict(zip(handvalue.FEATURES, handvalue.features(HAND), strict=True))
    assert counts == {
        "constant": 1,
        "big jokers": 1,
        "small jokers": 1,
        "tens": 0,
        "trump length": 10,
        "trump length over 5": 5,
        "trump aces and kings": 2,  # KC KC
        "side aces": 0,
        "side kings": 3,  # KS KS KH
        "trump pairs": 4,  # KC 6C 5C 4C
        "side pairs": 2,  # KS QS
        "void side suits": 0,
        "side suits of 1-2 cards": 1,  # QD 4D
    }


def test_the_value_is_the_weighted_sum_and_reads_tens_and_voids_as_strength() -> None:
    value = handvalue.dealer_points(HAND)
    assert value == pytest.approx(95.88, abs=0.01)
    stronger = parse_cards(
        "BJ SJ 10S KS QS QS JS 7S KH 9H 6H 5H 4H QD 4D KC KC JC 6C 6C 5C 5C 4C 4C 2C"
    )
    assert handvalue.dealer_points(stronger) > value  # a ten for a side king
    assert estimate(HAND) == 68  # the old guess: pass at 80


def auction(deal: int, seat: int) -> tuple[object, dict[str, object]]:
    """The middle level's first call for ``seat`` when every seat bids as the middle level."""
    game = Game.deal(deal)
    step = 0
    while game.phase is Phase.BIDDING:
        mover = game.to_move
        decision = think(game.observation(mover), level="medium", seed=step, explain=True)
        if mover == seat:
            assert decision.reason is not None
            return decision.action, dict(decision.reason.params)
        game.apply(decision.action)
        step += 1
    raise AssertionError("the seat never bid")


@pytest.mark.parametrize(
    ("deal", "seat", "counts_on"),
    [(9049, 1, 81), (9031, 3, 90), (9021, 1, 89)],  # the judge: passing cost 2.8, 1.6, 1.5
)
def test_medium_now_bids_the_hands_the_judge_found_it_passed_wrongly(
    deal: int, seat: int, counts_on: int
) -> None:
    action, params = auction(deal, seat)
    assert action == Bid(seat, 80)
    # The reason says what it counts on: the expected points less the discount.
    assert params == {"expected": counts_on, "bid": 80}
    assert counts_on >= 80 and counts_on - bidding.MEDIUM_DISCOUNT < 80


def test_medium_passes_a_hand_whose_points_less_the_discount_fall_short() -> None:
    action, params = auction(9035, 3)  # expected 91 points: 76 counted on, short of 80
    assert action == Pass(3)
    assert params == {"expected": 76}
