"""What happened, as plain records: each front end decides how to show (and translate) them.

Every service call that changes a table returns an ``Update`` holding these announcements in
the order they happened. Only public information appears here: a failed throw shows the cards
that were attempted (they were shown to the table) and those forced, never a hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.actions import Action
from engine.ai.decision import Reason
from engine.cards import Card, Suit


@dataclass(frozen=True, slots=True)
class Played:
    seat: int
    cards: tuple[Card, ...]  # what reached the table (the forced cards after a failed throw)


@dataclass(frozen=True, slots=True)
class Passed:
    seat: int


@dataclass(frozen=True, slots=True)
class TimedOut:
    """``seat`` let the turn time limit pass; a bot plays the turn or the player is removed."""

    seat: int
    user_id: int | None


@dataclass(frozen=True, slots=True)
class TrickWon:
    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class PlayerOut:
    """清墩: ``seat`` played its last card; ``place`` 1 = 頭家."""

    seat: int
    place: int


@dataclass(frozen=True, slots=True)
class ThrowFailed:
    """三扣: a throw did not stand; the leader had to play ``forced`` instead."""

    seat: int
    attempted: tuple[Card, ...]
    forced: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class BidMade:
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class BidPassed:
    seat: int


@dataclass(frozen=True, slots=True)
class DealerChosen:
    seat: int
    contract: int


@dataclass(frozen=True, slots=True)
class KittyLaid:
    """三扣: the dealer laid 8 cards back as the kitty (which ones stays hidden)."""

    seat: int


@dataclass(frozen=True, slots=True)
class TrumpChosen:
    seat: int
    suit: Suit


@dataclass(frozen=True, slots=True)
class HandEnded:
    number: int
    result: Any  # the engine's QingdunResult / SankouResult
    deltas: tuple[int, int, int, int]
    void: bool  # a player left: only the leaving penalty counts
    # who played each seat in this hand (None: a bot), also a player who just left it
    users: tuple[int | None, ...] = ()


@dataclass(frozen=True, slots=True)
class HandDealt:
    number: int
    to_move: int | None  # who acts first (清墩: the holder of the face-up card)


@dataclass(frozen=True, slots=True)
class RulesChanged:
    """Hand ``hand`` was dealt under earlier rules, before an upgrade changed them: ``voided``
    (it was still being played: void without penalty, no scores), and a new hand is dealt under
    today's rules (docs/service.md, "Rules versions")."""

    hand: int
    voided: bool


@dataclass(frozen=True, slots=True)
class SeatTaken:
    seat: int
    user_id: int | None  # None: a bot
    name: str


@dataclass(frozen=True, slots=True)
class SeatOpened:
    seat: int
    user_id: int | None
    reason: str  # "left" | "kicked" | "timeout" | "moved" | "removed_bot"


@dataclass(frozen=True, slots=True)
class SeatTakenOver:
    """``seat``'s player missed a turn of a hand that is played out: a bot finishes it."""

    seat: int
    user_id: int | None


@dataclass(frozen=True, slots=True)
class EndVoteOpened:
    """``seat`` asked to end the table during hand ``hand``: every player in ``voters`` must
    agree by ``expires_at`` (epoch seconds), else the hand is played out and the table ends."""

    seat: int
    hand: int
    expires_at: float
    voters: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class EndVoteCast:
    """``seat`` agreed to end now; others have not answered yet."""

    seat: int


@dataclass(frozen=True, slots=True)
class EndVoteClosed:
    """The vote is over: "agreed" (the table ends now), "refused" by ``seat`` or "expired"
    (the hand is played out, then the table ends), or "hand_over" (the hand ended first)."""

    outcome: str
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class TakeBackAsked:
    """``seat`` asks to take back its last move (``cards``: a pass is empty), the ``moves``-th
    of hand ``hand``: every player in ``voters`` must agree before the next move, by
    ``expires_at`` (bots do not vote and wait meanwhile)."""

    seat: int
    hand: int
    moves: int
    cards: tuple[Card, ...]
    voters: tuple[int, ...]
    expires_at: float


@dataclass(frozen=True, slots=True)
class TakeBackCast:
    """``seat`` agreed to a take-back; others have not answered yet."""

    seat: int


