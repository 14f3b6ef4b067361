"""The 三扣 sampler's dealing is written for speed (its swap loop is a third of a world's
cost); it must deal exactly what the plain algorithm deals from the same random numbers, so
that a faster sampler never changes a decision made at a fixed seed."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bench.baselines.strong_v1.sankou import sampling as v1_sampling
from engine.ai.sankou.sampling import Sampler
from engine.cards import Card
from tests.hands import sankou_in_play


def plain_assign(sampler: Sampler, rng: random.Random) -> list[list[Card]]:
    """The plain algorithm: strong_v1's dealing, frozen in the bench (each card to a slot
    with room, weighted; then Metropolis swaps, every draw through ``randrange``), run on
    today's sampler (its caps, weights and sizes)."""
    return v1_sampling.Sampler._assign(sampler, rng)  # type: ignore[arg-type]


@settings(max_examples=20, deadline=None)
@given(
    deal=st.integers(0, 40),
    seat=st.integers(0, 3),
    seed=st.integers(0, 2**32),
    tricks=st.integers(0, 12),
)
def test_the_fast_deal_is_the_plain_deal_card_for_card(
    deal: int, seat: int, seed: int, tricks: int
) -> None:
    game = sankou_in_play(deal, tricks=tricks)
    sampler = Sampler(game.observation(seat))
    fast, plain = random.Random(seed), random.Random(seed)
    for _ in range(3):
        assert sampler._assign(fast) == plain_assign(sampler, plain)
    assert fast.random() == plain.random()  # the same numbers drawn, no more, no fewer
