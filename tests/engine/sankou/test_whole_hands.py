"""Whole hands from real deals: invariants under random legal play, replay, privacy, hints."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Play, action_from_json, action_to_json
from engine.cards import points
from engine.sankou import Game, Phase, random_action, sort_hand

seeds = st.integers(min_value=0, max_value=2**32)


def play_out(seed: int, choice_seed: int) -> Game:
    """A random legal hand, checking legal plays and views before every play."""
    game = Game.deal(seed)
    rng = random.Random(choice_seed)
    while not game.over:
        seat = game.to_move
        assert seat is not None
        check_views(game)
        if game.phase is Phase.PLAY:
            first = next(iter(game.legal_plays(seat)))  # lazy, at least one, legal
            assert game.is_legal(seat, first)
        game.apply(random_action(game, rng))
    return game


def check_views(game: Game) -> None:
    """Each seat sees its own hand, sorted, and the kitty only if it is the dealer."""
    public = game.view(None)
    assert public.hand is None and public.kitty is None
    for seat in range(4):
        view = game.view(seat)
        assert view.hand == tuple(sort_hand(game.hands[seat], game.trump))
        assert view.hand_sizes == tuple(len(hand) for hand in game.hands)
        assert (view.kitty is not None) == (seat == game.dealer)
        assert view.result is None  # the kitty is revealed only once the hand is over


@settings(max_examples=25)
@given(seeds, seeds)
def test_random_hands_conserve_cards_and_points_end_and_settle_zero_sum(
    seed: int, choice_seed: int
) -> None:
    game = play_out(seed, choice_seed)
    result = game.result
    assert result is not None and game.over and game.to_move is None
    assert not any(game.hands)
    played = [card for trick in game.tricks for play in trick.plays for card in play.cards]
    assert len(played) + len(game.kitty) == 108
    dealt = Game.deal(seed)
    assert sorted(played + list(game.kitty)) == sorted(
        [card for hand in dealt.hands for card in hand] + list(dealt.kitty)
    )
    kitty_left = 0 if result.kitty_to_dealer else points(game.kitty)
    assert game.dealer_points + game.defender_points + kitty_left == 200
    assert sum(result.deltas) == 0
    dealer = result.dealer
    assert all(result.deltas[s] == -result.deltas[dealer] // 3 for s in range(4) if s != dealer)
    assert sum(trick.points for trick in game.tricks) + points(game.kitty) == 200


@settings(max_examples=15)
@given(seeds, seeds, st.integers(min_value=0, max_value=200))
def test_replay_from_json_equals_the_live_game(seed: int, choice_seed: int, stop: int) -> None:
    game = Game.deal(seed)
    rng = random.Random(choice_seed)
    while not game.over and len(game.actions) < stop:
        game.apply(random_action(game, rng))
    start = json.loads(json.dumps(game.start))
    records = json.loads(json.dumps([action_to_json(a) for a in game.actions]))
    again = Game.replay(start, [action_from_json(r) for r in records])
    assert again.hands == game.hands and again.kitty == game.kitty
    assert again.actions == game.actions
    for seat in (None, 0, 1, 2, 3):
        assert again.view(seat) == game.view(seat)


@settings(max_examples=8)
@given(seeds)
def test_hints_play_whole_hands_legally(seed: int) -> None:
    game = Game.deal(seed)
    while not game.over:
        seat = game.to_move
        assert seat is not None
        game.apply(game.hint(seat))  # raises if a hint is ever illegal
    assert game.result is not None and sum(game.result.deltas) == 0


def test_a_given_deal_replays_from_its_json_start() -> None:
    game = Game.from_deal(["AS 2H", "KS 3H", "QS 4H", "JS 5H"], "2D 3D 4D 6D 2C 3C 4C 6C", 2)
    rng = random.Random(1)
    while not game.over:
        game.apply(random_action(game, rng))
    again = Game.replay(json.loads(json.dumps(game.start)), game.actions)
    assert again.result == game.result


def test_plays_are_counted_once_per_seat_and_trick() -> None:
    game = play_out(11, 12)
    plays = [a for a in game.actions if isinstance(a, Play)]
    assert len(plays) == 4 * len(game.tricks)
