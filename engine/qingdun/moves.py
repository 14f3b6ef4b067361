"""Legal plays generated from card counts, lazily, one play per distinct strength.

A hand is a list of 54 counts (one per card face, by ``Card.index``) and 17 rank counts. Plays
are produced kind by kind straight from those counts — no table of all actions exists. For each
``(kind, shape, key)`` the hand can make, exactly one card list is produced; suit choices that
change nothing for the rules are merged. The cards are chosen to keep the hand's structure:
a rank's suits are used fewest-copies first, so a pair is not torn out of a 清墩 when a loose
card would do. Bomb chains are listed once per number of cards they can hold (a chain with
bigger bombs is stronger, §1.4), the extra cards taken from its lowest ranks first.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

from engine.cards import ALL_CARDS, BIG_JOKER, SMALL_JOKER, Card
from engine.qingdun.combos import (
    BOMB,
    BOMB_CHAIN,
    FULL_HOUSE,
    PAIR,
    PAIR_CHAIN,
    POS_RANK,
    QINGDUN,
    QINGDUN_BROTHERS,
    QINGDUN_CHAIN,
    SINGLE,
    STRAIGHT,
    STRAIGHT_FLUSH,
    STRENGTH,
    TRIPLE,
    TRIPLE_CHAIN,
    TRIPLES_WITH_PAIRS,
    Combo,
    ComboKind,
    blocks_top,
    rung,
    top_key,
)


class Move(NamedTuple):
    """A generated play: the comparison data of its ``Combo`` and the cards."""

    kind: ComboKind
    shape: tuple[int, ...]
    key: tuple[int, ...]
    rung: int
    cards: list[Card]

    def combo(self) -> Combo:
        return Combo(self.kind, tuple(self.cards), self.shape, self.key, self.rung)


# Ranks by increasing single strength: 3 … A, 2 (jokers are handled on their own).
_SUITED_BY_STRENGTH = (*range(3, 15), 2)
_POSITIONS = range(1, 16)
_RUNG_BOMB_CHAIN = rung(BOMB_CHAIN, 0)
_RUNG_QINGDUN = rung(QINGDUN, 0)
_RUNG_QINGDUN_CHAIN = rung(QINGDUN_CHAIN, 0)
_RUNG_BROTHERS = rung(QINGDUN_BROTHERS, 0)
_RUNG_FLUSH = rung(STRAIGHT_FLUSH, 0)
_BOMB_RUNGS = {k: rung(BOMB, k) for k in range(4, 9)}
_JOKERS = ((SMALL_JOKER, ALL_CARDS[52]), (BIG_JOKER, ALL_CARDS[53]))


def _bound(level: int, least: int, above: tuple[int, ...]) -> tuple[int, ...] | None:
    """The key a bomb on rung ``level`` must exceed to beat ``(least, above)``; None: it can't."""
    if level < least:
        return None
    return above if level == least else ()


def _runs(ok: list[bool]) -> list[tuple[int, int]]:
    """Maximal runs ``(lo, hi)`` of positions 1..15 where ``ok`` holds."""
    runs = []
    lo = 0
    for p in _POSITIONS:
        if ok[p]:
            if not lo:
                lo = p
        elif lo:
            runs.append((lo, p - 1))
            lo = 0
    if lo:
        runs.append((lo, 15))
    return runs


def _spans(runs: list[tuple[int, int]], least: int, length: int = 0) -> Iterator[tuple[int, int]]:
    """Every chain ``(lo, hi)`` of ``least``+ positions (or exactly ``length``) inside ``runs``.

    Chains whose cards could also sit higher are left to their higher placement, as
    ``classify`` reads them: ``A2`` only at 14-15, thirteen ranks only at 3-15.
    """
    for lo, hi in runs:
        longest = min(hi - lo + 1, 13)
        lengths = (length,) if length else range(least, longest + 1)
        for n in lengths:
            if n > longest:
                continue
            for a in range(lo, hi - n + 2):
                b = a + n - 1
                if (n == 13 and a != 3) or (a == 1 and b == 2):
                    continue
                yield a, b


