"""A fast, card-counting heuristic for 三扣 play: the rollout policy and the middle level.

It knows what a careful player knows: its own hand, the kitty if it laid it, every card
played (``Memory``) and the voids revealed by following. From that it tells which of its
cards are *masters* (no unseen card can beat them), cashes masters and throws that are
certain to stand, lets the dealer draw trumps while the defenders still hold some, feeds
points to a partner whose trick is safe, wins tricks as cheaply as is safe, and otherwise
discards cheaply, shortening side suits so it can ruff later.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from engine.cards import ACE, ALL_CARDS, SUITS, Card, Suit
from engine.sankou import combos, moves
from engine.sankou.combos import Key, Kind, Lead
from engine.sankou.observation import SankouObservation
from engine.sankou.order import LEVEL, TRUMP, CardOrder, order_for
from engine.sankou.view import FinishedTrick, Phase, TrickPlay

COPIES = 2
KITTY_SIZE = 8


class Game(Protocol):
    """What the heuristic asks of a position: a sampled ``engine.sankou.Game`` in a rollout,
    or a ``Position`` built from an observation at the real table."""

    @property
    def order(self) -> CardOrder: ...
    @property
    def dealer(self) -> int | None: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def kitty(self) -> tuple[Card, ...]: ...
    @property
    def lead(self) -> Lead | None: ...
    @property
    def trick(self) -> tuple[TrickPlay, ...]: ...
    @property
    def tricks(self) -> tuple[FinishedTrick, ...]: ...
    def hand(self, seat: int) -> tuple[Card, ...]: ...
    def winning_key(self) -> Key | None: ...
    def winning_seat(self) -> int | None: ...


class Position:
    """An observation answering the heuristic's questions (only about the observing seat)."""

    def __init__(self, obs: SankouObservation) -> None:
        self.obs = obs
        self.order = order_for(obs.trump)
        self.dealer = obs.dealer
        self.phase = obs.phase
        self.kitty = obs.kitty or ()
        self.lead = obs.lead
        self.trick = obs.trick
        self.tricks = obs.tricks
        self._best: tuple[Key, int] | None = None
        if obs.lead is not None and obs.trick:
            # The play winning so far, by the engine's own comparison (§2.7).
            best = (obs.lead.key, obs.trick[0].seat)
            for play in obs.trick[1:]:
                key = combos.play_key(obs.lead, list(play.cards), self.order)
                if key is not None and key > best[0]:
                    best = (key, play.seat)
            self._best = best

    def hand(self, seat: int) -> tuple[Card, ...]:
        if seat != self.obs.seat:
            raise ValueError("a position only knows its own seat's hand")
        return self.obs.hand

    def winning_key(self) -> Key | None:
        return None if self._best is None else self._best[0]

    def winning_seat(self) -> int | None:
        return None if self._best is None else self._best[1]


class Memory:
    """Public card counting: copies of each card played, and each seat's revealed voids."""

    __slots__ = ("played", "voids")

    def __init__(self, played: list[int], voids: list[set[int]]) -> None:
        self.played = played
        self.voids = voids

    @classmethod
    def of(cls, game: Game) -> Memory:
        """The memory of a game so far (its tricks are public)."""
        played = [0] * 54
        voids: list[set[int]] = [set(), set(), set(), set()]
        suit_of = game.order.suit
        tricks = [t.plays for t in game.tricks]
        if game.trick:
            tricks.append(game.trick)
        for plays in tricks:
            lead = combos.classify_lead(list(plays[0].cards), game.order)
            for n, play in enumerate(plays):
                for card in play.cards:
                    played[card.index] += 1
                if n and sum(1 for c in play.cards if suit_of[c.index] == lead.suit) < lead.size:
                    voids[play.seat].add(lead.suit)
        return cls(played, voids)

    @classmethod
    def empty(cls) -> Memory:
        return cls([0] * 54, [set(), set(), set(), set()])

    def copy(self) -> Memory:
        return Memory(self.played[:], [set(v) for v in self.voids])

    def record(self, seat: int, cards: Iterable[Card], lead: Lead | None, game: Game) -> None:
        """``seat`` played ``cards``; ``lead`` is the trick's lead before it (None: it led)."""
        suit_of = game.order.suit
        n = 0
        for card in cards:
            self.played[card.index] += 1
            if lead is not None and suit_of[card.index] == lead.suit:
                n += 1
        if lead is not None and n < lead.size:
            self.voids[seat].add(lead.suit)


