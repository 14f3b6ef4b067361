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
    # captured points + 頭家's score (both in ``points``) + in hands + in the open trick
    assert sum(view.points) + on_table + in_hands == 300


class Scorer:
    """RULES §1.6 kept apart from the engine: per-seat points from the tricks as they close."""

    def __init__(self) -> None:
        self.points = [0, 0, 0, 0]
        self.merged = 0
        self.tricks = 0
        self.out = 0

    def follow(self, g: Game, tricks: int) -> None:
        """Take in what the last action did: a closed trick, then a first player out."""
        view = g.view(None)
        if tricks > self.tricks:
            assert view.last_trick is not None
            self.points[view.last_trick.winner] += view.last_trick.points
            self.tricks = tricks
        if view.finished and not self.out:  # 頭家: take in the partner's points
            lead = view.finished[0]
            partner = partner_of(lead)
            self.merged = self.points[partner]
            self.points[lead] += self.points[partner]
            self.points[partner] = 0
        self.out = len(view.finished)
        assert tuple(self.points) == view.points

    def team_points(self, g: Game) -> tuple[int, int]:
        """末家's captured points and the points in its hand to the others, its team -30."""
        result = g.result
        assert result is not None and len(result.order) == 4
        last = result.order[3]
        totals = [0, 0]
        for seat in range(4):
            if seat != last:
                totals[seat % 2] += self.points[seat]
        totals[1 - last % 2] += self.points[last] + points(g.hands[last])
        totals[last % 2] -= 30
        return (totals[0], totals[1])


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


def check_result(g: Game, scorer: Scorer | None = None) -> None:
    result = g.result
    assert result is not None and g.to_move is None
    assert sum(result.deltas) == 0
    assert result.deltas[0] == result.deltas[2] and result.deltas[1] == result.deltas[3]
    tally = result.tally
    assert result.team_points == tally.team_points()
    assert tally.points == g.view(None).points
    assert tally.lead == result.order[0]
    if result.kind in (ResultKind.NORMAL, ResultKind.NEGATIVE):
        assert sum(result.team_points) == 270
        assert len(result.order) == 4 and tally.last == result.order[3]
        assert tally.forfeit_captured == tally.points[tally.last]
        assert tally.forfeit_in_hand == points(g.hands[tally.last])
        assert tally.penalty == 30
        assert (min(result.team_points) < 0) == (result.kind is ResultKind.NEGATIVE)
        if scorer is not None:
            assert result.team_points == scorer.team_points(g)
            assert tally.merged == scorer.merged
    else:
        assert tally.last is None and tally.penalty == 0
    if result.kind is ResultKind.EARLY_END:  # 頭家's score against 二家's own points
        a, b = tally.points[result.order[0]], tally.points[result.order[1]]
        assert (a >= 165 and b >= 30) or (a >= 30 and b >= 170)
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
    scorer = Scorer()
    tricks = 0
    for _ in range(MAX_STEPS):
        if g.over:
            break
        check_conservation(g, played)
        check_views(g)
        before = len(g.actions)
        last_trick = g.view(None).last_trick
        random_step(g, choices)
        tricks += g.view(None).last_trick is not last_trick
        scorer.follow(g, tricks)
        last = g.actions[before]
        if not isinstance(last, Pass):
            played.update(last.cards)
    assert g.over, "a hand always ends"
    check_conservation(g, played)
    check_result(g, scorer)
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
