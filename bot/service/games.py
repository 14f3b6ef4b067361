"""What the service needs to know about each game, behind one small interface.

The service drives any ``GameBase``; the differences between 清墩 and 三扣 (how a hand is
dealt, which requests exist, which public events to announce, how a result feeds the ledger)
live here, one class per game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol

from bot.service import events as ev
from bot.service.requests import DiscardCards, MakeBid, NameTrump, PassTurn, PlayCards, Request
from bot.store import LedgerEntry
from engine import qingdun, sankou
from engine.actions import Action, Discard, Pass, Play, TakeBack
from engine.cards import Card, Suit
from engine.game import GameBase, standing
from engine.qingdun import ResultKind, suggest
from engine.sankou import Phase, Tier, follows


class SeatLike(Protocol):
    """The seat occupant fields the ledger needs (``user_id`` None for a bot)."""

    @property
    def user_id(self) -> int | None: ...

    @property
    def name(self) -> str: ...


class Rules(ABC):
    """One game as the service sees it."""

    name: ClassVar[str]
    requests: ClassVar[tuple[type, ...]]

    @abstractmethod
    def game_class(self) -> type[GameBase]: ...

    def first_bidder(self, previous: GameBase | None) -> int | None:
        """Who bids first in the next hand (None: the game has no bidding, or the seed says)."""
        return None

    @property
    def version(self) -> int:
        """The version of these rules the engine plays (hands store theirs in the start)."""
        return self.game_class().RULES_VERSION

    def from_start(self, start: dict[str, Any]) -> GameBase:
        return self.game_class().from_start(start)

    def replay(self, start: dict[str, Any], actions: Sequence[Action]) -> GameBase:
        return self.game_class().replay(start, actions)

    def accepts(self, request: Request) -> bool:
        return isinstance(request, self.requests)

    @abstractmethod
    def announce(self, before: Any, after: Any, action: Action) -> list[ev.Announcement]:
        """Public events of ``action``, from the public views before and after it."""

    @abstractmethod
    def may_pass(self, game: Any, seat: int) -> bool:
        """Whether ``seat`` may pass now (清墩: on a trick; 三扣: in the bidding)."""

    @abstractmethod
    def menu(self, view: Any, first: Sequence[Card], limit: int) -> list[list[Card]]:
        """Legal plays for the view's seat now, best first (``first``, the hint, leads)."""

    def kitty_choices(self, view: Any, first: Sequence[Card]) -> list[tuple[Suit, list[Card]]]:
        """Whole kitties the view's seat may bury now, each with the trump it keeps (三扣's
        dealer), ``first`` (the hint's) first."""
        return []

    @abstractmethod
    def take_back_asks(self, game: Any, seat: int) -> tuple[int, ...]:
        """The seats a take-back by ``seat`` affects, whose consent it needs (docs/rules)."""

    @staticmethod
    def trick_start(game: GameBase) -> int:
        """Where the current trick began, in moves that still stand: the same for every move
        of one trick (a take-back request is allowed once per player and trick)."""
        return len(standing(game.actions)) - len(game.view(None).trick)

    @staticmethod
    def taken_back(before: Any, action: TakeBack) -> ev.MoveTakenBack:
        """The announcement of a take-back: the seat's move, the last of the trick before."""
        last = before.trick[-1] if before.trick else None
        cards = last.cards if last is not None and last.seat == action.seat else ()
        return ev.MoveTakenBack(action.seat, tuple(cards))

    @abstractmethod
    def ledger(self, result: Any, seats: Sequence[SeatLike]) -> list[LedgerEntry]:
        """One ledger line per seat for a finished (or void) hand."""


class QingdunRules(Rules):
    name = "qingdun"
    requests = (PlayCards, PassTurn)

    def game_class(self) -> type[GameBase]:
        return qingdun.Game

    def announce(self, before: Any, after: Any, action: Action) -> list[ev.Announcement]:
        if isinstance(action, TakeBack):
            return [self.taken_back(before, action)]
        out: list[ev.Announcement] = []
        if isinstance(action, Play):
            out.append(ev.Played(action.seat, action.cards))
        elif isinstance(action, Pass):
            out.append(ev.Passed(action.seat))
        for place, seat in enumerate(after.finished[len(before.finished) :], len(before.finished)):
            out.append(ev.PlayerOut(seat, place + 1))
        trick = after.last_trick
        if trick is not None and (trick != before.last_trick or (before.trick and not after.trick)):
            out.append(ev.TrickWon(trick.winner, trick.points))
        return out

    def may_pass(self, game: Any, seat: int) -> bool:
        return bool(game.may_pass(seat))

    def take_back_asks(self, game: Any, seat: int) -> tuple[int, ...]:
        """The two opponents: the partner gains what the mover gains."""
        return ((seat + 1) % 4, (seat + 3) % 4)

    def menu(self, view: Any, first: Sequence[Card], limit: int) -> list[list[Card]]:
        return suggest.menu(view, first, limit)

    def ledger(self, result: Any, seats: Sequence[SeatLike]) -> list[LedgerEntry]:
        void = result.kind is ResultKind.LEFT
        double = result.kind is ResultKind.DOUBLE_KOU
        entries = []
        for seat, occupant in enumerate(seats):
            won = not void and result.winner_team == seat % 2
            entries.append(
                LedgerEntry(
                    seat=seat,
                    user_id=occupant.user_id,
                    name=occupant.name,
                    delta=result.deltas[seat],
                    kind=result.kind.value,
                    void=void,
                    won=won,
                    left_hand=result.leaver == seat,
                    double_kou_for=double and won,
                    double_kou_against=double and not won,
                )
            )
        return entries


