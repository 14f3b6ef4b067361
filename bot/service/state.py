"""``ServiceState``: what every part of the table service shares (tables, locks, store, clock).

The service is one face (``TableService``) over parts of one concern each (recovery, serving,
the lobby, play, the private hand, bots, deadlines, the write path, scores). They share this
one small object, given to each in its constructor, so that no part keeps a copy of another's
state: ``tables`` is replaced whole by a reload, and every part reads it through here.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from bot.service.games import Dealer
from bot.service.live import LiveTable
from bot.service.thinking import Thinker
from bot.store import Shards, Store
from bot.store.postgres import ShardLease

Clock = Callable[[], float | datetime]


def read_clock(clock: Clock) -> float:
    """What ``clock`` says, in epoch seconds (a test's clock may give either)."""
    now = clock()
    return now.timestamp() if isinstance(now, datetime) else float(now)


# One logger for every part: operators know its lines by this name (docs/discord.md).
log = logging.getLogger("bot.service.service")


@dataclass(eq=False)
class ServiceState:
    """The live tables and what serves them; one per ``TableService``."""

    store: Store
    thinker: Thinker
    shards: Shards  # the guilds this process serves
    lease: ShardLease | None  # held on ``shards`` while serving them (PostgreSQL), else None
    clock: Clock
    seed: Callable[[], int]  # the seed of each new hand
    dealer: Dealer
    tables: dict[int, LiveTable] = field(default_factory=dict)  # every unfinished table served
    locks: dict[int, asyncio.Lock] = field(default_factory=dict)  # one per table: its calls in turn
    seating: asyncio.Lock = field(default_factory=asyncio.Lock)  # "one table per channel per user"
    quarantined: dict[int, str] = field(default_factory=dict)  # table id -> why not rebuilt
    gone: bool = False  # the database file vanished: every write is refused until restart
    reading: bool = False  # every table is being read back (the lease regained): calls wait
    regain_at: float = 0.0  # when a lost lease may next be tried (``Serving.serving``)
    fence_code: str = "guild_not_served"  # why calls are refused while the lease is lost

    def now(self) -> float:
        return read_clock(self.clock)

    def lock(self, table_id: int) -> asyncio.Lock:
        """The table's lock: every call on one table waits for the one before."""
        return self.locks.setdefault(table_id, asyncio.Lock())

    @property
    def fenced(self) -> bool:
        """The lease on this process's shards was lost: it serves nothing until it is back
        (another process may be serving them now)."""
        return self.lease is not None and not self.lease.held
