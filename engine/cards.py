"""Cards, notation and decks shared by both games.

A ``Card`` is an interned value: there are exactly 54 instances, so equality and hashing are
cheap (identity of a small integer) and copies of a card from several decks compare equal.
Notation follows RULES.md: rank first (``10H``, ``JS``, ``AD``), jokers ``BJ`` / ``SJ``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from enum import StrEnum

from engine.errors import CardParseError


class Suit(StrEnum):
    """The four suits; the value is the notation letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]


SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}

# Ranks are small integers: 2..14 for 2..A, then the two jokers.
JACK, QUEEN, KING, ACE = 11, 12, 13, 14
SMALL_JOKER, BIG_JOKER = 15, 16
SUITED_RANKS: tuple[int, ...] = tuple(range(2, 15))
RANK_NAMES: dict[int, str] = {
    **{r: str(r) for r in range(2, 11)},
    JACK: "J",
    QUEEN: "Q",
    KING: "K",
    ACE: "A",
    SMALL_JOKER: "SJ",
    BIG_JOKER: "BJ",
}
POINTS: dict[int, int] = {5: 5, 10: 10, KING: 10}


class Card:
    """One playing card. Immutable and interned: ``Card(10, Suit.HEARTS) is Card(10, "H")``."""

    __slots__ = ("index", "points", "rank", "suit")
    rank: int
    suit: Suit | None
    index: int  # 0..53, unique per card face; also the sort order of ``sorted(cards)``
    points: int

    def __new__(cls, rank: int, suit: Suit | str | None = None) -> Card:
        try:
            return _INTERNED[(rank, Suit(suit) if suit is not None else None)]
        except (KeyError, ValueError):
            raise ValueError(f"no such card: rank {rank!r}, suit {suit!r}") from None

    @classmethod
    def _make(cls, rank: int, suit: Suit | None, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "points", POINTS.get(rank, 0))
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, Suit | None]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    def __str__(self) -> str:
        if self.suit is None:
            return RANK_NAMES[self.rank]
        return RANK_NAMES[self.rank] + self.suit.value

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @property
    def pretty(self) -> str:
        """The card with a suit symbol (``10♥``); jokers as 大王 / 小王."""
        if self.suit is None:
            return "大王" if self.rank == BIG_JOKER else "小王"
        return RANK_NAMES[self.rank] + self.suit.symbol


_INTERNED: dict[tuple[int, Suit | None], Card] = {}
for _s_index, _suit in enumerate(SUITS):
    for _rank in SUITED_RANKS:
        _INTERNED[(_rank, _suit)] = Card._make(_rank, _suit, _s_index * 13 + _rank - 2)
_INTERNED[(SMALL_JOKER, None)] = Card._make(SMALL_JOKER, None, 52)
_INTERNED[(BIG_JOKER, None)] = Card._make(BIG_JOKER, None, 53)

#: Every distinct card face, in index order.
ALL_CARDS: tuple[Card, ...] = tuple(sorted(_INTERNED.values()))
SJ = ALL_CARDS[52]
BJ = ALL_CARDS[53]


def deck(copies: int = 1) -> list[Card]:
    """``copies`` full 54-card decks, in a fixed order (shuffle with a seeded ``Random``)."""
    return [card for _ in range(copies) for card in ALL_CARDS]


def shuffled_deck(copies: int, seed: int) -> list[Card]:
    """A reproducible shuffle: the same seed always gives the same order."""
    cards = deck(copies)
    random.Random(seed).shuffle(cards)
    return cards


def points(cards: Iterable[Card]) -> int:
    """Points in a group of cards: 5s count 5, 10s and Ks count 10."""
    return sum(card.points for card in cards)


# ---------------------------------------------------------------------------------------
# Notation

_RANK_TOKENS = {RANK_NAMES[r]: r for r in SUITED_RANKS} | {"T": 10}
_SUIT_TOKENS = {
    "S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS,
    "♠": Suit.SPADES, "♤": Suit.SPADES, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
}  # fmt: skip
_JOKER_TOKENS = {
    "BJ": BIG_JOKER, "大王": BIG_JOKER, "大鬼": BIG_JOKER,
    "SJ": SMALL_JOKER, "小王": SMALL_JOKER, "小鬼": SMALL_JOKER,
}  # fmt: skip
_RANK_RE = "10|[2-9TJQKA]"
_SYMBOL_RE = "[♠♤♥♡♦♢♣♧]"
# One card: a joker, rank then suit, or (as Chinese players often write it) symbol then rank.
_CARD_RE = re.compile(
    rf"(?P<joker>BJ|SJ|大王|小王|大鬼|小鬼)"
    rf"|(?P<rank>{_RANK_RE})(?P<suit>[SHDC]|{_SYMBOL_RE})"
    rf"|(?P<sym>{_SYMBOL_RE})(?P<rank2>{_RANK_RE})",
    re.IGNORECASE,
)
_SEPARATORS = re.compile(r"[\s,;，、]+")


def parse_card(token: str) -> Card:
    """Read exactly one card; ``CardParseError`` names the token if it is not one."""
    cards = parse_cards(token)
    if len(cards) != 1:
        raise CardParseError(token, "expected exactly one card", code="not_one_card")
    return cards[0]


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces or commas (``"10H JS BJ"``); also ``"10HJS"`` run together.

    Raises ``CardParseError`` naming the first piece of text that is not a card.
    """
    cards: list[Card] = []
    for chunk in _SEPARATORS.split(text.strip()):
        if not chunk:
            continue
        pos = 0
        upper = chunk.upper()
        while pos < len(upper):
            match = _CARD_RE.match(upper, pos)
            if match is None:
                raise CardParseError(chunk[pos:], *_why(chunk[pos:]))
            pos = match.end()
            cards.append(_card_from_match(match))
    return cards


def _card_from_match(match: re.Match[str]) -> Card:
    if match["joker"]:
        return _INTERNED[(_JOKER_TOKENS[match["joker"]], None)]
    if match["rank"]:
        return _INTERNED[(_RANK_TOKENS[match["rank"]], _SUIT_TOKENS[match["suit"]])]
    return _INTERNED[(_RANK_TOKENS[match["rank2"]], _SUIT_TOKENS[match["sym"]])]


def _why(rest: str) -> tuple[str, str]:
    """The reason a token failed, in English, and its code for translation."""
    upper = rest.upper()
    if re.fullmatch(_RANK_RE, upper):
        return "a suit is missing (S H D C or ♠ ♥ ♦ ♣)", "missing_suit"
    if re.match(_RANK_RE, upper):
        return "suits are S H D C (or ♠ ♥ ♦ ♣)", "bad_suit"
    if upper[:1] in "SHDC" or re.match(_SYMBOL_RE, upper):
        return "the rank comes first, e.g. 10H, JS, AD", "rank_first"
    return "ranks are 2-10 J Q K A (T for 10), jokers BJ and SJ", "bad_rank"


def format_cards(cards: Iterable[Card]) -> str:
    """The notation of several cards, space separated, as ``parse_cards`` reads it back."""
    return " ".join(str(card) for card in cards)
