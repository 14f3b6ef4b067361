"""A fast 清墩 heuristic built on the hand's split into plays: rollouts and the middle level.

- Go out when one play empties the hand.
- Lead the weakest unit of the split (runs and full houses shed most cards and are hard to
  answer); against an opponent about to go out, lead what that opponent cannot follow; with
  the partner at one or two cards, lead a low single it can take (and go out with).
- Let a partner's trick stand (the partner keeps the lead; 借東風 when it goes out), unless
  the partner's play is low (an opponent after us would likely beat it) or the seat has few
  plain plays left (the lead carries it out): then take it over with the smallest unit of
  its kind.
- The search's rollouts play without the two rules before (``ROLLOUTS_FULL``): tearing and
  taking over.
- Beat an opponent with the smallest unit of the same kind; failing that, with the smallest
  play of that kind torn from the split's plain units (a pair of a triple, a single of a
  pair), before any bomb. Bombs are never torn.
- Bomb only when it pays: the points at stake against the bombs left (the more bombs, the
  cheaper one is), an opponent close to going out, or as many bombs as plain plays left (the
  leads they win carry the hand home).

Measured against the heuristic before issue 24 in 600 self-play hands each, two fixes the
issue asked for did not pay and are left to the search (whose value sees points): passing
rather than put 20 points of one's own on a cheap trick an opponent may bomb (−2.5 a hand),
and no bomb on a cheap trick while every hand holds 10 cards or more (−1.2 a hand).
Tearing the split to beat an opponent, where the heuristic passed or bombed before, did pay:
+1.6 [+1.2, +2.0] a seat a hand against the heuristic before it, 3,000 duplicate deals
(docs/ai.md "The heuristics").
Taking over a partner's low play did too: +0.79 [+0.66, +0.93] a seat a hand, 8,000
duplicate deals (6 December 2026).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card
from engine.qingdun.combos import (
    LED_TWO_STRENGTH,
    STRENGTH,
    TWO,
    Combo,
    ComboKind,
    beats,
    classify,
    top_key,
)
from engine.qingdun.moves import Hand

#: An opponent with this many cards or fewer is close to going out.
DANGER = 3
#: Points on the table worth a bomb when it is the seat's only one; each further bomb
#: lowers that by ``BOMB_STEP``, down to ``BOMB_LEAST``.
BOMB_POINTS = 25
BOMB_STEP = 5
BOMB_LEAST = 10
#: The partner at this many cards or fewer is fed a low single, of this rank or below.
FEED_PARTNER = 2
FEED_RANK = 10
#: A partner's play whose lowest card is of this strength or below is taken over, as is any
#: partner's play when the seat has this many plain plays or fewer (0 and 0: never).
OVERTAKE_RANK = 10
OVERTAKE_PLAYS = 3
#: Whether the search's rollouts (and the worlds' likelihood) play the middle level's full
#: rules: tearing a unit to beat an opponent and taking over a partner's play. They do not:
#: with torn plays, strong at 200 rollouts read +0.06 [−2.2, +2.3] against strong_v1 over 85
#: deals, against +4.7 [+3.1, +6.3] without (docs/ai.md "The heuristics"); with taking over
#: in the rollouts and the first candidate, strong:100 read +0.05 [−1.42, +1.52] against
#: itself without, 200 deals: no gain measured.
ROLLOUTS_FULL = False
#: Whether, in a rollout, the deciding seat's own team plays the full rules all the same (the
#: other team keeps the lean ones): the seat and its partner search later, which the full
#: rules are closer to, while the lean ones model the opponents. Off: strong:200 with it read
#: −1.12 [−2.51, +0.26] against itself without over 196 deals (docs/ai.md).
ROLLOUTS_OWN_FULL = False
#: The plain kinds made of one rank, by their number of cards.
_ONE_RANK = {ComboKind.SINGLE: 1, ComboKind.PAIR: 2, ComboKind.TRIPLE: 3}


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


def led_strength(card: Card) -> int:
    """A single card's strength when it leads (a led 2 is the lowest, §1.2)."""
    return LED_TWO_STRENGTH if card.rank == TWO else STRENGTH[card.rank]


def weakness(combo: Combo) -> tuple[int, int, int]:
    """Order of leading: the weakest units first, longer ones first among equals."""
    return (combo.rung, lowest(combo), -len(combo.cards))


def points_of(combo: Combo) -> int:
    return sum(card.points for card in combo.cards)