# ---------------------------------------------------------------------------------------
# What a seat sees


_INDICES: dict[Suit | None, list[list[int]]] = {}
_RANK_KEYS: dict[Suit | None, list[int]] = {}


def _rank_keys(order: CardOrder) -> list[int]:
    """By card index: a sort key putting cards weakest first (then by index)."""
    found = _RANK_KEYS.get(order.trump)
    if found is None:
        found = _RANK_KEYS[order.trump] = [order.strength[i] * 64 + i for i in range(54)]
    return found


def _indices(order: CardOrder) -> list[list[int]]:
    """The card indices of each suit class under ``order`` (computed once per trump)."""
    found = _INDICES.get(order.trump)
    if found is None:
        found = [[i for i in range(54) if order.suit[i] == suit] for suit in range(5)]
        _INDICES[order.trump] = found
    return found


class Seen:
    """One seat's picture at one decision: its hand by suit class and the unseen cards."""

    __slots__ = (
        "_by_suit", "_facts", "_kitty", "_played", "dealer", "hand", "held", "opponents", "order",
        "seat", "voids",
    )  # fmt: skip

    def __init__(self, game: Game, seat: int, memory: Memory) -> None:
        self.seat = seat
        order = self.order = game.order
        dealer = self.dealer = game.dealer
        hand = self.hand = list(game.hand(seat))
        held = [0] * 54
        for card in hand:
            held[card.index] += 1
        self.held = held
        self._played = memory.played
        kitty = [0] * 54 if seat == dealer and game.phase is not Phase.KITTY else None
        if kitty is not None:
            for card in game.kitty:
                kitty[card.index] += 1
        self._kitty = kitty
        self._facts: list[tuple[int, int, int] | None] = [None] * 5
        self.voids = memory.voids
        self.opponents = [s for s in range(4) if s != seat] if seat == dealer else [dealer]
        by_suit: list[list[Card]] = [[], [], [], [], []]
        suit_of = order.suit
        for i in sorted((c.index for c in hand), key=_rank_keys(order).__getitem__):
            by_suit[suit_of[i]].append(ALL_CARDS[i])
        self._by_suit = by_suit

    def suit_cards(self, suit: int) -> list[Card]:
        """The seat's cards of a suit class, weakest first."""
        return self._by_suit[suit]

    def _suit_facts(self, suit: int) -> tuple[int, int, int]:
        """Unseen cards of a suit class: how many, the strongest single and pair (-1: none)."""
        facts = self._facts[suit]
        if facts is None:
            strength, played, held, kitty = (
                self.order.strength,
                self._played,
                self.held,
                self._kitty,
            )
            count, top, top_pair = 0, -1, -1
            for i in _indices(self.order)[suit]:
                n = COPIES - played[i] - held[i] - (kitty[i] if kitty is not None else 0)
                if n:
                    count += n
                    if strength[i] > top:
                        top = strength[i]
                    if n == 2 and strength[i] > top_pair:
                        top_pair = strength[i]
            facts = self._facts[suit] = (count, top, top_pair)
        return facts

    def top_unseen(self, suit: int, pairs: bool = False) -> int:
        """Strength of the strongest unseen card (or pair) of a suit class; -1 if none."""
        return self._suit_facts(suit)[2 if pairs else 1]

    def unseen_count(self, suit: int) -> int:
        return self._suit_facts(suit)[0]

    def may_ruff(self, suit: int, seats: Iterable[int]) -> bool:
        """Whether one of ``seats`` may be void in a side suit and still hold trumps."""
        if suit == TRUMP or not self.unseen_count(TRUMP):
            return False
        if not self.unseen_count(suit):
            return True  # nobody else holds the suit any more
        return any(suit in self.voids[s] for s in seats)


# ---------------------------------------------------------------------------------------
# Leading


