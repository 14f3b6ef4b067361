"""A few sensible plays for a 三扣 seat, for suggestions: never the whole list of follows.

Following asks only for the right number of cards of the led suit (RULES.md §2.6), so after a
big lead the legal follows are every way to fill the free part: a player void in the suit of
a 10-card lead with 33 cards may answer in millions of ways (``Game.legal_plays`` lists them
all, lazily). A person picks among a few shapes instead, and that is what is offered here:
the part the rule forces, then the free part filled by groups: the lowest cards with pairs
kept together, pairs first, one suit first (all trumps: 枪), or the strongest cards when the
follow can still win. Cards already chosen (typed) stay in every suggestion.

``menu`` orders such plays for the hand message's "legal plays" menu (the plays that take the
trick first), and ``kitty_choices`` offers the dealer a few whole kitties to bury.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice

from engine.cards import SUITS, Card, Suit
from engine.sankou import moves
from engine.sankou.combos import Key, Kind, Lead, classify_lead, is_eight, play_key
from engine.sankou.game import KITTY_SIZE
from engine.sankou.order import TRUMP, CardOrder, order_for
from engine.sankou.policy import best_trump, burial, winning_candidates
from engine.sankou.view import Phase, SankouView

WORK = 2000  # leads looked at, at most, for one menu
FOLLOW_WORK = 200  # further legal follows looked at, cheapest first, after the groups


@dataclass(frozen=True, slots=True)
class FollowRule:
    """How a follow of a lead can be completed from a hand once ``chosen`` is in it.

    Every legal follow holding ``chosen`` also holds ``forced`` (the rest of the led suit, when
    the hand cannot fill the lead with that suit) plus exactly ``free`` more cards, any of
    ``pool``: the led suit when the hand holds enough of it, else every other card.
    """

    chosen: tuple[Card, ...]
    forced: tuple[Card, ...]
    pool: tuple[Card, ...]  # cheapest first, equal cards side by side
    free: int


def cheapness(order: CardOrder) -> Callable[[Card], tuple[bool, bool, int, int]]:
    """Least valuable first: cards without points, side suits, weak (as ``moves.follows``)."""
    suit_of, strength = order.suit, order.strength

    def key(card: Card) -> tuple[bool, bool, int, int]:
        i = card.index
        return (card.points > 0, suit_of[i] == TRUMP, strength[i], i)

    return key


def follow_rule(
    hand: Sequence[Card], lead: Lead, order: CardOrder, chosen: Sequence[Card] = ()
) -> FollowRule | None:
    """The rule for completing ``chosen`` into a follow of ``lead``; None if no follow can
    hold ``chosen`` (cards not held, too many, or too many outside the led suit)."""
    left = Counter(hand)
    for card in chosen:
        if left[card] == 0:
            return None
        left[card] -= 1
    suit_of = order.suit
    held = sum(1 for card in hand if suit_of[card.index] == lead.suit)
    must = min(held, lead.size)  # cards of the led suit every follow holds
    chosen_suited = sum(1 for card in chosen if suit_of[card.index] == lead.suit)
    if len(chosen) > lead.size or len(chosen) - chosen_suited > lead.size - must:
        return None
    rest = sorted(left.elements(), key=cheapness(order))
    suited = tuple(card for card in rest if suit_of[card.index] == lead.suit)
    others = tuple(card for card in rest if suit_of[card.index] != lead.suit)
    free = lead.size - len(chosen)
    if held >= lead.size:
        return FollowRule(tuple(chosen), (), suited, free)
    return FollowRule(tuple(chosen), suited, others, free - len(suited))


def completions(
    hand: Sequence[Card], lead: Lead, order: CardOrder, chosen: Sequence[Card] = ()
) -> Iterator[list[Card]]:
    """Legal follows of ``lead`` holding ``chosen``: a handful, by groups, lowest first.

    Each is ``chosen`` followed by the rest in display order; none is repeated.
    """
    rule = follow_rule(hand, lead, order, chosen)
    if rule is None:
        return
    pool, k = list(rule.pool), rule.free
    fills = [_lowest(pool, k, keep_pairs=True), pool[:k], _lowest(_pairs_first(pool), k)]
    classes = list(dict.fromkeys(order.suit[card.index] for card in pool))
    for cls in classes:
        fills.append(_lowest([c for c in pool if order.suit[c.index] == cls], k, rest=pool))
    strong = _winning_suit(rule, lead, order)
    if strong is not None:
        best = sorted((c for c in pool if order.suit[c.index] == strong), key=_strongest(order))
        fills.append(_lowest(_pairs_first(best), k, rest=pool))
    seen: set[tuple[int, ...]] = set()
    for fill in fills:
        if len(fill) != k:
            continue
        rest = sorted([*rule.forced, *fill], key=order.sort_key)
        key = tuple(sorted(card.index for card in rest))
        if key not in seen:
            seen.add(key)
            yield [*rule.chosen, *rest]


def _winning_suit(rule: FollowRule, lead: Lead, order: CardOrder) -> int | None:
    """The suit class in which a follow completed by this rule could take the trick: the led
    suit when the hand holds enough of it, trumps when void in a led side suit (枪)."""
    if rule.forced or lead.kind is Kind.EIGHT:
        return None  # part of the led suit plus other cards never wins; nor does a follow to 八张
    if any(order.suit[card.index] == lead.suit for card in rule.pool):
        return lead.suit
    return TRUMP if lead.suit != TRUMP else None


def _strongest(order: CardOrder) -> Callable[[Card], tuple[int, int]]:
    strength = order.strength
    return lambda card: (-strength[card.index], card.index)


def _pairs_first(cards: list[Card]) -> list[Card]:
    """The pairs of ``cards`` (in their order), then its singles."""
    count = Counter(cards)
    return [c for c in cards if count[c] == 2] + [c for c in cards if count[c] != 2]


def _lowest(
    cards: list[Card], k: int, *, keep_pairs: bool = True, rest: list[Card] | None = None
) -> list[Card]:
    """``k`` cards taken from ``cards`` in order, then from ``rest``; a pair is not split while
    a single further on can fill the last place."""
    first = set(cards)
    order = list(cards) + [c for c in rest or () if c not in first]
    count = Counter(order)
    units: list[list[Card]] = []
    paired: set[Card] = set()
    for card in order:
        if count[card] == 2 and keep_pairs:
            if card not in paired:
                paired.add(card)
                units.append([card, card])
        else:
            units.append([card])
    taken: list[Card] = []
    skipped: list[list[Card]] = []
    for unit in units:
        if len(taken) + len(unit) <= k:
            taken += unit
        else:
            skipped.append(unit)
        if len(taken) == k:
            return taken
    for unit in skipped:  # nothing else fits: split a pair
        taken += unit[: k - len(taken)]
        if len(taken) == k:
            break
    return taken


def lead_of(view: SankouView) -> Lead | None:
    """The lead to follow in the trick the view shows (None: the seat is to lead)."""
    if not view.trick:
        return None
    return classify_lead(list(view.trick[0].cards), order_for(view.trump))


def suggestions(view: SankouView, chosen: Sequence[Card] = ()) -> Iterator[list[Card]]:
    """Sensible plays for the view's own seat that hold ``chosen``, lazily.

    Leading: every single, pair, tractor and eight of a kind that holds ``chosen`` (throws are
    the player's own idea). Following: ``completions``. Nothing when it is not the seat's turn
    to play a card.
    """
    if view.phase is not Phase.PLAY or view.seat is None or view.to_move != view.seat:
        return
    hand = list(view.hand or ())
    order = order_for(view.trump)
    lead = lead_of(view)
    if lead is not None:
        yield from completions(hand, lead, order, chosen)
        return
    wanted = Counter(chosen)
    for play in moves.leads(hand, order):
        if not wanted - Counter(play):
            yield play


def best_key(view: SankouView, lead: Lead, order: CardOrder) -> Key | None:
    """The standing of the play winning the view's trick so far (the lead's, or a later one)."""
    best: Key | None = None
    for index, play in enumerate(view.trick):
        key = lead.key if index == 0 else play_key(lead, list(play.cards), order)
        if key is not None and (best is None or key > best):
            best = key
    return best


def menu(view: SankouView, first: Sequence[Card] = (), limit: int = 25) -> list[list[Card]]:
    """Up to ``limit`` legal plays for the view's seat, best first; ``first`` (the hint) leads.

    Following: the follows that would take the trick now, cheapest first (plays of the lead's
    shape, and the suggestions by groups); then those suggestions (``suggestions``); then
    further legal follows, cheapest first (no more than ``FOLLOW_WORK`` looked at). Leading:
    tractors (longest first), eights of a kind, pairs, then singles, each strongest first
    (throws are the player's own idea: the card menus). Empty when it is not the seat's turn
    to play a card.
    """
    if view.phase is not Phase.PLAY or view.seat is None or view.to_move != view.seat:
        return []
    hand = list(view.hand or ())
    order = order_for(view.trump)
    lead = lead_of(view)
    if lead is None:
        strength = order.strength

        def lead_rank(play: list[Card]) -> tuple[int, int, int]:
            kind = 1 if is_eight(play) else 0 if len(play) > 2 else 4 - len(play)
            return (kind, -len(play), -max(strength[card.index] for card in play))

        found = sorted(islice(moves.leads(hand, order), WORK), key=lead_rank)
    else:
        best = best_key(view, lead, order)

        def wins(play: list[Card]) -> bool:
            key = play_key(lead, play, order)
            return best is not None and key is not None and key > best

        shaped = [
            p for p in winning_candidates(hand, lead, order) if _is_follow(hand, lead, order, p)
        ]
        grouped = list(suggestions(view))
        cheapest = list(islice(moves.follows(hand, lead, order), FOLLOW_WORK))
        winning = [play for play in [*shaped, *grouped, *cheapest] if wins(play)]
        found = [*winning, *grouped, *cheapest]
    out: list[list[Card]] = []
    seen: set[tuple[int, ...]] = set()
    for play in [list(first), *found] if first else found:
        key = tuple(sorted(card.index for card in play))
        if key not in seen:
            seen.add(key)
            out.append(sorted(play, key=order.sort_key))
        if len(out) >= limit:
            break
    return out


def _is_follow(hand: Sequence[Card], lead: Lead, order: CardOrder, cards: list[Card]) -> bool:
    """Whether ``cards`` is a whole legal follow of ``lead`` from ``hand``."""
    rule = follow_rule(hand, lead, order, cards)
    return rule is not None and rule.free == 0 and not rule.forced


def kitty_choices(view: SankouView, first: Sequence[Card] = ()) -> list[tuple[Suit, list[Card]]]:
    """Whole kitties for the dealer to bury, one per suit it keeps as trump: ``first`` (the
    hint's kitty, for the suit the cards it keeps suggest), then the policy's for the other
    suits (side cards, no points if avoidable, shortest suits first); a kitty two suits would
    both bury is offered once. Empty unless the view is the dealer's in the kitty phase."""
    if view.phase is not Phase.KITTY or view.seat is None or view.seat != view.dealer:
        return []
    hand = list(view.hand or ())
    display = order_for(None).sort_key
    out: list[tuple[Suit, list[Card]]] = []
    if len(first) == KITTY_SIZE and not Counter(first) - Counter(hand):
        kept = list((Counter(hand) - Counter(first)).elements())
        out.append((best_trump(kept), sorted(first, key=display)))
    for suit in dict.fromkeys([best_trump(hand), *SUITS]):
        kitty = sorted(burial(hand, suit), key=display)
        if all(kitty != other and suit != taken for taken, other in out):
            out.append((suit, kitty))
    return out