@dataclass(frozen=True, slots=True)
class MoveTakenBack:
    """``seat``'s last move (``cards``; empty for a pass) was taken back: its turn again."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class TakeBackClosed:
    """A take-back did not happen: "refused" by ``seat``, "lapsed" (a move was made first),
    "expired", or "hand_over"."""

    outcome: str
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class WaitingForPlayers:
    """A seat opened during play: the table waits until four sit and the creator starts."""


@dataclass(frozen=True, slots=True)
class TableEnded:
    # "hands_done" | "ended_by_host" | "ended_by_manager" | "ended_by_vote" | "closed_after_hand"
    # | "no_players"
    reason: str


Announcement = (
    Played
    | Passed
    | TimedOut
    | TrickWon
    | PlayerOut
    | ThrowFailed
    | BidMade
    | BidPassed
    | DealerChosen
    | KittyLaid
    | TrumpChosen
    | HandEnded
    | HandDealt
    | RulesChanged
    | SeatTaken
    | SeatOpened
    | SeatTakenOver
    | EndVoteOpened
    | EndVoteCast
    | EndVoteClosed
    | TakeBackAsked
    | TakeBackCast
    | MoveTakenBack
    | TakeBackClosed
    | WaitingForPlayers
    | TableEnded
)


@dataclass(frozen=True, slots=True)
class Update:
    """The outcome of one service call on one table."""

    table_id: int
    status: str  # "waiting" | "playing" | "ended"
    hand_number: int | None
    to_move: int | None  # seat expected to act next
    to_move_user: int | None  # its user id (None for a bot or when nobody is to move)
    bot_to_move: bool  # the front end should drive ``play_bot`` next
    announcements: tuple[Announcement, ...] = ()
    action: Action | None = None  # the engine record logged (for ``act``)
    duplicate: bool = False  # this action id was applied before: nothing changed now


@dataclass(frozen=True, slots=True)
class CatchUp:
    """What a player missed in the current hand since their seat last acted (public events
    only), for a front end to sum up when it is their turn again."""

    events: tuple[Announcement, ...]  # in order; the whole hand so far if the seat has not acted
    acted: bool  # the player has moved in this hand themselves (not a bot for them)
    new_player: bool  # no hand of the player finished in this server and none acted in this one
    for_you: tuple[Announcement, ...] = ()  # the moves a bot made for the player meanwhile


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    user_id: int | None  # None: a bot
    name: str
    autoplay: bool = False  # a bot finishes the hand for this player

    @property
    def is_bot(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True, slots=True)
class TableInfo:
    """A table as the lobby and the table message show it (no cards)."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    message_id: int | None
    game: str
    status: str
    creator_id: int
    settings: Any  # TableSettings
    seats: tuple[SeatInfo | None, SeatInfo | None, SeatInfo | None, SeatInfo | None]
    hand_number: int  # of the latest hand dealt (0 before the first)
    hands_done: int  # completed hands (void ones do not count)
    to_move: int | None
    deadline: float | None  # epoch seconds
    host: int | None = None  # the seat that runs the table (its creator while seated)
    closing: bool = False  # the table ends when the current hand ends
    end_vote_hand: int | None = None  # the hand a vote on ending now is open for
    moves: int = 0  # entries in the latest hand's log: the turn a hand panel was drawn at
    waiting: tuple[str, ...] = ()  # the names in line for a seat at the next deal, in order


@dataclass(frozen=True, slots=True)
class TurnOptions:
    """A player's situation with everything one-step controls offer (the private hand
    message's menus), taken at one moment."""

    view: Any  # the seat's own view (QingdunView / SankouView)
    hand_number: int
    my_turn: bool
    hint: Action | None  # the engine's suggestion, on the player's turn
    plays: tuple[tuple[Card, ...], ...]  # legal plays now, best first (the hint's first)
    may_pass: bool
    kitties: tuple[tuple[Suit, tuple[Card, ...]], ...]  # 三扣: kitties to bury, by trump kept
    take_back: bool  # the player may ask to take back the last move (their own) now
    asked: bool  # a take-back is being asked now (the controls wait for its answer)
    moves: int = 0  # entries in the hand's log when taken (never later than the view)
    reason: Reason | None = None  # why the hint (engine.ai.Reason: a code and its params)


@dataclass(frozen=True, slots=True)
class LeaveCost:
    """What leaving hand ``hand`` now would do: ``deltas`` by seat (the leaver's penalty, the
    bonuses as the ledger would pay them); the hand ends void."""

    hand: int
    seat: int
    deltas: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class DueTurn:
    """A turn whose deadline (or reminder time) has come."""

    table_id: int
    seat: int
    user_id: int | None
    deadline: float
