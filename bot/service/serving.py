"""``Serving``: whether this process may serve its tables now (database health, shard lease).

Every call goes through here first: a database file deleted or replaced stops every write
(``database_gone``) until a restart; a lost lease on this process's shards refuses every call
(``guild_not_served``) until it is taken back; a database server out of reach, or a table
another process changed, is refused after the table is read back. ``table`` is the one way a
call gets its live table, and ``transaction`` the one way it writes.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.service.errors import refuse
from bot.service.live import LiveTable
from bot.service.recovery import Recovery
from bot.service.state import ServiceState, log
from bot.store import (
    DatabaseGone,
    DatabaseUnavailable,
    DuplicateActionId,
    IntegrityError,
    SeatedElsewhere,
    StoreBusy,
    Transaction,
)

LEASE_RETRY = 1.0  # seconds between tries to take back a lost lease from a player's call
READ_BACK = frozenset({"database_unavailable", "table_changed"})  # ``transaction`` reloaded


class Serving:
    """The database's health and the shard lease, and the live table a call may use."""

    def __init__(self, state: ServiceState, recovery: Recovery) -> None:
        self.state = state
        self.recovery = recovery

    def stop(self) -> None:
        """The database file was deleted or replaced: refuse every write from now on."""
        if not self.state.gone:
            self.state.gone = True
            log.error(
                "the database file was deleted or replaced while the bot ran: every move is "
                "refused from now on; restore the file and restart the bot"
            )

    def check_database(self) -> bool:
        """Whether the database file is still the one opened and the shards still ours (the
        deadline pass asks)."""
        if not self.state.gone:
            try:
                self.state.store.check()
            except DatabaseGone:
                self.stop()
        return not self.state.gone and not self.state.fenced

    async def keep_lease(self) -> bool:
        """Whether the shards are still ours (the deadline pass asks the server); a lost lease
        is taken back if free (see ``regain``)."""
        lease = self.state.lease
        if lease is None or (lease.held and await lease.check()):
            return True
        return await self.regain() is None

    async def regain(self) -> str | None:
        """Take a lost lease back and read every table afresh (another process may have
        played them meanwhile); None when done, else the refusal that says why not."""
        state = self.state
        assert state.lease is not None
        state.reading = True  # memory may be stale until read back: calls are "busy"
        try:
            why = await state.lease.try_acquire()
            if why is None:
                await self.recovery.load()
        except DatabaseUnavailable as exc:
            await state.lease.release()  # tables not read: not served yet
            log.warning("%s not served: %s", state.shards, exc)
            return "database_unavailable"
        finally:
            state.reading = False
        if why is not None:
            log.warning("%s not served: %s", state.shards, why)
            return "guild_not_served"
        log.warning("%s served again: %s tables read back", state.shards, len(state.tables))
        return None

    async def serving(self) -> None:
        """Refuse every call while the lease is lost, trying (at most once a second) to take
        it back first: after a database restart, play goes on at the next click. While the
        tables are read back, calls are "busy" (never "ended", nor a second table opened)."""
        state = self.state
        if state.reading:
            raise refuse("busy_try_again")
        if not state.fenced:
            return
        now = time.monotonic()
        if now >= state.regain_at:
            state.regain_at = now + LEASE_RETRY
            code = await self.regain()
            if code is None:
                return
            state.fence_code = code
        raise refuse(state.fence_code)

    @asynccontextmanager
    async def transaction(self, table: LiveTable | None = None) -> AsyncIterator[Transaction]:
        """The store's transaction, its failures turned into refusals a player can read.

        With ``table``, the transaction claims the table's stored version, and the version in
        memory follows the commit. A table another process changed meanwhile, or
        a commit whose outcome the lost connection hides, is read back before the refusal.
        """
        state = self.state
        if state.gone:
            raise refuse("database_gone")
        if state.fenced:  # (taken back before a lookup, never under a table read before)
            raise refuse(state.fence_code)
        try:
            async with state.store.transaction() as tx:
                tx.set_aside = frozenset(state.quarantined)
                if table is not None:
                    tx.claim_table(table.id, table.version)
                yield tx
        except StoreBusy:
            raise refuse("database_busy") from None
        except DatabaseGone:
            self.stop()
            raise refuse("database_gone") from None
        except SeatedElsewhere as exc:  # another process seated them (memory did not know)
            if table is not None:
                await self.recovery.reload(table.id)
            raise refuse("already_seated_here", table_id=exc.table_id) from None
        except (IntegrityError, DatabaseUnavailable) as exc:
            if isinstance(exc, DuplicateActionId):
                raise  # the action was applied before: the caller answers with it
            if table is not None:
                await self.recovery.reload(table.id)
            if isinstance(exc, DatabaseUnavailable):
                log.warning("database unavailable: %s", exc)
                raise refuse("database_unavailable") from None
            # another process changed the table (its version, or a hand it dealt first)
            table_id = table.id if table is not None else getattr(exc, "table_id", None)
            raise refuse("table_changed", table_id=table_id) from None
        if table is not None:
            table.version += 1

    async def table(self, table_id: int) -> LiveTable:
        """The live table a call may use, or the refusal that says why not: the database gone,
        the shards not served, the table unavailable (read back first), quarantined, ended,
        of another process's guild, or unknown."""
        state = self.state
        if state.gone:
            raise refuse("database_gone")
        await self.serving()
        table = state.tables.get(table_id)
        if table is not None and table.earlier_rules is not None:
            raise refuse("busy_try_again")  # dealt again under today's rules at the next pass
        if table is not None and table.unavailable:
            await self.recovery.reload(table_id)  # a retry (never over a fresher table)
            table = state.tables.get(table_id)
            if table is not None and table.unavailable:
                raise refuse("table_unavailable", table_id=table_id)
        if table is not None:
            return table
        if table_id in state.quarantined:
            raise refuse("table_quarantined", table_id=table_id)
        row = await state.store.table(table_id)
        if row is None:
            raise refuse("table_not_found", table_id=table_id)
        if row.status != "ended" and not state.shards.owns(row.guild_id):
            raise refuse("guild_not_served")
        raise refuse("table_ended", table_id=table_id)
