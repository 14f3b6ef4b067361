"""Turns service results into Discord messages in the table's thread, in order, table by table.

The channel (a table's thread) is kept short, so the table message with its picture and
buttons stays in view: the table message (``table_message``), the log with votes, results and
the final standings (``table_log``), and the turn ping (``pings``), each posted through
``posts``.

Everything here runs after the service has committed, so a Discord failure (an edit refused,
a rate limit, a missing permission, or the connection itself failing) is logged and skipped: it
never changes or loses game state, and bot seats move on regardless. A table whose message
could not be brought up to date is remembered and redrawn at the next deadline pass
(``repair``), so the next table post shows the truth. Images are drawn in a worker thread
(``asyncio.to_thread``) so the event loop keeps answering other interactions while Pillow
works; each is sent with its alt text. Public text uses the table's language.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import discord

from bot.discord import text
from bot.discord.pings import Pings
from bot.discord.port import Client, Part
from bot.discord.posts import Posts
from bot.discord.readers import Readers
from bot.discord.scroll import Scroll
from bot.discord.table_log import TableLog, bots_line
from bot.discord.table_message import TableMessage
from bot.discord.text import seat_names
from bot.i18n import CATALOGUE, t
from bot.service import ServiceError, TableInfo, Update

log = logging.getLogger(__name__)


class Presenter(Part):
    """Shows a table's changes in its thread; one lock per table keeps messages in order."""

    def __init__(self, client: Client) -> None:
        super().__init__(client)
        self.posts = Posts(client)
        self.table = TableMessage(client, self.posts)
        self.table_log = TableLog(client, self.posts, self.table)
        self.readers = Readers()
        self.pings = Pings(client, self.posts, self.table, self.readers)
        self._locks: dict[int, asyncio.Lock] = {}
        self._driving: dict[int, asyncio.Task[None]] = {}
        # Told of every change published (the open private hand messages follow the table).
        self.listeners: list[Callable[[Update], None]] = []

    @property
    def scroll(self) -> Scroll:
        """What sits in each thread (the client counts what is posted and deleted there)."""
        return self.posts.scroll

    def lock(self, table_id: int) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    async def info(self, table_id: int) -> TableInfo | None:
        try:
            info: TableInfo = await self.service.table_info(table_id)
        except ServiceError:
            return self.posts.known.get(table_id)
        return info

    async def send(
        self, info: TableInfo, *, room: bool = True, **kwargs: Any
    ) -> discord.Message | None:
        """Post in the table's thread (``TableMessage.send``)."""
        return await self.table.send(info, room=room, **kwargs)

    # -- after every change --------------------------------------------------------------

    async def publish(self, update: Update) -> None:
        """Announce ``update`` in the table's thread, refresh the table message, drive bots.

        The change is committed already: whatever fails here is logged, the table is marked
        for ``repair``, and bot seats are driven on all the same.
        """
        if update.duplicate:
            return
        try:
            await self._announce(update)
        except Exception:
            log.exception("table %s: announcing a committed change failed", update.table_id)
            self.posts.stale.add(update.table_id)
        for listener in self.listeners:
            try:
                listener(update)
            except Exception:
                log.exception("table %s: a listener failed", update.table_id)
        if update.bot_to_move:
            self.drive_bots(update.table_id)

    async def _announce(self, update: Update) -> None:
        async with self.lock(update.table_id):
            before = self.posts.known.get(update.table_id)
            info = await self.info(update.table_id)
            if info is None:
                return
            final: Any = None
            if update.status == "ended":  # as stored: every hand counted, the last one's end
                ended = await self._ended(update.table_id)
                info, final = ended if ended is not None else (replace(info, status="ended"), None)
            self.posts.known[update.table_id] = info
            lang = info.settings.language
            self.pings.saw(before or info, update)
            await self.pings.end(info, update)
            after_names = seat_names(info, lang)
            if info.status == "ended":  # its final state in place, then the results below it
                await self.table.refresh(info, final, after_names)
                await self.table_log.announce(info, update, seat_names(before or info, lang), lang)
                self.table_log.forget(info.id)
                self.table.forget(info.id)
                return
            await self.table_log.announce(info, update, seat_names(before or info, lang), lang)
            view = await self.table.public_view(info.id)
            user = update.to_move_user if info.status == "playing" else None
            coming = user is not None and await self.pings.coming(info, user)
            await self.table.refresh(info, view, after_names, coming=int(coming))
            if user is not None:
                await self.pings.turn(info, view, user, after_names)

    async def _ended(self, table_id: int) -> tuple[TableInfo, Any] | None:
        try:
            ended: tuple[TableInfo, Any] | None = await self.service.ended_table(table_id)
        except Exception:
            log.exception("table %s: its end could not be read back", table_id)
            return None
        return ended

    async def remind(self, table_id: int, user_id: int) -> None:
        """The reminder at 75% of the turn limit: a fresh ping in place of the first one."""
        async with self.lock(table_id):
            info = await self.info(table_id)
            if info is None or info.status != "playing":
                return
            view = await self.table.public_view(table_id)
            names = seat_names(info, info.settings.language)
            await self.pings.remind(info, view, user_id, names)

    async def ping_waiting(self) -> None:
        """Post the pings held back whose time has come (the player has been idle, or their
        quiet hours ended), if it is still their turn."""
        for table_id, waiting in self.pings.waiting():
            async with self.lock(table_id):
                info = await self.info(table_id)
                seat = info.seats[info.to_move] if info and info.to_move is not None else None
                if info is None or seat is None or seat.user_id != waiting.user_id:
                    continue
                view = await self.table.public_view(table_id)
                names = seat_names(info, info.settings.language)
                await self.pings.notify(
                    info, view, waiting.user_id, names, reminder=waiting.reminder
                )

    async def repair(self) -> None:
        """Catch up after Discord failures (the deadline pass calls this): redraw tables whose
        message may be out of date, and restart bot seats that stopped moving."""
        for table_id in self.service.bot_turns():
            self.drive_bots(table_id)
        for table_id in sorted(self.posts.stale):
            info = await self.info(table_id)
            if info is None or info.status == "ended":
                self.posts.stale.discard(table_id)
                continue
            async with self.lock(table_id):
                view = await self.table.public_view(table_id)
                await self.table.refresh(info, view, seat_names(info, info.settings.language))

    async def post_table(self, info: TableInfo) -> None:
        """Show the table message anew at the bottom (after /table create or /table show);
        the old one is deleted, or its buttons taken off."""
        async with self.lock(info.id):
            self.posts.known[info.id] = info
            view = await self.table.public_view(info.id)
            await self.table.refresh(
                info, view, seat_names(info, info.settings.language), repost=True
            )

    async def announce_settings(self, info: TableInfo, creator: str, *, moved: bool) -> None:
        """Say who opened the table with which settings (and why it is not in a thread)."""
        lang, settings = info.settings.language, info.settings
        minutes = settings.turn_seconds // 60
        limit_key = f"cmd.choice.{minutes}"
        limit = t(limit_key, lang) if limit_key in CATALOGUE else f"{minutes} min"
        lines = [
            t(
                "table.created",
                lang,
                name=text.name(creator),
                game=t(f"game.{info.game}", lang),
                hands=settings.hands or t("hands.open", lang),
                limit=limit,
                rule=t(f"rule.{settings.timeout_rule}", lang),
            )
        ]
        lines.append(bots_line(settings, lang))
        if not settings.auto_deal:
            lines.append(t("table.dealt_by_hand", lang))
        if moved and info.thread_id is None:
            lines.append(t("discord.no_thread", lang))
        async with self.lock(info.id):
            await self.table_log.add(info, lines)

    async def announce_bots(self, info: TableInfo, name: str) -> None:
        """Say in the table's log that its bot settings changed, and to what."""
        lang = info.settings.language
        lines = [t("table.bots_changed", lang, name=text.name(name))]
        async with self.lock(info.id):
            await self.table_log.add(info, [*lines, bots_line(info.settings, lang)])

    async def announce_again(self, info: TableInfo, name: str, old: int) -> None:
        """Say that a new table took the ended one's seats (whoever does not want to play
        leaves; the host starts; with nobody but bots besides, it is dealt at once)."""
        alone = sum(1 for seat in info.seats if seat is not None and not seat.is_bot) == 1
        key = "table.reopened_alone" if alone else "table.reopened"  # bots only: dealt at once
        line = t(key, info.settings.language, name=text.name(name), table=info.id, old=old)
        async with self.lock(info.id):
            await self.table_log.add(info, [line])

    # -- bot seats --------------------------------------------------------------------------

    def drive_bots(self, table_id: int) -> None:
        """Let bot seats play one move at a time, with a short pause so people can follow."""
        task = self._driving.get(table_id)
        if task is not None and not task.done():
            return
        self._driving[table_id] = asyncio.create_task(self._drive(table_id))

    async def _drive(self, table_id: int) -> None:
        """Bot moves until a human is to move. If the service fails (the database busy, say),
        the driver stops; ``repair`` starts it again at the next deadline pass."""
        try:
            while True:
                await asyncio.sleep(self.client.bot_pause)
                update = await self.service.play_bot(table_id)
                if update is None:
                    return
                await self.publish_inline(update)
        except ServiceError as exc:
            log.warning("bot moves paused on table %s (%s)", table_id, exc.code)
        except Exception:
            log.exception("bot moves failed on table %s", table_id)

    async def publish_inline(self, update: Update) -> None:
        """``publish`` without re-scheduling the driver that is calling it."""
        await self.publish(replace(update, bot_to_move=False))
