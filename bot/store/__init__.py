"""Storage of tables, seats, hands, the action log and the score ledger: SQLite (the
default) or PostgreSQL, behind one ``Store``."""

from bot.store.errors import (
    DatabaseGone,
    DatabaseUnavailable,
    DatabaseUnusable,
    DuplicateActionId,
    IntegrityError,
    SeatedElsewhere,
    StaleTable,
    StoreBusy,
)
from bot.store.records import (
    ActiveTable,
    HandRow,
    LedgerEntry,
    ScoreLine,
    SeatRow,
    TableRow,
)
from bot.store.shards import Shards
from bot.store.store import Store, Transaction

__all__ = [
    "ActiveTable",
    "DatabaseGone",
    "DatabaseUnavailable",
    "DatabaseUnusable",
    "DuplicateActionId",
    "HandRow",
    "IntegrityError",
    "LedgerEntry",
    "ScoreLine",
    "SeatRow",
    "SeatedElsewhere",
    "Shards",
    "StaleTable",
    "Store",
    "StoreBusy",
    "TableRow",
    "Transaction",
]
