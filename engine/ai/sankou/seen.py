"""What a 三扣 seat knows at a decision, as the heuristic reads it: cards counted, voids, masters.

``Memory`` counts every card played and the voids that following revealed; ``Seen`` is one
seat's picture at one decision (its hand by suit class, the unseen cards of each suit, who
may ruff). ``Game`` is what the heuristic asks of a position: a sampled engine game in a
rollout, or a ``Position`` built from an observation at the real table.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from engine.cards import ALL_CARDS, Card, Suit
from engine.sankou import combos
from engine.sankou.combos import Key, Lead
from engine.sankou.observation import SankouObservation
from engine.sankou.order import TRUMP, CardOrder, order_for
from engine.sankou.view import FinishedTrick, Phase, TrickPlay

COPIES = 2


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


#: The dealer's opponents by seat (shared lists: read, never changed).
_OTHERS = [[s for s in range(4) if s != seat] for seat in range(4)]


class Seen:
    """One seat's picture at one decision: its hand by suit class and the unseen cards."""

    __slots__ = (
        "_by_suit", "_facts", "_kitty", "_played", "dealer", "hand", "held", "opponents", "order",
        "seat", "voids",
    )  # fmt: skip

    def __init__(self, game: Game, seat: int, memory: Memory) -> None:
        # Built for every play of every rollout: one pass over the hand's indices for the
        # counts, one sort of them for the suits (cards weakest first).
        self.seat = seat
        order = self.order = game.order
        dealer = self.dealer = game.dealer
        hand = self.hand = game.hand(seat)
        indices = [card.index for card in hand]
        held = [0] * 54
        for i in indices:
            held[i] += 1
        self.held = held
        self._played = memory.played
        kitty = [0] * 54 if seat == dealer and game.phase is not Phase.KITTY else None
        if kitty is not None:
            for card in game.kitty:
                kitty[card.index] += 1
        self._kitty = kitty
        self._facts: list[tuple[int, int, int] | None] = [None, None, None, None, None]
        self.voids = memory.voids
        self.opponents = _OTHERS[seat] if seat == dealer else [dealer]
        by_suit: list[list[Card]] = [[], [], [], [], []]
        suit_of = order.suit
        indices.sort(key=_rank_keys(order).__getitem__)
        for i in indices:
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

    def unseen(self, index: int) -> int:
        """Copies of the card with ``index`` that this seat has not seen."""
        kitty = self._kitty[index] if self._kitty is not None else 0
        return COPIES - self._played[index] - self.held[index] - kitty

    def interchangeable(self, table: Iterable[Card] = ()) -> dict[Card, Card]:
        """Cards held once that are the same card as far as anyone can tell: of one suit
        class and the same points, and no unseen card as strong as either or between them
        (a 9 and an 8 of spades when every other 8 and 9 is gone; two side 10s), nor one of
        ``table`` (the current trick's cards: a 9 on it tells a jack from an 8). Playing one or
        the other leaves hands that play alike, so a search comparing them would spend its
        worlds on a tie. Each maps to the weakest of its run."""
        on_table = [0] * 54
        for card in table:
            on_table[card.index] += 1
        strength, indices = self.order.strength, _indices(self.order)
        same: dict[Card, Card] = {}
        for suit, cards in enumerate(self._by_suit):
            rep: Card | None = None
            for card in cards:  # weakest first
                if self.held[card.index] != 1:
                    continue  # a pair's card: not a single, and not unseen either
                if rep is not None and rep.points == card.points:
                    low, high = strength[rep.index], strength[card.index]
                    if low == high or not any(
                        self.unseen(j) or on_table[j]
                        for j in indices[suit]
                        if low <= strength[j] <= high
                    ):
                        same[card] = rep
                        continue
                rep = same[card] = card
        return same

    def top_unseen(self, suit: int, pairs: bool = False) -> int:
        """Strength of the strongest unseen card (or pair) of a suit class; -1 if none."""
        return self._suit_facts(suit)[2 if pairs else 1]

    def unseen_above(self, suit: int, strength: int, pairs: bool = False) -> int:
        """Unseen cards of a suit class stronger than ``strength`` (with ``pairs``: the kinds
        of which both copies are unseen)."""
        strengths = self.order.strength
        above = (self.unseen(i) for i in _indices(self.order)[suit] if strengths[i] > strength)
        return sum(1 for n in above if n == COPIES) if pairs else sum(above)

    def unseen_count(self, suit: int) -> int:
        return self._suit_facts(suit)[0]

    def may_ruff(self, suit: int, seats: Iterable[int]) -> bool:
        """Whether one of ``seats`` may be void in a side suit and still hold trumps."""
        if suit == TRUMP or not self.unseen_count(TRUMP):
            return False
        if not self.unseen_count(suit):
            return True  # nobody else holds the suit any more
        return any(suit in self.voids[s] for s in seats)
