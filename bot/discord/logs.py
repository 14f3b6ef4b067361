"""Logs that never hold a private hand, even at ``LOG_LEVEL=DEBUG``.

At DEBUG discord.py writes whole payloads: every HTTP request body and answer
(``discord.http``: "… with {body} has returned …", "… has received {data}") and every gateway
event (``discord.gateway``: "WebSocket Event: {event}"). Those carry a player's private hand
message, its card menus (one option per card) and the dealer's kitty. aiosqlite writes each
statement with its parameters: a hand's deal record, the kitty laid back. ``hide_payloads``
puts a filter on these loggers that keeps each line but writes a payload as its size only.
"""

from __future__ import annotations

import logging
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
