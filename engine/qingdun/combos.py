"""What a set of cards is in 清墩 (RULES.md §1.2-1.4), and whether one play beats another.

A ``Combo`` reduces a play to three plain values: its ``kind``, a ``shape`` (what must match for
two category-1 plays to be comparable: chain lengths, a bomb's size) and a ``key`` compared as a
tuple. Bombs (category 2) also get a ``rung`` on the ladder of RULES §1.4. Two combos with the
same ``(kind, shape, key)`` are interchangeable for every rule, which is what ``legal_plays``
relies on to list one play per distinct strength.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from engine.cards import ACE, ALL_CARDS, BIG_JOKER, SMALL_JOKER, SUITS, Card
from engine.qingdun.errors import refuse
from engine.qingdun.kinds import ComboKind

SINGLE = ComboKind.SINGLE
PAIR = ComboKind.PAIR
TRIPLE = ComboKind.TRIPLE
FULL_HOUSE = ComboKind.FULL_HOUSE
PAIR_CHAIN = ComboKind.PAIR_CHAIN
TRIPLE_CHAIN = ComboKind.TRIPLE_CHAIN
TRIPLES_WITH_PAIRS = ComboKind.TRIPLES_WITH_PAIRS
STRAIGHT = ComboKind.STRAIGHT
STRAIGHT_FLUSH = ComboKind.STRAIGHT_FLUSH
BOMB = ComboKind.BOMB
BOMB_CHAIN = ComboKind.BOMB_CHAIN
QINGDUN = ComboKind.QINGDUN
QINGDUN_CHAIN = ComboKind.QINGDUN_CHAIN
QINGDUN_BROTHERS = ComboKind.QINGDUN_BROTHERS

TWO = 2
#: Single-card strength (§1.2): 3..A keep their rank, 2 above A, then the jokers.
STRENGTH: dict[int, int] = {r: r for r in range(3, 15)} | {TWO: 15, SMALL_JOKER: 16, BIG_JOKER: 17}
#: The strength of led 2s (every play made only of 2s that leads a trick, §1.2): below 3.
LED_TWO_STRENGTH = 2

#: Which rank sits at each sequence position 1..15 (§1.3): A low, 2 low, 3 … K, A high, 2 high.
POS_RANK: tuple[int, ...] = (0, ACE, TWO, *range(3, 14), ACE, TWO)

# The ladder of category 2 (§1.4), weakest first; plain bombs sit on several rungs by size.
_BOMB_RUNG = {4: 0, 5: 1, 6: 3, 7: 4, 8: 7}
_RUNG = {STRAIGHT_FLUSH: 2, BOMB_CHAIN: 5, QINGDUN: 6, QINGDUN_CHAIN: 8, QINGDUN_BROTHERS: 9}


def rung(kind: ComboKind, size: int) -> int:
    """Position on the category-2 ladder (-1 for category 1); ``size`` matters for bombs only."""
    if kind is BOMB:
        return _BOMB_RUNG[size]
    return _RUNG.get(kind, -1)


@dataclass(frozen=True, slots=True)
class Combo:
    """A legal combination: its cards and everything needed to compare it."""

    kind: ComboKind
    cards: tuple[Card, ...]
    shape: tuple[int, ...]  # must be equal for category-1 plays to compare
    key: tuple[int, ...]  # compared as a tuple, higher is stronger
    rung: int = -1  # category-2 ladder position; -1 for category 1

    @property
    def is_bomb(self) -> bool:
        return self.rung >= 0

    @property
    def signature(self) -> tuple[ComboKind, tuple[int, ...], tuple[int, ...]]:
        """Everything that matters for the rules: equal signatures are interchangeable plays."""
        return (self.kind, self.shape, self.key)


def make(
    kind: ComboKind, cards: Sequence[Card], shape: tuple[int, ...], key: tuple[int, ...]
) -> Combo:
    """A ``Combo`` with its rung filled in (for callers that already know the kind)."""
    size = shape[0] if kind is BOMB else 0
    return Combo(kind, tuple(cards), shape, key, rung(kind, size))


# ---------------------------------------------------------------------------------------
# Sequence positions


def _placements(ranks: Iterable[int]) -> list[dict[int, int]]:
    """Every way to give each rank a position (A: 1 or 14, 2: 2 or 15, others fixed)."""
    options = [((r, 1), (r, 14)) if r == ACE else ((r, 2), (r, 15)) if r == TWO else ((r, r),)
               for r in ranks]  # fmt: skip
    return [dict(choice) for choice in product(*options)]


def _contiguous(positions: Iterable[int]) -> bool:
    ps = sorted(positions)
    return ps[-1] - ps[0] + 1 == len(ps)


def chain_top(ranks: Iterable[int]) -> int | None:
    """Top position of ``ranks`` placed consecutively, the highest placement if several; else None.

    ``A23`` → 3, ``KA2`` → 15, ``A2`` → 15 (the higher placement), ``QKA23`` → None.
    """
    best = None
    for place in _placements(ranks):
        if _contiguous(place.values()):
            top = max(place.values())
            if best is None or top > best:
                best = top
    return best


def blocks_top(low: Iterable[int], high: Iterable[int]) -> tuple[int, int] | None:
    """Tops of two rank groups placed as adjacent consecutive blocks (either above the other).

    Used for full houses and triples-with-pairs: returns ``(top of first, top of second)`` for
    the highest placement of the union where both groups are consecutive blocks, else None.
    """
    first, second = list(low), list(high)
    best: tuple[int, int, int] | None = None
    for place in _placements(first + second):
        ps = [place[r] for r in first]
        qs = [place[r] for r in second]
        if _contiguous(ps + qs) and _contiguous(ps) and _contiguous(qs):
            candidate = (max(ps + qs), max(ps), max(qs))
            if best is None or candidate > best:
                best = candidate
    return None if best is None else (best[1], best[2])


# ---------------------------------------------------------------------------------------
# Classification


def classify(cards: Iterable[Card]) -> Combo | None:
    """The combination ``cards`` form (the strongest kind they fit), or None if none."""
    cards = tuple(cards)
    n = len(cards)
    if n == 0:
        return None
    if n == 1:
        return Combo(SINGLE, cards, (), (STRENGTH[cards[0].rank],))
    # What a set of cards is does not depend on their order: remember it by the sorted faces
    # (bots and replays classify the same plays over and over).
    signature = _signature(tuple(sorted(card.index for card in cards)))
    if signature is None:
        return None
    kind, shape, key, rung = signature
    return Combo(kind, cards, shape, key, rung)


@lru_cache(maxsize=1 << 16)
def _signature(
    faces: tuple[int, ...],
) -> tuple[ComboKind, tuple[int, ...], tuple[int, ...], int] | None:
    combo = _classify(tuple(ALL_CARDS[i] for i in faces))
    return None if combo is None else (combo.kind, combo.shape, combo.key, combo.rung)


def _classify(cards: tuple[Card, ...]) -> Combo | None:
    n = len(cards)
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        by_rank.setdefault(card.rank, []).append(card)
    if SMALL_JOKER in by_rank or BIG_JOKER in by_rank:
        # Jokers only make singles, pairs and 清墩 of identical jokers (three identical
        # jokers are three identical cards: the two strongest 清墩).
        if len(by_rank) != 1 or n > 3:
            return None
        strength = (STRENGTH[cards[0].rank],)
        return Combo(PAIR, cards, (), strength) if n == 2 else make(QINGDUN, cards, (), strength)
    if len(by_rank) == 1:
        return _one_rank(cards)
    counts = {len(group) for group in by_rank.values()}
    ranks = list(by_rank)
    if counts == {1}:
        return _straight(cards, ranks) if n == 5 else None
    if counts == {2}:
        return _chain(PAIR_CHAIN, cards, ranks, 3)
    if counts == {3}:
        if all(_one_suit(group) for group in by_rank.values()):
            return _chain(QINGDUN_CHAIN, cards, ranks, 2)
        return _chain(TRIPLE_CHAIN, cards, ranks, 3)
    if min(counts) >= 4 and max(counts) <= 8:
        return _chain(BOMB_CHAIN, cards, ranks, 2)
    if counts == {2, 3}:
        return _triples_and_pairs(cards, by_rank)
    return None


def _one_suit(cards: Sequence[Card]) -> bool:
    suit = cards[0].suit
    return all(card.suit is suit for card in cards)


def _one_rank(cards: tuple[Card, ...]) -> Combo | None:
    n = len(cards)
    strength = STRENGTH[cards[0].rank]
    if n == 2:
        return Combo(PAIR, cards, (), (strength,))
    suits: dict[object, int] = {}
    for card in cards:
        suits[card.suit] = suits.get(card.suit, 0) + 1
    if all(count == 3 for count in suits.values()):  # splits exactly into 清墩
        if n == 3:
            return make(QINGDUN, cards, (), (strength,))
        return make(QINGDUN_BROTHERS, cards, (), (n // 3, strength))
    if n == 3:
        return Combo(TRIPLE, cards, (), (strength,))
    if n <= 8:
        return make(BOMB, cards, (n,), (strength,))
    return None  # 9-12 cards that do not split into 清墩


def _straight(cards: tuple[Card, ...], ranks: list[int]) -> Combo | None:
    top = chain_top(ranks)
    if top is None:
        return None
    if _one_suit(cards):
        return make(STRAIGHT_FLUSH, cards, (), (top,))
    return Combo(STRAIGHT, cards, (), (top,))


def _chain(kind: ComboKind, cards: tuple[Card, ...], ranks: list[int], least: int) -> Combo | None:
    if len(ranks) < least:
        return None
    top = chain_top(ranks)
    if top is None:
        return None
    if kind is BOMB_CHAIN:  # more bombs, then more cards, then the top (§1.4)
        return make(kind, cards, (), (len(ranks), len(cards), top))
    if kind is QINGDUN_CHAIN:
        return make(kind, cards, (), (len(ranks), top))
    return Combo(kind, cards, (len(ranks),), (top,))


def _triples_and_pairs(cards: tuple[Card, ...], by_rank: dict[int, list[Card]]) -> Combo | None:
    triples = [r for r, group in by_rank.items() if len(group) == 3]
    pairs = [r for r, group in by_rank.items() if len(group) == 2]
    if len(triples) == 1 and len(pairs) == 1:
        tops = blocks_top(triples, pairs)
        return None if tops is None else Combo(FULL_HOUSE, cards, (), tops)
    if len(triples) < 3 or len(pairs) < 3:
        return None
    tops = blocks_top(triples, pairs)
    if tops is None:
        return None
    return Combo(TRIPLES_WITH_PAIRS, cards, (len(triples), len(pairs)), tops)


# ---------------------------------------------------------------------------------------
# Comparison


def as_combo(play: Combo | Iterable[Card]) -> Combo:
    """``play`` itself if a ``Combo``, else its classification (``IllegalMove`` if none)."""
    if isinstance(play, Combo):
        return play
    cards = tuple(play)
    combo = classify(cards)
    if combo is None:
        raise refuse("not_a_combination", cards=" ".join(map(str, cards)))
    return combo


def beats(play: Combo | Iterable[Card], top: Combo | Iterable[Card], *, top_led: bool) -> bool:
    """Whether ``play`` may be played on ``top`` (strictly stronger, §1.4).

    Both may be ``Combo`` values or card sequences (classified here; a sequence that is not a
    combination raises ``IllegalMove``). ``top_led`` says ``top`` was the first play of the
    trick, which makes a play made only of 2s the lowest of its kind and size (§1.2).
    """
    p, t = as_combo(play), as_combo(top)
    return beats_combo(p, t, top_led)


def beats_combo(p: Combo, t: Combo, top_led: bool) -> bool:
    if p.rung >= 0:
        return t.rung < p.rung or (t.rung == p.rung and p.key > top_key(t, top_led))
    if t.rung >= 0 or p.kind is not t.kind or p.shape != t.shape:
        return False
    return p.key > top_key(t, top_led)


#: The kinds made of one rank only, whose key ends with that rank's strength.
_ONE_RANK = frozenset((SINGLE, PAIR, TRIPLE, BOMB, QINGDUN, QINGDUN_BROTHERS))


def top_key(top: Combo, top_led: bool) -> tuple[int, ...]:
    """The key a follower must exceed: a led play made only of 2s counts below 3 (§1.2).

    Its rank strength drops below every other rank while the rest of the key (a 兄弟墩's
    number of 清墩) stays, so it is the lowest of its kind and size, nothing lower.
    """
    key = top.key
    if top_led and key[-1] == STRENGTH[TWO] and top.kind in _ONE_RANK:
        return (*key[:-1], LED_TWO_STRENGTH)
    return key


# Display order by card index: single-card strength, then suit S H D C.
_SORT_KEY = [STRENGTH[c.rank] * 4 + (SUITS.index(c.suit) if c.suit else 0) for c in ALL_CARDS]


def sort_hand(cards: Iterable[Card]) -> list[Card]:
    """Cards as a 清墩 player sorts them: 3 … A, 2, SJ, BJ; equal cards together; S H D C."""
    return sorted(cards, key=lambda card: _SORT_KEY[card.index])