class Hand:
    """One seat's cards seen as counts, with the generators of each kind."""

    __slots__ = ("_picks", "cnt", "most", "pc", "rc")

    def __init__(self, cnt: list[int], rc: list[int]) -> None:
        self.cnt = cnt
        self.rc = rc
        self.pc = [0] + [rc[r] for r in POS_RANK[1:]]  # rank counts by sequence position
        # The most cards of one rank (jokers too, for their 清墩): rules out whole kinds.
        self.most = max(max(self.pc), rc[SMALL_JOKER], rc[BIG_JOKER])
        self._picks: dict[int, list[Card]] = {}  # by rank * 16 + number of cards

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Hand:
        """The hand holding ``cards``."""
        cnt = [0] * 54
        rc = [0] * 17
        for card in cards:
            cnt[card.index] += 1
            rc[card.rank] += 1
        return cls(cnt, rc)

    # -- choosing cards ---------------------------------------------------------------

    def suit_counts(self, rank: int) -> list[int]:
        cnt, base = self.cnt, rank - 2
        return [cnt[base], cnt[base + 13], cnt[base + 26], cnt[base + 39]]

    def pick(self, rank: int, k: int) -> list[Card]:
        """``k`` cards of ``rank``, from the suits with fewest copies first (suits free)."""
        cached = self._picks.get(rank * 16 + k)
        if cached is not None:
            return cached
        counts = self.suit_counts(rank)
        if k == 1:  # the common case: one card of the rarest suit
            best = min((c, s) for s, c in enumerate(counts) if c)[1]
            cards = [ALL_CARDS[best * 13 + rank - 2]]
        else:
            cards = []
            need = k
            for s in sorted(range(4), key=counts.__getitem__):
                take = min(counts[s], need)
                if take:
                    cards += [ALL_CARDS[s * 13 + rank - 2]] * take
                    need -= take
                    if not need:
                        break
        self._picks[rank * 16 + k] = cards
        return cards

    def mixed_triple(self, rank: int) -> list[Card] | None:
        """Three cards of ``rank`` not all of one suit (a 三隻, not a 清墩), if possible."""
        cards = self.pick(rank, 3)
        if cards[0] is not cards[2]:
            return cards
        # Every suit present holds three: take two of the first and one of another.
        counts = self.suit_counts(rank)
        other = [s for s in range(4) if counts[s] and s != cards[0].index // 13]
        if not other:
            return None
        return [cards[0], cards[0], ALL_CARDS[other[0] * 13 + rank - 2]]

    def qingdun_suits(self, rank: int) -> list[int]:
        return [s for s, count in enumerate(self.suit_counts(rank)) if count == 3]

    def bomb(self, rank: int, k: int) -> list[Card] | None:
        """``k`` cards of ``rank`` that do not split into 清墩 (so they are a bomb), if any."""
        cards = self.pick(rank, k)
        if k != 6:
            return cards
        if cards[0] is cards[2] and cards[3] is cards[5]:  # two 清墩: swap in a third suit
            used = (cards[0].index // 13, cards[3].index // 13)
            counts = self.suit_counts(rank)
            spare = [s for s in range(4) if counts[s] and s not in used]
            if not spare:
                return None
            return [*cards[:5], ALL_CARDS[spare[0] * 13 + rank - 2]]
        return cards

    # -- category 1 -----------------------------------------------------------------------

    def singles(self, above: int = 0) -> Iterator[Move]:
        rc = self.rc
        for r in _SUITED_BY_STRENGTH:
            if rc[r] and STRENGTH[r] > above:
                yield Move(SINGLE, (), (STRENGTH[r],), -1, self.pick(r, 1))
        for r, card in _JOKERS:
            if rc[r] and STRENGTH[r] > above:
                yield Move(SINGLE, (), (STRENGTH[r],), -1, [card])

    def pairs(self, above: int = 0) -> Iterator[Move]:
        rc = self.rc
        for r in _SUITED_BY_STRENGTH:
            if rc[r] >= 2 and STRENGTH[r] > above:
                yield Move(PAIR, (), (STRENGTH[r],), -1, self.pick(r, 2))
        for r, card in _JOKERS:
            if rc[r] >= 2 and STRENGTH[r] > above:
                yield Move(PAIR, (), (STRENGTH[r],), -1, [card, card])

    def triples(self, above: int = 0) -> Iterator[Move]:
        rc = self.rc
        for r in _SUITED_BY_STRENGTH:
            if rc[r] >= 3 and STRENGTH[r] > above:
                cards = self.mixed_triple(r)
                if cards is not None:
                    yield Move(TRIPLE, (), (STRENGTH[r],), -1, cards)

    def full_houses(self, above: tuple[int, ...] = ()) -> Iterator[Move]:
        pc = self.pc
        for tp in _POSITIONS:
            if pc[tp] < 3:
                continue
            for pp in (tp - 1, tp + 1):
                if not 1 <= pp <= 15 or pc[pp] < 2 or (tp <= 2 and pp <= 2):
                    continue  # {A, 2} full houses take the high placement only
                key = (tp, pp)
                if key > above:
                    t, p = POS_RANK[tp], POS_RANK[pp]
                    yield Move(FULL_HOUSE, (), key, -1, self.pick(t, 3) + self.pick(p, 2))

    def straights(self, above: int = 0) -> Iterator[Move]:
        pc = self.pc
        for lo, hi in _spans(_runs([c >= 1 for c in pc]), 5, 5):
            if hi <= above:
                continue
            ranks = POS_RANK[lo : hi + 1]
            cards = [self.pick(r, 1)[0] for r in ranks]
            suit = cards[0].suit
            if all(card.suit is suit for card in cards):  # try another suit for one rank
                flush_suit = cards[0].index // 13
                for i, r in enumerate(ranks):
                    counts = self.suit_counts(r)
                    other = [s for s in range(4) if counts[s] and s != flush_suit]
                    if other:
                        cards[i] = ALL_CARDS[other[0] * 13 + r - 2]
                        break
                else:
                    continue  # only a straight flush
            yield Move(STRAIGHT, (), (hi,), -1, cards)

    def pair_chains(self, length: int = 0, above: int = 0) -> Iterator[Move]:
        for lo, hi in _spans(_runs([c >= 2 for c in self.pc]), 3, length):
            if hi > above:
                cards = [c for r in POS_RANK[lo : hi + 1] for c in self.pick(r, 2)]
                yield Move(PAIR_CHAIN, (hi - lo + 1,), (hi,), -1, cards)

    def triple_chains(self, length: int = 0, above: int = 0) -> Iterator[Move]:
        for lo, hi in _spans(_runs([c >= 3 for c in self.pc]), 3, length):
            if hi <= above:
                continue
            ranks = POS_RANK[lo : hi + 1]
            groups = [self.pick(r, 3) for r in ranks]
            if all(g[0] is g[2] for g in groups):  # all 清墩 would be a 連墩: mix one
                for i, r in enumerate(ranks):
                    mixed = self.mixed_triple(r)
                    if mixed is not None:
                        groups[i] = mixed
                        break
                else:
                    continue
            cards = [c for g in groups for c in g]
            yield Move(TRIPLE_CHAIN, (hi - lo + 1,), (hi,), -1, cards)

    def triples_with_pairs(
        self, shape: tuple[int, int] | None = None, above: tuple[int, ...] = ()
    ) -> Iterator[Move]:
        pc = self.pc
        triple_runs = _runs([c >= 3 for c in pc])
        pair_ok = [c >= 2 for c in pc]
        t_length = shape[0] if shape else 0
        for lo, hi in _spans(triple_runs, 3, t_length):
            t = hi - lo + 1
            for p in (shape[1],) if shape else range(3, 14 - t):
                for plo, phi in ((hi + 1, hi + p), (lo - p, lo - 1)):
                    if plo < 1 or phi > 15 or not all(pair_ok[plo : phi + 1]):
                        continue
                    if t + p > 13 or (t + p == 13 and not self._canonical(lo, hi, plo, phi)):
                        continue
                    key = (hi, phi)
                    if key > above:
                        cards = [c for r in POS_RANK[lo : hi + 1] for c in self.pick(r, 3)]
                        cards += [c for r in POS_RANK[plo : phi + 1] for c in self.pick(r, 2)]
                        yield Move(TRIPLES_WITH_PAIRS, (t, p), key, -1, cards)

    @staticmethod
    def _canonical(lo: int, hi: int, plo: int, phi: int) -> bool:
        """Whether this placement is the one ``classify`` reads for these ranks (the highest)."""
        tops = blocks_top(POS_RANK[lo : hi + 1], POS_RANK[plo : phi + 1])
        return tops == (hi, phi)

    # -- category 2 -----------------------------------------------------------------------

    def bombs(self, least: int = -1, above: tuple[int, ...] = ()) -> Iterator[Move]:
        """Every bomb kind, weakest rung first; only those beating rung ``least``, key ``above``."""
        rc = self.rc
        for size in (4, 5):
            yield from self._bombs_of(size, least, above)
        bound = _bound(_RUNG_FLUSH, least, above)
        if bound is not None:
            yield from self._flushes(bound)
        if self.most < 3:
            return  # no bomb, 清墩 or anything built of them
        for size in (6, 7):
            yield from self._bombs_of(size, least, above)
        bound = _bound(_RUNG_BOMB_CHAIN, least, above)
        if bound is not None and self.most >= 4:
            yield from self._bomb_chains(bound)
        bound = _bound(_RUNG_QINGDUN, least, above)
        if bound is not None:
            for r in _SUITED_BY_STRENGTH:
                if rc[r] >= 3 and (STRENGTH[r],) > bound:
                    suits = self.qingdun_suits(r)
                    if suits:
                        card = ALL_CARDS[suits[0] * 13 + r - 2]
                        yield Move(QINGDUN, (), (STRENGTH[r],), _RUNG_QINGDUN, [card] * 3)
            for r, card in _JOKERS:  # three identical jokers: the two strongest 清墩
                if rc[r] >= 3 and (STRENGTH[r],) > bound:
                    yield Move(QINGDUN, (), (STRENGTH[r],), _RUNG_QINGDUN, [card] * 3)
        yield from self._bombs_of(8, least, above)
        bound = _bound(_RUNG_QINGDUN_CHAIN, least, above)
        if bound is not None:
            first = [-1] + [self._qingdun_suit(r) for r in POS_RANK[1:]]
            for lo, hi in _spans(_runs([s >= 0 for s in first]), 2):
                key = (hi - lo + 1, hi)
                if key > bound:
                    cards = [
                        ALL_CARDS[first[p] * 13 + POS_RANK[p] - 2]
                        for p in range(lo, hi + 1)
                        for _ in range(3)
                    ]
                    yield Move(QINGDUN_CHAIN, (), key, _RUNG_QINGDUN_CHAIN, cards)
        bound = _bound(_RUNG_BROTHERS, least, above)
        if bound is not None:
            for r in _SUITED_BY_STRENGTH:
                if rc[r] >= 6:
                    suits = self.qingdun_suits(r)
                    for m in range(2, len(suits) + 1):
                        key = (m, STRENGTH[r])
                        if key > bound:
                            cards = [ALL_CARDS[s * 13 + r - 2] for s in suits[:m] for _ in range(3)]
                            yield Move(QINGDUN_BROTHERS, (), key, _RUNG_BROTHERS, cards)

    def _bomb_chains(self, above: tuple[int, ...]) -> Iterator[Move]:
        """One bomb chain per (bombs, cards, top) stronger than ``above``, fewest cards first."""
        pc = self.pc
        for lo, hi in _spans(_runs([c >= 4 for c in pc]), 2):
            bombs = hi - lo + 1
            room = [min(pc[p], 8) - 4 for p in range(lo, hi + 1)]  # extra cards per bomb
            for extra in range(sum(room) + 1):
                key = (bombs, 4 * bombs + extra, hi)
                if key <= above:
                    continue
                cards: list[Card] = []
                left = extra
                for p, spare in zip(range(lo, hi + 1), room, strict=True):
                    more = min(spare, left)
                    left -= more
                    cards += self.pick(POS_RANK[p], 4 + more)
                yield Move(BOMB_CHAIN, (), key, _RUNG_BOMB_CHAIN, cards)

    def _qingdun_suit(self, rank: int) -> int:
        """A suit holding a 清墩 of ``rank``, or -1."""
        if self.rc[rank] < 3:
            return -1
        suits = self.qingdun_suits(rank)
        return suits[0] if suits else -1

    def _bombs_of(self, size: int, least: int, above: tuple[int, ...]) -> Iterator[Move]:
        level = _BOMB_RUNGS[size]
        bound = _bound(level, least, above)
        if bound is None or size > self.most:
            return
        rc = self.rc
        for r in _SUITED_BY_STRENGTH:
            if rc[r] >= size and (STRENGTH[r],) > bound:
                cards = self.bomb(r, size)
                if cards is not None:
                    yield Move(BOMB, (size,), (STRENGTH[r],), level, cards)

    def _flushes(self, above: tuple[int, ...]) -> Iterator[Move]:
        tops: dict[int, list[Card]] = {}
        cnt = self.cnt
        for s in range(4):
            base = s * 13 - 2
            mask = 0  # bit p set: this suit holds the rank at sequence position p
            for r in range(2, 15):
                if cnt[base + r]:
                    mask |= 1 << r
            mask |= (mask >> 14 & 1) << 1 | (mask >> 2 & 1) << 15  # A low, 2 high
            if not mask & (mask >> 1) & (mask >> 2) & (mask >> 3) & (mask >> 4):
                continue  # no five in a row in this suit
            ok = [bool(mask >> p & 1) for p in range(16)]
            for lo, hi in _spans(_runs(ok), 5, 5):
                if (hi,) > above and hi not in tops:
                    tops[hi] = [ALL_CARDS[base + r] for r in POS_RANK[lo : hi + 1]]
        for hi in sorted(tops):
            yield Move(STRAIGHT_FLUSH, (), (hi,), _RUNG_FLUSH, tops[hi])

    # -- all together -----------------------------------------------------------------------

    def leads(self) -> Iterator[Move]:
        """Everything the hand can lead, category 1 by kind, then bombs up the ladder."""
        yield from self.singles()
        yield from self.pairs()
        yield from self.triples()
        yield from self.full_houses()
        yield from self.straights()
        yield from self.pair_chains()
        yield from self.triple_chains()
        yield from self.triples_with_pairs()
        yield from self.bombs()

    def answers(self, top: Combo, top_led: bool) -> Iterator[Move]:
        """Every play that beats ``top`` (§1.4)."""
        if top.rung >= 0:
            yield from self.bombs(top.rung, top_key(top, top_led))
            return
        yield from self.plain_answers(top, top_led)
        yield from self.bombs()

    def plain_answers(self, top: Combo, top_led: bool) -> Iterator[Move]:
        """The category-1 plays that beat ``top``, weakest first (none if ``top`` is a bomb)."""
        if top.rung >= 0:
            return
        kind = top.kind
        above = top_key(top, top_led)
        if kind is SINGLE:
            yield from self.singles(above[0])
        elif kind is PAIR:
            yield from self.pairs(above[0])
        elif kind is TRIPLE:
            yield from self.triples(above[0])
        elif kind is FULL_HOUSE:
            yield from self.full_houses(above)
        elif kind is STRAIGHT:
            yield from self.straights(above[0])
        elif kind is PAIR_CHAIN:
            yield from self.pair_chains(top.shape[0], above[0])
        elif kind is TRIPLE_CHAIN:
            yield from self.triple_chains(top.shape[0], above[0])
        else:
            yield from self.triples_with_pairs((top.shape[0], top.shape[1]), above)
