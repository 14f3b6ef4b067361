"""``Recovery``: bringing tables back from the database, at start-up and after a failed write.

A table's memory is the replay of its stored log. When that cannot be had, the table is set
aside (``quarantined``, at start-up) or kept marked unavailable (after a write), never guessed
at: memory must not run ahead of the database.
"""

from __future__ import annotations

import json
import sqlite3

from bot.service.live import LiveTable, rebuild
from bot.service.state import ServiceState, log
from bot.store import ActiveTable, DatabaseUnavailable, DatabaseUnusable


def describe(exc: BaseException) -> str:
    """Why a table could not be rebuilt, for the operator: the kind of error and its code, never
    an engine message (those may name cards a player holds, or the kitty)."""
    text = type(exc).__name__
    code = getattr(exc, "code", None)
    if code:
        text += f" {code}"
    if isinstance(exc, sqlite3.Error | json.JSONDecodeError | DatabaseUnavailable):
        text += f": {exc}"
    return text


class Recovery:
    """Loads every unfinished table, reads one back after a failed write, retries those that
    could not be read."""

    def __init__(self, state: ServiceState) -> None:
        self.state = state

    async def load(self) -> int:
        """Rebuild every table that has not ended from disk; returns how many.

        The usual path reads all tables in a few bulk queries. If that fails (a damaged row or
        page), each table is read on its own. A table that cannot be read or replayed is
        quarantined: left out, with the reason in ``quarantined``; its rows stay untouched.
        """
        state = self.state
        tables: dict[int, LiveTable] = {}
        quarantined: dict[int, str] = {}
        try:
            records: list[ActiveTable] | None = await state.store.active_tables(shards=state.shards)
        except DatabaseUnavailable:
            raise  # out of reach is no damage: nothing is set aside for it
        except Exception:  # any damage: fall back to one table at a time
            records = None
        if records is None:
            try:
                ids = await state.store.active_table_ids(state.shards)
            except sqlite3.Error as exc:
                raise DatabaseUnusable(
                    f"the database is damaged beyond reading its tables ({exc}); restore it "
                    "from a backup"
                ) from exc
            records = []
            for table_id in ids:
                try:
                    records += await state.store.active_tables(table_id)
                except DatabaseUnavailable:
                    raise
                except Exception as exc:  # recorded, the other tables go on
                    quarantined[table_id] = f"its rows cannot be read ({describe(exc)})"
        for record in records:
            try:
                table = rebuild(record)
            except Exception as exc:  # recorded, the other tables go on
                row = record.table
                quarantined[row.id] = (
                    f"{row.game} in channel {row.channel_id}: its stored log does not replay "
                    f"({describe(exc)})"
                )
                continue
            tables[table.id] = table
            state.lock(table.id)
        state.tables, state.quarantined = tables, quarantined  # at once: never half read
        for table_id, reason in quarantined.items():
            log.error("table %s set aside: %s", table_id, reason)
        return len(tables)

    async def reload(self, table_id: int) -> None:
        """After a failed write: forget memory, take the table as the database has it.

        If the database cannot be read either, the table stays in memory marked unavailable:
        it keeps its place (nobody opens a second table for its players) and every call is
        refused until a retry reads it back (on the next call, or the next deadline pass).
        """
        current = self.state.tables.get(table_id)
        try:
            fresh = [rebuild(record) for record in await self.state.store.active_tables(table_id)]
        except Exception:  # whatever the cause, the table waits for a retry
            log.exception("table %s: could not be read back; marked unavailable", table_id)
            if current is not None:
                current.unavailable = True
            return
        if self.state.tables.get(table_id) is not current:
            return  # another retry brought it back meanwhile (and it may have moved on)
        self.state.tables.pop(table_id, None)
        for table in fresh:
            self.state.tables[table_id] = table

    async def retry_unavailable(self, channel_id: int | None = None) -> None:
        """Try to read back the tables marked unavailable (those of ``channel_id`` only)."""
        for table in list(self.state.tables.values()):
            if table.unavailable and channel_id in (None, table.channel_id):
                async with self.state.lock(table.id):
                    if table.unavailable and self.state.tables.get(table.id) is table:
                        await self.reload(table.id)
