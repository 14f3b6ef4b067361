"""A player that peeks, for the bench alone: how much better worlds could make the search.

``oracle:N`` is the strong 三扣 player at N rollouts whose sampled worlds in the play phase
are the true deal: the other hands as they are and the buried kitty, every world the same.
Its bids, kitty and trump are the strong player's own; ``oracle-dealer:N`` peeks only
while it plays as the dealer (a defender's worlds sampled as usual). Two oracles peek only
as a defender, and at part of the deal, to tell which knowledge a defender's gain comes from:
``oracle-dealerhand:N`` sees the dealer's hand and the kitty (the other defenders' cards
sampled), ``oracle-partners:N`` the other defenders' hands (the dealer's hand and the kitty
sampled), each under the sampler's constraints and weights. Against ``strong:N`` it
measures the most that the inference of hidden cards (``engine.ai.sankou.sampling``) could
still gain in play: a small gain says the limit of the search is elsewhere (its model of
how the others play, one ply), a large one that better worlds are worth the work.

It looks at the real game, which no player of the bot may do: it exists only here, and the
bot cannot name it (``engine.ai.LEVELS`` does not hold it).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

from engine.ai.sankou import sampling
from engine.cards import Card
from engine.sankou.game import Game
from engine.sankou.observation import SankouObservation
from engine.sankou.view import Phase

#: What ``Sampler.deal`` is while no oracle decides.
_SAMPLED = sampling.Sampler.deal
#: What each oracle sees: every seat's decisions or a defender's only, and which slots.
SEES = ("all", "dealer", "dealerhand", "partners")


def truth(game: Game, seat: int) -> list[list[Card]]:
    """The hidden cards of ``seat``'s play-phase worlds as they really lie: every other
    hand, and the kitty (the seat's own slot stays empty, as the sampler leaves it)."""
    slots = [[] if s == seat else list(game.hand(s)) for s in range(4)]
    return [*slots, list(game.kitty)]


def seen_slots(obs: SankouObservation, sees: str) -> set[int] | None:
    """The slots (seats, and ``KITTY``) an oracle that ``sees`` deals as they lie at this
    decision, or None for none: the sampler deals them all."""
    if obs.phase is not Phase.PLAY or obs.dealer is None:
        return None
    dealer = obs.dealer
    everything = {s for s in range(4) if s != obs.seat} | {sampling.KITTY}
    if obs.seat == dealer:
        return everything if sees in ("all", "dealer") else None
    if sees == "dealerhand":
        return {dealer, sampling.KITTY}
    if sees == "partners":
        return everything - {dealer, sampling.KITTY}
    return everything if sees == "all" else None


def partly_true(
    sampler: sampling.Sampler, rng: random.Random, real: list[list[Card]], seen: set[int]
) -> list[list[Card]]:
    """The slots in ``seen`` as they lie, the rest dealt by the sampler from what is left
    (each attempt whole before the sampler checks it against the failed throws)."""
    drop = [0] * 54
    for slot in seen:
        for card in real[slot]:
            drop[card.index] += 1
    rest = []
    for card in sampler.unseen:
        if drop[card.index]:
            drop[card.index] -= 1
        else:
            rest.append(card)
    sizes = [0 if slot in seen else n for slot, n in enumerate(sampler.sizes)]

    def assign(rng: random.Random) -> list[list[Card]]:
        kept = sampler.unseen, sampler.sizes
        sampler.unseen, sampler.sizes = rest, sizes
        try:
            slots = sampling.Sampler._assign(sampler, rng)
        finally:
            sampler.unseen, sampler.sizes = kept
        for slot in seen:
            slots[slot] = list(real[slot])
        return slots

    sampler._assign = assign  # type: ignore[method-assign]
    try:
        return _SAMPLED(sampler, rng)
    finally:
        del sampler._assign


@contextmanager
def peeking(game: Game, *, sees: str = "all") -> Iterator[None]:
    """While the block runs, a 三扣 play-phase sampler deals the true hidden cards: all of
    them (``all``), as the dealer only (``dealer``), or, as a defender only, the dealer's
    hand and the kitty (``dealerhand``) or the other defenders' hands (``partners``)."""
    if sees not in SEES:
        raise ValueError(f"unknown oracle {sees!r}: choose from {', '.join(SEES)}")

    def deal(self: sampling.Sampler, rng: random.Random) -> list[list[Card]]:
        seen = seen_slots(self.obs, sees)
        if seen is None:
            return _SAMPLED(self, rng)
        real = truth(game, self.obs.seat)
        if len(seen) == len(real) - 1:  # every slot but the seat's own: nothing to sample
            return real
        return partly_true(self, rng, real, seen)

    sampling.Sampler.deal = deal  # type: ignore[method-assign]
    try:
        yield
    finally:
        sampling.Sampler.deal = _SAMPLED  # type: ignore[method-assign]
