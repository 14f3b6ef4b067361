"""What the store raises, the same whichever database is behind it.

Each backend turns its driver's errors into these, so the service never imports a driver.
"""

from __future__ import annotations


class StoreBusy(Exception):
    """Another process held a lock the write needs for longer than ``write_wait``."""


class DatabaseGone(Exception):
    """The database file was deleted or replaced while the bot ran: nothing can be saved."""


class DatabaseUnavailable(Exception):
    """The database server cannot be reached right now (connection lost, server restarting).

    A transaction cut off this way may or may not have committed: the caller reads back what
    the database has before it says anything.
    """


class DatabaseUnusable(RuntimeError):
    """The database cannot be opened or read at all; the message says what to do."""


class IntegrityError(Exception):
    """A constraint refused a write (a key written twice, a reference to nothing)."""


class DuplicateActionId(IntegrityError):
    """An action id is in the log already: the action was applied before."""

    def __init__(self, action_id: str) -> None:
        self.action_id = action_id
        super().__init__(f"action id {action_id!r} was applied before")


class SeatedElsewhere(IntegrityError):
    """The user sits at another live table of the channel (the database says so)."""

    def __init__(self, user_id: int, table_id: int) -> None:
        self.user_id, self.table_id = user_id, table_id
        super().__init__(f"user {user_id} sits at live table {table_id} of the channel")


class StaleTable(IntegrityError):
    """Another process changed this table since it was read: the write is refused whole."""

    def __init__(self, table_id: int) -> None:
        self.table_id = table_id
        super().__init__(f"table {table_id} was changed by another process")
