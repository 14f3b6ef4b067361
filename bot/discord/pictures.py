"""Pictures as Discord attachments: drawn in a worker thread, sent with their alt text."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable
from typing import Any, TypeVar

import discord

from bot import metrics
from bot.discord import text

log = logging.getLogger(__name__)
T = TypeVar("T")
ALT_LIMIT = 1024  # characters of an attachment's description


def png(data: bytes, name: str, description: str) -> discord.File:
    """An image attachment with its alt text ``description`` (what screen readers say): every
    picture has one."""
    return discord.File(
        io.BytesIO(data), filename=name, description=text.clip(description, ALT_LIMIT)
    )


async def draw(render_fn: Callable[..., T], *args: Any, what: str = "", **kwargs: Any) -> T | None:
    """A picture drawn in a worker thread; None when drawing fails, which is counted and
    logged (``what`` says whose picture): the words go out without it."""
    try:
        return await asyncio.to_thread(render_fn, *args, **kwargs)
    except Exception:
        metrics.made_do("picture")
        name = getattr(render_fn, "__name__", "a picture")
        log.exception("drawing %s failed%s", name, f" ({what})" if what else "")
        return None
