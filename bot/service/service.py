"""``TableService``: tables, seats, hands, deadlines and bots, over the store and the engines.

Every table that has not ended lives in memory as its engine game (the replay of its stored
log). A change follows one pattern: check, let the engine verify and apply, write everything
the step implies (action, hand result, ledger, next deal, deadline) in ONE transaction, and only
after the commit return the ``Update``. If the write fails the table is rebuilt from disk, so
memory never runs ahead of the database. One ``asyncio.Lock`` per table serialises its calls;
seat changes also take a service-wide lock because "one table per channel per user" spans tables.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from itertools import islice
from pathlib import Path
from typing import Any, Self

from bot.service import events as ev
from bot.service.errors import ServiceError, refuse
from bot.service.games import RULES, Dealer, deal_by_seed
from bot.service.live import LiveTable, Seat, rebuild
from bot.service.requests import Request, to_action
from bot.service.settings import TableSettings, TimeoutRule
from bot.store import (
    BoardRow,
    DuplicateActionId,
    HandSummary,
    PlayerStats,
    ScoreLine,
    Store,
    Transaction,
)
from engine import CardParseError, IllegalMove
from engine.actions import Action, action_to_json
from engine.cards import Card
from engine.records import plain

Clock = Callable[[], float | datetime]
_RECENT = 8  # results kept per table to answer a repeated action id with the first answer


class TableService:
    """The table service; see the module docstring. Create with ``await TableService.open``."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Clock = time.time,
        seed_source: Callable[[], int] | None = None,
        dealer: Dealer = deal_by_seed,
    ) -> None:
        self._store = store
        self._clock = clock
        self._seed = seed_source or (lambda: secrets.randbits(63))
        self._dealer = dealer
        self._tables: dict[int, LiveTable] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._seating = asyncio.Lock()

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        clock: Clock = time.time,
        seed_source: Callable[[], int] | None = None,
        dealer: Dealer = deal_by_seed,
    ) -> Self:
        """Open the database at ``path`` and bring back every unfinished table.

        ``clock`` gives the time (epoch seconds or an aware datetime), ``seed_source`` the seed
        of each new hand, and ``dealer`` turns (game, seed, first bidder) into the hand's start
        record: fixed hands for tests and puzzles (see ``bot.service.games.Dealer``).
        """
        service = cls(await Store.open(path), clock=clock, seed_source=seed_source, dealer=dealer)
        try:
            await service.load()
        except BaseException:
            await service.close()
            raise
        return service

    async def close(self) -> None:
        await self._store.close()

    @property
    def store(self) -> Store:
        return self._store

    def _now(self) -> float:
        now = self._clock()
        return now.timestamp() if isinstance(now, datetime) else float(now)

    # -- recovery --------------------------------------------------------------------------

    async def load(self) -> int:
        """Rebuild every table that has not ended from disk; returns how many."""
        self._tables = {}
        for record in await self._store.active_tables():
            table = rebuild(record)
            self._tables[table.id] = table
            self._locks.setdefault(table.id, asyncio.Lock())
        return len(self._tables)

    async def _reload(self, table_id: int) -> None:
        """After a failed write: forget memory, take the table as the database has it."""
        self._tables.pop(table_id, None)
        for record in await self._store.active_tables(table_id):
            self._tables[table_id] = rebuild(record)

    # -- lookups ---------------------------------------------------------------------------

    async def _table(self, table_id: int) -> LiveTable:
        table = self._tables.get(table_id)
        if table is not None:
            return table
        row = await self._store.table(table_id)
        if row is None:
            raise refuse("table_not_found", table_id=table_id)
        raise refuse("table_ended", table_id=table_id)

    def _lock(self, table_id: int) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    def _seat(self, table: LiveTable, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None:
            raise refuse("not_seated", table_id=table.id)
        return seat

    def _seated_elsewhere(self, channel_id: int, user_id: int, table_id: int | None) -> int | None:
        for other in self._tables.values():
            if (
                other.channel_id == channel_id
                and other.id != table_id
                and other.seat_of(user_id) is not None
            ):
                return other.id
        return None

    @staticmethod
    def _may_manage(table: LiveTable, user_id: int, is_manager: bool) -> None:
        if not is_manager and user_id != table.creator_id:
            raise refuse("not_creator")

    def _update(
        self,
        table: LiveTable,
        announcements: Sequence[ev.Announcement] = (),
        action: Action | None = None,
    ) -> ev.Update:
        to_move = table.to_move
        occupant = table.seats[to_move] if to_move is not None else None
        return ev.Update(
            table_id=table.id,
            status=table.status,
            hand_number=table.hand_number or None,
            to_move=to_move,
            to_move_user=occupant.user_id if occupant is not None else None,
            bot_to_move=occupant is not None and occupant.is_bot,
            announcements=tuple(announcements),
            action=action,
        )

    def info(self, table: LiveTable) -> ev.TableInfo:
        return ev.TableInfo(
            id=table.id,
            guild_id=table.guild_id,
            channel_id=table.channel_id,
            thread_id=table.thread_id,
            message_id=table.message_id,
            game=table.rules.name,
            status=table.status,
            creator_id=table.creator_id,
            settings=table.settings,
            seats=tuple(  # type: ignore[arg-type]
                None if s is None else ev.SeatInfo(i, s.user_id, s.name)
                for i, s in enumerate(table.seats)
            ),
            hand_number=table.hand_number,
            hands_done=table.hands_done,
            to_move=table.to_move,
            deadline=table.deadline,
        )

    async def table_info(self, table_id: int) -> ev.TableInfo:
        return self.info(await self._table(table_id))

    def tables_in_channel(self, channel_id: int) -> list[ev.TableInfo]:
        """The channel's tables that have not ended, oldest first."""
        return [self.info(t) for t in self._tables.values() if t.channel_id == channel_id]

    async def table_for_thread(self, thread_id: int) -> ev.TableInfo | None:
        """The table shown in this thread (the newest one), also after it ended."""
        for table in self._tables.values():
            if table.thread_id == thread_id:
                return self.info(table)
        return await self._stored_info(await self._store.latest_table_id(thread_id=thread_id))

    async def latest_table_in_channel(self, channel_id: int) -> ev.TableInfo | None:
        """The newest table created in this channel, also after it ended."""
        return await self._stored_info(await self._store.latest_table_id(channel_id=channel_id))

    async def _stored_info(self, table_id: int | None) -> ev.TableInfo | None:
        if table_id is None:
            return None
        live = self._tables.get(table_id)
        if live is not None:
            return self.info(live)
        record = await self._store.table_record(table_id)
        return None if record is None else self.info(rebuild(record))

    def table_for_user(self, channel_id: int, user_id: int) -> int | None:
        """The table of this channel where the user sits, if any."""
        return self._seated_elsewhere(channel_id, user_id, None)

    # -- tables and seats ------------------------------------------------------------------

    async def create_table(
        self,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        creator_name: str,
        game: str,
        settings: TableSettings | dict[str, Any] | None = None,
        language: str | None = None,
    ) -> ev.Update:
        """A new waiting table with its creator in seat 0."""
        rules = RULES.get(game)
        if rules is None:
            raise refuse("unknown_game", game=game)
        if not isinstance(settings, TableSettings):
            settings = TableSettings().changed(**(settings or {}))
        if language is not None:
            settings = settings.changed(language=language)
        async with self._seating:
            other = self._seated_elsewhere(channel_id, creator_id, None)
            if other is not None:
                raise refuse("already_seated_here", table_id=other)
            now = self._now()
            async with self._store.transaction() as tx:
                table_id = await tx.insert_table(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    game=game,
                    settings=settings.to_json(),
                    language=settings.language,
                    creator_id=creator_id,
                    created_at=now,
                )
                await tx.put_seat(table_id, 0, creator_id, creator_name)
            table = LiveTable(
                id=table_id,
                guild_id=guild_id,
                channel_id=channel_id,
                thread_id=None,
                message_id=None,
                rules=rules,
                settings=settings,
                status="waiting",
                creator_id=creator_id,
                seats=[Seat(creator_id, creator_name), None, None, None],
            )
            self._tables[table_id] = table
            return self._update(table, [ev.SeatTaken(0, creator_id, creator_name)])

    async def set_message(
        self, table_id: int, *, thread_id: int | None = None, message_id: int | None = None
    ) -> None:
        """Remember where the front end shows this table (kept across restarts)."""
        async with self._lock(table_id):
            table = await self._table(table_id)
            async with self._store.transaction() as tx:
                await tx.update_table(table_id, thread_id=thread_id, message_id=message_id)
            table.thread_id, table.message_id = thread_id, message_id

    def _check_waiting(self, table: LiveTable) -> None:
        if table.status != "waiting":
            raise refuse("table_not_waiting", table_id=table.id)

    @staticmethod
    def _check_seat(seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
            raise refuse("no_such_seat_number", seat=seat)

    def _free_seat(self, table: LiveTable, seat: int | None) -> int:
        if seat is None:
            for index, occupant in enumerate(table.seats):
                if occupant is None:
                    return index
            raise refuse("table_full", table_id=table.id)
        self._check_seat(seat)
        if table.seats[seat] is not None:
            raise refuse("seat_taken", seat=seat)
        return seat

    async def join(
        self, table_id: int, user_id: int, name: str, seat: int | None = None
    ) -> ev.Update:
        """Sit down at a waiting table (the first free seat unless ``seat`` is given)."""
        async with self._seating, self._lock(table_id):
            table = await self._table(table_id)
            self._check_waiting(table)
            own = table.seat_of(user_id)
            if own is not None:
                raise refuse("already_seated", seat=own)
            other = self._seated_elsewhere(table.channel_id, user_id, table.id)
            if other is not None:
                raise refuse("already_seated_here", table_id=other)
            seat = self._free_seat(table, seat)
            async with self._store.transaction() as tx:
                await tx.put_seat(table.id, seat, user_id, name)
            table.seats[seat] = Seat(user_id, name)
            return self._update(table, [ev.SeatTaken(seat, user_id, name)])

    async def choose_seat(self, table_id: int, user_id: int, seat: int) -> ev.Update:
        """Move to another free seat of a waiting table."""
        async with self._lock(table_id):
            table = await self._table(table_id)
            self._check_waiting(table)
            own = self._seat(table, user_id)
            if own == seat:
                return self._update(table)
            seat = self._free_seat(table, seat)
            occupant = table.seats[own]
            assert occupant is not None
            async with self._store.transaction() as tx:
                await tx.clear_seat(table.id, own)
                await tx.put_seat(table.id, seat, user_id, occupant.name)
            table.seats[own], table.seats[seat] = None, occupant
            return self._update(
                table,
                [ev.SeatOpened(own, user_id, "moved"), ev.SeatTaken(seat, user_id, occupant.name)],
            )

    def _may_change_bots(self, table: LiveTable, user_id: int, is_manager: bool) -> None:
        if table.seat_of(user_id) is None:
            self._may_manage(table, user_id, is_manager)

    async def add_bot(
        self, table_id: int, user_id: int, seat: int | None = None, *, is_manager: bool = False
    ) -> ev.Update:
        """A bot takes a free seat (any seated player, the creator or a manager may ask)."""
        async with self._lock(table_id):
            table = await self._table(table_id)
            self._may_change_bots(table, user_id, is_manager)
            self._check_waiting(table)
            seat = self._free_seat(table, seat)
            name = f"Bot {seat}"
            async with self._store.transaction() as tx:
                await tx.put_seat(table.id, seat, None, name)
            table.seats[seat] = Seat(None, name)
            return self._update(table, [ev.SeatTaken(seat, None, name)])

    async def remove_bot(
        self, table_id: int, user_id: int, seat: int, *, is_manager: bool = False
    ) -> ev.Update:
        async with self._lock(table_id):
            table = await self._table(table_id)
            self._may_change_bots(table, user_id, is_manager)
            self._check_waiting(table)
            self._check_seat(seat)
            occupant = table.seats[seat]
            if occupant is None or not occupant.is_bot:
                raise refuse("not_a_bot", seat=seat)
            async with self._store.transaction() as tx:
                await tx.clear_seat(table.id, seat)
            table.seats[seat] = None
            return self._update(table, [ev.SeatOpened(seat, None, "removed_bot")])

    async def start(self, table_id: int, user_id: int, *, is_manager: bool = False) -> ev.Update:
        """Deal the next hand once four seats are filled (creator or manager only)."""
        async with self._lock(table_id):
            table = await self._table(table_id)
            self._may_manage(table, user_id, is_manager)
            self._check_waiting(table)
            seated = sum(1 for s in table.seats if s is not None)
            if seated < 4:
                raise refuse("need_four_players", seated=seated)
            return await self._write(table, lambda tx, now: self._deal(table, tx, now))

    async def leave(self, table_id: int, user_id: int) -> ev.Update:
        """Stand up. During a hand: the leaving penalty, the hand is void (RULES §1.7 / §2.9)."""
        async with self._lock(table_id):
            table = await self._table(table_id)
            seat = self._seat(table, user_id)
            return await self._unseat(table, seat, "left")

    async def kick(
        self, table_id: int, user_id: int, target_id: int, *, is_manager: bool = False
    ) -> ev.Update:
        """Remove a player (creator or manager only); in a hand, with the leaving penalty."""
        async with self._lock(table_id):
            table = await self._table(table_id)
            self._may_manage(table, user_id, is_manager)
            seat = table.seat_of(target_id)
            if seat is None:
                raise refuse("target_not_seated", table_id=table.id)
            return await self._unseat(table, seat, "kicked")

    async def update_settings(
        self, table_id: int, user_id: int, *, is_manager: bool = False, **changes: Any
    ) -> ev.TableInfo:
        """Change settings (creator or manager); a new turn limit applies from the next turn."""
        async with self._lock(table_id):
            table = await self._table(table_id)
            self._may_manage(table, user_id, is_manager)
            settings = table.settings.changed(**changes)
            async with self._store.transaction() as tx:
                await tx.update_table(
                    table.id, settings=settings.to_json(), language=settings.language
                )
            table.settings = settings
            return self.info(table)

    async def end_table(
        self, table_id: int, user_id: int, *, is_manager: bool = False
    ) -> ev.Update:
        """End the table now (creator or manager). A running hand is abandoned: no scores."""
        async with self._lock(table_id):
            table = await self._table(table_id)
            self._may_manage(table, user_id, is_manager)

            async def step(tx: Transaction, now: float) -> list[ev.Announcement]:
                if table.running and table.hand_id is not None:
                    await tx.finish_hand(table.hand_id, "abandoned", None, now)
                return await self._end(table, tx, now, "ended_by_creator")

            return await self._write(table, step)

    # -- play ------------------------------------------------------------------------------

    async def act(self, table_id: int, user_id: int, request: Request, action_id: str) -> ev.Update:
        """Apply a player's request; once per ``action_id`` (a repeat returns ``duplicate``).

        The log's UNIQUE action id is the guard, so the usual path costs no extra query: a
        repeat is answered from memory, or refused by the rules by now (then the log says
        whether it was a repeat), or stopped by the constraint (then memory is rebuilt).
        """
        async with self._lock(table_id):
            table = await self._table(table_id)
            earlier = table.recent.get(action_id)
            if earlier is not None:
                return replace(earlier, duplicate=True)
            try:
                seat = self._seat(table, user_id)
                self._check_turn(table, seat)
                if not table.rules.accepts(request):
                    raise refuse(
                        "wrong_game", request=type(request).__name__, game=table.rules.name
                    )
                return await self._apply(table, to_action(request, seat), action_id)
            except (ServiceError, IllegalMove, CardParseError):
                if await self._store.action_exists(action_id):
                    return self._repeated(table_id)
                raise
            except DuplicateActionId:
                return self._repeated(table_id)  # ``_write`` rebuilt the table from disk

    def _repeated(self, table_id: int) -> ev.Update:
        return replace(self._update(self._tables[table_id]), duplicate=True)

    def _check_turn(self, table: LiveTable, seat: int) -> None:
        if not table.running:
            raise refuse("table_hand_over", table_id=table.id)
        if table.to_move != seat:
            raise refuse("not_your_turn", seat=table.to_move)

    async def hint(self, table_id: int, user_id: int) -> Action:
        """A legal action for the player now (the engine's simple policy)."""
        async with self._lock(table_id):
            table = await self._table(table_id)
            seat = self._seat(table, user_id)
            self._check_turn(table, seat)
            assert table.game is not None
            return table.game.hint(seat)

    async def legal_plays(
        self,
        table_id: int,
        user_id: int,
        *,
        limit: int = 25,
        where: Callable[[list[Card]], bool] | None = None,
    ) -> list[list[Card]]:
        """Up to ``limit`` plays the user's seat may make now (those ``where`` keeps).

        Generated lazily by the engine from the real game state, under the table's lock, from
        the seat's own cards only. Empty when it is not the seat's turn to play a card (bidding,
        the kitty, another seat to move) or no hand is being played.
        """
        async with self._lock(table_id):
            table = await self._table(table_id)
            seat = self._seat(table, user_id)
            if table.game is None or table.to_move != seat:
                return []
            plays = table.game.legal_plays(seat)
            return list(islice(plays if where is None else filter(where, plays), limit))

    async def view_for(self, table_id: int, user_id: int) -> Any:
        """The player's private view of the latest hand (QingdunView / SankouView)."""
        async with self._lock(table_id):  # never show an action before it is committed
            table = await self._table(table_id)
            seat = self._seat(table, user_id)
            if table.game is None:
                raise refuse("table_hand_over", table_id=table.id)
            return table.game.view(seat)

    async def public_view(self, table_id: int) -> Any:
        """The public view of the latest hand (no hidden cards), or None before the first."""
        async with self._lock(table_id):
            table = await self._table(table_id)
            return None if table.game is None else table.game.view(None)

    def bot_turns(self) -> list[int]:
        """Tables waiting for a bot to move (for the front end to drive after a restart)."""
        return [t.id for t in self._tables.values() if self._bot_to_move(t)]

    @staticmethod
    def _bot_to_move(table: LiveTable) -> bool:
        seat = table.to_move
        occupant = table.seats[seat] if seat is not None else None
        return occupant is not None and occupant.is_bot

    async def play_bot(self, table_id: int) -> ev.Update | None:
        """One bot move if a bot is to move, else None; the front end may pause between calls."""
        async with self._lock(table_id):
            table = await self._table(table_id)
            if not self._bot_to_move(table):
                return None
            assert table.game is not None and table.to_move is not None
            action = table.game.hint(table.to_move)
            return await self._apply(table, action, self._auto_id(table, "bot"))

    async def play_bots(self, table_id: int, limit: int | None = None) -> list[ev.Update]:
        """Bot moves until a human is to move (or ``limit`` moves)."""
        updates: list[ev.Update] = []
        while limit is None or len(updates) < limit:
            update = await self.play_bot(table_id)
            if update is None:
                break
            updates.append(update)
            if not update.bot_to_move:
                break
        return updates

    @staticmethod
    def _auto_id(table: LiveTable, kind: str) -> str:
        """Deterministic ids for moves the service makes itself, so retries stay idempotent."""
        assert table.game is not None
        return f"{kind}:{table.hand_id}:{len(table.game.actions)}"

    # -- deadlines -------------------------------------------------------------------------

    def due_deadlines(self, now: float | None = None) -> list[ev.DueTurn]:
        """Turns whose time limit has passed."""
        now = self._now() if now is None else now
        return [
            ev.DueTurn(t.id, seat, self._user_at(t, seat), t.deadline)
            for t in self._tables.values()
            if t.deadline is not None and t.deadline <= now and (seat := t.to_move) is not None
        ]

    @staticmethod
    def _user_at(table: LiveTable, seat: int) -> int | None:
        occupant = table.seats[seat]
        return None if occupant is None else occupant.user_id

    async def run_due(self, now: float | None = None) -> list[ev.Update]:
        """Apply each table's timeout rule to its overdue turn."""
        now = self._now() if now is None else now
        updates = []
        for due in self.due_deadlines(now):
            async with self._lock(due.table_id):
                table = self._tables.get(due.table_id)
                if table is None or table.deadline is None or table.deadline > now:
                    continue  # ended or moved on while we waited for the lock
                seat = table.to_move
                if seat is None:
                    continue
                timed_out = ev.TimedOut(seat, self._user_at(table, seat))
                if table.settings.timeout_rule is TimeoutRule.REMOVE:
                    update = await self._unseat(table, seat, "timeout")
                else:
                    assert table.game is not None
                    action = table.game.hint(seat)
                    update = await self._apply(table, action, self._auto_id(table, "timeout"))
                updates.append(replace(update, announcements=(timed_out, *update.announcements)))
        return updates

    async def due_reminders(self, now: float | None = None) -> list[ev.DueTurn]:
        """Turns past their reminder time not yet reminded; marks them reminded (once)."""
        now = self._now() if now is None else now

        def due(table: LiveTable | None) -> bool:
            return (
                table is not None
                and table.reminder_at is not None
                and table.reminder_at <= now
                and not table.reminder_sent
                and table.to_move is not None
            )

        result = []
        for table_id in [t.id for t in self._tables.values() if due(t)]:
            async with self._lock(table_id):  # the turn may have moved on meanwhile
                table = self._tables.get(table_id)
                if table is None or not due(table):
                    continue
                async with self._store.transaction() as tx:
                    await tx.update_table(table_id, reminder_sent=True)
                table.reminder_sent = True
                seat, deadline = table.to_move, table.deadline
                assert seat is not None and deadline is not None
                result.append(ev.DueTurn(table_id, seat, self._user_at(table, seat), deadline))
        return result

    # -- the write path --------------------------------------------------------------------

    async def _write(
        self,
        table: LiveTable,
        step: Callable[[Transaction, float], Any],
        announcements: Sequence[ev.Announcement] = (),
        action: Action | None = None,
    ) -> ev.Update:
        """Run ``step`` in one transaction, then the deadline; rebuild from disk on failure."""
        now = self._now()
        try:
            async with self._store.transaction() as tx:
                more = await step(tx, now)
                if table.status != "ended":
                    await self._set_deadline(table, tx, now)
        except BaseException:
            await self._reload(table.id)
            raise
        if table.status == "ended":
            self._tables.pop(table.id, None)
        return self._update(table, [*announcements, *more], action)

    async def _apply(self, table: LiveTable, action: Action, action_id: str) -> ev.Update:
        """Engine first (a refusal changes nothing), then log, settle and commit."""
        game = table.game
        assert game is not None and table.hand_id is not None
        game.apply(action)
        recorded = game.actions[-1]
        after = game.view(None)
        events = table.rules.announce(table.public, after, recorded)
        table.public = after
        hand_id, seq = table.hand_id, len(game.actions) - 1

        async def step(tx: Transaction, now: float) -> list[ev.Announcement]:
            await tx.append_action(
                hand_id, seq, action_id, recorded.seat, action_to_json(recorded), now
            )
            return await self._settle(table, tx, now) if game.over else []

        update = await self._write(table, step, events, recorded)
        table.recent[action_id] = update
        if len(table.recent) > _RECENT:
            del table.recent[next(iter(table.recent))]
        return update

    async def _settle(self, table: LiveTable, tx: Transaction, now: float) -> list[ev.Announcement]:
        """A hand just ended: result and ledger, then the next deal or the end of the table."""
        game = table.game
        assert game is not None and table.hand_id is not None
        result = game.result
        entries = table.rules.ledger(result, table.seats)  # type: ignore[arg-type]
        void = entries[0].void
        await tx.finish_hand(table.hand_id, "void" if void else "complete", plain(result), now)
        await tx.add_ledger(
            hand_id=table.hand_id,
            table_id=table.id,
            game=table.rules.name,
            guild_id=table.guild_id,
            at=now,
            entries=entries,
        )
        if not void:
            table.hands_done += 1
            await tx.update_table(table.id, hands_done=table.hands_done)
        events: list[ev.Announcement] = [
            ev.HandEnded(table.hand_number, result, tuple(result.deltas), void)
        ]
        limit = table.settings.hands
        if limit is not None and table.hands_done >= limit:
            return events + await self._end(table, tx, now, "hands_done")
        if void:
            return events  # the caller seats a bot and deals, or the table waits for a player
        return events + await self._deal(table, tx, now)

    async def _deal(self, table: LiveTable, tx: Transaction, now: float) -> list[ev.Announcement]:
        rules = table.rules
        start = self._dealer(rules.name, self._seed(), rules.first_bidder(table.game))
        game = rules.from_start(start)
        number = table.hand_number + 1
        table.hand_id = await tx.insert_hand(table.id, number, game.start, now)
        table.game, table.hand_number, table.public = game, number, game.view(None)
        table.status = "playing"
        await tx.update_table(table.id, status="playing", hand_id=table.hand_id)
        return [ev.HandDealt(number, game.to_move)]

    async def _end(
        self, table: LiveTable, tx: Transaction, now: float, reason: str
    ) -> list[ev.Announcement]:
        table.status = "ended"
        await tx.update_table(table.id, status="ended", ended_at=now, deadline=None)
        return [ev.TableEnded(reason)]

    async def _set_deadline(self, table: LiveTable, tx: Transaction, now: float) -> None:
        """The turn's time limit runs for a human to move; bots and waiting tables have none."""
        seat = table.to_move
        occupant = table.seats[seat] if seat is not None else None
        if occupant is None or occupant.is_bot:
            deadline = reminder = None
        else:
            deadline = now + table.settings.turn_seconds
            reminder = now + table.settings.reminder_seconds
        if (deadline, reminder, False) == (table.deadline, table.reminder_at, table.reminder_sent):
            return  # e.g. one bot move after another: nothing to write
        table.deadline, table.reminder_at, table.reminder_sent = deadline, reminder, False
        await tx.update_table(
            table.id, deadline=deadline, reminder_at=reminder, reminder_sent=False
        )

    async def _unseat(self, table: LiveTable, seat: int, reason: str) -> ev.Update:
        """Free ``seat``; in a running hand first the leaving penalty and a void hand."""
        occupant = table.seats[seat]
        assert occupant is not None
        leave: tuple[int, int, str, Action] | None = None  # hand, seq, action id, record
        if table.running:
            assert table.game is not None and table.hand_id is not None
            leave_id = self._auto_id(table, "leave")
            table.game.leave(seat)
            actions = table.game.actions
            leave = (table.hand_id, len(actions) - 1, leave_id, actions[-1])
            table.public = table.game.view(None)
        replace_by_bot = leave is not None and table.settings.bot_replaces_leaver

        async def step(tx: Transaction, now: float) -> list[ev.Announcement]:
            out: list[ev.Announcement] = []
            if leave is not None:
                hand_id, seq, action_id, recorded = leave
                await tx.append_action(hand_id, seq, action_id, seat, action_to_json(recorded), now)
                out += await self._settle(table, tx, now)
            out.append(ev.SeatOpened(seat, occupant.user_id, reason))
            if replace_by_bot:
                name = f"Bot {seat}"
                table.seats[seat] = Seat(None, name)
                await tx.put_seat(table.id, seat, None, name)
                out.append(ev.SeatTaken(seat, None, name))
            else:
                table.seats[seat] = None
                await tx.clear_seat(table.id, seat)
            if table.status == "ended":
                return out
            if table.humans() == 0:
                return out + await self._end(table, tx, now, "no_players")
            if replace_by_bot:
                return out + await self._deal(table, tx, now)
            if table.status == "playing":
                table.status = "waiting"
                await tx.update_table(table.id, status="waiting")
                out.append(ev.WaitingForPlayers())
            return out

        return await self._write(table, step)

    # -- scores ----------------------------------------------------------------------------

    async def table_score(self, table_id: int) -> list[ScoreLine]:
        if await self._store.table(table_id) is None:
            raise refuse("table_not_found", table_id=table_id)
        return await self._store.table_score(table_id)

    async def leaderboard(
        self, guild_id: int, game: str, days: float | None = None, limit: int = 20
    ) -> list[BoardRow]:
        if game not in RULES:
            raise refuse("unknown_game", game=game)
        since = None if days is None else self._now() - days * 86400
        return await self._store.leaderboard(guild_id, game, since, limit)

    async def player_stats(
        self, guild_id: int, user_id: int, game: str | None = None
    ) -> list[PlayerStats]:
        if game is not None and game not in RULES:
            raise refuse("unknown_game", game=game)
        return await self._store.player_stats(guild_id, user_id, game)

    async def history(self, table_id: int, last_n: int = 10) -> list[HandSummary]:
        if await self._store.table(table_id) is None:
            raise refuse("table_not_found", table_id=table_id)
        return await self._store.history(table_id, last_n)
