"""Who a picture is drawn for (language, suit colours) and the text sizes every picture uses.

Every picture is laid out for a phone first: Discord shows it about 330 px wide there, and
the smallest text must still have capitals at least 9 px tall at that width. The pictures
are 660 px wide (twice the phone width, so they stay sharp on phone screens), so no text is
drawn below ``SMALL`` = 26 px, whose capitals are 19 px tall here and 9.5 px on the phone
(``tests/render/test_phone.py`` checks every text drawn).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import BIG_JOKER, Card, Suit
from render import theme
from render.fonts import Style
from render.labels import count_label, label

WIDTH = 660  # every picture; Discord phones show it at ~330 px, desktop at ~400-550 px

# Text sizes in pixels of a 660 px wide picture.
SMALL = 26  # the smallest text anywhere: captions, counts, labels under cards
BODY = 28
NAME = 30
TITLE = 34
BIG = 40

_TWO_COLOURS = {
    Suit.SPADES: theme.BLACK,
    Suit.HEARTS: theme.RED,
    Suit.DIAMONDS: theme.RED,
    Suit.CLUBS: theme.BLACK,
}
_FOUR_COLOURS = {
    Suit.SPADES: theme.BLACK,
    Suit.HEARTS: theme.RED,
    Suit.DIAMONDS: theme.BLUE,
    Suit.CLUBS: theme.GREEN,
}


def suit_colour(suit: Suit, four_colour: bool = False) -> theme.RGB:
    """♥♦ red and ♠♣ black; the four-colour deck makes ♦ blue and ♣ green."""
    return (_FOUR_COLOURS if four_colour else _TWO_COLOURS)[suit]


def card_colour(card: Card, four_colour: bool = False) -> theme.RGB:
    if card.suit is None:
        return theme.RED if card.rank == BIG_JOKER else theme.BLACK
    return suit_colour(card.suit, four_colour)


@dataclass(frozen=True, slots=True)
class Look:
    """The reader's choices: the picture's language and whether suits use four colours."""

    lang: str = "en"
    four_colour: bool = False

    def style(self, size: int, colour: theme.RGB = theme.TEXT, bold: bool = False) -> Style:
        """A text style; zh-CN text uses Simplified glyph shapes."""
        return Style(size, colour, bold, simplified=self.lang == "zh-CN")

    def label(self, key: str, **params: object) -> str:
        return label(key, self.lang, **params)

    def count(self, key: str, n: int) -> str:
        """``n`` things in words, singular or plural ("1 card", "35 cards", "35 張")."""
        return count_label(key, n, self.lang)

    def suit(self, suit: Suit) -> theme.RGB:
        return suit_colour(suit, self.four_colour)

    def card(self, card: Card) -> theme.RGB:
        return card_colour(card, self.four_colour)
