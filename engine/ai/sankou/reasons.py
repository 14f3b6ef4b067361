"""Why a 三扣 move was chosen, as a ``Reason`` code with parameters (docs/ai.md lists them).

The reason describes the chosen move in the terms of the heuristic's rules (draw trumps,
cash masters, feed a partner, win the trick, give up what costs least …); a move the search
chose over the heuristic's own says so (``found_by_search``) with what kind of move it is.
"""

from __future__ import annotations

from engine.ai.decision import Reason
from engine.ai.sankou import policy
from engine.ai.sankou.seen import Game, Memory, Seen
from engine.cards import SUITS, Card, Suit
from engine.sankou import combos
from engine.sankou.order import LEVEL, TRUMP, order_for


def setup_reason(hand: list[Card], laid: tuple[Card, ...], trump: Suit) -> Reason:
    """The kitty: which side suits it empties, and the points it buries."""
    order = order_for(trump)
    rest = list(hand)
    for card in laid:
        rest.remove(card)
    voids = [
        SUITS[s].value for s in range(4)
        if any(order.suit[c.index] == s for c in laid)
        and not any(order.suit[c.index] == s for c in rest)
    ]  # fmt: skip
    return Reason(
        "buries", {"voids": voids, "points": sum(c.points for c in laid), "trump": trump.value}
    )


def trump_reason(suit: Suit, cards: list[Card]) -> Reason:
    """The trump named, with how many trumps the hand holds under it."""
    count = sum(1 for c in cards if c.suit is None or c.rank == LEVEL or c.suit is suit)
    return Reason("names_trump", {"suit": suit.value, "cards": count})


def play_reason(
    game: Game, seat: int, memory: Memory, cards: list[Card], *, searched: bool
) -> Reason:
    seen = Seen(game, seat, memory)
    reason = (
        _lead(game, seat, memory, seen, cards)
        if game.lead is None
        else _follow(game, seat, seen, cards)
    )
    if searched:
        return Reason("found_by_search", {"move": reason.code, **reason.params})
    return reason


def _suit_name(seen: Seen, card: Card) -> str:
    suit = seen.order.suit[card.index]
    return "trump" if suit == TRUMP else SUITS[suit].value


def _lead(game: Game, seat: int, memory: Memory, seen: Seen, cards: list[Card]) -> Reason:
    suit = seen.order.suit[cards[0].index]
    if suit == TRUMP and seat == game.dealer:
        return Reason("draws_trumps", {"out": seen.unseen_count(TRUMP)})
    key = sorted(cards)
    if any(sorted(option) == key for option in policy.cashable(seen)) or (
        suit == TRUMP and policy.masters(seen, TRUMP) == cards
    ):
        return Reason("cashes_masters", {"cards": len(cards)})
    partners = [s for s in range(4) if s not in (seat, game.dealer)]
    if seat != game.dealer and any(suit in memory.voids[p] for p in partners):
        return Reason("leads_to_partner_ruff", {"suit": _suit_name(seen, cards[0])})
    if suit != TRUMP and len(cards) == 2 and cards[0] == cards[1]:
        return Reason("leads_pair", {"suit": _suit_name(seen, cards[0])})
    return Reason("leads_suit", {"suit": _suit_name(seen, cards[0]), "cards": len(cards)})


def _follow(game: Game, seat: int, seen: Seen, cards: list[Card]) -> Reason:
    lead = game.lead
    best = game.winning_key()
    winner = game.winning_seat()
    assert lead is not None and best is not None
    points = sum(c.points for p in game.trick for c in p.cards)
    given = sum(c.points for c in cards)
    key = combos.play_key(lead, cards, seen.order)
    if key is not None and key > best:
        code = "ruffs" if seen.order.suit[cards[0].index] != lead.suit else "wins_trick"
        return Reason(code, {"points": points + given})
    friend = (winner == game.dealer) == (seat == game.dealer)
    if friend and given:
        return Reason("feeds_partner", {"points": given})
    if given > sum(c.points for c in policy.fill(seen, lead, feed=False)):
        # the dealer is winning and has played, so whoever is still to play is a partner
        if seat != game.dealer and len(game.trick) < 3:
            return Reason("feeds_behind", {"points": given})
        return Reason("gives_points", {"points": given})
    return Reason("gives_least", {"points": given})
