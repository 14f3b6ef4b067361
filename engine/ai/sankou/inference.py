"""What the other seats' recent plays say about their hands: a likelihood for each world.

A world deals the hidden cards; in it, each other seat's hand at each of its last
``RECENT`` plays is known (its hand now plus what it played since). The heuristic is asked
what it would have played there; a play it would not have made is ``MISMATCH`` times as
likely as one it would. A world's weight is the product over those plays, and the sampler
keeps one of ``CANDIDATES`` freshly dealt worlds, drawn in proportion to their weights: the
worlds in which the table's plays make sense come up more often (a defender that threw a
point card on the dealer's trick probably had nothing cheaper).
"""

from __future__ import annotations

from engine.ai.sankou import policy
from engine.ai.sankou.seen import Memory
from engine.cards import Card
from engine.sankou import combos
from engine.sankou.combos import Key, Lead
from engine.sankou.observation import SankouObservation
from engine.sankou.order import CardOrder, order_for
from engine.sankou.view import FinishedTrick, Phase, TrickPlay

#: The last plays of other seats that weigh a world.
RECENT = 6
#: How likely a play the heuristic would not have made is, against one it would.
MISMATCH = 0.35
#: Worlds dealt for each one kept.
CANDIDATES = 3


class Past:
    """The table just before one past play, as the heuristic asks about it; ``hand`` and
    ``kitty`` are set for each world."""

    def __init__(
        self,
        order: CardOrder,
        dealer: int,
        tricks: tuple[FinishedTrick, ...],
        trick: tuple[TrickPlay, ...],
    ) -> None:
        self.order = order
        self.dealer = dealer
        self.phase = Phase.PLAY
        self.tricks = tricks
        self.trick = trick
        self.kitty: tuple[Card, ...] = ()
        self.cards: tuple[Card, ...] = ()
        self.lead: Lead | None = None
        self._best: tuple[Key, int] | None = None
        if trick:
            self.lead = combos.classify_lead(list(trick[0].cards), order)
            best = (self.lead.key, trick[0].seat)
            for play in trick[1:]:
                key = combos.play_key(self.lead, list(play.cards), order)
                if key is not None and key > best[0]:
                    best = (key, play.seat)
            self._best = best
        self.memory = Memory.of(self)

    def hand(self, seat: int) -> tuple[Card, ...]:
        return self.cards

    def winning_key(self) -> Key | None:
        return None if self._best is None else self._best[0]

    def winning_seat(self) -> int | None:
        return None if self._best is None else self._best[1]


class Likelihood:
    """The recent plays of the other seats, ready to weigh worlds."""

    def __init__(self, obs: SankouObservation) -> None:
        self.checks: list[tuple[int, Past, list[Card], list[Card]]] = []
        if obs.phase is not Phase.PLAY or obs.dealer is None:
            return
        order = order_for(obs.trump)
        tricks = [(t.plays, t.failed_throw) for t in obs.tricks]
        tricks.append((obs.trick, obs.failed_throw))
        later: list[list[Card]] = [[], [], [], []]  # cards each seat played after a point
        for k in range(len(tricks) - 1, -1, -1):
            plays, failed = tricks[k]
            for n in range(len(plays) - 1, -1, -1):
                play = plays[n]
                later[play.seat] = [*play.cards, *later[play.seat]]
                if play.seat == obs.seat or len(self.checks) >= RECENT:
                    continue
                attempted = list(failed.attempted) if n == 0 and failed else list(play.cards)
                past = Past(order, obs.dealer, obs.tricks[:k], plays[:n])
                self.checks.append((play.seat, past, attempted, list(later[play.seat])))

    def weight(self, slots: list[list[Card]], kitty: list[Card]) -> float:
        """How likely the recent plays are in a world with these hands (now) and kitty."""
        weight = 1.0
        for seat, past, attempted, since in self.checks:
            past.cards = tuple(slots[seat] + since)
            past.kitty = tuple(kitty)
            chosen = policy.play(past, seat, past.memory, pairs=policy.ROLLOUTS_PAIRS)
            if sorted(chosen) != sorted(attempted):
                weight *= MISMATCH
        return weight
