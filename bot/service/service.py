"""``TableService``: tables, seats, hands, deadlines and bots, over the store and the engines.

Every table that has not ended lives in memory as its engine game (the replay of its stored
log). A change follows one pattern: check, let the engine verify and apply, write everything
the step implies (action, hand result, ledger, next deal, deadline) in ONE transaction, and only
after the commit return the ``Update``. If the write fails the table is rebuilt from disk, so
memory never runs ahead of the database; if even that read fails, the table stays in memory
marked unavailable (refused, retried on the next call and deadline pass). One ``asyncio.Lock``
per table serialises its calls; seat changes also take a service-wide lock because "one table
per channel per user" spans tables.

Trouble with the database is answered, never crashed on: a write lock held by another process
is the refusal ``database_busy``; a database file deleted or replaced stops every write
(``database_gone``) until a restart; a database server out of reach is ``database_unavailable``
(the table is read back, and retried while it cannot be); a table whose stored log no longer
replays is set aside at start-up (``quarantined``) while the others play on.

Bot seats, seats a bot took over, the timeout rule's bot and hints play ``engine.ai``: the
strong level thinks in a worker process (``Thinker``) while the table's lock is free, and its
move is committed only if the game is still where it was (``_deliberate``).

Several processes may share one PostgreSQL database, each serving some Discord shards
(``Shards``): a process loads, drives and times out only its own guilds' tables, and holds a
lease on its shards (``ShardLease``) while it serves them. Every write to a table claims the
table's stored version (``Transaction.claim_table``): a table changed meanwhile by another
process is refused (``table_changed``) and read back, never overwritten.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import unicodedata
from collections.abc import Awaitable, Callable
from dataclasses import replace
from itertools import islice
from pathlib import Path
from typing import Any, Self

from bot.ratings import Rebuilt
from bot.service import events as ev
from bot.service.bots import HINT_LEVEL, Bots
from bot.service.errors import ServiceError, refuse
from bot.service.games import RULES, Dealer, deal_by_seed
from bot.service.live import LiveTable, Seat
from bot.service.lookups import Lookups, info_of, own_seat, update_of
from bot.service.recovery import Recovery
from bot.service.requests import Request, to_action
from bot.service.scores import ScoreQueries
from bot.service.serving import Serving
from bot.service.settings import TableSettings, TimeoutRule
from bot.service.state import Clock, ServiceState
from bot.service.thinking import Thinker
from bot.service.writes import Writes, auto_id, unearned_seat
from bot.store import (
    DuplicateActionId,
    ScoreLine,
    Shards,
    Store,
    Transaction,
)
from bot.store.postgres import ShardLease
from bot.store.score_rows import Board, GameStats, HandLine
from bot.store.shards import ALL_GUILDS
from bot.store.store import WRITE_WAIT
from engine import CardParseError, IllegalMove
from engine.actions import Action, Discard, Play, TakeBack
from engine.cards import Card
from engine.records import HandRecord
from engine.replay import Replay

log = logging.getLogger(__name__)
VOTE_SECONDS = 30 * 60  # how long the players have to answer a vote on ending mid-hand
TAKE_BACK_SECONDS = 10 * 60  # how long the others have to agree to a take-back (bots wait)
NAME_LIMIT = 32  # characters of a player's name kept (Discord's display names are at most 32)
_STORE_TROUBLE = frozenset(
    {
        "database_busy",
        "database_gone",
        "database_unavailable",
        "guild_not_served",
        "table_unavailable",
    }
)


def clean_name(name: str) -> str:
    """A name as tables show it: line breaks and control characters as spaces, runs of space
    squeezed, at most ``NAME_LIMIT`` characters (emoji joiners and the like are kept)."""
    spaced = "".join(" " if unicodedata.category(ch) in ("Cc", "Zl", "Zp") else ch for ch in name)
    return " ".join(spaced.split())[:NAME_LIMIT].strip() or "?"


class TableService:
    """The table service; see the module docstring. Create with ``await TableService.open``.

    Boards, statistics, history and replays come from ``ScoreQueries`` (bot/service/scores.py).
    """

    def __init__(
        self,
        store: Store,
        *,
        clock: Clock = time.time,
        seed_source: Callable[[], int] | None = None,
        dealer: Dealer = deal_by_seed,
        shards: Shards = ALL_GUILDS,
        lease: ShardLease | None = None,
        thinker: Thinker | None = None,
    ) -> None:
        self._state = ServiceState(
            store=store,
            thinker=thinker if thinker is not None else Thinker(),
            shards=shards,
            lease=lease,
            clock=clock,
            seed=seed_source or (lambda: secrets.randbits(63)),
            dealer=dealer,
        )
        self._colours: dict[int, bool] = {}  # user id -> four-colour deck (read once)
        self._recovery = Recovery(self._state)
        self._serving = Serving(self._state, self._recovery)
        self._lookups = Lookups(self._state, self._serving)
        self._scores = ScoreQueries(self._state, self._serving)
        self._writes = Writes(self._state, self._recovery, self._serving)
        self._bots = Bots(self._state, self._serving, self._writes)

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        clock: Clock = time.time,
        seed_source: Callable[[], int] | None = None,
        dealer: Dealer = deal_by_seed,
        write_wait: float = WRITE_WAIT,
        shards: Shards = ALL_GUILDS,
        lease_wait: float | None = None,
        exclusive: bool = True,
        pool_size: int = 8,
        thinker: Thinker | None = None,
    ) -> Self:
        """Open the database and bring back every unfinished table of this process's guilds.

        ``path`` is a SQLite file, or a ``postgresql://`` URL. ``clock`` gives the time (epoch
        seconds or an aware datetime), ``seed_source`` the seed of each new hand, and
        ``dealer`` turns (game, seed, first bidder) into the hand's start record: fixed hands
        for tests and puzzles (see ``bot.service.games.Dealer``). ``write_wait`` bounds how
        long a write waits for another process's lock.

        On PostgreSQL the process first takes the lease on its ``shards`` (the guilds it
        serves), waiting while another process holds it (``TimeoutError`` after
        ``lease_wait`` seconds if given); ``exclusive=False`` skips the lease (tests of what
        happens when two processes serve one table anyway). SQLite serves one process:
        ``ValueError`` for more than one shard.
        ``DatabaseUnusable`` if the database cannot be used at all (see ``quarantined`` for
        single tables that could not be brought back).

        ``thinker`` makes the AI decisions (default: a pool of worker processes, see
        ``bot.service.thinking``); the service closes it.
        """
        store = await Store.open(path, write_wait=write_wait, pool_size=pool_size)
        lease = None
        try:
            if store.backend == "sqlite" and shards.count > 1:
                raise ValueError(
                    "more than one shard needs PostgreSQL (DATABASE_URL): a SQLite file serves "
                    "one process"
                )
            if exclusive:
                lease = await store.lease(shards)
            if lease is not None:
                await lease.acquire(lease_wait)
        except BaseException:
            await store.close()
            raise
        service = cls(
            store,
            clock=clock,
            seed_source=seed_source,
            dealer=dealer,
            shards=shards,
            lease=lease,
            thinker=thinker,
        )
        try:
            await service.load()
            await service.rate_earlier_hands()
        except BaseException:
            await service.close()
            raise
        return service

    async def close(self) -> None:
        """Stop the AI workers; close the database, then give up the lease (never the other
        way round)."""
        try:
            await self.state.thinker.close()
        finally:
            try:
                await self.state.store.close()
            finally:
                if self.state.lease is not None:
                    await self.state.lease.release()

    @property
    def thinker(self) -> Thinker:
        return self.state.thinker

    @property
    def shards(self) -> Shards:
        return self.state.shards

    @property
    def store(self) -> Store:
        return self.state.store

    @property
    def state(self) -> ServiceState:
        """What the service's parts share: the live tables (``state.tables``), their locks
        (``state.lock(table_id)``), the store, the clock, the lease. For tests and benches that
        look inside; front ends use the methods."""
        return self._state

    @property
    def quarantined(self) -> dict[int, str]:
        """Table id -> why it could not be rebuilt (left out of memory, rows untouched)."""
        return self._state.quarantined

    # -- recovery and serving (bot/service/recovery.py, serving.py) ------------------------

    async def load(self) -> int:
        return await self._recovery.load()

    @property
    def gone(self) -> bool:
        """The database file was deleted or replaced: nothing is saved until a restart."""
        return self._state.gone

    def check_database(self) -> bool:
        return self._serving.check_database()

    @property
    def fenced(self) -> bool:
        return self._state.fenced

    async def keep_lease(self) -> bool:
        return await self._serving.keep_lease()

    @staticmethod
    def _may_manage(table: LiveTable, user_id: int, is_manager: bool) -> None:
        """The host (the creator while seated, else the first seated player) or a manager.
        A creator who left has no rights over the table."""
        if is_manager:
            return
        host = table.host()
        if host is None or table.seat_of(user_id) != host:
            raise refuse("not_host", seat=host)

    # -- lookups (bot/service/lookups.py) --------------------------------------------------

    def info(self, table: LiveTable) -> ev.TableInfo:
        return info_of(table)

    async def table_info(self, table_id: int) -> ev.TableInfo:
        return await self._lookups.table_info(table_id)

    def live_tables(self) -> list[int]:
        return self._lookups.live_tables()

    def tables_in_channel(self, channel_id: int) -> list[ev.TableInfo]:
        return self._lookups.tables_in_channel(channel_id)

    async def table_for_thread(self, thread_id: int) -> ev.TableInfo | None:
        return await self._lookups.table_for_thread(thread_id)

    async def latest_table_in_channel(self, channel_id: int) -> ev.TableInfo | None:
        return await self._lookups.latest_table_in_channel(channel_id)

    def table_for_user(self, channel_id: int, user_id: int) -> int | None:
        return self._lookups.table_for_user(channel_id, user_id)

    # -- bots (bot/service/bots.py) --------------------------------------------------------

    def bot_turns(self) -> list[int]:
        return self._bots.bot_turns()

    async def play_bot(self, table_id: int) -> ev.Update | None:
        return await self._bots.play_bot(table_id)

    async def play_bots(self, table_id: int, limit: int | None = None) -> list[ev.Update]:
        return await self._bots.play_bots(table_id, limit)

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
        """A new waiting table with its creator in seat 0.

        Refused while a table of the channel is unavailable (its write failed and reading it
        back did too): its players must not end up with a second table there.
        """
        rules = RULES.get(game) if isinstance(game, str) else None
        if rules is None:
            raise refuse("unknown_game", game=game)
        if not isinstance(settings, TableSettings):
            settings = TableSettings().changed(**(settings or {}))
        if language is not None:
            settings = settings.changed(language=language)
        creator_name = clean_name(creator_name)
        if self.state.gone:
            raise refuse("database_gone")
        if not self.state.shards.owns(guild_id):
            raise refuse("guild_not_served")
        await self._serving.serving()
        async with self.state.seating:
            await self._recovery.retry_unavailable(channel_id)
            for other_table in self.state.tables.values():
                if other_table.channel_id == channel_id and other_table.unavailable:
                    raise refuse("table_unavailable", table_id=other_table.id)
            other = self._lookups.seated_elsewhere(channel_id, creator_id, None)
            if other is not None:
                raise refuse("already_seated_here", table_id=other)
            now = self.state.now()
            async with self._serving.transaction() as tx:
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
            self.state.tables[table_id] = table
            return update_of(table, [ev.SeatTaken(0, creator_id, creator_name)])

    async def set_message(
        self, table_id: int, *, thread_id: int | None = None, message_id: int | None = None
    ) -> None:
        """Remember where the front end shows this table (kept across restarts)."""
        async with self.state.lock(table_id):
            table = await self._serving.table(table_id)
            async with self._serving.transaction(table) as tx:
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
        name = clean_name(name)
        async with self.state.seating, self.state.lock(table_id):
            table = await self._serving.table(table_id)
            self._check_waiting(table)
            own = table.seat_of(user_id)
            if own is not None:
                raise refuse("already_seated", seat=own)
            other = self._lookups.seated_elsewhere(table.channel_id, user_id, table.id)
            if other is not None:
                raise refuse("already_seated_here", table_id=other)
            seat = self._free_seat(table, seat)
            async with self._serving.transaction(table) as tx:
                await tx.put_seat(table.id, seat, user_id, name)
            table.seats[seat] = Seat(user_id, name)
            return update_of(table, [ev.SeatTaken(seat, user_id, name)])

    async def choose_seat(self, table_id: int, user_id: int, seat: int) -> ev.Update:
        """Move to another free seat of a waiting table."""
        async with self.state.lock(table_id):
            table = await self._serving.table(table_id)
            self._check_waiting(table)
            own = own_seat(table, user_id)
            if own == seat:
                return update_of(table)
            seat = self._free_seat(table, seat)
            occupant = table.seats[own]
            assert occupant is not None
            async with self._serving.transaction(table) as tx:
                await tx.clear_seat(table.id, own)
                await tx.put_seat(table.id, seat, user_id, occupant.name)
            table.seats[own], table.seats[seat] = None, occupant
            return update_of(
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
        async with self.state.lock(table_id):
            table = await self._serving.table(table_id)
            self._may_change_bots(table, user_id, is_manager)
            self._check_waiting(table)
            seat = self._free_seat(table, seat)
            name = f"Bot {seat}"
            async with self._serving.transaction(table) as tx:
                await tx.put_seat(table.id, seat, None, name)
            table.seats[seat] = Seat(None, name)
            return update_of(table, [ev.SeatTaken(seat, None, name)])

    async def remove_bot(
        self, table_id: int, user_id: int, seat: int, *, is_manager: bool = False
    ) -> ev.Update:
        async with self.state.lock(table_id):
            table = await self._serving.table(table_id)
            self._may_change_bots(table, user_id, is_manager)
            self._check_waiting(table)
            self._check_seat(seat)
            occupant = table.seats[seat]
            if occupant is None or not occupant.is_bot:
                raise refuse("not_a_bot", seat=seat)
            async with self._serving.transaction(table) as tx:
                await tx.clear_seat(table.id, seat)
            table.seats[seat] = None
            return update_of(table, [ev.SeatOpened(seat, None, "removed_bot")])

    async def start(self, table_id: int, user_id: int, *, is_manager: bool = False) -> ev.Update:
        """Deal the next hand once four seats are filled (creator or manager only)."""
        async with self.state.lock(table_id):
            table = await self._serving.table(table_id)
            self._may_manage(table, user_id, is_manager)
            self._check_waiting(table)
            seated = sum(1 for s in table.seats if s is not None)
            if seated < 4:
                raise refuse("need_four_players", seated=seated)
            return await self._writes.write(
                table, lambda tx, now: self._writes.deal(table, tx, now)
            )

    async def next_hand(self, table_id: int, user_id: int) -> ev.Update:
        """Deal the next hand at a table that does not deal by itself (``auto_deal`` off).

        Any seated player may, once the hand before has ended; a table that lost a player in
        the meantime waits for four and its host's Start instead.
        """
        async with self.state.lock(table_id):
            table = await self._serving.table(table_id)
            own_seat(table, user_id)
            if table.status == "waiting":
                raise refuse("table_waiting", table_id=table.id)
            if table.running:
                raise refuse("hand_not_over", table_id=table.id, number=table.hand_number)
            return await self._writes.write(
                table, lambda tx, now: self._writes.deal(table, tx, now)
            )

    async def play_again(self, table_id: int, user_id: int) -> ev.Update:
        """A new table like ended table ``table_id``: same game, settings, place and seats.

        Asked by a player who sat there at its end. Bots keep their seats; a player now
        seated at another table of the channel leaves a free seat. The new table waits for
        its host (the one who asked) to start, so nobody is dealt in unasked, unless everyone
        else is a bot: then the first hand is dealt at once. One new table per thread.
        """
        async with self.state.seating:
            if table_id in self.state.tables:
                await self._serving.table(table_id)  # refused if unavailable
                raise refuse("table_not_ended", table_id=table_id)
            if self.state.gone:
                raise refuse("database_gone")
            record = await self.state.store.table_record(table_id)
            if record is None:
                raise refuse("table_not_found", table_id=table_id)
            row = record.table
            if not self.state.shards.owns(row.guild_id):
                raise refuse("guild_not_served")
            await self._serving.serving()
            if not any(seat.user_id == user_id for seat in record.seats):
                raise refuse("not_seated", table_id=table_id)
            for live in self.state.tables.values():
                if row.thread_id is not None and live.thread_id == row.thread_id:
                    raise refuse("rematch_open", table_id=live.id)
            other = self._lookups.seated_elsewhere(row.channel_id, user_id, None)
            if other is not None:
                raise refuse("already_seated_here", table_id=other)
            seats: list[Seat | None] = [None] * 4
            for old in record.seats:
                taken = old.user_id is not None and old.user_id != user_id
                if taken and self._lookups.seated_elsewhere(row.channel_id, old.user_id, None):
                    continue
                seats[old.seat] = Seat(old.user_id, old.name)
            settings = TableSettings.from_json(row.settings)
            table = LiveTable(
                id=0,
                guild_id=row.guild_id,
                channel_id=row.channel_id,
                thread_id=row.thread_id,
                message_id=None,
                rules=RULES[row.game],
                settings=settings,
                status="waiting",
                creator_id=user_id,
                seats=seats,
            )
            solo = all(s is not None and (s.is_bot or s.user_id == user_id) for s in seats)
            now = self.state.now()
            events: list[ev.Announcement] = []
            # nothing is kept in memory before it commits
            async with self._serving.transaction() as tx:
                table.id = await tx.insert_table(
                    guild_id=row.guild_id,
                    channel_id=row.channel_id,
                    game=row.game,
                    settings=settings.to_json(),
                    language=settings.language,
                    creator_id=user_id,
                    created_at=now,
                )
                await tx.update_table(table.id, thread_id=row.thread_id)
                for index, seat in enumerate(seats):
                    if seat is not None:
                        await tx.put_seat(table.id, index, seat.user_id, seat.name)
                        events.append(ev.SeatTaken(index, seat.user_id, seat.name))
                if solo:
                    events += await self._writes.deal(table, tx, now)
                    await self._writes.set_deadline(table, tx, now)
            self.state.tables[table.id] = table
            self.state.locks.setdefault(table.id, asyncio.Lock())
            return update_of(table, events)

    async def leave(self, table_id: int, user_id: int) -> ev.Update:
        """Stand up. During a hand: the leaving penalty, the hand is void (RULES §1.7 / §2.9)."""
        async with self.state.lock(table_id):
            table = await self._serving.table(table_id)
            seat = own_seat(table, user_id)
            return await self._writes.unseat(table, seat, "left")

    async def kick(
        self, table_id: int, user_id: int, target_id: int, *, is_manager: bool = False
    ) -> ev.Update:
        """Remove a player (host or manager only); in a hand, with the leaving penalty.

        During a hand only a player whose turn timed out (the timeout rule has run) and who
        has not played since may be removed: nobody can void a hand by removing an opponent.
        """
        async with self.state.lock(table_id):
            table = await self._serving.table(table_id)
            self._may_manage(table, user_id, is_manager)
            seat = table.seat_of(target_id)
            if seat is None:
                raise refuse("target_not_seated", table_id=table.id)
            occupant = table.seats[seat]
            if table.running and occupant is not None and not occupant.missed:
                raise refuse("kick_needs_missed_turn", seat=seat)
            return await self._writes.unseat(table, seat, "kicked")

    async def update_settings(
        self, table_id: int, user_id: int, *, is_manager: bool = False, **changes: Any
    ) -> ev.TableInfo:
        """Change settings (creator or manager); a new turn limit or thinking time applies from
        the next turn. The bot level changes only between hands: a hand's bot seats are rated
        at the level they played it at."""
        async with self.state.lock(table_id):
            table = await self._serving.table(table_id)
            self._may_manage(table, user_id, is_manager)
            settings = table.settings.changed(**changes)
            if settings.bot_level != table.settings.bot_level and table.running:
                raise refuse("bot_level_in_hand", table_id=table.id, number=table.hand_number)
            async with self._serving.transaction(table) as tx:
                await tx.update_table(
                    table.id, settings=settings.to_json(), language=settings.language
                )
            table.settings = settings
            return info_of(table)

    async def end_table(
        self, table_id: int, user_id: int, *, is_manager: bool = False
    ) -> ev.Update:
        """End the table (host or manager), without letting anyone erase a hand's result.

        Between hands it ends at once. During a hand:
        - a server manager who does not sit at the table ends it at once (moderation); the
          hand is abandoned, which changes nobody's score;
        - the only player among bots forfeits: the leaving penalty, then the table ends;
        - otherwise a vote opens (``EndVoteOpened``): if every seated player agrees
          (``vote_end``) the hand is abandoned and the table ends; if one refuses or the vote
          expires, the hand is played out and the table ends after it.
        """
        async with self.state.lock(table_id):
            table = await self._serving.table(table_id)
            seat = table.seat_of(user_id)
            if table.running and seat is None and is_manager:
                return await self._writes.write(table, self._abandoning(table, "ended_by_manager"))
            self._may_manage(table, user_id, is_manager)
            if not table.running:
                return await self._writes.write(table, self._abandoning(table, "ended_by_host"))
            assert seat is not None  # the host sits; a manager who does not was handled above
            if table.humans() == 1:
                return await self._writes.unseat(table, seat, "left")
            if table.closing:
                raise refuse("table_closing", table_id=table.id)
            if table.end_vote is not None:
                raise refuse("vote_open", table_id=table.id)
            voters = tuple(i for i, s in enumerate(table.seats) if s is not None and not s.is_bot)

            async def step(tx: Transaction, now: float) -> list[ev.Announcement]:
                vote = {
                    "hand": table.hand_number,
                    "by": user_id,
                    "agreed": [user_id],
                    "expires": now + VOTE_SECONDS,
                }
                table.end_vote = vote
                await tx.update_table(table.id, end_vote=vote)
                return [ev.EndVoteOpened(seat, table.hand_number, vote["expires"], voters)]

            return await self._writes.write(table, step)

    async def vote_end(
        self, table_id: int, user_id: int, hand_number: int, agree: bool
    ) -> ev.Update:
        """A seated player's answer to the vote on ending hand ``hand_number`` now."""
        async with self.state.lock(table_id):
            table = await self._serving.table(table_id)
            seat = own_seat(table, user_id)
            vote = table.end_vote
            if vote is None or vote["hand"] != hand_number or not table.running:
                raise refuse("no_vote", table_id=table.id)
            if not agree:
                return await self._writes.write(table, self._closing_vote(table, "refused", seat))
            if user_id in vote["agreed"]:
                return update_of(table)
            agreed = [*vote["agreed"], user_id]
            players = {s.user_id for s in table.seats if s is not None and not s.is_bot}
            if players <= set(agreed):
                return await self._writes.write(
                    table,
                    self._abandoning(table, "ended_by_vote", ev.EndVoteClosed("agreed")),
                )

            async def step(tx: Transaction, now: float) -> list[ev.Announcement]:
                table.end_vote = {**vote, "agreed": agreed}
                await tx.update_table(table.id, end_vote=table.end_vote)
                return [ev.EndVoteCast(seat)]

            return await self._writes.write(table, step)

    def _abandoning(
        self, table: LiveTable, reason: str, *first: ev.Announcement
    ) -> Callable[[Transaction, float], Any]:
        """The step that ends the table now; a running hand is abandoned (no scores)."""

        async def step(tx: Transaction, now: float) -> list[ev.Announcement]:
            if table.running and table.hand_id is not None:
                await tx.finish_hand(table.hand_id, "abandoned", None, now)
            return [*first, *await self._writes.end(table, tx, now, reason)]

        return step

    def _closing_vote(
        self, table: LiveTable, outcome: str, seat: int | None
    ) -> Callable[[Transaction, float], Any]:
        """The step that closes a failed vote: the hand is played out, then the table ends."""

        async def step(tx: Transaction, now: float) -> list[ev.Announcement]:
            table.end_vote, table.closing = None, True
            await tx.update_table(table.id, end_vote=None, closing=True)
            return [ev.EndVoteClosed(outcome, seat)]

        return step

    # -- play ------------------------------------------------------------------------------

    async def act(self, table_id: int, user_id: int, request: Request, action_id: str) -> ev.Update:
        """Apply a player's request; once per ``action_id`` (a repeat returns ``duplicate``).

        The log's UNIQUE action id is the guard, so the usual path costs no extra query: a
        repeat is answered from memory, or refused by the rules by now (then the log says
        whether it was a repeat), or stopped by the constraint (then memory is rebuilt).
        """
        async with self.state.lock(table_id):
            table = await self._serving.table(table_id)
            earlier = table.recent.get(action_id)
            if earlier is not None:
                return replace(earlier, duplicate=True)
            try:
                seat = own_seat(table, user_id)
                self._check_turn(table, seat)
                if not table.rules.accepts(request):
                    raise refuse(
                        "wrong_game", request=type(request).__name__, game=table.rules.name
                    )
                occupant = table.seats[seat]
                assert occupant is not None
                back = {seat: (False, False)} if occupant.missed or occupant.autoplay else {}
                return await self._writes.apply(table, to_action(request, seat), action_id, back)
            except (ServiceError, IllegalMove, CardParseError) as exc:
                trouble = getattr(exc, "code", None) in _STORE_TROUBLE
                if not trouble and await self.state.store.action_exists(action_id):
                    return self._repeated(table_id)
                raise
            except DuplicateActionId:
                return self._repeated(table_id)  # ``_write`` rebuilt the table from disk

    def _repeated(self, table_id: int) -> ev.Update:
        return replace(update_of(self.state.tables[table_id]), duplicate=True)

    def _check_turn(self, table: LiveTable, seat: int) -> None:
        if not table.running:
            raise refuse("table_hand_over", table_id=table.id)
        if table.to_move != seat:
            raise refuse("not_your_turn", seat=table.to_move)

    async def hint(self, table_id: int, user_id: int) -> Action:
        """A legal action for the player now: the strong player's, at the table's hint budget,
        thought in a worker without holding the table's lock (the engine's simple policy if
        the worker fails)."""
        async with self.state.lock(table_id):
            table = await self._serving.table(table_id)
            seat = own_seat(table, user_id)
            self._check_turn(table, seat)
            assert table.game is not None
            thought = self._bots.thought(table, seat, HINT_LEVEL, table.settings.hint_seconds)
            fallback = table.game.hint(seat)
        return await asyncio.shield(thought) or fallback

    async def catch_up(self, table_id: int, user_id: int) -> ev.CatchUp:
        """What the user missed in the current hand since their seat last acted (public events
        only, the whole hand so far if it has not acted yet), and whether they are new here."""
        async with self.state.lock(table_id):
            table = await self._serving.table(table_id)
            seat = own_seat(table, user_id)
            story = list(self._story(table))
        acted = [index for index, (actor, _) in enumerate(story) if actor == seat]
        missed = story[acted[-1] + 1 :] if acted else story
        events = tuple(event for _, group in missed for event in group)
        new = not acted and not await self.state.store.has_hands(table.guild_id, user_id)
        return ev.CatchUp(events, bool(acted), new)

    @staticmethod
    def _story(table: LiveTable) -> list[tuple[int, tuple[ev.Announcement, ...]]]:
        """The latest hand's events by action; replayed from the log when memory has none
        (after a restart) or does not match the log (a move recorded another way)."""
        actions = 0 if table.game is None else len(table.game.actions)
        if table.story is None or len(table.story) != actions:
            story: list[tuple[int, tuple[ev.Announcement, ...]]] = []
            if table.game is not None:
                rules = table.rules
                replayed = rules.from_start(table.game.start)
                before = replayed.view(None)
                for action in table.game.actions:
                    replayed.apply(action)
                    after = replayed.view(None)
                    recorded = replayed.actions[-1]
                    story.append((recorded.seat, tuple(rules.announce(before, after, recorded))))
                    before = after
            table.story = story
        return table.story

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
        the kitty, another seat to move) or no hand is being played. A 三扣 follow may have
        millions of them, and a ``where`` that keeps few walks them all: suggestions come from
        ``peek_view`` and the engines' suggestion generators instead.
        """
        async with self.state.lock(table_id):
            table = await self._serving.table(table_id)
            seat = own_seat(table, user_id)
            if table.game is None or table.to_move != seat:
                return []
            plays = table.game.legal_plays(seat)
            return list(islice(plays if where is None else filter(where, plays), limit))

    async def view_for(self, table_id: int, user_id: int) -> Any:
        """The player's private view of the latest hand (QingdunView / SankouView)."""
        async with self.state.lock(table_id):  # never show an action before it is committed
            table = await self._serving.table(table_id)
            seat = own_seat(table, user_id)
            if table.game is None:
                raise refuse("table_hand_over", table_id=table.id)
            return table.game.view(seat)

    def peek_view(self, table_id: int, user_id: int) -> Any | None:
        """The player's view as last committed, at once, or None when it cannot be had at once.

        For answers that must never wait (autocomplete): no lock is awaited and nothing is read
        from disk. While the table's lock is held a change may be half done (the game moves
        before its write commits), so a busy table gives None, as does one marked unavailable
        (its memory may be ahead of the disk), a table not in memory, a user not seated or a
        table between hands.
        """
        table = self.state.tables.get(table_id)
        if (
            table is None
            or table.game is None
            or table.unavailable
            or self.state.lock(table_id).locked()
        ):
            return None
        seat = table.seat_of(user_id)
        return None if seat is None else table.game.view(seat)

    # -- the private hand: one-step controls, card colours, costs, taking back ------------

    async def turn_options(self, table_id: int, user_id: int, limit: int = 25) -> ev.TurnOptions:
        """The player's view with what one-step controls offer now: the hint, up to ``limit``
        legal plays best first (the hint's first), passing, the dealer's kitty choices, and
        whether a take-back may be asked.

        Only the view is taken under the table's lock; the hint is thought in a worker (as
        ``hint``) and the plays chosen from the view after it is released, a bounded amount of
        work (``engine`` menus). Everything answers the position the view shows.
        """
        async with self.state.lock(table_id):
            table = await self._serving.table(table_id)
            seat = own_seat(table, user_id)
            game = table.game
            if game is None:
                raise refuse("table_hand_over", table_id=table.id)
            view = game.view(seat)
            mine = table.running and game.to_move == seat
            thought, fallback = None, None
            if mine:
                thought = self._bots.thought(table, seat, HINT_LEVEL, table.settings.hint_seconds)
                fallback = game.hint(seat)
            may_pass = mine and table.rules.may_pass(game, seat)
            take_back = (
                table.running
                and table.take_back is None
                and table.refused_take_back != (table.hand_number, len(game.actions))
                and game.may_take_back(seat)
            )
            number, rules, asked = table.hand_number, table.rules, table.take_back is not None
        hint = (await asyncio.shield(thought) or fallback) if thought is not None else None
        first = hint.cards if isinstance(hint, Play) else ()
        plays = rules.menu(view, first, limit) if mine else []
        laid = hint.cards if isinstance(hint, Discard) else ()
        kitties = rules.kitty_choices(view, laid) if mine else []
        return ev.TurnOptions(
            view=view,
            hand_number=number,
            my_turn=mine,
            hint=hint,
            plays=tuple(tuple(play) for play in plays),
            may_pass=may_pass,
            kitties=tuple((suit, tuple(kitty)) for suit, kitty in kitties),
            take_back=take_back,
            asked=asked,
        )

    async def four_colour(self, user_id: int) -> bool:
        """Whether the player's own pictures use the four-colour deck (♦ blue, ♣ green)."""
        chosen = self._colours.get(user_id)
        if chosen is None:
            chosen = bool(await self.state.store.four_colour(user_id))
            self._colours[user_id] = chosen
        return chosen

    async def set_four_colour(self, user_id: int, on: bool) -> bool:
        """Choose the card colours of the player's own pictures (kept across restarts)."""
        async with self._serving.transaction() as tx:
            await tx.set_four_colour(user_id, bool(on))
        self._colours[user_id] = bool(on)
        return bool(on)

    async def leave_cost(self, table_id: int, user_id: int) -> ev.LeaveCost | None:
        """What leaving now would cost and pay (RULES §1.7 / §2.9 and the fairness rules: a
        bonus only for players seated at the deal); None when no hand is being played."""
        async with self.state.lock(table_id):
            table = await self._serving.table(table_id)
            seat = own_seat(table, user_id)
            if not table.running or table.game is None:
                return None
            deltas = list(table.game.leave_deltas(seat))
            for other, occupant in enumerate(table.seats):
                user = None if occupant is None else occupant.user_id
                if other != seat and deltas[other] > 0 and unearned_seat(table, other, user):
                    deltas[other] = 0
            return ev.LeaveCost(
                table.hand_number, seat, (deltas[0], deltas[1], deltas[2], deltas[3])
            )

    async def ask_take_back(self, table_id: int, user_id: int, action_id: str) -> ev.Update:
        """Ask to take back one's own move, the last of the hand (house rule, docs/rules).

        The engine says whether the move may be taken back. With nobody else to ask (only bots
        besides), it is taken back at once; otherwise every other seated player must agree
        (``answer_take_back``) before the next move and within ``TAKE_BACK_SECONDS``, while
        bot seats wait.
        """
        async with self.state.lock(table_id):
            table = await self._serving.table(table_id)
            earlier = table.recent.get(action_id)
            if earlier is not None:
                return replace(earlier, duplicate=True)
            seat = own_seat(table, user_id)
            game = table.game
            if not table.running or game is None:
                raise refuse("table_hand_over", table_id=table.id)
            if table.take_back is not None:
                raise refuse("take_back_open", table_id=table.id)
            move = game.check_take_back(seat)
            if table.refused_take_back == (table.hand_number, len(game.actions)):
                raise refuse("take_back_refused")  # asked once: no asking the others again
            voters = [
                (other, occupant.user_id)
                for other, occupant in enumerate(table.seats)
                if other != seat and occupant is not None and not occupant.plays_itself
            ]
            if not voters:
                return await self._writes.apply(table, TakeBack(seat), action_id)
            hand, moves = table.hand_number, len(game.actions)
            cards = tuple(move.cards) if isinstance(move, Play) else ()

            async def step(tx: Transaction, now: float) -> list[ev.Announcement]:
                request = {
                    "seat": seat,
                    "hand": hand,
                    "moves": moves,
                    "voters": [user for _, user in voters],
                    "agreed": [],
                    "expires": now + TAKE_BACK_SECONDS,
                }
                table.take_back = request
                await tx.update_table(table.id, take_back=request)
                seats = tuple(other for other, _ in voters)
                return [ev.TakeBackAsked(seat, hand, moves, cards, seats, request["expires"])]

            update = await self._writes.write(table, step)
            table.recent[action_id] = update
            return update

    async def answer_take_back(
        self, table_id: int, user_id: int, hand: int, moves: int, agree: bool
    ) -> ev.Update:
        """A seated player's answer to the take-back asked at move ``moves`` of hand ``hand``:
        one refusal ends it; when every player asked agrees, the move is taken back."""
        async with self.state.lock(table_id):
            table = await self._serving.table(table_id)
            seat = own_seat(table, user_id)
            request = table.take_back
            if (
                request is None
                or not table.running
                or (request["hand"], request["moves"]) != (hand, moves)
            ):
                raise refuse("no_take_back", table_id=table.id)
            if seat == request["seat"]:
                raise refuse("take_back_own")
            if user_id not in request["voters"]:
                raise refuse("take_back_not_asked")
            if not agree:
                return await self._writes.write(
                    table, self._closing_take_back(table, "refused", seat)
                )
            if user_id in request["agreed"]:
                return update_of(table)
            agreed = [*request["agreed"], user_id]
            if set(request["voters"]) <= set(agreed):
                mover = request["seat"]
                return await self._writes.apply(table, TakeBack(mover), auto_id(table, "take_back"))

            async def step(tx: Transaction, now: float) -> list[ev.Announcement]:
                table.take_back = {**request, "agreed": agreed}
                await tx.update_table(table.id, take_back=table.take_back)
                return [ev.TakeBackCast(seat)]

            return await self._writes.write(table, step)

    def _closing_take_back(
        self, table: LiveTable, outcome: str, seat: int | None
    ) -> Callable[[Transaction, float], Any]:
        """The step that ends a take-back request without taking the move back."""

        async def step(tx: Transaction, now: float) -> list[ev.Announcement]:
            asked = table.take_back
            if asked is not None:
                table.refused_take_back = (asked["hand"], asked["moves"])
            table.take_back = None
            await tx.update_table(table.id, take_back=None)
            return [ev.TakeBackClosed(outcome, seat)]

        return step

    async def public_view(self, table_id: int) -> Any:
        """The public view of the latest hand (no hidden cards), or None before the first."""
        async with self.state.lock(table_id):
            table = await self._serving.table(table_id)
            return None if table.game is None else table.game.view(None)

    # -- deadlines -------------------------------------------------------------------------

    def due_deadlines(self, now: float | None = None) -> list[ev.DueTurn]:
        """Turns whose time limit has passed."""
        now = self.state.now() if now is None else now
        if self.state.gone or self.state.fenced:
            return []
        return [
            ev.DueTurn(t.id, seat, self._user_at(t, seat), t.deadline)
            for t in self.state.tables.values()
            if t.deadline is not None
            and t.deadline <= now
            and not t.unavailable
            and (seat := t.to_move) is not None
        ]

    @staticmethod
    def _user_at(table: LiveTable, seat: int) -> int | None:
        occupant = table.seats[seat]
        return None if occupant is None else occupant.user_id

    async def run_due(self, now: float | None = None) -> list[ev.Update]:
        """The deadline pass: apply each table's timeout rule to its overdue turn, close votes
        that expired, and retry tables marked unavailable.

        Each table on its own: one that fails is logged and tried again at the next pass; the
        updates of the others are returned, so their timeouts are announced.
        """
        now = self.state.now() if now is None else now
        if not await self._serving.keep_lease() or not self._serving.check_database():
            return []
        await self._recovery.retry_unavailable()
        Handle = Callable[[LiveTable | None, float], Awaitable[ev.Update | None]]
        due: list[tuple[int, Handle | None]] = [(d.table_id, None) for d in self.due_deadlines(now)]
        due += [
            (t.id, self._expire_vote)
            for t in self.state.tables.values()
            if t.end_vote is not None and t.end_vote["expires"] <= now and not t.unavailable
        ]
        due += [
            (t.id, self._expire_take_back)
            for t in self.state.tables.values()
            if t.take_back is not None and t.take_back["expires"] <= now and not t.unavailable
        ]
        by_table: dict[int, list[Handle | None]] = {}
        for table_id, handle in due:
            by_table.setdefault(table_id, []).append(handle)

        async def settle(table_id: int, handles: list[Handle | None]) -> list[ev.Update]:
            """One table's due items in order; tables run side by side, so a pass after
            downtime takes as long as its slowest table (a bot thinking), not their sum."""
            out = []
            for handle in handles:
                try:
                    if handle is None:  # the timeout rule takes the lock itself (its bot thinks)
                        update = await self._time_out(table_id, now)
                    else:
                        async with self.state.lock(table_id):
                            update = await handle(self.state.tables.get(table_id), now)
                except ServiceError as exc:
                    log.warning("table %s: deadline pass refused (%s); retried", table_id, exc.code)
                    continue
                except Exception:  # one table must not stop the pass for the others
                    log.exception(
                        "table %s: deadline pass failed; retried at the next one", table_id
                    )
                    continue
                if update is not None:
                    out.append(update)
            return out

        settled = await asyncio.gather(*(settle(t, h) for t, h in by_table.items()))
        return [update for updates in settled for update in updates]

    async def _time_out(self, table_id: int, now: float) -> ev.Update | None:
        """The timeout rule for the overdue turn of table ``table_id``.

        "A bot plays for you" plays at the table's bot level and budget, thinking without the
        table's lock; should the player move meanwhile, their move stands and the bot's is
        dropped. In a hand that is played out before the table closes, the seat is taken over
        by a bot until the hand ends, whatever the rule: removing the player would void the
        hand.
        """

        def pick(table: LiveTable | None) -> tuple[int, str, float] | None:
            if table is None or table.unavailable or table.deadline is None:
                return None  # ended or moved on while we waited for the lock
            seat = table.to_move
            if table.deadline > now or seat is None or table.game is None:
                return None
            return seat, table.settings.bot_level, table.settings.bot_seconds

        async def find(table_id: int) -> LiveTable | None:
            return self.state.tables.get(table_id)

        async def commit(table: LiveTable, seat: int, action: Action) -> ev.Update:
            user = self._user_at(table, seat)
            first: list[ev.Announcement] = [ev.TimedOut(seat, user)]
            if table.closing:
                first.append(ev.SeatTakenOver(seat, user))
                flags = {seat: (False, True)}
            else:
                flags = {seat: (True, False)}  # now the host may remove the player (``kick``)
            update = await self._bots.commit_move(table, seat, action, "timeout", flags)
            return replace(update, announcements=(*first, *update.announcements))

        async with self.state.lock(table_id):
            table = self.state.tables.get(table_id)
            chosen = pick(table)
            if table is None or chosen is None:
                return None
            if not table.closing and table.settings.timeout_rule is TimeoutRule.REMOVE:
                seat = chosen[0]
                timed_out = ev.TimedOut(seat, self._user_at(table, seat))
                update = await self._writes.unseat(table, seat, "timeout")
                return replace(update, announcements=(timed_out, *update.announcements))
        return await self._bots.deliberate(table_id, find, pick, commit)

    async def _expire_take_back(self, table: LiveTable | None, now: float) -> ev.Update | None:
        if table is None or table.take_back is None or table.take_back["expires"] > now:
            return None
        return await self._writes.write(table, self._closing_take_back(table, "expired", None))

    async def _expire_vote(self, table: LiveTable | None, now: float) -> ev.Update | None:
        if table is None or table.end_vote is None or table.end_vote["expires"] > now:
            return None
        return await self._writes.write(table, self._closing_vote(table, "expired", None))

    async def due_reminders(self, now: float | None = None) -> list[ev.DueTurn]:
        """Turns past their reminder time not yet reminded; marks them reminded (once)."""
        now = self.state.now() if now is None else now

        def due(table: LiveTable | None) -> bool:
            return (
                table is not None
                and table.reminder_at is not None
                and table.reminder_at <= now
                and not table.reminder_sent
                and table.to_move is not None
            )

        result = []
        if not self._serving.check_database():
            return result
        for table_id in [t.id for t in self.state.tables.values() if due(t) and not t.unavailable]:
            try:
                async with self.state.lock(table_id):  # the turn may have moved on meanwhile
                    table = self.state.tables.get(table_id)
                    if table is None or not due(table):
                        continue
                    async with self._serving.transaction(table) as tx:
                        await tx.update_table(table_id, reminder_sent=True)
                    table.reminder_sent = True
                    seat, deadline = table.to_move, table.deadline
                    assert seat is not None and deadline is not None
                    result.append(ev.DueTurn(table_id, seat, self._user_at(table, seat), deadline))
            except Exception:  # the next pass tries again; others go on
                log.exception("table %s: reminder failed; retried at the next pass", table_id)
        return result

    # -- scores (bot/service/scores.py) ----------------------------------------------------

    async def table_score(self, table_id: int) -> list[ScoreLine]:
        return await self._scores.table_score(table_id)

    async def min_ranked_hands(self, guild_id: int) -> int:
        return await self._scores.min_ranked_hands(guild_id)

    async def set_min_ranked_hands(self, guild_id: int, hands: int, *, is_manager: bool) -> int:
        return await self._scores.set_min_ranked_hands(guild_id, hands, is_manager=is_manager)

    async def rate_earlier_hands(self) -> Rebuilt | None:
        return await self._scores.rate_earlier_hands()

    async def board(
        self,
        guild_id: int,
        game: str,
        user_id: int,
        *,
        by: str = "rating",
        period: str = "all",
        top: int = 10,
    ) -> Board:
        return await self._scores.board(guild_id, game, user_id, by=by, period=period, top=top)

    async def game_stats(
        self, guild_id: int, user_id: int, game: str | None = None
    ) -> list[GameStats]:
        return await self._scores.game_stats(guild_id, user_id, game)

    async def recent_hands(
        self,
        guild_id: int,
        *,
        table_id: int | None = None,
        user_id: int | None = None,
        limit: int = 10,
    ) -> list[HandLine]:
        return await self._scores.recent_hands(
            guild_id, table_id=table_id, user_id=user_id, limit=limit
        )

    async def hand_record(self, guild_id: int, hand: int | str) -> HandRecord:
        return await self._scores.hand_record(guild_id, hand)

    async def replay_hand(self, guild_id: int, hand: int | str) -> tuple[HandLine, Replay]:
        return await self._scores.replay_hand(guild_id, hand)