class SankouRules(Rules):
    name = "sankou"
    requests = (PlayCards, PassTurn, MakeBid, DiscardCards, NameTrump)

    def game_class(self) -> type[GameBase]:
        return sankou.Game

    def first_bidder(self, previous: GameBase | None) -> int | None:
        """The first bidder rotates: the seat after the previous hand's first bidder."""
        return None if previous is None else int((previous.view(None).first_bidder + 1) % 4)

    def announce(self, before: Any, after: Any, action: Action) -> list[ev.Announcement]:
        if isinstance(action, TakeBack):
            return [self.taken_back(before, action)]
        out: list[ev.Announcement] = []
        for entry in after.bids[len(before.bids) :]:
            if entry.amount is None:
                out.append(ev.BidPassed(entry.seat))
            else:
                out.append(ev.BidMade(entry.seat, entry.amount))
        if before.dealer is None and after.dealer is not None:
            out.append(ev.DealerChosen(after.dealer, after.contract))
        if isinstance(action, Discard):
            out.append(ev.KittyLaid(action.seat))
        if before.trump is None and after.trump is not None:
            out.append(ev.TrumpChosen(after.dealer, after.trump))
        if isinstance(action, Play):
            failed = after.failed_throw if not before.trick else None
            if failed is not None:
                out.append(ev.ThrowFailed(failed.seat, failed.attempted, failed.forced))
                out.append(ev.Played(action.seat, failed.forced))
            else:
                out.append(ev.Played(action.seat, action.cards))
        if after.tricks_played > before.tricks_played and after.last_trick is not None:
            out.append(ev.TrickWon(after.last_trick.winner, after.last_trick.points))
        return out

    def may_pass(self, game: Any, seat: int) -> bool:
        return bool(game.phase is Phase.BIDDING and game.to_move == seat)

    def take_back_asks(self, game: Any, seat: int) -> tuple[int, ...]:
        """The other side: the dealer when a defender asks, the three defenders when the
        dealer asks (only card plays are taken back, so the dealer is known)."""
        dealer = game.dealer
        if seat == dealer:
            return tuple(other for other in range(4) if other != seat)
        return (dealer,)

    def menu(self, view: Any, first: Sequence[Card], limit: int) -> list[list[Card]]:
        return follows.menu(view, first, limit)

    def kitty_choices(self, view: Any, first: Sequence[Card]) -> list[tuple[Suit, list[Card]]]:
        return follows.kitty_choices(view, first)

    def ledger(self, result: Any, seats: Sequence[SeatLike]) -> list[LedgerEntry]:
        void = result.tier is Tier.LEFT
        made = result.tier in (Tier.MADE, Tier.OVER_160, Tier.ALL_200)
        entries = []
        for seat, occupant in enumerate(seats):
            dealer = not void and result.dealer == seat
            entries.append(
                LedgerEntry(
                    seat=seat,
                    user_id=occupant.user_id,
                    name=occupant.name,
                    delta=result.deltas[seat],
                    kind=result.tier.value,
                    void=void,
                    won=not void and result.deltas[seat] > 0,
                    left_hand=result.leaver == seat,
                    dealer_made=dealer and made,
                    dealer_failed=dealer and not made,
                )
            )
        return entries


Dealer = Callable[[str, int, int | None], dict[str, Any]]
"""``(game, seed, first_bidder) -> start record`` (what the game's ``from_start`` takes).

The service deals every hand through one: by default ``deal_by_seed``; tests and puzzles give
fixed hands instead (e.g. ``{"hands": [...], "leader": 0}``), which are stored and replayed
like any other start record.
"""


def deal_by_seed(game: str, seed: int, first_bidder: int | None) -> dict[str, Any]:
    """The normal deal: a shuffle from ``seed`` (三扣 with the rotated first bidder)."""
    return {"seed": seed} if first_bidder is None else {"seed": seed, "first_bidder": first_bidder}


RULES: dict[str, Rules] = {rules.name: rules for rules in (QingdunRules(), SankouRules())}
