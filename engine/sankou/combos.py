"""What a play is (RULES.md §2.5) and whether it takes the trick (§2.7).

A lead is classified once into a ``Lead``; every later play of the trick is reduced to a *key*,
a ``(tier, value)`` pair that is ``None`` when the play cannot win (wrong shape, wrong suit,
mixed suits). A play takes the trick exactly when its key is strictly greater than the key of
the play winning so far, which gives "equal cards: the earlier play wins" for free.

Tiers: 0 = the led side suit, 1 = trumps (a trump lead, or 枪 on a side lead), 2 = eight of a
kind. A player can only produce an all-trump play on a side lead when void in that suit (the
follow rule makes them play their cards of the suit first), so the tier alone encodes 枪.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.cards import Card
from engine.sankou.errors import illegal
from engine.sankou.order import ACE_LOW, LEVEL, POSITION, TRUMP, CardOrder

Key = tuple[int, int]
SIDE_TIER, TRUMP_TIER, EIGHT_TIER = 0, 1, 2
EIGHT = 8  # every rank exists 8 times in two decks


class Kind(Enum):
    SINGLE = "single"
    PAIR = "pair"
    TRACTOR = "tractor"
    THROW = "throw"
    EIGHT = "eight"  # 八张抄家


@dataclass(frozen=True, slots=True)
class Lead:
    """A classified lead: what the others must follow and what they must beat."""

    kind: Kind
    suit: int  # suit class to follow: TRUMP or 0-3 (an eight of a kind is followed as trump)
    size: int
    pairs: int  # pairs in it (a throw: its pairs, a tractor inside counting as plain pairs)
    key: Key


def is_pair(cards: list[Card]) -> bool:
    return len(cards) == 2 and cards[0] is cards[1]


def is_eight(cards: list[Card]) -> bool:
    """All eight cards of one rank (two decks hold exactly eight of each)."""
    if len(cards) != EIGHT:
        return False
    rank = cards[0].rank
    return all(card.rank == rank for card in cards)


def split(cards: list[Card], order: CardOrder) -> tuple[list[Card], list[Card]]:
    """The pairs (one card each) and the singles of a play, each weakest first."""
    seen: set[Card] = set()
    pairs: list[Card] = []
    for card in cards:
        if card in seen:
            pairs.append(card)
        seen.add(card)
    singles = [card for card in seen if card not in pairs]
    strength = order.strength
    pairs.sort(key=lambda card: strength[card.index])
    singles.sort(key=lambda card: strength[card.index])
    return pairs, singles


def tractor_top(cards: list[Card]) -> int | None:
    """The top position of a tractor, or ``None`` if ``cards`` is not one.

    ≥ 2 pairs of one real suit, no jokers or 10s, consecutive when 10 is skipped and A may be
    low (``AA22``, top 2) or high (``KKAA``, top 13); never both (no wrap).
    """
    n = len(cards)
    if n < 4 or n % 2:
        return None
    suit = cards[0].suit
    if suit is None:
        return None
    counts: dict[Card, int] = {}
    for card in cards:
        if card.suit is not suit or card.rank == LEVEL:
            return None
        counts[card] = counts.get(card, 0) + 1
    if len(counts) * 2 != n or any(count != 2 for count in counts.values()):
        return None
    positions = sorted(POSITION[card.rank] for card in counts)
    if positions[-1] - positions[0] == len(positions) - 1:
        return positions[-1]
    if positions[-1] == POSITION[14]:  # try the ace low
        low = [ACE_LOW, *positions[:-1]]
        if low[-1] - low[0] == len(low) - 1:
            return low[-1]
    return None


def classify_lead(cards: list[Card], order: CardOrder) -> Lead:
    """The lead ``cards`` make; ``IllegalMove`` if no lead is made of them."""
    n = len(cards)
    if n == 0:
        raise illegal("no_cards")
    if is_eight(cards):
        return Lead(Kind.EIGHT, TRUMP, n, 4, (EIGHT_TIER, cards[0].rank))
    suit_of = order.suit
    suit = suit_of[cards[0].index]
    if any(suit_of[card.index] != suit for card in cards):
        raise illegal("lead_mixed_suits")
    tier = TRUMP_TIER if suit == TRUMP else SIDE_TIER
    strength = order.strength[cards[0].index]
    if n == 1:
        return Lead(Kind.SINGLE, suit, 1, 0, (tier, strength))
    if is_pair(cards):
        return Lead(Kind.PAIR, suit, 2, 1, (tier, strength))
    top = tractor_top(cards)
    if top is not None:
        return Lead(Kind.TRACTOR, suit, n, n // 2, (tier, top))
    if suit == TRUMP:
        raise illegal("trump_throw")
    pairs, _ = split(cards, order)
    return Lead(Kind.THROW, suit, n, len(pairs), (SIDE_TIER, 0))


def play_key(lead: Lead, cards: list[Card], order: CardOrder) -> Key | None:
    """How strongly a legal follow of ``lead`` stands; ``None`` if it cannot take the trick."""
    if lead.size == EIGHT and is_eight(cards):
        return (EIGHT_TIER, cards[0].rank)
    if lead.kind is Kind.EIGHT:
        return None
    suit_of = order.suit
    suit = suit_of[cards[0].index]
    if any(suit_of[card.index] != suit for card in cards):
        return None
    if suit == lead.suit:
        tier = TRUMP_TIER if suit == TRUMP else SIDE_TIER
    elif suit == TRUMP:
        tier = TRUMP_TIER
    else:
        return None
    strength = order.strength
    kind = lead.kind
    if kind is Kind.SINGLE:
        return (tier, strength[cards[0].index])
    if kind is Kind.PAIR:
        return (tier, strength[cards[0].index]) if cards[0] is cards[1] else None
    if kind is Kind.TRACTOR:
        top = tractor_top(cards)
        return (tier, top) if top is not None else None
    # A throw: only an all-trump play with at least as many pairs, by its highest pair.
    if tier == SIDE_TIER:
        return None
    pairs, _ = split(cards, order)
    if len(pairs) < lead.pairs:
        return None
    if lead.pairs:
        return (TRUMP_TIER, strength[pairs[-1].index])
    return (TRUMP_TIER, max(strength[card.index] for card in cards))


def throw_failure(
    throw: list[Card], others: list[list[Card]], order: CardOrder
) -> list[Card] | None:
    """The cards a throw is cut down to, or ``None`` if it stands (RULES.md §2.5).

    It fails if another hand holds, in the thrown suit, a pair stronger than the throw's
    smallest pair (then that pair is forced) or a single stronger than its smallest single
    (then, when no pair could be beaten, that single is forced). The seed's own example:
    ``57788`` against ``99`` forces ``77``, against a lone higher card ``5``. "Stronger" is
    strict: an equal card would lose to the earlier play anyway.
    """
    pairs, singles = split(throw, order)
    suit_of, strength = order.suit, order.strength
    suit = suit_of[throw[0].index]
    low_single = strength[singles[0].index] if singles else 99
    low_pair = strength[pairs[0].index] if pairs else 99
    single_beaten = False
    for hand in others:
        seen: set[Card] = set()
        for card in hand:
            if suit_of[card.index] != suit:
                continue
            value = strength[card.index]
            if value > low_pair and card in seen:
                return [pairs[0], pairs[0]]
            if value > low_single:
                single_beaten = True
            seen.add(card)
    return [singles[0]] if single_beaten else None


def lead_made(
    cards: list[Card], hands: list[list[Card]], seat: int, order: CardOrder
) -> tuple[Lead, list[Card] | None]:
    """The lead ``seat`` makes with ``cards`` against the other ``hands``, with the cards a
    throw is cut down to when it fails (``throw_failure``; else ``None``): what a lead really
    plays. The other hands are gathered only for a throw (rollouts lead often)."""
    lead = classify_lead(cards, order)
    if lead.kind is not Kind.THROW:
        return lead, None
    others = [hand for s, hand in enumerate(hands) if s != seat]
    forced = throw_failure(cards, others, order)
    return (lead, None) if forced is None else (classify_lead(forced, order), forced)