def lead(game: Game, seat: int, memory: Memory) -> list[Card]:
    """The cards to lead."""
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
    suit = min(side, key=lambda s: (len(seen.suit_cards(s)), s))
    return [cheapest(seen.suit_cards(suit), order)]


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
        gain = points_on + sum(c.points for c in win)
        safe = _holds_play(seen, played_lead, win, rivals_after, game)
        if gain or seat == dealer or not _expensive(win, seen) or safe:
            return win
    return fill(seen, played_lead, feed=False)


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
    """A legal follow that does not try to win: points to a partner, or the cheapest cards."""
    order = seen.order
    strength, suit_of = order.strength, order.suit
    held = seen.held

    def cheap(c: Card) -> tuple:
        return (c.points > 0, c.suit is None or c.rank == LEVEL, held[c.index] == 2,
                strength[c.index], c.index)  # fmt: skip

    def generous(c: Card) -> tuple:
        strong = c.suit is None or c.rank == LEVEL
        return (strong, -c.points, held[c.index] == 2, strength[c.index], c.index)

    key = generous if feed else cheap
    suited = sorted(seen.suit_cards(lead.suit), key=key)
    if len(suited) >= lead.size:
        return suited[: lead.size]
    others = [c for c in seen.hand if suit_of[c.index] != lead.suit]
    length = [0] * 5
    for c in others:
        length[suit_of[c.index]] += 1

    def filler(c: Card) -> tuple:
        trump = suit_of[c.index] == TRUMP
        strong = c.suit is None or c.rank == LEVEL
        if feed:  # side points first, then trump points, keeping the strong trumps
            return (strong, -c.points, trump, strength[c.index], c.index)
        # cheap: side cards without points from the shortest suits (towards a void)
        return (trump, c.points > 0, strong, length[suit_of[c.index]], strength[c.index], c.index)

    others.sort(key=filler)
    return suited + others[: lead.size - len(suited)]


def play(game: Game, seat: int, memory: Memory) -> list[Card]:
    return lead(game, seat, memory) if game.lead is None else follow(game, seat, memory)


# ---------------------------------------------------------------------------------------
# Trump and kitty


def trump_score(hand: Iterable[Card], suit: Suit) -> float:
    """How good ``suit`` is as trump for this hand: length, high cards and pairs."""
    cards = [c for c in hand if c.suit is suit and c.rank != LEVEL]
    counts: dict[Card, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    high = sum(1 for c in cards if c.rank >= 12)
    pairs = sum(1 for n in counts.values() if n == 2)
    return 2.0 * len(cards) + high + 1.5 * pairs


def best_trumps(hand: Iterable[Card]) -> list[Suit]:
    """The suits by ``trump_score``, best first."""
    cards = list(hand)
    return sorted(SUITS, key=lambda s: -trump_score(cards, s))


def burial(hand: list[Card], trump: Suit, *, points: bool, keep_aces: bool = True) -> list[Card]:
    """Eight cards for the kitty under ``trump``: whole short side suits first (voids let the
    dealer ruff), then the weakest side cards; point cards only if ``points``."""
    order = order_for(trump)
    suit_of, strength = order.suit, order.strength
    side = [c for c in hand if suit_of[c.index] != TRUMP]
    by_suit: dict[int, list[Card]] = {}
    for c in side:
        by_suit.setdefault(suit_of[c.index], []).append(c)

    def keep(c: Card) -> bool:
        return (not points and c.points > 0) or (keep_aces and c.rank == ACE)

    chosen: list[Card] = []
    for suit in sorted(by_suit, key=lambda s: len(by_suit[s])):
        cards = by_suit[suit]
        if len(chosen) + len(cards) <= KITTY_SIZE and not any(keep(c) for c in cards):
            chosen += cards
    rest = _minus(side, chosen)
    counts = {c: side.count(c) for c in side}
    rest.sort(key=lambda c: (keep(c), c.points > 0, counts[c] == 2,
                             len(by_suit[suit_of[c.index]]), strength[c.index]))  # fmt: skip
    chosen += rest[: KITTY_SIZE - len(chosen)]
    if len(chosen) < KITTY_SIZE:  # hardly any side cards: the weakest trumps too
        trumps = sorted(_minus(hand, chosen), key=lambda c: (c.points > 0, strength[c.index]))
        chosen += trumps[: KITTY_SIZE - len(chosen)]
    return chosen


def _minus(cards: list[Card], taken: list[Card]) -> list[Card]:
    rest = list(cards)
    for c in taken:
        rest.remove(c)
    return rest
