"""Turn pings: notifying the player to move when it helps, in their language, once per run.

A ping is a message of its own (an edit would notify nobody) with a **My hand** button
(``bot.discord.turns`` writes it), deleted once that turn is over, so only the current one is
ever in the channel. Whether and when it is posted follows the player's ``/settings pings``
(``PingSettings``):

- ``auto`` (the default): no ping while the player moved within the last few minutes and their
  hand panel is live (it says "your turn" itself); once they have been idle that long, a ping;
- ``always``; ``idle``: only after N minutes idle; ``dm``: a direct message instead of a
  mention (timed as ``auto``; a mention when Discord refuses the message);
- quiet hours in their time zone hold any notification until they end. The turn's clock runs
  on all the same: the table's turn limit applies.

A run of one player's steps (三扣: the bid won, the kitty, trump) is one ping, edited as the
steps go (an edit notifies nobody). A ping that waits is posted by the deadline pass
(``due``); the reminder at 75% of the turn limit is a fresh ping in place of the first one.
The text is in the reader's language (``Readers``), not only the table's.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord import offers, turns
from bot.discord.port import Client, Part
from bot.discord.posts import Posts
from bot.discord.readers import Readers
from bot.discord.replies import SEND_FAILURES
from bot.discord.table_message import TableMessage
from bot.service import PingSettings, ServiceError, TableInfo, Update
from bot.service import events as ev

log = logging.getLogger(__name__)


def pinging(user_id: int) -> discord.AllowedMentions:
    """Let a message notify this one user (the client's default notifies nobody)."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(user_id)], replied_user=False
    )


@dataclass(slots=True)
class Waiting:
    """A ping held back: for whom, from when (epoch seconds), and whether it reminds."""

    user_id: int
    at: float
    reminder: bool = False


def when(settings: PingSettings, acted: float | None, watching: bool, now: float) -> float:
    """When a turn that starts ``now`` should notify the player (epoch seconds)."""
    idle = settings.idle_minutes * 60
    at = now
    waits = settings.mode == "idle" or (settings.mode in ("auto", "dm") and watching)
    if waits and acted is not None:
        at = max(now, acted + idle)
    quiet = settings.quiet_until(at)
    return at if quiet is None else quiet


