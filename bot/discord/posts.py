"""A table's thread: posting in it, deleting there, and what is known of the table's messages.

A Discord failure here (a refusal, a rate limit, a missing permission, the connection itself
failing) is logged and never raised: the table is marked ``stale`` instead, and the deadline
pass redraws it (``Presenter.repair``).
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from bot.discord.port import Client
from bot.discord.replies import SEND_FAILURES
from bot.discord.scroll import Scroll
from bot.service import TableInfo

log = logging.getLogger(__name__)


def why(exc: BaseException) -> str:
    """A failure in a log line: Discord's status, or the kind of connection error."""
    status = getattr(exc, "status", None)
    return str(status) if status is not None else type(exc).__name__


class Posts:
    """The tables' threads: where to post, what sits there (``scroll``), which tables are
    known and which may show an old state."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.scroll = Scroll()
        self.known: dict[int, TableInfo] = {}  # last info seen, for names after a seat opens
        self.stale: set[int] = set()  # tables whose message may not show the latest state

    def channel(self, info: TableInfo) -> discord.abc.Messageable:
        target = info.thread_id or info.channel_id
        return self.client.get_channel(target) or self.client.get_partial_messageable(target)  # type: ignore[no-any-return]

    @staticmethod
    def channel_id(info: TableInfo) -> int:
        return info.thread_id or info.channel_id

    def message_id(self, info: TableInfo) -> int | None:
        """The table message as last posted (it may have moved during this very update)."""
        known = self.known.get(info.id)
        return known.message_id if known is not None else info.message_id

    async def post(self, info: TableInfo, **kwargs: Any) -> discord.Message | None:
        """Post in the table's thread; a refusal or a lost connection is logged, never raised
        (the table is then marked stale)."""
        try:
            message = await self.channel(info).send(**kwargs)
        except SEND_FAILURES as exc:
            log.warning("table %s: could not post (%s)", info.id, why(exc))
            self.stale.add(info.id)
            return None
        self.scroll.posted(self.channel_id(info), message.id, ours=True)
        return message

    async def retire(self, info: TableInfo, message_id: int) -> None:
        """An old table message goes: deleted, or if that fails its buttons taken off."""
        try:
            await self.channel(info).get_partial_message(message_id).delete()  # type: ignore[attr-defined]
            self.scroll.deleted(self.channel_id(info), message_id)
            return
        except SEND_FAILURES as exc:
            log.info("table %s: old table message not deleted (%s)", info.id, why(exc))
        with contextlib.suppress(*SEND_FAILURES):
            await self.channel(info).get_partial_message(message_id).edit(view=None)  # type: ignore[attr-defined]

    async def delete_quietly(self, info: TableInfo, message_id: int) -> None:
        with contextlib.suppress(*SEND_FAILURES):
            await self.channel(info).get_partial_message(message_id).delete()  # type: ignore[attr-defined]
            self.scroll.deleted(self.channel_id(info), message_id)
