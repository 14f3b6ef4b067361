"""The 清墩 split of a hand, made faster (3 December 2026) and remembered (7 December),
splits every hand exactly as the split it replaced: the frozen ``strong_v1`` baseline
(bench/baselines) keeps that split."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bench.baselines.strong_v1.qingdun.decompose import decompose as split_before
from engine.ai.qingdun.decompose import decompose
from engine.cards import ALL_CARDS, Card, parse_cards

THREE_DECKS = [card for card in ALL_CARDS for _ in range(3)]


def few_ranks(rng: random.Random) -> list[Card]:
    """A hand crowded into a few ranks: bombs, 清墩, triple chains, full houses."""
    ranks = rng.sample(range(13), rng.randint(3, 8))
    pool = [c for c in THREE_DECKS if c.index >= 52 or c.index % 13 in ranks]
    return rng.sample(pool, min(len(pool), rng.randint(5, 41)))


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 41), st.booleans())
def test_the_split_is_the_one_it_replaced_card_for_card(
    seed: int, size: int, crowded: bool
) -> None:
    rng = random.Random(seed)
    hand = few_ranks(rng) if crowded else rng.sample(THREE_DECKS, size)
    assert decompose(hand) == split_before(hand)


def test_equal_gains_break_ties_as_before() -> None:
    """Two straights of five loose singles save as much: the lower one is taken first, then
    the other, just as the rank-by-rank sums chose."""
    hand = parse_cards("3S 4H 5D 6C 7S 9H 10D JC QS KH")
    units = decompose(hand)
    assert [u.cards for u in units] == [u.cards for u in split_before(hand)]
    assert [u.kind.name for u in units] == ["STRAIGHT", "STRAIGHT"]
    assert units[0].cards == tuple(parse_cards("3S 4H 5D 6C 7S"))


def test_a_remembered_split_is_a_fresh_list_each_time() -> None:
    """Play-outs take units off the list they get; the next caller still gets the whole
    split of the same hand."""
    hand = parse_cards("3S 3H 3D 7C 8C 9C 10C JC KH KS")
    first = decompose(hand)
    whole = list(first)
    first.clear()
    assert decompose(hand) == whole == split_before(hand)
