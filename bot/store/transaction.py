"""Writes inside one database transaction (``Store.transaction()``), for both databases.

Everything a step of a table implies is written through one ``Transaction`` and committed
together, or none of it. A write to a live table claims it (``claim_table``): see
``bot/store/store.py`` for why the claim is the transaction's last statement.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Iterable
from typing import Any, Protocol

from bot.store.dialect import Params
from bot.store.errors import DuplicateActionId, IntegrityError, SeatedElsewhere, StaleTable
from bot.store.postgres import SCORES_LOCK
from bot.store.records import LedgerEntry
from bot.store.scores import ScoreWrites

_UPDATABLE = frozenset(
    {
        "thread_id",
        "message_id",
        "settings",
        "language",
        "status",
        "ended_at",
        "hand_id",
        "hands_done",
        "deadline",
        "reminder_at",
        "reminder_sent",
        "closing",
        "end_vote",
        "take_back",
        "queue",
    }
)
_LOG = "INSERT INTO actions (hand_id, seq, action_id, seat, action, at) VALUES (?, ?, ?, ?, ?, ?)"


class Connection(Protocol):
    """What a backend's transaction offers: statements with ``?`` / ``:name`` parameters."""

    fuses: bool  # accepts several writes in one statement (data-modifying CTEs)

    async def run(self, sql: str, params: Params = ()) -> None: ...
    async def one(self, sql: str, params: Params = ()) -> Any: ...
    async def last(
        self, sql: str, params: Params = (), first: tuple[str, Params] | None = None
    ) -> Any: ...
    async def rows(self, sql: str, params: Params = ()) -> list[Any]: ...
    async def many(self, sql: str, rows: Iterable[Params]) -> None: ...
    async def lock(self, key: int) -> None: ...


