"""Splitting a 清墩 hand into few plays: the plan behind leading, following and bombing.

A hand of forty cards goes out in as few plays as its structure allows. The split keeps the
bombs whole (清墩 first, then four or more of a rank, then straight flushes that use loose
cards), then takes chains greedily while they save plays: a chain is worth taking when the
ranks it empties cost more as loose singles, pairs and triples than the chain itself.
What is left becomes full houses (a triple with a pair of a neighbouring rank), triples,
pairs and singles. Every unit is classified by the engine, so kinds and strengths follow
the rules in force.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from engine.cards import ALL_CARDS, Card
from engine.qingdun.combos import POS_RANK, Combo, classify

#: The cost of a loose group by size (0-3 cards): singles are the hardest to get rid of.
GROUP_COST = (0.0, 1.0, 0.7, 0.4)
#: ``GROUP_COST`` by any count a rank can have (three decks: up to 12 cards).
_COST = tuple(GROUP_COST[min(c, 3)] for c in range(13))
#: Extra value of a straight flush (a bomb) made of loose cards.
FLUSH_BONUS = 1.2
SUITED = range(2, 15)
#: Ranks that may form a full house together (§1.3): 3-4 … K-A, A-2, 2-3.
_NEIGHBOURS = {r: ((r - 1) if r > 3 else 2, r + 1) for r in range(3, 14)} | {
    14: (13, 2),
    2: (14, 3),
}


def decompose(cards: Iterable[Card]) -> list[Combo]:
    """The hand split into plays: bombs first, then the rest weakest first."""
    cnt = [0] * 54
    for card in cards:
        cnt[card.index] += 1
    return split_counts(cnt)


def split_counts(cnt: list[int]) -> list[Combo]:
    """``decompose`` of a hand given as copies per card index (a fresh list each call)."""
    return list(_split(tuple(cnt)))


@lru_cache(maxsize=1 << 12)
def _split(counts: tuple[int, ...]) -> tuple[Combo, ...]:
    """The split, remembered: a search plays every candidate out in the same world, and
    each play-out starts by splitting the same hands (4 in 10 splits repeat one)."""
    cnt = list(counts)
    units: list[list[Card]] = []
    # Jokers: identical ones go together (the engine says what three of them are).
    for index in (52, 53):
        if cnt[index]:
            units.append([ALL_CARDS[index]] * cnt[index])
            cnt[index] = 0
    # 清墩: three identical cards.
    while 3 in cnt:
        index = cnt.index(3)
        units.append([ALL_CARDS[index]] * 3)
        cnt[index] = 0
    # Bombs: four or more of a rank.
    rc = [0] * 17
    for rank in SUITED:
        base = rank - 2
        rc[rank] = cnt[base] + cnt[base + 13] + cnt[base + 26] + cnt[base + 39]
    for rank in SUITED:
        if rc[rank] >= 4:
            take = min(rc[rank], 8)
            units.append(_take(cnt, rank, take))
            rc[rank] -= take
    units += _chains(cnt, rc)
    units += _groups(cnt, rc)
    combos = []
    for unit in units:
        combo = _combo(tuple(unit))
        if combo is None:  # cannot happen for the shapes built here; stay safe
            combos += [c for card in unit if (c := classify([card])) is not None]
        else:
            combos.append(combo)
    return tuple(combos)


@lru_cache(maxsize=1 << 14)
def _combo(unit: tuple[Card, ...]) -> Combo | None:
    """``classify``, remembered: the same units come up in world after world."""
    return classify(unit)


def _take(cnt: list[int], rank: int, k: int, suit: int | None = None) -> list[Card]:
    """``k`` cards of ``rank`` (of one ``suit`` if given), fewest-copies suits first."""
    base = rank - 2
    if suit is not None:
        cnt[suit * 13 + base] -= k
        return [ALL_CARDS[suit * 13 + base]] * k
    # (copies, index): sorted, fewest copies first and the lower suit among equals.
    held = [(cnt[i], i) for i in (base, base + 13, base + 26, base + 39) if cnt[i]]
    if len(held) > 1:
        held.sort()
    taken: list[Card] = []
    for copies, index in held:
        n = min(copies, k - len(taken))
        cnt[index] -= n
        taken += [ALL_CARDS[index]] * n
        if len(taken) == k:
            break
    return taken


def _cost(counts: Sequence[int]) -> float:
    return sum(_COST[c] for c in counts)


def _chains(cnt: list[int], rc: list[int]) -> list[list[Card]]:
    """Greedily take the chain (or straight flush) that saves the most, while one does.

    Each span's cost is summed from per-position lists in the same order as the ranks, so
    the gains, and the choice among equal ones, are exactly those of summing rank by rank.
    """
    units: list[list[Card]] = []
    while True:
        counts = [rc[r] for r in POS_RANK]
        before = [_COST[c] for c in counts]
        best: tuple[float, int, list[tuple[int, int]], int | None] | None = None
        after1: list[float] | None = None
        triples = False  # three ranks in a row of three or more cards
        for need, least, exact in ((1, 5, 5), (2, 3, 0), (3, 3, 0)):
            ok = [c >= need for c in counts]
            if not _has_run(ok, least):
                continue
            triples = triples or need == 3
            after = [_COST[c - need] if c >= need else 0.0 for c in counts]
            if need == 1:
                after1 = after
            for lo, hi in _spans(ok, least, exact):
                gain = sum(before[lo : hi + 1]) - sum(after[lo : hi + 1]) - 1
                size = need * (hi - lo + 1)
                if best is None or (gain, size) > (best[0], best[1]):
                    best = (gain, size, [(r, need) for r in POS_RANK[lo : hi + 1]], None)
        if after1 is not None:  # a straight flush needs five ranks in a row
            for lo, hi, suit in _flush_spans(cnt):
                gain = sum(before[lo : hi + 1]) - sum(after1[lo : hi + 1]) - 1
                gain += FLUSH_BONUS
                if best is None or (gain, 5) > (best[0], best[1]):
                    best = (gain, 5, [(r, 1) for r in POS_RANK[lo : hi + 1]], suit)
        for unit in _triples_with_pairs(rc) if triples else ():
            before_cost = _cost([rc[r] for r, _ in unit])
            after_cost = _cost([rc[r] - n for r, n in unit])
            gain = before_cost - after_cost - 1
            size = sum(n for _, n in unit)
            if best is None or (gain, size) > (best[0], best[1]):
                best = (gain, size, unit, None)
        if best is None or best[0] <= 0:
            return units
        _, _, taken, suit = best
        cards: list[Card] = []
        for rank, n in taken:
            cards += _take(cnt, rank, n, suit)
            rc[rank] -= n
        units.append(cards)


def _has_run(ok: list[bool], length: int) -> bool:
    """Whether positions 1-15 hold ``length`` in a row where ``ok`` holds."""
    run = 0
    for p in range(1, 16):
        run = run + 1 if ok[p] else 0
        if run >= length:
            return True
    return False


def _spans(ok: list[bool], least: int, exact: int = 0) -> list[tuple[int, int]]:
    """Chains of positions 1-15 where ``ok`` holds: ``least``+ long (or exactly ``exact``)."""
    found = []
    p = 1
    while p <= 15:
        if not ok[p]:
            p += 1
            continue
        q = p
        while q + 1 <= 15 and ok[q + 1]:
            q += 1
        longest = min(q - p + 1, 13)
        for n in (exact,) if exact else range(least, longest + 1):
            if n > longest:
                continue
            for a in range(p, q - n + 2):
                b = a + n - 1
                if not (a == 1 and b == 2):
                    found.append((a, b))
        p = q + 1
    return found


def _flush_spans(cnt: list[int]) -> list[tuple[int, int, int]]:
    found = []
    for suit in range(4):
        ok = [False] + [cnt[suit * 13 + POS_RANK[p] - 2] > 0 for p in range(1, 16)]
        found += [(a, b, suit) for a, b in _spans(ok, 5, 5)]
    return found


def _triples_with_pairs(rc: list[int]) -> list[list[tuple[int, int]]]:
    """Triple chains (3+) with a pair chain (3+) right above or below, as (rank, n) lists."""
    found = []
    triples = [rc[POS_RANK[p]] >= 3 for p in range(16)]
    pairs = [rc[POS_RANK[p]] >= 2 for p in range(16)]
    for lo, hi in _spans(triples, 3):
        for plo, phi in ((hi + 1, hi + 3), (lo - 3, lo - 1)):
            if plo < 1 or phi > 15 or (hi - lo + 1) + 3 > 13:
                continue
            if all(pairs[plo : phi + 1]):
                taken = [(POS_RANK[p], 3) for p in range(lo, hi + 1)]
                taken += [(POS_RANK[p], 2) for p in range(plo, phi + 1)]
                if len({r for r, _ in taken}) == len(taken):
                    found.append(taken)
    return found


def _groups(cnt: list[int], rc: list[int]) -> list[list[Card]]:
    """The loose cards: full houses where a triple has a neighbouring pair, then groups."""
    units: list[list[Card]] = []
    pairs_used: set[int] = set()
    for rank in SUITED:
        if rc[rank] != 3:
            continue
        for other in _NEIGHBOURS[rank]:
            if rc[other] == 2 and other not in pairs_used:
                pairs_used.add(other)
                units.append(_take(cnt, rank, 3) + _take(cnt, other, 2))
                rc[rank] = 0
                rc[other] = 0
                break
    for rank in SUITED:
        if rc[rank]:
            units.append(_take(cnt, rank, rc[rank]))
            rc[rank] = 0
    return units
