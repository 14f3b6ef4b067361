"""SQLite storage of tables, seats, hands, the action log and the score ledger."""

from bot.store.records import (
    ActiveTable,
    BoardRow,
    HandRow,
    HandSummary,
    LedgerEntry,
    PlayerStats,
    ScoreLine,
    SeatRow,
    TableRow,
)
from bot.store.store import (
    DatabaseGone,
    DatabaseUnusable,
    DuplicateActionId,
    Store,
    StoreBusy,
    Transaction,
)

__all__ = [
    "ActiveTable",
    "BoardRow",
    "DatabaseGone",
    "DatabaseUnusable",
    "DuplicateActionId",
    "HandRow",
    "HandSummary",
    "LedgerEntry",
    "PlayerStats",
    "ScoreLine",
    "SeatRow",
    "Store",
    "StoreBusy",
    "TableRow",
    "Transaction",
]
