"""清墩 typed-play shorthand: ``33344`` or ``3 3 3 4 4`` means "these ranks, any suits".

Suits rarely matter in 清墩, so players type ranks only. The bot then picks, for each bare rank,
the copy whose loss hurts the hand least: never a card that completes a 清墩 (three identical
cards) when a spare copy exists, then not the last copy of a card in a straight flush 同花順.
Cards written with a suit (``5S``, ``♥10``) or jokers (``BJ``, ``大王``) are taken as written.
Three bare copies of a rank (``555``) that cannot beat the table as a plain triple are the 清墩
of that rank when the hand holds one (``bare_triple``; the play verb decides). This is input
convenience on the bot side only; the engine still judges the play.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from engine.cards import ACE, Card, parse_cards
from engine.errors import CardParseError

_RANKS = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "T": 10,
          "J": 11, "Q": 12, "K": 13, "A": 14}  # fmt: skip
_TOKEN = re.compile(
    r"\s*(?:(?P<card>(?:BJ|SJ|大王|小王|大鬼|小鬼)"
    r"|(?:10|[2-9TJQKA])(?:[SHDC♠♤♥♡♦♢♣♧])"
    r"|[♠♤♥♡♦♢♣♧](?:10|[2-9TJQKA]))|(?P<rank>10|[2-9TJQKA]))[\s,;，、]*",
    re.IGNORECASE,
)


def resolve(text: str, hand: Iterable[Card]) -> list[Card]:
    """The cards ``text`` names, bare ranks resolved against ``hand``.

    Raises ``CardParseError`` naming the first token that is neither a card nor a rank, or
    (code ``not_enough_cards``) a rank of which the hand does not hold enough copies.
    """
    explicit: list[Card] = []
    bare: list[int] = []
    pos, text = 0, text.strip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            parse_cards(text[pos:])  # raises the notation's own, specific error
            raise CardParseError(text[pos:])  # pragma: no cover - parse_cards always raises
        if match["card"]:
            explicit.extend(parse_cards(match["card"]))
        else:
            bare.append(_RANKS[match["rank"].upper()])
        pos = match.end()
    if not bare:
        return explicit
    left = Counter(hand)
    left.subtract(explicit)
    chosen: list[Card] = []
    for rank in bare:
        options = [card for card in left if card.rank == rank and left[card] > 0]
        if not options:
            token = next(name for name, value in _RANKS.items() if value == rank)
            raise CardParseError(token, "you do not hold that many", code="not_enough_cards")
        card = min(options, key=lambda c: (_cost(c, left), -left[c], c.index))
        left[card] -= 1
        chosen.append(card)
    return explicit + chosen


def bare_triple(text: str) -> bool:
    """Whether ``text`` is three bare copies of one rank (``555``): such a triple may be meant
    as the 清墩 of that rank when a plain triple cannot beat the table."""
    ranks = typed_ranks(text)
    bare = [m for m in _TOKEN.finditer(text.strip()) if m["rank"]]
    return len(bare) == 3 and len(ranks) == 1 and sum(ranks.values()) == 3


def is_qingdun(cards: Sequence[Card]) -> bool:
    """Three identical cards (one suit, one rank: a 清墩)."""
    return len(cards) == 3 and cards[0] is cards[1] is cards[2]


def typed_ranks(text: str) -> Counter[int]:
    """The ranks ``text`` names, cards and bare ranks alike (jokers by their rank), as far as
    it reads: a half-typed last token (``1`` of ``10``) is left out. For matching suggestions.
    """
    ranks: Counter[int] = Counter()
    pos, text = 0, text.strip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            break
        if match["card"]:
            ranks.update(card.rank for card in parse_cards(match["card"]))
        else:
            ranks[_RANKS[match["rank"].upper()]] += 1
        pos = match.end()
    return ranks


def _cost(card: Card, left: Counter[Card]) -> tuple[int, int]:
    """How much taking one ``card`` out of ``left`` damages it: (breaks a 清墩, breaks a 同花順)."""
    copies = left[card]
    breaks_qingdun = int(copies >= 3 and copies % 3 == 0)
    breaks_flush = int(copies == 1 and _in_straight_flush(card, left))
    return breaks_qingdun, breaks_flush


def _positions(rank: int) -> tuple[int, ...]:
    """Sequence positions (RULES.md §1.3): A is 1 or 14, 2 is 2 or 15."""
    if rank == ACE:
        return (1, 14)
    if rank == 2:
        return (2, 15)
    return (rank,)


def _in_straight_flush(card: Card, left: Counter[Card]) -> bool:
    held = {p for c, n in left.items() if n > 0 and c.suit is card.suit for p in _positions(c.rank)}
    for p in _positions(card.rank):
        for low in range(max(1, p - 4), min(p, 11) + 1):
            if all(q in held for q in range(low, low + 5)):
                return True
    return False
