"""A fast 清墩 heuristic built on the hand's split into plays: rollouts and the middle level.

- Go out when one play empties the hand.
- Lead the weakest unit of the split (runs and full houses shed most cards and are hard to
  answer); against an opponent about to go out, lead what that opponent cannot follow.
- Let a partner's trick stand (the partner keeps the lead; 借東風 when it goes out).
- Beat an opponent with the smallest unit of the same kind, never tearing the split apart.
- Bomb only when it pays: many points on the table, an opponent close to going out, or
  few plays left so the lead it wins carries the hand home.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.qingdun.combos import STRENGTH, Combo, beats

#: An opponent with this many cards or fewer is close to going out.
DANGER = 3
#: Points on the table worth a bomb.
BOMB_POINTS = 20


@dataclass(frozen=True, slots=True)
class Table:
    """The public facts a decision needs besides the seat's own plan."""

    seat: int
    sizes: Sequence[int]
    top: Combo | None  # None: leading
    top_led: bool
    top_seat: int | None
    points: int  # points already played to this trick


def lowest(combo: Combo) -> int:
    return min(STRENGTH[card.rank] for card in combo.cards)


def weakness(combo: Combo) -> tuple[int, int, int]:
    """Order of leading: the weakest units first, longer ones first among equals."""
    return (combo.rung, lowest(combo), -len(combo.cards))


def decide(units: Sequence[Combo], at: Table) -> Combo | None:
    """The unit to play, or None to pass (never None when leading)."""
    if at.top is None:
        return lead(units, at)
    return follow(units, at)


def _opponents(seat: int) -> tuple[int, int]:
    return ((seat + 1) % 4, (seat + 3) % 4)


def _closest(at: Table) -> int:
    """Cards of the opponent closest to going out (99 when both are out)."""
    sizes = [at.sizes[s] for s in _opponents(at.seat) if at.sizes[s]]
    return min(sizes) if sizes else 99


def lead(units: Sequence[Combo], at: Table) -> Combo:
    if len(units) == 1:
        return units[0]
    plain = [u for u in units if not u.is_bomb]
    if not plain:
        return min(units, key=weakness)
    closest = _closest(at)
    if closest <= 3:
        # What that opponent cannot follow: more cards than it holds, else our strongest.
        longer = [u for u in plain if len(u.cards) > closest]
        if longer:
            return min(longer, key=weakness)
        return max(plain, key=lambda u: (lowest(u), len(u.cards)))
    return min(plain, key=weakness)


def follow(units: Sequence[Combo], at: Table) -> Combo | None:
    top = at.top
    assert top is not None
    led = at.top_led
    if len(units) == 1 and beats(units[0], top, top_led=led):
        return units[0]
    if at.top_seat == (at.seat + 2) % 4:
        return None
    # Only the same kind and shape, or a bomb, can beat a play (§1.4): test those alone.
    kind, shape = top.kind, top.shape
    plain = [
        u for u in units
        if u.kind is kind and u.shape == shape and not u.is_bomb and beats(u, top, top_led=led)
    ]  # fmt: skip
    if plain:
        return min(plain, key=lambda u: u.key)
    bombs = [u for u in units if u.is_bomb]
    if not bombs:
        return None
    answers = [u for u in bombs if beats(u, top, top_led=led)]
    if not answers:
        return None
    plays_left = len(units) - len(bombs)
    if at.points >= BOMB_POINTS or _closest(at) <= DANGER or plays_left <= len(bombs):
        return min(answers, key=lambda u: (u.rung, u.key))
    return None
