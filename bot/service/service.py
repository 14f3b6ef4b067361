"""``TableService``: the table service's one face, composed of parts of one concern each.

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
move is committed only if the game is still where it was (``Bots.deliberate``).

Several processes may share one PostgreSQL database, each serving some Discord shards
(``Shards``): a process loads, drives and times out only its own guilds' tables, and holds a
lease on its shards (``ShardLease``) while it serves them. Every write to a table claims the
table's stored version (``Transaction.claim_table``): a table changed meanwhile by another
process is refused (``table_changed``) and read back, never overwritten.

The methods here only forward: each concern is a part in its own module (``recovery``,
``serving``, ``lookups``, ``lobby``, ``waiting_list``, ``play``, ``private_hand``, ``people``,
``bots``, ``deadlines``, ``writes``, ``scores``), and they share one ``ServiceState``
(``state``); the docstrings are on the parts.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, Self

from bot.ratings import Rebuilt
from bot.service import events as ev
from bot.service.bots import Bots
from bot.service.deadlines import Deadlines
from bot.service.games import Dealer, deal_by_seed
from bot.service.live import LiveTable
from bot.service.lobby import Lobby
from bot.service.lookups import Lookups, info_of, moves_of
from bot.service.people import People, PingSettings
from bot.service.play import Playing
from bot.service.private_hand import PrivateHand
from bot.service.recovery import Recovery
from bot.service.requests import Request
from bot.service.scores import Review, ScoreQueries
from bot.service.serving import Serving
from bot.service.settings import TableSettings
from bot.service.state import Clock, ServiceState
from bot.service.thinking import Thinker
from bot.service.waiting_list import WaitingList
from bot.service.writes import Writes
from bot.store import ScoreLine, Shards, Store
from bot.store.postgres import ShardLease
from bot.store.score_rows import Board, GameStats, HandLine
from bot.store.shards import ALL_GUILDS
from bot.store.store import WRITE_WAIT
from engine.actions import Action
from engine.cards import Card
from engine.records import HandRecord
from engine.replay import Replay

__all__ = ["Clock", "TableService"]


class TableService:
    """The table service; see the module docstring. Create with ``await TableService.open``."""

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
        state = ServiceState(
            store=store,
            thinker=thinker if thinker is not None else Thinker(),
            shards=shards,
            lease=lease,
            clock=clock,
            seed=seed_source or (lambda: secrets.randbits(63)),
            dealer=dealer,
        )
        self._state = state
        self._recovery = Recovery(state)
        self._serving = Serving(state, self._recovery)
        self._lookups = Lookups(state, self._serving)
        self._scores = ScoreQueries(state, self._serving)
        self._writes = Writes(state, self._recovery, self._serving)
        self._bots = Bots(state, self._serving, self._writes)
        self._lobby = Lobby(state, self._recovery, self._serving, self._lookups, self._writes)
        self._play = Playing(state, self._serving, self._writes, self._bots)
        self._hand = PrivateHand(state, self._serving, self._writes, self._bots)
        self._people = People(state, self._serving)
        self._line = WaitingList(state, self._serving, self._lookups)
        self._deadlines = Deadlines(
            state, self._recovery, self._serving, self._writes, self._bots, self._lobby, self._hand
        )

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
            service.thinker.start()  # ready by the first decisions
        except BaseException:
            await service.close()
            raise
        return service

    async def close(self) -> None:
        """Stop the deadline pass's busy tables and the AI workers; close the database, then
        give up the lease (never the other way round)."""
        try:
            await self._deadlines.close()
            await self._state.thinker.close()
        finally:
            try:
                await self._state.store.close()
            finally:
                if self._state.lease is not None:
                    await self._state.lease.release()

    @property
    def state(self) -> ServiceState:
        """What the parts share: the live tables (``state.tables``), their locks
        (``state.lock(table_id)``), the store, the clock, the lease. For tests and benches that
        look inside; front ends use the methods."""
        return self._state

    @property
    def thinker(self) -> Thinker:
        return self._state.thinker

    @property
    def shards(self) -> Shards:
        return self._state.shards

    @property
    def store(self) -> Store:
        return self._state.store

    # -- recovery and serving (recovery.py, serving.py) ------------------------------------

    @property
    def quarantined(self) -> dict[int, str]:
        """Table id -> why it could not be rebuilt (left out of memory, rows untouched)."""
        return self._state.quarantined

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

    # -- lookups (lookups.py) --------------------------------------------------------------

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

    async def ended_table(self, table_id: int) -> tuple[ev.TableInfo, Any] | None:
        return await self._lookups.ended_table(table_id)

    # -- tables and seats (lobby.py) -------------------------------------------------------

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
        return await self._lobby.create_table(
            guild_id, channel_id, creator_id, creator_name, game, settings, language
        )

    async def set_message(
        self, table_id: int, *, thread_id: int | None = None, message_id: int | None = None
    ) -> None:
        await self._lobby.set_message(table_id, thread_id=thread_id, message_id=message_id)

    async def join(
        self, table_id: int, user_id: int, name: str, seat: int | None = None
    ) -> ev.Update:
        return await self._lobby.join(table_id, user_id, name, seat)

    async def wait_for_seat(self, table_id: int, user_id: int, name: str) -> tuple[ev.Update, int]:
        return await self._line.toggle(table_id, user_id, name)

    async def choose_seat(self, table_id: int, user_id: int, seat: int) -> ev.Update:
        return await self._lobby.choose_seat(table_id, user_id, seat)

    async def add_bot(
        self, table_id: int, user_id: int, seat: int | None = None, *, is_manager: bool = False
    ) -> ev.Update:
        return await self._lobby.add_bot(table_id, user_id, seat, is_manager=is_manager)

    async def remove_bot(
        self, table_id: int, user_id: int, seat: int, *, is_manager: bool = False
    ) -> ev.Update:
        return await self._lobby.remove_bot(table_id, user_id, seat, is_manager=is_manager)

    async def start(self, table_id: int, user_id: int, *, is_manager: bool = False) -> ev.Update:
        return await self._lobby.start(table_id, user_id, is_manager=is_manager)

    async def next_hand(self, table_id: int, user_id: int) -> ev.Update:
        return await self._lobby.next_hand(table_id, user_id)

    async def play_again(self, table_id: int, user_id: int) -> ev.Update:
        return await self._lobby.play_again(table_id, user_id)

    async def leave(self, table_id: int, user_id: int) -> ev.Update:
        return await self._lobby.leave(table_id, user_id)

    async def kick(
        self, table_id: int, user_id: int, target_id: int, *, is_manager: bool = False
    ) -> ev.Update:
        return await self._lobby.kick(table_id, user_id, target_id, is_manager=is_manager)

    async def update_settings(
        self, table_id: int, user_id: int, *, is_manager: bool = False, **changes: Any
    ) -> ev.TableInfo:
        return await self._lobby.update_settings(
            table_id, user_id, is_manager=is_manager, **changes
        )

    async def end_table(
        self, table_id: int, user_id: int, *, is_manager: bool = False
    ) -> ev.Update:
        return await self._lobby.end_table(table_id, user_id, is_manager=is_manager)

    async def vote_end(
        self, table_id: int, user_id: int, hand_number: int, agree: bool
    ) -> ev.Update:
        return await self._lobby.vote_end(table_id, user_id, hand_number, agree)

    # -- play (play.py) --------------------------------------------------------------------

    async def act(self, table_id: int, user_id: int, request: Request, action_id: str) -> ev.Update:
        return await self._play.act(table_id, user_id, request, action_id)

    async def hint(self, table_id: int, user_id: int) -> Action:
        return await self._play.hint(table_id, user_id)

    async def catch_up(self, table_id: int, user_id: int) -> ev.CatchUp:
        return await self._play.catch_up(table_id, user_id)

    async def legal_plays(
        self,
        table_id: int,
        user_id: int,
        *,
        limit: int = 25,
        where: Callable[[list[Card]], bool] | None = None,
    ) -> list[list[Card]]:
        return await self._play.legal_plays(table_id, user_id, limit=limit, where=where)

    async def view_for(self, table_id: int, user_id: int) -> Any:
        return await self._play.view_for(table_id, user_id)

    def peek_view(self, table_id: int, user_id: int) -> Any | None:
        return self._play.peek_view(table_id, user_id)

    async def public_view(self, table_id: int) -> Any:
        return await self._play.public_view(table_id)

    # -- the private hand (private_hand.py) ------------------------------------------------

    async def turn_options(self, table_id: int, user_id: int, limit: int = 25) -> ev.TurnOptions:
        """(``PrivateHand.turn_options``) with the moves made, counted first: a hand panel's
        controls are never stamped with a turn later than the one they show."""
        live = self._state.tables.get(table_id)
        moves = moves_of(live) if live is not None else 0
        return replace(await self._hand.turn_options(table_id, user_id, limit), moves=moves)

    async def four_colour(self, user_id: int) -> bool:
        return await self._hand.four_colour(user_id)

    async def set_four_colour(self, user_id: int, on: bool) -> bool:
        return await self._hand.set_four_colour(user_id, on)

    # -- each player's own settings (people.py) ---------------------------------------------

    async def ping_settings(self, user_id: int) -> PingSettings:
        return await self._people.pings(user_id)

    async def set_ping_settings(self, user_id: int, settings: PingSettings) -> PingSettings:
        return await self._people.set_pings(user_id, settings)

    async def language(self, user_id: int) -> str | None:
        return await self._people.language(user_id)

    async def languages(self) -> dict[int, str]:
        return await self._people.languages()

    async def set_language(self, user_id: int, language: str) -> str:
        return await self._people.set_language(user_id, language)

    async def leave_cost(self, table_id: int, user_id: int) -> ev.LeaveCost | None:
        return await self._hand.leave_cost(table_id, user_id)

    async def ask_take_back(self, table_id: int, user_id: int, action_id: str) -> ev.Update:
        return await self._hand.ask_take_back(table_id, user_id, action_id)

    async def answer_take_back(
        self, table_id: int, user_id: int, hand: int, moves: int, agree: bool
    ) -> ev.Update:
        return await self._hand.answer_take_back(table_id, user_id, hand, moves, agree)

    # -- bots (bots.py) --------------------------------------------------------------------

    def bot_turns(self) -> list[int]:
        return self._bots.bot_turns()

    async def play_bot(self, table_id: int) -> ev.Update | None:
        return await self._bots.play_bot(table_id)

    async def play_bots(self, table_id: int, limit: int | None = None) -> list[ev.Update]:
        return await self._bots.play_bots(table_id, limit)

    # -- deadlines (deadlines.py) ----------------------------------------------------------

    def due_deadlines(self, now: float | None = None) -> list[ev.DueTurn]:
        return self._deadlines.due_deadlines(now)

    async def run_due(self, now: float | None = None) -> list[ev.Update]:
        return await self._deadlines.run_due(now)

    async def due_reminders(self, now: float | None = None) -> list[ev.DueTurn]:
        return await self._deadlines.due_reminders(now)

    # -- scores (scores.py) ----------------------------------------------------------------

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

    async def review_hand(self, guild_id: int, user_id: int, hand: int | str) -> Review:
        return await self._scores.review_hand(guild_id, user_id, hand)
