"""Settlement (RULES.md §2.8), 保底, and leaving a hand (§2.9)."""

from __future__ import annotations

import pytest

from engine.cards import parse_cards
from engine.sankou import Tier, score
from engine.sankou.game import Game

from .deals import KITTY, bidding, playing, refused

# c:        0   44  45  bid-5 bid 159 160 195 200
TABLE = {
    80: [-9, -6, -3, -3, 3, 3, 6, 6, 9],
    115: [-18, -12, -6, -6, 6, 6, 12, 12, 18],
    200: [-27, -18, -9, -9, 27, -9, -9, -9, 27],
}


@pytest.mark.parametrize("bid", sorted(TABLE))
def test_the_scoring_table_at_its_edges(bid: int) -> None:
    points = [0, 44, 45, bid - 5, bid, 159, 160, 195, 200]
    assert [score(bid, c) for c in points] == TABLE[bid]


def test_not_reaching_the_bid_always_loses() -> None:
    assert score(180, 175) == -6  # 160 <= c but c < bid: 45 <= c < bid, ×2
    assert score(180, 180) == 12
    assert score(110, 105) == -3 and score(110, 110) == 3


def points_hand(dealer_wins_last: bool) -> Game:
    """Two tricks; the dealer wins the first (5 points), the last as asked. Kitty: 30 points."""
    kitty = "5D 5C KD KC 2D 3D 4D 6D"
    last = ["AS", "2S", "3S", "4S"] if dealer_wins_last else ["2S", "AS", "3S", "4S"]
    hands = [f"AC {last[0]}", f"5C {last[1]}", f"7C {last[2]}", f"8C {last[3]}"]
    game = playing(hands, trump="H", kitty=kitty)
    for seat, card in enumerate(["AC", "5C", "7C", "8C"]):
        game.play(seat, card)
    leader = game.to_move
    assert leader == 0
    for seat in range(4):
        game.play(seat, last[seat])
    return game


def test_baodi_the_dealer_winning_the_last_trick_adds_the_kitty() -> None:
    game = points_hand(dealer_wins_last=True)
    result = game.result
    assert result is not None and game.over and game.phase == "over"
    assert result.kitty_to_dealer and result.kitty_points == 30
    assert result.dealer_points == game.dealer_points == 35
    assert result.tier is Tier.UNDER_45 and result.deltas == (-6, 2, 2, 2)
    assert result.kitty == tuple(parse_cards("5D 5C KD KC 2D 3D 4D 6D"))
    assert result.bid == 80 and result.multiplier == 1 and result.dealer == 0


def test_no_baodi_when_a_defender_wins_the_last_trick() -> None:
    game = points_hand(dealer_wins_last=False)
    result = game.result
    assert result is not None
    assert not result.kitty_to_dealer and result.dealer_points == 5
    assert game.dealer_points + game.defender_points + result.kitty_points == 35


def test_a_dealer_who_takes_nothing_pays_nine() -> None:
    game = playing(["2S", "AS", "3S", "4S"])
    for seat, card in enumerate(["2S", "AS", "3S", "4S"]):
        game.play(seat, card)
    assert game.result is not None
    assert game.result.tier is Tier.ZERO and game.result.deltas == (-9, 3, 3, 3)
    assert game.to_move is None
    refused(game, "hand_over", "play", 0, "2S")
    refused(game, "hand_over", "leave", 1)


def test_a_defender_who_leaves_pays_the_dealer_and_the_fellow_defenders_score_nothing() -> None:
    game = playing(["2S 3S", "AS 4S", "5S 6S", "7S 8S"], dealer=0)
    game.play(0, "2S")
    result = game.leave(2)
    assert result.tier is Tier.LEFT and result.leaver == 2 and result.multiplier == 1
    assert result.deltas == (3, 0, -9, 0)  # RULES.md §2.9: only the leaver's opponent gains
    assert game.over and game.to_move is None and game.result == result
    assert game.actions[-1].seat == 2  # recorded: a replay ends the same way
    again = Game.replay(game.start, game.actions)
    assert again.result == result


def test_leaving_during_the_bidding_has_no_dealer_or_contract() -> None:
    game = bidding()
    result = game.leave(3)
    assert result.deltas == (3, 3, 3, -9)
    assert result.dealer is None and result.bid is None
    refused(game, "hand_over", "bid", 0, 80)


def test_leaving_during_the_bidding_scales_with_the_highest_bid_so_far() -> None:
    game = bidding()
    game.bid(0, 120)  # ×2 from 115 (§2.8): every other seat is the leaver's opponent
    assert game.leave_deltas(2) == (6, 6, -18, 6)
    assert game.leave(1).deltas == (6, -18, 6, 6)


def test_the_dealer_who_leaves_a_doubled_or_tripled_contract_pays_as_much_as_losing_it() -> None:
    # The position: one-card hands, the dealer would capture nothing (−9 × m).
    for bid, m in ((80, 1), (115, 2), (200, 3)):
        game = Game.from_deal(["2S", "AS", "3S", "4S"], KITTY, 0)
        game.bid(0, bid)
        for seat in (1, 2, 3)[: 0 if bid == 200 else 3]:
            game.pass_turn(seat)
        game.discard(0, KITTY)
        game.declare_trump(0, "H")
        assert game.leave_deltas(0) == (-9 * m, 3 * m, 3 * m, 3 * m)
        assert game.leave_deltas(1) == (3 * m, -9 * m, 0, 0)
        result = game.leave(0)
        assert result.multiplier == m and result.deltas == (-9 * m, 3 * m, 3 * m, 3 * m)


def test_a_bid_of_200_triples_and_115_doubles() -> None:
    game = Game.from_deal(["AS", "2S", "3S", "4S"], KITTY, 0)
    game.bid(0, 200)
    game.discard(0, KITTY)
    game.declare_trump(0, "H")
    for seat, card in enumerate(["AS", "2S", "3S", "4S"]):
        game.play(seat, card)
    assert game.result is not None
    assert game.result.multiplier == 3 and game.result.deltas == (-27, 9, 9, 9)
