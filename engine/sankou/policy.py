"""Simple players: ``hint`` (bot seats, the Hint button) and ``random_play`` (tests, benchmarks).

``hint`` is a plain, predictable policy, not a strong one: it must always return a legal
action in every phase, quickly. The defenders play as a team against the dealer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from engine.actions import Action, Bid, DeclareTrump, Discard, Pass, Play
from engine.cards import ACE, SUITS, Card, Suit
from engine.sankou import combos, moves
from engine.sankou.combos import Key, Kind, Lead
from engine.sankou.errors import illegal
from engine.sankou.order import LEVEL, TRUMP, CardOrder, order_for
from engine.sankou.view import Phase


class Game(Protocol):
    """What the simple players read of a 三扣 game (``engine.sankou.game.Game`` has it all).

    A protocol, so the game can import this module for ``hint`` without a circle.
    """

    @property
    def phase(self) -> Phase: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def dealer(self) -> int | None: ...
    @property
    def order(self) -> CardOrder: ...
    @property
    def lead(self) -> Lead | None: ...
    def hand(self, seat: int) -> tuple[Card, ...]: ...
    def min_bid(self) -> int: ...
    def winning_seat(self) -> int | None: ...
    def winning_key(self) -> Key | None: ...
    def is_legal(self, seat: int, cards: Sequence[Card]) -> bool: ...


BID_CAP = 110  # the hint never bids above this
STRONG_HAND = 17  # hand strength (see ``_strength``) from which the hint bids


def hint(game: Game, seat: int) -> Action:
    """A legal action for ``seat`` now; ``IllegalMove`` if ``seat`` has nothing to do."""
    if game.to_move != seat:
        raise illegal("no_hint", seat=seat)
    hand = list(game.hand(seat))
    phase = game.phase
    if phase is Phase.BIDDING:
        cap = min(BID_CAP, 80 + 5 * (_strength(hand) - STRONG_HAND))
        minimum = game.min_bid()
        return Bid(seat, minimum) if minimum <= cap else Pass(seat)
    if phase is Phase.KITTY:
        return Discard(seat, tuple(burial(hand)))
    if phase is Phase.TRUMP:
        return DeclareTrump(seat, best_trump(hand))
    order, lead = game.order, game.lead
    if lead is None:
        return Play(seat, tuple(_lead(hand, order)))
    return Play(seat, tuple(_follow(game, seat, hand, lead, order)))


def _strength(hand: list[Card]) -> int:
    """A rough count: jokers 3, 10s 2, plus the length of the longest suit."""
    jokers = sum(1 for card in hand if card.suit is None)
    tens = sum(1 for card in hand if card.rank == LEVEL)
    return 3 * jokers + 2 * tens + max(_suit_length(hand, suit) for suit in SUITS)


def _suit_length(hand: list[Card], suit: Suit) -> int:
    return sum(1 for card in hand if card.suit is suit and card.rank != LEVEL)


def best_trump(hand: list[Card]) -> Suit:
    """The longest suit (10s aside), the stronger one on a tie."""
    return max(
        SUITS,
        key=lambda s: (
            _suit_length(hand, s),
            sum(c.rank for c in hand if c.suit is s and c.rank != LEVEL),
        ),
    )


def burial(hand: list[Card], trump: Suit | None = None) -> list[Card]:
    """8 cards for the kitty, for ``trump`` (default: ``best_trump``): side cards, no points if
    avoidable, shortest suits first."""
    order = order_for(trump or best_trump(hand))
    length = {suit: _suit_length(hand, suit) for suit in SUITS}

    def keep_value(card: Card) -> tuple[bool, bool, int, int, int]:
        i = card.index
        trump = order.suit[i] == TRUMP
        short = 0 if trump else length[SUITS[order.suit[i]]]
        return (trump, card.points > 0, short, order.strength[i], i)

    return sorted(hand, key=keep_value)[:8]


def _lead(hand: list[Card], order: CardOrder) -> list[Card]:
    """A side tractor, else a side ace pair or ace, else the weakest safe single."""
    suit_of = order.suit
    tractors = [t for t in moves.tractors(hand) if suit_of[t[0].index] != TRUMP]
    if tractors:
        return max(tractors, key=len)
    held = moves.counts(hand)
    aces = [c for c in held if c.rank == ACE and suit_of[c.index] != TRUMP]
    for ace in aces:
        if held[ace] == 2:
            return [ace, ace]
    if aces:
        return [aces[0]]
    return [min(hand, key=_cheap(order))]


def _follow(game: Game, seat: int, hand: list[Card], lead: Lead, order: CardOrder) -> list[Card]:
    """Feed points to a winning partner; else win as cheaply as possible; else play cheap."""
    winner = game.winning_seat()
    dealer = game.dealer
    partner_winning = winner is not None and (winner == dealer) == (seat == dealer)
    if partner_winning:
        return _fill(hand, lead, order, _generous(order))
    best = game.winning_key()
    assert best is not None
    for candidate in winning_candidates(hand, lead, order):
        key = combos.play_key(lead, candidate, order)
        if key is not None and key > best and game.is_legal(seat, candidate):
            return candidate
    return _fill(hand, lead, order, _cheap(order))


def winning_candidates(hand: list[Card], lead: Lead, order: CardOrder) -> list[list[Card]]:
    """Plays of the lead's shape, weakest first (the caller checks they win and are legal)."""
    strength = order.strength
    if lead.kind is Kind.SINGLE:
        return [[c] for c in sorted(set(hand), key=_cheap(order))]
    if lead.kind is Kind.PAIR:
        held = moves.counts(hand)
        pairs = sorted((c for c, n in held.items() if n == 2), key=lambda c: strength[c.index])
        return [[c, c] for c in pairs]
    if lead.kind is Kind.TRACTOR:
        return [t for t in moves.tractors(hand) if len(t) == lead.size]
    return []


