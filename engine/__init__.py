"""Pure rules of 清墩 and 海宁三扣: no I/O, deterministic given a seed, replayable."""

from engine.cards import Card, Suit, parse_cards
from engine.errors import CardParseError, IllegalMove

__all__ = ["Card", "CardParseError", "IllegalMove", "Suit", "parse_cards"]
