"""Each heuristic fix of issue 24 on a position from a real hand where the old heuristic
(``strong_v1``, bench/baselines) leaked: the hands are in ``positions.json`` (a deal's seed
and the moves up to the decision), found by playing whole hands with it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.actions import Pass, Play, action_from_json
from engine.ai import choose
from engine.ai.qingdun.policy import led_strength
from engine.records import GAMES
from engine.sankou.order import TRUMP

POSITIONS: dict[str, dict[str, Any]] = json.loads(
    (Path(__file__).parent / "positions.json").read_text(encoding="utf-8")
)


def at(name: str) -> tuple[Any, int]:
    """The game at the named position and the seat to decide."""
    position = POSITIONS[name]
    actions = [action_from_json(a) for a in position["actions"]]
    game = GAMES[position["game"]].replay(position["start"], actions)
    assert game.to_move == position["seat"]
    return game, position["seat"]


def medium(name: str) -> tuple[Any, int, Any]:
    game, seat = at(name)
    return game, seat, choose(game, seat, level="medium")


def test_sankou_defender_gives_a_5_not_a_joker() -> None:
    # The old heuristic threw the small joker on the dealer's trick and kept 5C.
    game, seat, action = medium("joker_discard_2")
    assert game.winning_seat() == game.dealer != seat
    assert isinstance(action, Play)
    assert all(c.suit is not None and c.rank != 10 for c in action.cards)
    assert sum(c.points for c in action.cards) <= 5


def test_sankou_dealer_draws_from_the_top_when_their_pairs_beat_its_cheapest() -> None:
    # The old heuristic led 7S 7S (trump spades) with higher trump pairs still out.
    game, seat, action = medium("cheap_trump_pair_0")
    assert seat == game.dealer and isinstance(action, Play)
    assert len(action.cards) == 1
    card = action.cards[0]
    assert game.order.suit[card.index] == TRUMP and not card.points
    plain = [c for c in game.hand(seat) if game.order.suit[c.index] == TRUMP and not c.points]
    assert game.order.strength[card.index] == max(game.order.strength[c.index] for c in plain)


def test_sankou_defender_keeps_off_a_suit_the_dealer_buried() -> None:
    # The old heuristic led 6C with few clubs unseen: the dealer had buried them.
    game, seat, action = medium("lead_into_void")
    assert seat != game.dealer and isinstance(action, Play)
    suit = game.order.suit[action.cards[0].index]
    dealer_suits = {game.order.suit[c.index] for c in game.hand(game.dealer)}
    assert suit in dealer_suits  # the dealer must follow: no cheap ruff


def test_qingdun_no_30_points_of_kings_on_a_cheap_trick() -> None:
    # The old heuristic beat a triple with K K K (30 points) on a 15-point trick, every
    # opponent at 40 cards and able to bomb it.
    _, _, action = medium("rich_follow_0")
    assert action == Pass(action.seat)


def test_qingdun_no_bomb_on_a_cheap_trick_early() -> None:
    # The old heuristic bombed with five 4s a trick of 0 points, everyone at 10+ cards.
    game, _, action = medium("cheap_bomb_1")
    assert min(s for s in game.hand_sizes if s) >= 10
    assert action == Pass(action.seat)


@pytest.mark.parametrize("name", ["no_feed_0", "no_feed_2"])
def test_qingdun_feeds_a_partner_at_two_cards(name: str) -> None:
    # The old heuristic led a 9-card chain, or a triple of jacks, with its partner at 2 cards.
    game, seat, action = medium(name)
    assert game.hand_sizes[(seat + 2) % 4] == 2
    assert isinstance(action, Play) and len(action.cards) == 1
    assert led_strength(action.cards[0]) == min(led_strength(c) for c in game.hands[seat])
