"""A short rule-based player for both games, written apart from ``engine/ai``: a yardstick.

It decides from the seat's observation only, with a handful of rules a casual player would
state: shed the lowest ranks, keep bombs, let the partner's trick stand, win cheaply, feed
points to a winning partner, bid on jokers and 10s. It shares no code with the AI's
heuristics (only the engine's move generators), so beating it says something about them.
"""

from __future__ import annotations

from collections import Counter
from itertools import islice

from engine.actions import Action, Bid, DeclareTrump, Discard, Pass, Play
from engine.cards import SUITS, Card, Suit
from engine.qingdun.combos import STRENGTH
from engine.qingdun.moves import Hand, Move
from engine.qingdun.observation import QingdunObservation
from engine.sankou import combos, moves
from engine.sankou.observation import SankouObservation
from engine.sankou.order import LEVEL, TRUMP, order_for
from engine.sankou.view import Phase

FOLLOWS_LOOKED_AT = 40


def decide(obs: QingdunObservation | SankouObservation) -> Action:
    if isinstance(obs, QingdunObservation):
        return _qingdun(obs)
    return _sankou(obs)


# -- 清墩 ------------------------------------------------------------------------------


def _qingdun(obs: QingdunObservation) -> Action:
    seat = obs.seat
    cnt, rc = [0] * 54, [0] * 17
    for card in obs.hand:
        cnt[card.index] += 1
        rc[card.rank] += 1
    hand = Hand(cnt, rc)
    bomb_ranks = {r for r in range(17) if rc[r] >= 4}

    def tears(move: Move) -> int:  # cards left behind in the ranks a plain play touches
        used = Counter(card.rank for card in move.cards)
        return sum(rc[r] - n for r, n in used.items()) + 9 * any(r in bomb_ranks for r in used)

    if obs.top is None:
        moves_ = list(hand.leads())
        if any(len(m.cards) == len(obs.hand) for m in moves_):
            return Play(seat, tuple(obs.hand))
        plain = [m for m in moves_ if m.rung < 0] or moves_
        whole = [m for m in plain if not tears(m)] or plain  # plays that tear nothing
        # the lowest card first, as long a play as possible
        low = min(STRENGTH[c.rank] for m in whole for c in m.cards)
        start = [m for m in whole if min(STRENGTH[c.rank] for c in m.cards) == low]
        return Play(seat, tuple(max(start, key=lambda m: len(m.cards)).cards))
    if obs.top_seat == (seat + 2) % 4:
        return Pass(seat)
    answers = list(hand.answers(obs.top, obs.top_led))
    for m in answers:
        if len(m.cards) == len(obs.hand):
            return Play(seat, tuple(m.cards))
    danger = min(obs.hand_sizes[s] or 99 for s in ((seat + 1) % 4, (seat + 3) % 4))
    # beat without tearing a group apart, unless an opponent is close to going out
    plain = [m for m in answers if m.rung < 0 and (not tears(m) or (danger <= 6 and tears(m) < 9))]
    if plain:
        return Play(seat, tuple(min(plain, key=lambda m: (tears(m) > 0, m.key)).cards))
    bombs = [m for m in answers if m.rung >= 0]
    points = sum(c.points for p in obs.trick for c in p.cards)
    if bombs and (points >= 20 or danger <= 6):
        return Play(seat, tuple(min(bombs, key=lambda m: (m.rung, m.key)).cards))
    return Pass(seat)


# -- 三扣 ------------------------------------------------------------------------------


def _trump_suit(hand: tuple[Card, ...]) -> Suit:
    length = Counter(c.suit for c in hand if c.suit is not None and c.rank != LEVEL)
    return max(SUITS, key=lambda s: (length[s], -SUITS.index(s)))


def _sankou(obs: SankouObservation) -> Action:
    seat, hand = obs.seat, obs.hand
    if obs.phase is Phase.BIDDING:
        jokers = sum(1 for c in hand if c.suit is None)
        tens = sum(1 for c in hand if c.rank == LEVEL)
        longest = Counter(c.suit for c in hand if c.suit is not None and c.rank != LEVEL)
        guess = 25 + 8 * jokers + 5 * tens + 4 * max(0, max(longest.values(), default=0) - 6)
        amounts = [b.amount for b in obs.bids if b.amount is not None]
        lowest = max(amounts) + 5 if amounts else 80
        return Bid(seat, lowest) if guess >= lowest else Pass(seat)
    if obs.phase is Phase.KITTY:
        order = order_for(_trump_suit(hand))
        laid = sorted(hand, key=lambda c: (order.suit[c.index] == TRUMP, c.points, c.rank))
        return Discard(seat, tuple(laid[:8]))
    if obs.phase is Phase.TRUMP:
        return DeclareTrump(seat, _trump_suit(hand))
    order = order_for(obs.trump)
    strength, suit_of = order.strength, order.suit

    def strength_of(card: Card) -> tuple[int, int]:
        return (card.points > 0, strength[card.index])

    if obs.lead is None:
        side = [c for c in hand if suit_of[c.index] != TRUMP]
        trumps = sorted((c for c in hand if suit_of[c.index] == TRUMP), key=strength_of)
        if seat == obs.dealer and len(trumps) >= 8:  # draw trumps with the lowest
            return Play(seat, (trumps[0],))
        aces = [c for c in side if c.rank == 14]
        if aces:
            return Play(seat, (aces[0],))
        if not side:
            return Play(seat, (trumps[0],))
        short = Counter(suit_of[c.index] for c in side)
        suit = min(short, key=lambda s: short[s])
        cards = [c for c in side if suit_of[c.index] == suit]
        return Play(seat, (min(cards, key=lambda c: strength[c.index]),))
    best, winner = obs.lead.key, obs.trick[0].seat
    for play in obs.trick[1:]:
        key = combos.play_key(obs.lead, list(play.cards), order)
        if key is not None and key > best:
            best, winner = key, play.seat
    options = list(islice(moves.follows(list(hand), obs.lead, order), FOLLOWS_LOOKED_AT))
    friend = (winner == obs.dealer) == (seat == obs.dealer)
    if friend:
        return Play(seat, tuple(max(options, key=lambda o: sum(c.points for c in o))))
    winning = [o for o in options if (combos.play_key(obs.lead, o, order) or (-1, -1)) > best]
    on_table = sum(c.points for p in obs.trick for c in p.cards)
    if winning and (on_table or seat == obs.dealer or len(obs.trick) == 3):
        return Play(seat, tuple(winning[0]))
    return Play(seat, tuple(min(options, key=lambda o: sum(c.points for c in o))))
