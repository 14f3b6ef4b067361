"""Plain rows going into and coming out of the store (no SQL, no engine types)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class TableRow:
    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    message_id: int | None
    game: str
    settings: dict[str, Any]
    language: str
    status: str  # "waiting" | "playing" | "ended"
    creator_id: int
    created_at: float
    hand_id: int | None
    hands_done: int
    deadline: float | None
    reminder_at: float | None
    reminder_sent: bool
    closing: bool = False  # the table ends when its current hand ends
    end_vote: dict[str, Any] | None = None  # the open vote on ending the hand now
    take_back: dict[str, Any] | None = None  # the open request to take back a move
    version: int = 0  # bumped by every write to the table (see ``Transaction.claim_table``)
    queue: tuple[tuple[int, str], ...] = ()  # (user id, name) waiting for a seat, in order


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    user_id: int | None  # None: a bot
    name: str
    missed: bool = False  # the timeout rule ran for this seat and its player has not acted since
    autoplay: bool = False  # a bot plays this player's seat until the hand ends


@dataclass(frozen=True, slots=True)
class HandRow:
    id: int
    number: int
    start: dict[str, Any]
    ended: bool
    actions: tuple[str, ...]  # the action log as JSON texts, in order (decoded by the caller)
    seated: tuple[int | None, ...] | None = None  # user id per seat at the deal (None: a bot)


@dataclass(frozen=True, slots=True)
class ActiveTable:
    """Everything recovery needs to rebuild one unfinished table."""

    table: TableRow
    seats: tuple[SeatRow, ...]
    hand: HandRow | None  # the latest hand dealt, with its actions


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One player's line for one hand; the flags feed the ratings and statistics."""

    seat: int
    user_id: int | None
    name: str
    delta: int
    kind: str
    void: bool = False
    won: bool = False
    left_hand: bool = False
    double_kou_for: bool = False
    double_kou_against: bool = False
    dealer_made: bool = False
    dealer_failed: bool = False


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """A table's running score for one player (a bot is keyed by its seat)."""

    user_id: int | None
    seat: int | None  # set for bots only
    name: str
    total: int
    hands: int
