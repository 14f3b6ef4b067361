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
    if at.top_seat is None:
        plain = [m for m in moves if m.rung < 0] or moves
        return min(plain, key=lambda m: (breaks(m, at), _lowest(m), -len(m.cards)))
    if at.top_seat == partner_of(at.seat):
        return None
    plain = [m for m in moves if m.rung < 0]
    if plain:
        return min(plain, key=lambda m: (breaks(m, at), m.key, len(m.cards)))
    them = [s for s in range(4) if team_of(s) != team_of(at.seat)]
    if moves and any(0 < at.sizes[s] <= DANGER for s in them):
        return min(moves, key=lambda m: (m.rung, breaks(m, at), m.key, len(m.cards)))
    return None


def _lowest(move: Move) -> int:
    return min(STRENGTH[card.rank] for card in move.cards)


def breaks(move: Move, at: Situation) -> int:
    """How many bombs (4+ of a rank) or 清墩 a category-1 play tears apart."""
    if move.rung >= 0:
        return 0
    faces: dict[int, int] = {}
    ranks: dict[int, int] = {}
    for card in move.cards:
        faces[card.index] = faces.get(card.index, 0) + 1
        ranks[card.rank] = ranks.get(card.rank, 0) + 1
    torn = sum(1 for index, n in faces.items() if at.held[index] == 3 and n < 3 and index < 52)
    torn += sum(1 for rank, n in ranks.items() if at.rank_counts[rank] >= 4 and rank < 15)
    return torn