def dumps(value: Any) -> str:
    """Compact JSON, CJK kept as is."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class Transaction(ScoreWrites):
    """Writes inside one open transaction; obtained from ``Store.transaction()``."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn
        self._claim: tuple[int, int, dict[str, Any]] | None = None  # table, version, changes
        self._action: tuple[Any, ...] | None = None  # an action to log with the claim
        # tables set aside (quarantined): their players are free to sit elsewhere (put_seat)
        self.set_aside: frozenset[int] = frozenset()

    async def _run(self, sql: str, params: Params = ()) -> None:
        await self._flush()
        await self._conn.run(sql, params)

    async def _one(self, sql: str, params: Params = ()) -> Any:
        await self._flush()
        return await self._conn.one(sql, params)

    async def _rows(self, sql: str, params: Params = ()) -> list[Any]:
        await self._flush()
        return await self._conn.rows(sql, params)

    async def _many(self, sql: str, rows: Iterable[Params]) -> None:
        await self._flush()
        await self._conn.many(sql, rows)

    async def _flush(self) -> None:
        """Log the action kept for the claim's statement: another statement comes first."""
        if self._action is not None:
            action, self._action = self._action, None
            await self._log(self._conn.run(_LOG, action), action[2])

    @staticmethod
    async def _log(statement: Awaitable[Any], action_id: str) -> Any:
        """Await a ``statement`` that logs action ``action_id``, its key violations as the
        store's errors."""
        try:
            return await statement
        except IntegrityError as exc:
            if "action_id" in str(exc):
                raise DuplicateActionId(action_id) from exc
            if "seq" in str(exc):
                raise StaleTable(None) from exc
            raise

    async def lock_scores(self) -> None:
        """Hold the lock of score writes to the commit: hands are rated one at a time, in the
        order they are settled, whichever process settles them (two hands of one player rated
        at once would lose one update). Free on SQLite: writes take turns there anyway."""
        await self._conn.lock(SCORES_LOCK)

    def claim_table(self, table_id: int, version: int) -> None:
        """This transaction writes the live table ``table_id`` read at ``version``: at the end
        its version is bumped if it is still ``version``, else ``StaleTable`` (see the module
        docstring). Its ``update_table`` changes go into that same statement."""
        self._claim = (table_id, version, {})

    async def finish(self) -> None:
        """The claim's check and bump, with the claimed table's changes (``Store`` calls it
        just before the commit). On PostgreSQL an action kept for it is logged in the same
        statement, only if the claim holds: a move is one statement, committed by itself. On
        SQLite the action's statement, the claim and the commit (or, if the claim fails, the
        rollback) take one trip to the database's thread (``SqliteConnection.last``)."""
        if self._claim is None:
            await self._flush()
            return
        table_id, version, changes = self._claim
        self._claim = None
        sets = "".join(f", {name} = ?" for name in changes)
        claim = (
            f"UPDATE tables SET version = version + 1{sets} WHERE id = ? AND version = ? "
            "RETURNING id"
        )
        params = (*changes.values(), table_id, version)
        if self._action is not None and self._conn.fuses:
            action, self._action = self._action, None
            row = await self._log(
                self._conn.last(
                    f"WITH claimed AS ({claim}) INSERT INTO actions (hand_id, seq, action_id, "
                    "seat, action, at) SELECT ?, ?, ?, ?, ?, ? FROM claimed RETURNING hand_id",
                    (*params, *action),
                ),
                action[2],
            )
        elif self._action is not None:
            action, self._action = self._action, None
            row = await self._log(self._conn.last(claim, params, (_LOG, action)), action[2])
        else:
            row = await self._conn.last(claim, params)
        if row is None:
            raise StaleTable(table_id)

    async def insert_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        settings: dict[str, Any],
        language: str,
        creator_id: int,
        created_at: float,
    ) -> int:
        row = await self._one(
            "INSERT INTO tables (guild_id, channel_id, game, settings, language, status, "
            "creator_id, created_at) VALUES (?, ?, ?, ?, ?, 'waiting', ?, ?) RETURNING id",
            (guild_id, channel_id, game, dumps(settings), language, creator_id, created_at),
        )
        return int(row[0])

    async def update_table(self, table_id: int, **fields: Any) -> None:
        """Set columns of one table row; ``settings`` is given as a dict."""
        unknown = set(fields) - _UPDATABLE
        if unknown:
            raise ValueError(f"not updatable: {sorted(unknown)}")
        for name in ("settings", "end_vote", "take_back", "queue"):
            if fields.get(name) is not None:
                fields[name] = dumps(fields[name])
        if fields.get("status") == "ended":  # its people are free to sit elsewhere
            await self._run("DELETE FROM channel_seats WHERE table_id = ?", (table_id,))
        if self._claim is not None and self._claim[0] == table_id:
            self._claim[2].update(fields)  # written with the claim, at the end
            return
        assignments = ", ".join(f"{name} = ?" for name in fields)
        await self._run(
            f"UPDATE tables SET {assignments} WHERE id = ?", (*fields.values(), table_id)
        )

    async def put_seat(self, table_id: int, seat: int, user_id: int | None, name: str) -> None:
        """Seat ``user_id`` (None: a bot), with the seat's flags cleared; ``SeatedElsewhere``
        if the user sits at another live table of the channel (whatever any memory says)."""
        await self._run(
            "INSERT INTO seats (table_id, seat, user_id, name, missed, autoplay) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, seat) DO UPDATE SET "
            "user_id = excluded.user_id, name = excluded.name, missed = excluded.missed, "
            "autoplay = excluded.autoplay",
            (table_id, seat, user_id, name, False, False),
        )
        await self._sync_channel_seats(table_id)
        if user_id is None:
            return
        aside = ", ".join("?" * len(self.set_aside))  # their rows may be taken over
        row = await self._one(
            "INSERT INTO channel_seats (channel_id, user_id, table_id) "
            "SELECT channel_id, ?, id FROM tables WHERE id = ? "
            "ON CONFLICT (channel_id, user_id) DO UPDATE SET table_id = excluded.table_id "
            "WHERE channel_seats.table_id = excluded.table_id"
            + (f" OR channel_seats.table_id IN ({aside})" if aside else "")
            + " RETURNING table_id",
            (user_id, table_id, *sorted(self.set_aside)),
        )
        if row is None:
            other = await self._one(
                "SELECT c.table_id FROM channel_seats c JOIN tables t "
                "ON t.channel_id = c.channel_id WHERE t.id = ? AND c.user_id = ?",
                (table_id, user_id),
            )
            raise SeatedElsewhere(user_id, int(other[0]))

    async def clear_seat(self, table_id: int, seat: int) -> None:
        await self._run("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat))
        await self._sync_channel_seats(table_id)

    async def _sync_channel_seats(self, table_id: int) -> None:
        """Forget the table's people who no longer sit at it (migration 9)."""
        await self._run(
            "DELETE FROM channel_seats WHERE table_id = ? AND user_id NOT IN "
            "(SELECT user_id FROM seats WHERE table_id = ? AND user_id IS NOT NULL)",
            (table_id, table_id),
        )

    async def set_seat_flags(
        self, table_id: int, seat: int, *, missed: bool, autoplay: bool
    ) -> None:
        await self._run(
            "UPDATE seats SET missed = ?, autoplay = ? WHERE table_id = ? AND seat = ?",
            (missed, autoplay, table_id, seat),
        )

    async def insert_hand(
        self,
        table_id: int,
        number: int,
        start: dict[str, Any],
        started_at: float,
        seated: Iterable[int | None] = (),
    ) -> int:
        row = await self._one(
            "INSERT INTO hands (table_id, number, start, started_at, seated) "
            "VALUES (?, ?, ?, ?, ?) RETURNING id",
            (table_id, number, dumps(start), started_at, dumps(list(seated))),
        )
        return int(row[0])

    async def finish_hand(
        self, hand_id: int, outcome: str, result: dict[str, Any] | None, ended_at: float
    ) -> None:
        await self._run(
            "UPDATE hands SET outcome = ?, result = ?, ended_at = ? WHERE id = ?",
            (outcome, None if result is None else dumps(result), ended_at, hand_id),
        )

    async def append_action(
        self, hand_id: int, seq: int, action_id: str, seat: int, action: dict[str, Any], at: float
    ) -> None:
        """Append to the log: ``DuplicateActionId`` if ``action_id`` was logged before,
        ``StaleTable`` if the hand's log has an action ``seq`` already (written elsewhere).
        In a claiming transaction it is written with the claim (or before the next statement),
        and these are raised then."""
        params = (hand_id, seq, action_id, seat, dumps(action), at)
        await self._flush()
        if self._claim is not None:
            self._action = params
            return
        await self._log(self._conn.run(_LOG, params), action_id)

    async def add_ledger(
        self,
        *,
        hand_id: int,
        table_id: int,
        game: str,
        guild_id: int,
        at: float,
        entries: Iterable[LedgerEntry],
    ) -> None:
        await self._many(
            "INSERT INTO ledger (hand_id, seat, table_id, user_id, name, game, guild_id, delta, "
            "kind, void, won, left_hand, double_kou_for, double_kou_against, dealer_made, "
            "dealer_failed, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    hand_id,
                    e.seat,
                    table_id,
                    e.user_id,
                    e.name,
                    game,
                    guild_id,
                    e.delta,
                    e.kind,
                    bool(e.void),
                    bool(e.won),
                    bool(e.left_hand),
                    bool(e.double_kou_for),
                    bool(e.double_kou_against),
                    bool(e.dealer_made),
                    bool(e.dealer_failed),
                    at,
                )
                for e in entries
            ],
        )

    async def set_four_colour(self, user_id: int, on: bool) -> None:
        """The player's card colours in their own pictures (``four_colour``)."""
        await self._run(
            "INSERT INTO user_settings (user_id, four_colour) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET four_colour = excluded.four_colour",
            (user_id, bool(on)),
        )

    async def set_user_settings(
        self, user_id: int, *, pings: str | None = None, language: str | None = None
    ) -> None:
        """The player's turn pings (JSON) or language; each left as it is when not given."""
        for column, value in (("pings", pings), ("language", language)):
            if value is not None:
                await self._run(
                    f"INSERT INTO user_settings (user_id, {column}) VALUES (?, ?) "
                    f"ON CONFLICT (user_id) DO UPDATE SET {column} = excluded.{column}",
                    (user_id, value),
                )

    async def set_min_ranked_hands(self, guild_id: int, hands: int) -> None:
        await self._run(
            "INSERT INTO guild_settings (guild_id, min_ranked_hands) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET min_ranked_hands = excluded.min_ranked_hands",
            (guild_id, hands),
        )

    async def set_state(self, key: str, value: str) -> None:
        """Remember ``value`` under ``key`` (the bot's own bookkeeping, e.g. command sync)."""
        await self._run(
            "INSERT INTO bot_state (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )
