"""A fast, card-counting heuristic for 三扣 play: the rollout policy and the middle level.

It knows what a careful player knows: its own hand, the kitty if it laid it, every card
played and the voids revealed by following (``seen``). From that it tells which of its
cards are *masters* (no unseen card can beat them), cashes masters and throws that are
certain to stand, lets the dealer draw trumps while the defenders still hold some (masters,
then its cheapest pair), feeds points to a partner whose trick is safe, wins tricks as
cheaply as is safe, and otherwise gives up what costs least: points given away plus what
the card is worth keeping (a joker or a 10 is worth more than a 5 or a K given away),
shortening side suits so it can ruff later. Defenders keep off suits the
dealer is likely to be void in (few cards of it unseen: the dealer buries short suits), and
a defender second to play after a dealer's lead that many unseen cards beat gives points
for the two partners behind to take, as the searching player does (``FEED_BEHIND``).

Drawing trumps from the top when the defenders' pairs beat the dealer's cheapest pair, as
issue 24 asked, cost 0.10 a hand against the heuristic before it (600 self-play hands;
leading the cheapest single instead cost 0.17): the cheapest pair stays, and the search
compares the alternatives (its candidates include the highest trump and every pair).

With nothing better to lead, it leads the lowest pair without points of its shortest side
suit that holds one (else the cheapest card of its shortest suit): a low pair is beaten only
by a higher pair, and the others spend two cards of the suit on it. Judging its moves with
the hand review's search showed the big search leading such a pair where it led a single,
and it wins +0.04 a seat a hand against the heuristic leading singles (docs/ai.md "The
heuristics"). The search's first candidate leads the pair too (``player.FIRST_PAIRS``,
measured in strong matches), but its rollouts and the worlds' likelihood keep the single
(``ROLLOUTS_PAIRS``): as in 清墩, a stronger heuristic there did not make a better model of
the other seats (no gain measured).
"""

from __future__ import annotations

from engine.ai.sankou.seen import Game, Memory, Seen
from engine.cards import Card
from engine.sankou import combos, moves
from engine.sankou.combos import Kind, Lead
from engine.sankou.order import LEVEL, TRUMP, CardOrder

#: What a card is worth keeping, beyond its points: jokers and 10s by their strength.
_TOP_TRUMPS = {23: 34.0, 22: 31.0, 21: 28.0, 20: 26.0}  # BJ, SJ, trump 10, other 10s
PAIR_BONUS = 2.0  # breaking a pair costs this much more
SHORT_SUIT = 0.3  # per card of its suit: shorter side suits are given up first
#: A defender takes the dealer to be void in a side suit of which fewer cards are unseen.
LIKELY_VOID = 4
#: A defender with both partners still to play after the dealer's winning play feeds them
#: points when at least this many unseen cards (pairs, against a pair) beat that play: one
#: of them likely takes the trick. None: never. (Where that held, the strong player at 100
#: rollouts fed points in 80 of 137 positions of its own self-play, with fewer cards above
#: in 37 of 332, with one partner behind in 8 of 65; docs/ai.md "Feeding the partners
#: behind": kept for +0.027 [+0.018, +0.036] in ``medium``, +0.013 [−0.051, +0.076] in
#: the strong player, 2,000 and 200 deals.)
FEED_BEHIND: int | None = 6
#: Whether the rollouts and the worlds' likelihood lead low pairs as ``medium`` does.
ROLLOUTS_PAIRS = False


def keep_value(card: Card, order: CardOrder) -> float:
    """How much a card is worth keeping (its power to win tricks), points aside."""
    strength = order.strength[card.index]
    if order.suit[card.index] == TRUMP:
        return _TOP_TRUMPS.get(strength, 2.0 + strength)
    return 2.0 * max(0, strength - 8)


def cost(card: Card, seen: Seen) -> float:
    """What giving ``card`` to the other side costs: its points and its worth."""
    extra = PAIR_BONUS if seen.held[card.index] == 2 else 0.0
    return card.points + keep_value(card, seen.order) + extra


# ---------------------------------------------------------------------------------------
# Leading


