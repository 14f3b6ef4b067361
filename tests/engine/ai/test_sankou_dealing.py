"""The 三扣 sampler's dealing is written for speed (its swap loop is a third of a world's
cost); it must deal exactly what the plain algorithm deals from the same random numbers, so
that a faster sampler never changes a decision made at a fixed seed."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai.sankou import sampling
from engine.ai.sankou.sampling import Sampler
from engine.cards import Card
from tests.hands import sankou_in_play


def plain_assign(sampler: Sampler, rng: random.Random) -> list[list[Card]]:
    """``Sampler._assign`` as first written: each card to a slot with room, weighted; then
    Metropolis swaps, every draw through ``randrange`` and ``random``."""
    cards = list(sampler.unseen)
    rng.shuffle(cards)
    caps, weight, room = sampler.caps, sampler.weight, list(sampler.sizes)
    slots: list[list[Card]] = [[], [], [], [], []]
    held = [[0] * 54 for _ in range(5)]
    for card in cards:
        i = card.index
        allowed = [s for s in range(5) if room[s] and held[s][i] < caps[s][i]]
        if allowed:
            pick = rng.random() * sum(room[s] * weight[s][i] for s in allowed)
            for s in allowed:
                pick -= room[s] * weight[s][i]
                if pick < 0:
                    break
        else:
            s = sampler._make_room(i, slots, held, room)
        slots[s].append(card)
        held[s][i] += 1
        room[s] -= 1
    for _ in range(sampling.SWAPS * len(cards)):
        a, b = rng.randrange(5), rng.randrange(5)
        if a == b or not slots[a] or not slots[b]:
            continue
        x, y = rng.randrange(len(slots[a])), rng.randrange(len(slots[b]))
        i, j = slots[a][x].index, slots[b][y].index
        if i == j or held[a][j] >= caps[a][j] or held[b][i] >= caps[b][i]:
            continue
        ratio = weight[a][j] * weight[b][i] / (weight[a][i] * weight[b][j])
        if ratio < 1 and rng.random() >= ratio:
            continue
        slots[a][x], slots[b][y] = slots[b][y], slots[a][x]
        held[a][i] -= 1
        held[a][j] += 1
        held[b][j] -= 1
        held[b][i] += 1
    return slots


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