def _fill(
    hand: list[Card], lead: Lead, order: CardOrder, key: Callable[[Card], object]
) -> list[Card]:
    """A legal follow choosing, by ``key``, the led-suit cards it must play and the fillers."""
    suit_of = order.suit
    suited = sorted((c for c in hand if suit_of[c.index] == lead.suit), key=key)
    if len(suited) >= lead.size:
        return suited[: lead.size]
    others = sorted((c for c in hand if suit_of[c.index] != lead.suit), key=key)
    return suited + others[: lead.size - len(suited)]


def _cheap(order: CardOrder) -> Callable[[Card], tuple[bool, bool, int, int]]:
    """Least useful first: no points, side cards, weak."""

    def key(card: Card) -> tuple[bool, bool, int, int]:
        i = card.index
        return (card.points > 0, order.suit[i] == TRUMP, order.strength[i], i)

    return key


def _generous(order: CardOrder) -> Callable[[Card], tuple[bool, int, bool, int, int]]:
    """Points first (side points before trump points), then the least useful cards; the 10s
    and jokers are kept back, being the strongest trumps."""

    def key(card: Card) -> tuple[bool, int, bool, int, int]:
        i = card.index
        trump = order.suit[i] == TRUMP
        return (trump and order.strength[i] > ACE, -card.points, trump, order.strength[i], i)

    return key


# ---------------------------------------------------------------------------------------
# Random legal play


def random_action(game: Game, rng: random.Random) -> Action:
    """A random legal action for the seat to move (bidding, kitty and trump included)."""
    seat = game.to_move
    if seat is None:
        raise illegal("hand_over")
    phase = game.phase
    if phase is Phase.BIDDING:
        minimum = game.min_bid()
        if rng.random() < 0.3:  # below 200, or the bidding would be over
            return Bid(seat, rng.randrange(minimum, min(minimum + 20, 200) + 1, 5))
        return Pass(seat)
    hand = list(game.hand(seat))
    if phase is Phase.KITTY:
        return Discard(seat, tuple(rng.sample(hand, 8)))
    if phase is Phase.TRUMP:
        return DeclareTrump(seat, rng.choice(SUITS))
    return Play(seat, tuple(random_play(game, seat, rng)))


def random_play(game: Game, seat: int, rng: random.Random) -> list[Card]:
    """A random legal play: a random single/pair/tractor/eight lead, sometimes a random
    one-suit set (often a throw); a random legal follow."""
    hand = list(game.hand(seat))
    order, lead = game.order, game.lead
    suit_of = order.suit
    if lead is None:
        if rng.random() < 0.2:
            side = [c for c in hand if suit_of[c.index] != TRUMP]
            if side:
                suit = suit_of[rng.choice(side).index]
                cards = [c for c in side if suit_of[c.index] == suit]
                return rng.sample(cards, rng.randint(1, min(len(cards), 6)))
        return rng.choice(list(moves.leads(hand, order)))
    suited = [c for c in hand if suit_of[c.index] == lead.suit]
    if len(suited) >= lead.size:
        return rng.sample(suited, lead.size)
    others = [c for c in hand if suit_of[c.index] != lead.suit]
    return suited + rng.sample(others, lead.size - len(suited))
