"""Invariants over whole random hands: conservation, ending, zero sum, replay, secrecy."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Pass, action_from_json, action_to_json
from engine.cards import deck, points
from engine.qingdun import Game, ResultKind, partner_of

ALL = Counter(deck(3))
MAX_STEPS = 3000
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def random_step(g: Game, rng: random.Random) -> None:
    seat = g.to_move
    assert seat is not None
    options: list[list | None] = list(g.legal_plays(seat))
    if g.may_pass(seat):
        options.append(None)
    assert options, "a player to move always has something to do"
    choice = rng.choice(options)
    if choice is None:
        g.pass_turn(seat)
    else:
        g.play(seat, choice)


def check_conservation(g: Game, played: Counter) -> None:
    held = Counter(card for hand in g.hands for card in hand)
    assert held + played == ALL
    view = g.view(None)
    on_table = sum(points(p.cards) for p in view.trick)
    in_hands = sum(points(hand) for hand in g.hands)
    assert sum(view.captured) + sum(view.banked) + on_table + in_hands == 300


def check_views(g: Game) -> None:
    public = g.view(None)
    assert public.hand is None and public.partner_hand is None
    for seat in range(4):
        view = g.view(seat)
        assert view.hand == g.hands[seat]
        if g.hand_sizes[seat]:
            assert view.partner_hand is None
        else:
            assert view.partner_hand == g.hands[partner_of(seat)]
        assert view.hand_sizes == g.hand_sizes


def check_result(g: Game) -> None:
    result = g.result
    assert result is not None and g.to_move is None
    assert sum(result.deltas) == 0
    assert result.deltas[0] == result.deltas[2] and result.deltas[1] == result.deltas[3]
    if result.kind in (ResultKind.NORMAL, ResultKind.NEGATIVE):
        assert sum(result.team_points) == 270
        assert len(result.order) == 4
    winner = result.winner_team
    assert winner is not None and result.deltas[winner] > 0


def check_replay(g: Game) -> None:
    start = json.loads(json.dumps(g.start))
    record = json.loads(json.dumps([action_to_json(a) for a in g.actions]))
    again = Game.replay(start, [action_from_json(a) for a in record])
    assert again.actions == g.actions
    assert again.result == g.result
    for seat in (None, 0, 1, 2, 3):
        assert again.view(seat) == g.view(seat)


@settings(max_examples=12)
@given(seed=seeds, choices=st.randoms(use_true_random=False))
def test_random_legal_play_of_whole_hands(seed: int, choices: random.Random) -> None:
    g = Game.deal(seed)
    assert sorted(g.hand_sizes) == [40, 40, 41, 41]
    played: Counter = Counter()
    for _ in range(MAX_STEPS):
        if g.over:
            break
        check_conservation(g, played)
        check_views(g)
        before = len(g.actions)
        random_step(g, choices)
        last = g.actions[before]
        if not isinstance(last, Pass):
            played.update(last.cards)
    assert g.over, "a hand always ends"
    check_result(g)
    check_views(g)
    check_replay(g)


@settings(max_examples=8)
@given(seed=seeds)
def test_hints_play_whole_hands(seed: int) -> None:
    g = Game.deal(seed)
    for _ in range(MAX_STEPS):
        if g.over:
            break
        seat = g.to_move
        assert seat is not None
        action = g.hint(seat)
        if g.top is None:
            assert not isinstance(action, Pass), "never pass on the lead"
        g.apply(action)  # a hint is always legal
    assert g.over
    check_result(g)
    check_replay(g)


@settings(max_examples=10)
@given(seed=seeds, choices=st.randoms(use_true_random=False), leaver=st.integers(0, 3))
def test_leaving_mid_hand(seed: int, choices: random.Random, leaver: int) -> None:
    g = Game.deal(seed)
    for _ in range(choices.randrange(60)):
        if g.over:
            return
        random_step(g, choices)
    short = min(g.hand_sizes) < 10
    result = g.leave(leaver)
    assert result.kind is ResultKind.LEFT
    for seat in range(4):
        expected = -50 if seat == leaver else 0 if seat == partner_of(leaver) else 10 * short
        assert result.deltas[seat] == expected
    check_replay(g)
