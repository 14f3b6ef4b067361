"""The simple policy behind ``Game.hint``: what a sensible but unambitious player would do.

- Go out when one play empties the hand.
- Lead: the cheapest combination that breaks no bomb or 清墩, starting from the lowest card,
  as long as possible from there (so low singles, pairs and runs leave the hand first);
  bombs only when nothing else is left.
- Follow: pass when the partner holds the trick; otherwise the cheapest play that beats,
  keeping bombs for when an opponent is about to go out. Never pass on the lead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.qingdun.combos import STRENGTH
from engine.qingdun.moves import Move
from engine.qingdun.view import partner_of, team_of

#: An opponent holding this many cards or fewer is "about to go out": bombs come out.
DANGER = 6


@dataclass(frozen=True, slots=True)
class Situation:
    """What the policy looks at: the seat's own counts and public facts."""

    seat: int
    held: Sequence[int]  # count per card index
    rank_counts: Sequence[int]  # count per rank
    sizes: Sequence[int]  # cards held by each seat
    top_seat: int | None  # owner of the top play; None when leading


def choose(moves: list[Move], at: Situation) -> Move | None:
    """The play to make, or None to pass (never None when leading)."""
    size = at.sizes[at.seat]
    for move in moves:
        if len(move.cards) == size:
            return move
    torn = Tearing(at)
    if at.top_seat is None:
        plain = [m for m in moves if m.rung < 0] or moves
        return min(plain, key=lambda m: (torn(m), _lowest(m), -len(m.cards)))
    if at.top_seat == partner_of(at.seat):
        return None
    plain = [m for m in moves if m.rung < 0]
    if plain:
        return min(plain, key=lambda m: (torn(m), m.key, len(m.cards)))
    them = [s for s in range(4) if team_of(s) != team_of(at.seat)]
    if moves and any(0 < at.sizes[s] <= DANGER for s in them):
        return min(moves, key=lambda m: (m.rung, torn(m), m.key, len(m.cards)))
    return None


def _lowest(move: Move) -> int:
    return min(STRENGTH[card.rank] for card in move.cards)


class Tearing:
    """How many bombs (4+ of a rank) or 清墩 a category-1 play tears apart, for one situation
    and many moves: the hand's 清墩 (three of a card) and bomb ranks are found once, so most
    moves, which touch neither, cost two set lookups."""

    __slots__ = ("bomb_ranks", "triples")

    def __init__(self, at: Situation) -> None:
        self.triples = {i for i, n in enumerate(at.held) if n == 3 and i < 52}
        self.bomb_ranks = {r for r, n in enumerate(at.rank_counts) if n >= 4 and r < 15}

    def __call__(self, move: Move) -> int:
        if move.rung >= 0:
            return 0
        cards = move.cards
        indexes = [card.index for card in cards]
        torn = len({card.rank for card in cards} & self.bomb_ranks)
        if self.triples.isdisjoint(indexes):
            return torn
        return torn + sum(1 for i in set(indexes) & self.triples if indexes.count(i) < 3)
