"""A player that peeks, for the bench alone: how much better worlds could make the search.

``oracle:N`` is the strong 三扣 player at N rollouts whose sampled worlds in the play phase
are the true deal: the other hands as they are and the buried kitty, every world the same.
Its bids, kitty and trump are the strong player's own; ``oracle-dealer:N`` peeks only
while it plays as the dealer (a defender's worlds sampled as usual). Against ``strong:N`` it
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
from engine.sankou.view import Phase

#: What ``Sampler.deal`` is while no oracle decides.
_SAMPLED = sampling.Sampler.deal


def truth(game: Game, seat: int) -> list[list[Card]]:
    """The hidden cards of ``seat``'s play-phase worlds as they really lie: every other
    hand, and the kitty (the seat's own slot stays empty, as the sampler leaves it)."""
    slots = [[] if s == seat else list(game.hand(s)) for s in range(4)]
    return [*slots, list(game.kitty)]


@contextmanager
def peeking(game: Game, *, dealer_only: bool = False) -> Iterator[None]:
    """While the block runs, a 三扣 play-phase sampler deals the true hidden cards (for the
    dealer's decisions alone with ``dealer_only``)."""

    def deal(self: sampling.Sampler, rng: random.Random) -> list[list[Card]]:
        obs = self.obs
        if obs.phase is not Phase.PLAY or (dealer_only and obs.seat != obs.dealer):
            return _SAMPLED(self, rng)
        return truth(game, obs.seat)

    sampling.Sampler.deal = deal  # type: ignore[method-assign]
    try:
        yield
    finally:
        sampling.Sampler.deal = _SAMPLED  # type: ignore[method-assign]
