"""Dealing a 三扣 hand: two shuffled decks from a seed, or four hands and a kitty given.

Both give the same record, a ``Deal``: what the game starts from, and the JSON ``start`` that
rebuilds it (``Game.from_start``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from engine.cards import Card, shuffled_deck
from engine.sankou import moves
from engine.sankou.checks import SEATS, CardsLike, cards_of, check_seat_number
from engine.sankou.errors import illegal

HAND_SIZE = 25
KITTY_SIZE = 8


class Deal(NamedTuple):
    hands: list[list[Card]]
    kitty: list[Card]
    first_bidder: int
    start: dict[str, Any]


def by_seed(seed: int, first_bidder: int | None = None) -> Deal:
    """A full random deal: 25 cards each and 8 in the kitty, reproducible from ``seed``.

    With ``first_bidder`` None it is drawn from the seed too (the first hand of a table); the
    service passes the rotated first bidder for later hands.
    """
    if first_bidder is None:
        first_bidder = random.Random(f"sankou-first-bidder:{seed}").randrange(SEATS)
    check_seat_number(first_bidder, "bad_first_bidder")
    cards = shuffled_deck(2, seed)
    hands = [cards[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(SEATS)]
    kitty = cards[SEATS * HAND_SIZE :]
    return Deal(hands, kitty, first_bidder, {"seed": seed, "first_bidder": first_bidder})


def given(hands: Sequence[CardsLike], kitty: CardsLike, first_bidder: int = 0) -> Deal:
    """Any four equal hands and a kitty of 8 (tests, puzzles); no card more than twice."""
    if len(hands) != SEATS:
        raise illegal("deal_four_hands")
    dealt = [cards_of(hand) for hand in hands]
    laid = cards_of(kitty)
    size = len(dealt[0])
    if size == 0 or any(len(hand) != size for hand in dealt):
        raise illegal("deal_unequal_hands")
    if len(laid) != KITTY_SIZE:
        raise illegal("deal_kitty_size", count=len(laid))
    seen = moves.counts([card for hand in dealt for card in hand] + laid)
    for card, count in seen.items():
        if count > 2:
            raise illegal("deal_card_too_often", card=str(card), count=count)
    check_seat_number(first_bidder, "bad_first_bidder")
    start = {
        "hands": [" ".join(map(str, hand)) for hand in dealt],
        "kitty": " ".join(map(str, laid)),
        "first_bidder": first_bidder,
    }
    return Deal(dealt, laid, first_bidder, start)
