"""The checks a 三扣 action passes before it changes anything: seats, cards, the follow rule.

Each raises ``IllegalMove`` with a specific code (``errors.py``); the game calls them first, so
a refused action leaves the hand untouched.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, Play
from engine.cards import SUITS, Card, Suit, parse_card, parse_cards
from engine.game import standing
from engine.sankou import moves
from engine.sankou.combos import Kind, Lead
from engine.sankou.errors import illegal
from engine.sankou.order import TRUMP, CardOrder, sort_hand

SEATS = 4

CardsLike = str | Sequence[Card] | Sequence[str]

_SUIT_NAMES = {
    **{s.value.lower(): s.value for s in SUITS},
    **{s.symbol: s.value for s in SUITS},
    "♤": "S", "♡": "H", "♢": "D", "♧": "C",
}  # fmt: skip


def cards_of(cards: CardsLike) -> list[Card]:
    """Cards from notation text, a list of cards, or a list of notation tokens."""
    if isinstance(cards, str):
        return parse_cards(cards)
    return [card if isinstance(card, Card) else parse_card(card) for card in cards]


def suit_named(suit: Suit | str) -> Suit:
    """A trump suit given as a ``Suit``, a letter (any case) or a suit symbol."""
    try:
        return Suit(_SUIT_NAMES.get(suit, suit) if isinstance(suit, str) else suit)
    except ValueError:
        raise illegal("bad_trump", given=str(suit)) from None


def check_seat_number(seat: object, code: str) -> None:
    if not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise illegal(code, seat=seat)


def check_held(hand: list[Card], cards: list[Card]) -> None:
    """Every card of ``cards`` is in ``hand`` as often as it is named."""
    wanted = moves.counts(cards)
    for card, count in wanted.items():
        have = hand.count(card)
        if have < count:
            if have == 0:
                raise illegal("not_held", card=str(card))
            raise illegal("held_once", card=str(card))


def check_follow(
    hand: list[Card], cards: list[Card], lead: Lead, order: CardOrder, trump: Suit | None
) -> None:
    """Exactly as many cards as the lead, and as many of the led suit as the hand allows
    (§2.6); the refusal names the highest card of the suit the player kept back."""
    if len(cards) != lead.size:
        raise illegal("follow_count", count=lead.size)
    suit_of = order.suit
    held = sum(1 for card in hand if suit_of[card.index] == lead.suit)
    played = sum(1 for card in cards if suit_of[card.index] == lead.suit)
    if played < min(held, lead.size):
        rest = list(hand)
        for card in cards:
            rest.remove(card)
        left = sort_hand((c for c in rest if suit_of[c.index] == lead.suit), trump)
        shown = str(left[-1])
        if lead.suit == TRUMP:
            raise illegal("must_follow_trump", card=shown)
        raise illegal("must_follow", suit=SUITS[lead.suit].value, card=shown)


def check_take_back(
    actions: Sequence[Action], seat: int, trick_size: int, lead: Lead | None, failed: bool
) -> Action:
    """House rule (RULES.md §2.10): ``seat`` may take back a card play while it is the hand's
    last standing move and its trick is not complete (``trick_size`` plays in it), unless it
    revealed something hidden: a throw does, whether it ``failed`` (it showed a stronger card
    elsewhere) or stood (it showed that nobody holds one). Returns the move taken back."""
    moves_now = standing(actions)
    last = moves_now[-1] if moves_now else None
    if last is None or last.seat != seat:
        raise illegal("take_back_none")
    if not isinstance(last, Play):
        raise illegal("take_back_only_plays")
    if not trick_size:
        raise illegal("take_back_trick_over")
    if trick_size == 1 and lead is not None and (failed or lead.kind is Kind.THROW):
        raise illegal("take_back_throw")
    return last
