"""Leaving never pays (RULES.md §1.7 and §2.9): in generated positions of both games, what a
leaver scores is never better than the worst result of playing on from there, for the leaver
and, in 三扣, for the leaver's side as a whole."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import qingdun, sankou
from engine.sankou import scoring
from engine.sankou.view import Phase

#: 清墩's worst settlement for one seat (§1.6): 雙扣 −30 each; negative −20; otherwise −10.
QINGDUN_WORST = -30


def _sankou_position(seed: int, bid: int, steps: int) -> sankou.Game:
    """A deal bid up to ``bid`` by its first bidder (the others pass), then ``steps`` random
    moves of the kitty, the trump and the play."""
    game = sankou.Game.deal(seed)
    first = game.to_move
    assert first is not None
    game.bid(first, bid)
    for step in (1, 2, 3)[: 0 if bid == scoring.FULL else 3]:
        game.pass_turn((first + step) % 4)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(sankou.random_action(game, rng))
    return game


def _sankou_worst(game: sankou.Game) -> tuple[int, int]:
    """The worst the dealer, and one defender, can end with by playing on from here: the
    dealer captures nothing more, or everything not yet taken by the defenders."""
    bid = game.contract
    assert bid is not None
    least, most = game.dealer_points, scoring.FULL - game.defender_points
    return scoring.score(bid, least), -scoring.score(bid, most) // 3


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 2**31),
    st.sampled_from([80, 100, 115, 150, 200]),  # every bid band: ×1, ×2, ×3
    st.integers(0, 120),
)
def test_sankou_leaving_never_beats_playing_on(seed: int, bid: int, steps: int) -> None:
    game = _sankou_position(seed, bid, steps)
    if game.over:
        return
    dealer = game.dealer
    assert dealer is not None and game.phase is not Phase.BIDDING
    dealer_worst, defender_worst = _sankou_worst(game)
    m = scoring.multiplier(bid)
    for leaver in range(4):
        left = game.leave_deltas(leaver)
        assert sum(left) == 0 if leaver == dealer else sum(left) == -6 * m
        if leaver == dealer:
            assert left[leaver] <= dealer_worst  # the dealer is its whole side
        else:
            assert left[leaver] <= defender_worst
            side = sum(left[s] for s in range(4) if s != dealer)
            assert side <= 3 * defender_worst  # the three defenders together
            assert left[dealer] == 3 * m
    again = sankou.Game.replay(game.start, game.actions)
    assert again.leave(dealer).deltas == game.leave_deltas(dealer)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**31), st.integers(0, 6))
def test_sankou_leaving_during_the_bidding_costs_at_least_the_worst_defence(
    seed: int, bids: int
) -> None:
    """While nobody is dealer, a leaver who would pass from now on can at worst face a made
    200 (−9 as a defender); leaving costs −9 × m with m from the highest bid so far."""
    game = sankou.Game.deal(seed)
    rng = random.Random(seed)
    for _ in range(bids):
        if game.phase is not Phase.BIDDING:
            break
        game.apply(sankou.random_action(game, rng))
    if game.phase is not Phase.BIDDING:
        return
    high = max((b.amount for b in game.view(None).bids if b.amount is not None), default=None)
    m = 1 if high is None else scoring.multiplier(high)
    for leaver in range(4):
        left = game.leave_deltas(leaver)
        assert left[leaver] == -9 * m <= -scoring.score(scoring.FULL, scoring.FULL) // 3
        assert all(left[s] == 3 * m for s in range(4) if s != leaver)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**31), st.integers(0, 160))
def test_qingdun_the_leaver_never_beats_the_worst_settlement(seed: int, steps: int) -> None:
    game = qingdun.Game.deal(seed)
    for _ in range(steps):
        seat = game.to_move
        if seat is None:
            break
        game.apply(game.hint(seat))
    if game.over:
        assert min(game.result.deltas) >= QINGDUN_WORST
        return
    for leaver in range(4):
        left = game.leave_deltas(leaver)
        assert left[leaver] == -50 < QINGDUN_WORST  # §1.7: 5 × the base, whatever happens
        assert left[(leaver + 2) % 4] == 0  # the partner scores 0, as the seed says