class Pings(Part):
    """The turn ping of each table, whom it pings, and the pings held back."""

    def __init__(self, client: Client, posts: Posts, table: TableMessage, readers: Readers) -> None:
        super().__init__(client)
        self.posts = posts
        self.table = table
        self.readers = readers
        self._pings: dict[int, tuple[discord.Message, int]] = {}  # the turn ping and whom
        self._waiting: dict[int, Waiting] = {}  # per table: a ping held back
        self._acted: dict[tuple[int, int], float] = {}  # (table, user): their last own move
        # whether the player's hand panel is live (the client wires in its hand messages)
        self.watching: Callable[[int, int], bool] = lambda table_id, user_id: False

    @staticmethod
    def now() -> float:
        return discord.utils.utcnow().timestamp()

    def saw(self, info: TableInfo, update: Update) -> None:
        """Note a player's own move (not one a bot made for them)."""
        action = update.action
        if action is None or not 0 <= action.seat < 4:
            return
        seat = info.seats[action.seat]
        timed_out = any(isinstance(a, ev.TimedOut | ev.SeatTakenOver) for a in update.announcements)
        if seat is not None and seat.user_id is not None and not seat.autoplay and not timed_out:
            self._acted[(info.id, seat.user_id)] = self.now()

    def posted(self, table_id: int) -> bool:
        """Whether the table's current turn has its ping already."""
        return table_id in self._pings

    async def end(self, info: TableInfo, update: Update) -> None:
        """Delete the turn ping once its turn is over (another player is to move, or the hand
        ended): a run of one player's steps keeps its one ping."""
        user = update.to_move_user if info.status == "playing" else None
        waiting = self._waiting.get(info.id)
        if waiting is not None and waiting.user_id != user:
            del self._waiting[info.id]
        held = self._pings.get(info.id)
        if held is None or held[1] == user:
            return
        del self._pings[info.id]
        await self.posts.delete_quietly(info, held[0].id)

    async def coming(self, info: TableInfo, user_id: int) -> bool:
        """Whether ``turn`` will post a ping now (the table message makes room for it)."""
        if info.id in self._pings or info.id in self._waiting:
            return False
        return await self._at(info, user_id) <= self.now()

    async def turn(self, info: TableInfo, view: Any, user_id: int, names: list[str]) -> None:
        """``user_id`` is to move: ping now, later, or (their run goes on) bring the ping up
        to date without notifying again."""
        held = self._pings.get(info.id)
        if held is not None:
            content = await self._content(info, view, user_id, names, reminder=False)
            with contextlib.suppress(*SEND_FAILURES):
                await held[0].edit(content=content)
            return
        if info.id in self._waiting:
            return
        at = await self._at(info, user_id)
        if at > self.now():
            self._waiting[info.id] = Waiting(user_id, at)
            return
        await self.notify(info, view, user_id, names)

    async def _at(self, info: TableInfo, user_id: int) -> float:
        settings = await self._settings(user_id)
        acted = self._acted.get((info.id, user_id))
        return when(settings, acted, self.watching(info.id, user_id), self.now())

    async def _settings(self, user_id: int) -> PingSettings:
        try:
            return await self.service.ping_settings(user_id)
        except Exception:
            log.exception("could not read a player's ping settings")
            return PingSettings()

    async def _content(
        self, info: TableInfo, view: Any, user_id: int, names: list[str], *, reminder: bool
    ) -> str:
        try:
            catch = await self.service.catch_up(info.id, user_id)
        except ServiceError:
            catch = None
        lang = self.readers.lang(user_id, info.settings.language)
        return turns.content(info, view, user_id, names, catch, reminder=reminder, lang=lang)

    async def notify(
        self, info: TableInfo, view: Any, user_id: int, names: list[str], *, reminder: bool = False
    ) -> None:
        """Post the turn ping for ``user_id`` (it notifies that player only), or send it as a
        direct message when they chose so."""
        content = await self._content(info, view, user_id, names, reminder=reminder)
        settings = await self._settings(user_id)
        lang = self.readers.lang(user_id, info.settings.language)
        if settings.mode == "dm" and await self._direct(info, user_id, content):
            return
        posted = await self.table.send(
            info,
            content=content,
            view=offers.table_button(info.id, "hand", lang),
            allowed_mentions=pinging(user_id),
        )
        if posted is not None:
            self._pings[info.id] = (posted, user_id)

    async def _direct(self, info: TableInfo, user_id: int, content: str) -> bool:
        """The ping as a direct message with a link to the table; whether it was sent."""
        where = f"https://discord.com/channels/{info.guild_id}/{self.posts.channel_id(info)}"
        try:
            user = await self.client.fetch_user(user_id)
            await user.send(content=f"{content}\n{where}")
        except SEND_FAILURES as exc:
            log.info("table %s: no direct message (%s); a ping instead", info.id, exc)
            return False
        return True

    async def remind(self, info: TableInfo, view: Any, user_id: int, names: list[str]) -> None:
        """The reminder: a fresh ping in place of the first one (after quiet hours)."""
        quiet = (await self._settings(user_id)).quiet_until(self.now())
        if quiet is not None:
            self._waiting[info.id] = Waiting(user_id, quiet, reminder=True)
            return
        held = self._pings.pop(info.id, None)
        if held is not None:
            await self.posts.delete_quietly(info, held[0].id)
        await self.notify(info, view, user_id, names, reminder=True)

    def waiting(self) -> list[tuple[int, Waiting]]:
        """The pings held back whose time has come, taken off the list."""
        now = self.now()
        due = [(table, w) for table, w in self._waiting.items() if w.at <= now]
        for table, _ in due:
            del self._waiting[table]
        return due
