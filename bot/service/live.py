"""The live state of a table that has not ended: seats, settings and its engine game.

The service keeps one ``LiveTable`` per unfinished table in memory; ``rebuild`` makes it from
the stored rows (start-up recovery, or after a failed write).
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from dataclasses import dataclass, field
from typing import Any

from bot import metrics
from bot.service import events as ev
from bot.service.games import RULES, Rules
from bot.service.settings import TableSettings
from bot.store import ActiveTable
from engine.actions import Action, action_from_json
from engine.ai.decision import Decision
from engine.game import GameBase, rules_version

log = logging.getLogger(__name__)


@functools.lru_cache(maxsize=1 << 15)
def decode_action(text: str) -> Action:
    """Action records are values: the many repeated ones (passes, common plays) decode once."""
    return action_from_json(json.loads(text))


@dataclass(slots=True)
class Seat:
    user_id: int | None  # None: a bot
    name: str
    missed: bool = False  # the timeout rule ran for this seat and its player has not acted since
    autoplay: bool = False  # a bot plays this player's seat until the hand ends

    @property
    def is_bot(self) -> bool:
        return self.user_id is None

    @property
    def plays_itself(self) -> bool:
        """The service moves for this seat: a bot, or a player's seat a bot took over."""
        return self.user_id is None or self.autoplay


@dataclass(slots=True)
class LiveTable:
    """The live state of one table that has not ended."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    message_id: int | None
    rules: Rules
    settings: TableSettings
    status: str
    creator_id: int
    seats: list[Seat | None]
    game: GameBase | None = None  # the latest hand (possibly over)
    hand_id: int | None = None
    hand_number: int = 0
    hands_done: int = 0
    deadline: float | None = None
    reminder_at: float | None = None
    reminder_sent: bool = False
    public: Any = None  # public view after the last action, to tell what the next one changed
    recent: dict[str, ev.Update] = field(default_factory=dict)
    closing: bool = False  # ends when the current hand ends (a vote to end it now failed)
    end_vote: dict[str, Any] | None = None  # {"hand", "by", "agreed": [user ids], "expires"}
    seated: tuple[int | None, ...] | None = None  # user id per seat when the hand was dealt
    # {"seat", "hand", "moves", "trick", "voters": [user ids], "agreed": [user ids], "expires"}
    take_back: dict[str, Any] | None = None
    # (hand, trick, seat) of every take-back request asked in the current hand: one per player
    # and trick, so nobody is asked twice about one move (the open one survives a restart)
    take_backs_asked: set[tuple[int, int, int]] = field(default_factory=set)
    # (user id, name) waiting for a seat at the next deal, in order (``waiting_list``)
    queue: list[tuple[int, str]] = field(default_factory=list)
    unavailable: bool = False  # a write failed and so did reading it back: retried, refused
    # the latest hand was dealt under earlier rules ("running" or "over"): not re-played; the
    # deadline pass deals again under today's rules (``Writes.renew_rules``), calls wait
    earlier_rules: str | None = None
    # that hand's deal as today's engine reads it, never played on: the next hand's first
    # bidder rotates from its first bidder (None: it could not be read; the seed then says)
    earlier_deal: GameBase | None = None
    version: int = 0  # the stored row's version this memory was read at (``claim_table``)
    # the latest hand's public events, one entry per action: (the seat that acted, its events);
    # None until needed after a rebuild (``TableService`` replays the log then)
    story: list[tuple[int, tuple[ev.Announcement, ...]]] | None = None
    # AI decisions asked for the current position, shared by everyone who asks the same:
    # (hand id, actions so far, seat, level, seconds) -> the decision (None: the worker failed)
    thoughts: dict[tuple[Any, ...], asyncio.Future[Decision | None]] = field(default_factory=dict)

    @property
    def running(self) -> bool:
        return self.status == "playing" and self.game is not None and not self.game.over

    @property
    def to_move(self) -> int | None:
        return self.game.to_move if self.running and self.game is not None else None

    def seat_of(self, user_id: int) -> int | None:
        for seat, occupant in enumerate(self.seats):
            if occupant is not None and occupant.user_id == user_id:
                return seat
        return None

    def humans(self) -> int:
        return sum(1 for s in self.seats if s is not None and not s.is_bot)

    def host(self) -> int | None:
        """The seat that runs the table: its creator while seated, else the first player."""
        creator = self.seat_of(self.creator_id)
        if creator is not None:
            return creator
        return next((i for i, s in enumerate(self.seats) if s is not None and not s.is_bot), None)


def rebuild(record: ActiveTable) -> LiveTable:
    """The live table from its stored rows: the latest hand is the replay of its log."""
    row = record.table
    seats: list[Seat | None] = [None] * 4
    for seat in record.seats:
        seats[seat.seat] = Seat(seat.user_id, seat.name, seat.missed, seat.autoplay)
    rules = RULES[row.game]
    table = LiveTable(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        thread_id=row.thread_id,
        message_id=row.message_id,
        rules=rules,
        settings=TableSettings.from_json(row.settings),
        status=row.status,
        creator_id=row.creator_id,
        seats=seats,
        hand_id=row.hand_id,
        hands_done=row.hands_done,
        deadline=row.deadline,
        reminder_at=row.reminder_at,
        reminder_sent=row.reminder_sent,
        closing=row.closing,
        end_vote=row.end_vote,
        take_back=row.take_back,
        version=row.version,
        queue=list(row.queue),
    )
    if record.hand is not None:
        table.hand_number = record.hand.number
        table.seated = record.hand.seated
        if rules_version(record.hand.start) != rules.version:
            # never re-played under rules it was not played by (docs/service.md, "Rules
            # versions"): a playing table gets a new hand at the next deadline pass
            if table.status == "playing":
                table.earlier_rules = "over" if record.hand.ended else "running"
                table.earlier_deal = _deal_of(rules, record.hand.start, table.id)
            return table
        actions = [decode_action(a) for a in record.hand.actions]
        table.game = rules.replay(record.hand.start, actions)
        table.public = table.game.view(None)
    asked = table.take_back
    if asked is not None and "trick" in asked:
        table.take_backs_asked.add((asked["hand"], asked["trick"], asked["seat"]))
    return table


def _deal_of(rules: Rules, start: dict[str, Any], table_id: int) -> GameBase | None:
    """The deal of a hand of earlier rules, read by today's engine only for who bid first
    (a deal is cards and seats, which no rules change has touched); None if it cannot be."""
    try:
        return rules.from_start(start)
    except Exception:  # a start record today's engine cannot read: the seed decides
        metrics.made_do("earlier_deal")
        log.warning(
            "table %s: the deal of its earlier-rules hand could not be read; the seed picks"
            " the next hand's first bidder",
            table_id,
        )
        return None
