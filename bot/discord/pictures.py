"""Pictures as Discord attachments: drawn in a worker thread, sent with their alt text."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable
from typing import Any

import discord

from bot import metrics
from bot.discord import text

log = logging.getLogger(__name__)
ALT_LIMIT = 1024  # characters of an attachment's description


def png(data: bytes, name: str, description: str) -> discord.File:
    """An image attachment with its alt text ``description`` (what screen readers say): every
    picture has one."""
    return discord.File(
        io.BytesIO(data), filename=name, description=text.clip(description, ALT_LIMIT)
    )


async def draw(render_fn: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes | None:
    """A picture drawn in a worker thread; None (logged) when drawing fails."""
    try:
        return await asyncio.to_thread(render_fn, *args, **kwargs)
    except Exception:
        metrics.made_do("picture")
        log.exception("drawing %s failed", getattr(render_fn, "__name__", "a picture"))
        return None
