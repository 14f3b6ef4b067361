"""Every refusal of the 三扣 engine, by code, for the translators.

``MESSAGES`` maps each ``IllegalMove.code`` to its English text; the ``{name}`` fields are the
error's ``params`` (seats and amounts as ints, cards as notation strings such as ``10H``, suits
as letters ``S H D C``; a ``{suit}`` field is shown as its symbol, ``♥``). ``illegal(code,
**params)`` builds the error from this one table, so text and translations cannot drift apart.
"""

from __future__ import annotations

from typing import Any

from engine.cards import Suit
from engine.errors import IllegalMove

MESSAGES: dict[str, str] = {
    # Deals given by hand (tests, puzzles, the start record)
    "deal_four_hands": "a deal needs exactly four hands",
    "deal_unequal_hands": "the four hands must have the same number of cards (at least one)",
    "deal_kitty_size": "the kitty must hold exactly 8 cards, not {count}",
    "deal_card_too_often": "{card} appears {count} times: two decks hold every card twice",
    "bad_first_bidder": "the first bidder must be seat 0-3, not {seat}",
    # Anyone, any time
    "bad_seat": "there is no seat {seat}: seats are 0-3",
    "hand_over": "the hand is over",
    # Bidding
    "not_bidding": "the bidding is over",
    "not_your_turn_bid": "not your turn: seat {seat} is to bid",
    "bid_step": "bids go up in fives",
    "bid_minimum": "a bid must be at least {minimum}",
    "bid_too_low": "the highest bid is {highest}: bid at least {minimum}",
    "bid_maximum": "a bid cannot be more than {maximum}",
    # Kitty
    "not_kitty_phase": "the kitty is not being laid now",
    "not_dealer_kitty": "only the dealer lays the kitty (seat {seat} is the dealer)",
    "kitty_count": "lay exactly 8 cards, not {count}",
    # Trump
    "not_trump_phase": "trump is not being named now",
    "not_dealer_trump": "only the dealer names trump (seat {seat} is the dealer)",
    "bad_trump": "trump must be one of the suits S, H, D or C (there is no no-trump), not {given}",
    # Play
    "not_play_phase": "cards are played only once the dealer has named trump",
    "not_your_turn_play": "not your turn: seat {seat} is to play",
    "no_cards": "play at least one card",
    "not_held": "you do not hold {card}",
    "held_once": "you hold only one {card}",
    "lead_mixed_suits": "a lead must be all one suit (trumps count as one suit), "
    "unless it is all eight cards of one rank",
    "trump_throw": "trumps cannot be thrown: lead a single, a pair or a tractor of trumps",
    "follow_count": "play exactly {count} cards, as many as the lead",
    "must_follow": "you must follow {suit}: you still hold {card}",
    "must_follow_trump": "you must follow trumps: you still hold {card}",
    # Hints
    "no_hint": "seat {seat} has nothing to do now",
    # Taking back a play (house rule)
    "take_back_none": "only the hand's last move can be taken back, by its player",
    "take_back_only_plays": "only a card play can be taken back, not a bid, the kitty or trump",
    "take_back_trick_over": "that move ended its trick: it cannot be taken back",
    "take_back_throw": "a throw cannot be taken back: stood or failed, it showed something of "
    "the other hands",
}


def illegal(code: str, **params: Any) -> IllegalMove:
    """The ``IllegalMove`` for ``code``, its English text filled in from ``params``."""
    shown = dict(params)
    if "suit" in shown:
        shown["suit"] = Suit(shown["suit"]).symbol
    return IllegalMove(MESSAGES[code].format(**shown), code=code, **params)