def lead(game: Game, seat: int, memory: Memory, *, pairs: bool = True) -> list[Card]:
    """The cards to lead (``pairs``: a low pair before a single when nothing is sure)."""
    seen = Seen(game, seat, memory)
    order = seen.order
    is_dealer = seat == game.dealer
    trumps = seen.suit_cards(TRUMP)
    out = seen.unseen_count(TRUMP)
    if is_dealer and trumps and out and 2 * len(trumps) >= out:
        # Draw the defenders' trumps first: masters, then the cheapest pair, or single.
        top = masters(seen, TRUMP)
        if top:
            return top
        pairs = [c for c in dict.fromkeys(trumps) if seen.held[c.index] == 2]
        pairs.sort(key=lambda c: (c.points > 0, order.strength[c.index]))
        if pairs:
            return [pairs[0], pairs[0]]
        return [cheapest(trumps, order)]
    cash = cashable(seen)
    if cash:
        return max(cash, key=lambda cards: (len(cards), sum(c.points for c in cards)))
    side = [s for s in range(4) if seen.suit_cards(s)]
    if not side:
        return masters(seen, TRUMP) or [cheapest(trumps, order)]
    if not is_dealer:
        # Lead towards a partner who can ruff, while the dealer still follows.
        partners = [s for s in range(4) if s not in (seat, game.dealer)]
        for suit in side:
            if any(suit in memory.voids[p] for p in partners) and not seen.may_ruff(
                suit, seen.opponents
            ):
                return [cheapest(seen.suit_cards(suit), order)]
        safe = [s for s in side if not seen.may_ruff(s, seen.opponents)]
        side = safe or side
        # The dealer buries short suits: keep off those with few cards unseen.
        held = [s for s in side if seen.unseen_count(s) >= LIKELY_VOID]
        side = held or side
    low = {s: pair for s in side if (pair := low_pair(seen, s))} if pairs else {}
    suit = min(list(low) or side, key=lambda s: (len(seen.suit_cards(s)), s))
    pair = low.get(suit)
    return [pair, pair] if pair else [cheapest(seen.suit_cards(suit), order)]


def low_pair(seen: Seen, suit: int) -> Card | None:
    """The weakest pair without points the seat holds in a suit class; None if none."""
    held = seen.held
    return next((c for c in seen.suit_cards(suit) if held[c.index] == 2 and not c.points), None)


def cashable(seen: Seen) -> list[list[Card]]:
    """Side-suit leads certain to win: masters, as one throw per suit when it stands."""
    found = []
    for suit in range(4):
        cards = seen.suit_cards(suit)
        if not cards or seen.may_ruff(suit, seen.opponents):
            continue
        top_single = seen.top_unseen(suit)
        top_pair = seen.top_unseen(suit, pairs=True)
        strength = seen.order.strength
        held = seen.held
        picked: list[Card] = []
        for card in dict.fromkeys(cards):
            s = strength[card.index]
            if held[card.index] == 2 and s >= top_pair:
                picked += [card, card]
            elif s >= top_single:
                picked += [card] * held[card.index]
        if picked:
            found.append(picked)
    return found


def masters(seen: Seen, suit: int) -> list[Card]:
    """A trump pair or single no unseen card beats, strongest first; [] if none."""
    cards = seen.suit_cards(suit)
    strength = seen.order.strength
    top_pair = seen.top_unseen(suit, pairs=True)
    top_single = seen.top_unseen(suit)
    for card in reversed(cards):
        if seen.held[card.index] == 2 and strength[card.index] >= top_pair:
            return [card, card]
    for card in reversed(cards):
        if strength[card.index] >= top_single:
            return [card]
    return []


def cheapest(cards: list[Card], order: CardOrder) -> Card:
    strength = order.strength
    return min(cards, key=lambda c: (c.points > 0, c.rank == LEVEL or c.suit is None,
                                     strength[c.index], c.index))  # fmt: skip


# ---------------------------------------------------------------------------------------
# Following


def follow(game: Game, seat: int, memory: Memory) -> list[Card]:
    """The cards to follow the current lead with."""
    seen = Seen(game, seat, memory)
    played_lead = game.lead
    best = game.winning_key()
    winner = game.winning_seat()
    assert played_lead is not None and best is not None and winner is not None
    dealer = game.dealer
    trick = game.trick
    after = [(seat + k) % 4 for k in range(1, 4 - len(trick))]
    rivals_after = [s for s in after if s in seen.opponents]
    points_on = sum(c.points for p in trick for c in p.cards)
    friend_winning = winner != dealer and seat != dealer
    if friend_winning:
        if _holds(seen, played_lead, best, rivals_after, game):
            return fill(seen, played_lead, feed=True)
        win = _winning(seen, played_lead, best, rivals_after, game, safe_only=True)
        if win is not None and points_on and not _expensive(win, seen):
            return win
        return fill(seen, played_lead, feed=False)
    win = _winning(seen, played_lead, best, rivals_after, game, safe_only=False)
    if win is not None:
        # Points already on the table are worth a risk; the win's own points are not.
        safe = _holds_play(seen, played_lead, win, rivals_after, game)
        if points_on or seat == dealer or not _expensive(win, seen) or safe:
            return win
    cheap = fill(seen, played_lead, feed=False)
    if seat != dealer and len(trick) == 1 and _likely_taken(seen, played_lead, trick[0].cards):
        fed = fill(seen, played_lead, feed=True)
        if sum(c.points for c in fed) > sum(c.points for c in cheap):
            return fed
    return cheap