def decide(
    units: Sequence[Combo], at: Table, *, tear: bool = True, overtake: bool = True
) -> Combo | None:
    """The unit to play, or None to pass (never None when leading). ``tear=False``: never a
    play torn from the units; ``overtake=False``: never a partner's play taken over (the
    rollouts play without either: see ``ROLLOUTS_FULL``)."""
    if at.top is None:
        return lead(units, at)
    return follow(units, at, tear=tear, overtake=overtake)


def _opponents(seat: int) -> tuple[int, int]:
    return ((seat + 1) % 4, (seat + 3) % 4)


def closest(at: Table) -> int:
    """Cards of the opponent closest to going out (99 when both are out)."""
    sizes = [at.sizes[s] for s in _opponents(at.seat) if at.sizes[s]]
    return min(sizes) if sizes else 99


def lead(units: Sequence[Combo], at: Table) -> Combo:
    if len(units) == 1:
        return units[0]
    plain = [u for u in units if not u.is_bomb]
    if not plain:
        return min(units, key=weakness)
    near = closest(at)
    if near <= DANGER:
        # What that opponent cannot follow: more cards than it holds, else our strongest.
        longer = [u for u in plain if len(u.cards) > near]
        if longer:
            return min(longer, key=weakness)
        return max(plain, key=lambda u: (lowest(u), len(u.cards)))
    partner = at.sizes[(at.seat + 2) % 4]
    if 0 < partner <= FEED_PARTNER:
        # The lowest card of a plain unit, alone: the partner takes it and may go out.
        low = min((c for u in plain for c in u.cards), key=led_strength)
        if led_strength(low) <= FEED_RANK:
            single = classify([low])
            assert single is not None
            return single
    return min(plain, key=weakness)


def follow(
    units: Sequence[Combo], at: Table, *, tear: bool = True, overtake: bool = True
) -> Combo | None:
    top = at.top
    assert top is not None
    led = at.top_led
    if len(units) == 1 and beats(units[0], top, top_led=led):
        return units[0]
    if at.top_seat == (at.seat + 2) % 4:  # beaten like an opponent's only when worth it
        return smallest_unit(units, top, led) if overtake and takes_over(units, top) else None
    unit = smallest_unit(units, top, led)
    if unit is not None:
        return unit
    torn = torn_answer(units, top, led) if tear else None
    if torn is not None:
        return torn
    bombs = [u for u in units if u.is_bomb]
    answers = [u for u in bombs if beats(u, top, top_led=led)]
    if not answers:
        return None
    plain_left = len(units) - len(bombs)
    threshold = max(BOMB_LEAST, BOMB_POINTS - BOMB_STEP * (len(bombs) - 1))
    if at.points >= threshold or closest(at) <= DANGER or plain_left <= len(bombs):
        return min(answers, key=lambda u: (u.rung, u.key))
    return None


def plain_plays(units: Sequence[Combo]) -> int:
    return sum(not u.is_bomb for u in units)


def takes_over(units: Sequence[Combo], top: Combo) -> bool:
    """Whether a partner's ``top`` is worth taking over: low, or the seat near going out."""
    return lowest(top) <= OVERTAKE_RANK or plain_plays(units) <= OVERTAKE_PLAYS


def smallest_unit(units: Sequence[Combo], top: Combo, top_led: bool) -> Combo | None:
    """The smallest plain unit beating ``top``, or None. Only the same kind and shape (or a
    bomb) can beat a play (§1.4): those alone are tested."""
    answers = [
        u for u in units
        if u.kind is top.kind and u.shape == top.shape and not u.is_bomb
        and beats(u, top, top_led=top_led)
    ]  # fmt: skip
    return min(answers, key=lambda u: u.key, default=None)


def torn_answer(units: Sequence[Combo], top: Combo, top_led: bool) -> Combo | None:
    """The smallest plain play beating ``top`` made of the cards of the plain units (it may
    tear them apart: a pair of a triple, a full house of a triple and another unit's pair),
    or None; a bomb's cards are never used."""
    if top.rung >= 0:
        return None
    hand = Hand.of(card for unit in units if not unit.is_bomb for card in unit.cards)
    size = _ONE_RANK.get(top.kind)
    if size is not None:  # most follows: no rank of the plain units could answer
        above = top_key(top, top_led)[0]
        if not any(n >= size and STRENGTH[rank] > above for rank, n in enumerate(hand.rc) if n):
            return None
    move = next(hand.plain_answers(top, top_led), None)
    return None if move is None else move.combo()
