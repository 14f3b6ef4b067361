"""What the other seats' recent plays and passes say about their hands: a world's likelihood.

In a sampled world each other seat's hand at each of its last ``RECENT`` decisions is known
(its hand now plus what it played since). The heuristic is asked what it would have done
there; a play or pass it would not have made is ``MISMATCH`` times as likely as one it would
(an opponent that passed on a 9 probably held no single above it outside its bombs). The
sampler keeps one of ``CANDIDATES`` freshly dealt worlds, drawn in proportion to those
weights. Only hands of ``SMALL_HAND`` cards or fewer are judged: late in the hand, where a
few cards decide, and where splitting a hand is still cheap.

Six deals judged on eight decisions of hands up to 20 cards, instead of three on four of
hands up to 15, read +0.55 [−0.78, +1.88] a seat a hand head to head over 200 deals for
about 16 % more CPU a decision (docs/ai.md "Strength"; dealing a world in the
middle of a hand cost 4.5 × as much, about 2.5 × since the split was made faster, "Speed").
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.qingdun.decompose import decompose
from engine.ai.qingdun.policy import ROLLOUTS_FULL, Table, decide
from engine.cards import Card

RECENT = 8
MISMATCH = 0.35  # 0.2 and 0.5 both read below it head to head, neither surely (docs/ai.md)
CANDIDATES = 6
SMALL_HAND = 20


class Likelihood:
    """The recent decisions of the other seats, ready to weigh worlds."""

    def __init__(self) -> None:
        # (seat, the table before it decided, what it played (None: passed), played since)
        self.checks: list[tuple[int, Table, tuple[Card, ...] | None, list[Card]]] = []

    def add(
        self, seat: int, table: Table, played: tuple[Card, ...] | None, since: list[Card]
    ) -> None:
        if len(self.checks) < RECENT and table.sizes[seat] <= SMALL_HAND:
            self.checks.append((seat, table, played, since))

    def weight(self, hands: Sequence[Sequence[Card]]) -> float:
        weight = 1.0
        for seat, table, played, since in self.checks:
            unit = decide(
                decompose([*hands[seat], *since]), table, tear=ROLLOUTS_FULL, overtake=ROLLOUTS_FULL
            )
            chosen = None if unit is None else sorted(unit.cards)
            if chosen != (None if played is None else sorted(played)):
                weight *= MISMATCH
        return weight