def _likely_taken(seen: Seen, lead: Lead, cards: tuple[Card, ...]) -> bool:
    """Whether the two partners behind likely beat the dealer's lead (``FEED_BEHIND``)."""
    if FEED_BEHIND is None or lead.kind not in (Kind.SINGLE, Kind.PAIR):
        return False
    order = seen.order
    top = max(order.strength[c.index] for c in cards)
    pairs = lead.kind is not Kind.SINGLE
    return seen.unseen_above(order.suit[cards[0].index], top, pairs=pairs) >= FEED_BEHIND


def _expensive(cards: list[Card], seen: Seen) -> bool:
    """Jokers and 10s are the trumps worth keeping."""
    return any(c.suit is None or c.rank == LEVEL for c in cards)


def _holds(seen: Seen, lead: Lead, best: combos.Key, rivals: list[int], game: Game) -> bool:
    """Whether the play winning now is safe from the rivals still to play."""
    if not rivals:
        return True
    winning = next(p.cards for p in game.trick if p.seat == game.winning_seat())
    return _holds_play(seen, lead, list(winning), rivals, game)


def _holds_play(seen: Seen, lead: Lead, cards: list[Card], rivals: list[int], game: Game) -> bool:
    if not rivals:
        return True
    order = seen.order
    suit = order.suit[cards[0].index]
    strength = order.strength
    if lead.kind is Kind.THROW:
        return suit != TRUMP and not seen.may_ruff(suit, rivals)
    pairs = lead.kind is not Kind.SINGLE
    top = max(strength[c.index] for c in cards)
    if seen.top_unseen(suit, pairs=pairs) > top:
        return False
    return suit == TRUMP or not seen.may_ruff(suit, rivals)


def _winning(
    seen: Seen, lead: Lead, best: combos.Key, rivals: list[int], game: Game, *, safe_only: bool
) -> list[Card] | None:
    """The cheapest play that takes the trick (the cheapest safe one if there is one)."""
    options = beating(seen, lead, best)
    if not options:
        return None
    for cards in options:
        if _holds_play(seen, lead, cards, rivals, game):
            return cards
    return None if safe_only else options[0]


def beating(seen: Seen, lead: Lead, best: combos.Key) -> list[list[Card]]:
    """Plays of the lead's shape that beat ``best`` and are legal, weakest first."""
    order = seen.order
    suited = seen.suit_cards(lead.suit)
    void = not suited
    if not void and len(suited) < lead.size:
        return []  # must play all of the suit and fill: a mixed play never wins
    pool = suited if not void else seen.suit_cards(TRUMP) if lead.suit != TRUMP else []
    if not pool:
        return []
    found: list[list[Card]] = []
    kind = lead.kind
    if kind is Kind.SINGLE:
        found = [[c] for c in dict.fromkeys(pool)]
    elif kind is Kind.PAIR:
        found = [[c, c] for c in dict.fromkeys(pool) if seen.held[c.index] == 2]
    elif kind is Kind.TRACTOR:
        found = [t for t in moves.tractors(pool) if len(t) == lead.size]
        found.sort(key=lambda t: order.strength[t[-1].index])
    elif kind is Kind.THROW and void and len(pool) >= lead.size:
        pairs = [c for c in dict.fromkeys(pool) if seen.held[c.index] == 2]
        if len(pairs) >= lead.pairs:
            chosen = [c for p in pairs[: lead.pairs] for c in (p, p)]
            rest = [c for c in pool if c not in chosen[::2]]
            chosen += rest[: lead.size - len(chosen)]
            if len(chosen) == lead.size:
                found = [chosen]
    return [cards for cards in found if (combos.play_key(lead, cards, order) or (-1, -1)) > best]


def fill(seen: Seen, lead: Lead, *, feed: bool) -> list[Card]:
    """A legal follow that does not try to win: points to a partner (``feed``), or what
    costs least to give up (``cost``), side cards of short suits first among equals."""
    order = seen.order
    suit_of = order.suit

    def generous(c: Card) -> tuple:
        return (keep_value(c, order) - 2 * c.points, seen.held[c.index] == 2, c.index)

    def cheap(c: Card) -> tuple:
        return (cost(c, seen), c.index)

    key = generous if feed else cheap
    suited = sorted(seen.suit_cards(lead.suit), key=key)
    if len(suited) >= lead.size:
        return suited[: lead.size]
    others = [c for c in seen.hand if suit_of[c.index] != lead.suit]
    length = [0] * 5
    for c in others:
        length[suit_of[c.index]] += 1

    def filler(c: Card) -> tuple:
        if feed:
            return generous(c)
        side = SHORT_SUIT * length[suit_of[c.index]] if suit_of[c.index] != TRUMP else 0.0
        return (cost(c, seen) + side, c.index)

    others.sort(key=filler)
    return suited + others[: lead.size - len(suited)]


def play(game: Game, seat: int, memory: Memory, *, pairs: bool = True) -> list[Card]:
    if game.lead is None:
        return lead(game, seat, memory, pairs=pairs)
    return follow(game, seat, memory)
