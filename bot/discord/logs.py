"""Logs that never hold a private hand, even at ``LOG_LEVEL=DEBUG``.

At DEBUG discord.py writes whole payloads: every HTTP request body and answer
(``discord.http``: "… with {body} has returned …", "… has received {data}") and every gateway
event (``discord.gateway``: "WebSocket Event: {event}"). Those carry a player's private hand
message, its card menus (one option per card) and the dealer's kitty. aiosqlite writes each
statement with its parameters: a hand's deal record, the kitty laid back. ``hide_payloads``
puts a filter on these loggers that keeps each line but writes a payload as its size only.

``configure`` sets the process's logging: lines of text, or with ``LOG_FORMAT=json`` one JSON
object per line (``JsonFormatter``, the standard library's ``json``), the filter kept.
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from typing import Any

#: discord.py's loggers whose debug lines may carry payloads.
PAYLOAD_LOGGERS = (
    "discord.http",
    "discord.gateway",
    "discord.webhook.async_",
    "discord.state",
    "aiosqlite",
)
_SHORT = 120  # longer text arguments are payloads, not methods, routes or ids


class PayloadFilter(logging.Filter):
    """Replace every payload-like argument of a debug record by a note of its size."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno <= logging.DEBUG and isinstance(record.args, tuple):
            record.args = tuple(_hidden(arg) for arg in record.args)
        return True


def _hidden(value: Any) -> Any:
    if value is None or isinstance(value, int | float | bool):
        return value
    if isinstance(value, str) and len(value) <= _SHORT and value.lstrip()[:1] not in "{[":
        return value
    return f"<{type(value).__name__} of {len(str(value))} characters, not logged>"


def hide_payloads() -> None:
    """Install the filter on discord.py's payload loggers (once)."""
    for name in PAYLOAD_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, PayloadFilter) for f in logger.filters):
            logger.addFilter(PayloadFilter())


class JsonFormatter(logging.Formatter):
    """One JSON object per record: time (UTC), level, logger, message, and the traceback."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["traceback"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def configure(level: str, form: str) -> None:
    """Log to stderr at ``level``, as text or (``form == "json"``) JSON lines; no payloads."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(
        JsonFormatter()
        if form == "json"
        else logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    )
    logging.basicConfig(level=level, handlers=[handler], force=True)
    hide_payloads()
