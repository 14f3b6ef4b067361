"""Turn pings: a message of its own that notifies the player to move, gone once the turn is.

An edit would notify nobody, so each turn gets a fresh message, with a **My hand** button
(``bot.discord.turns`` writes it). It is deleted once that turn is over, so only the current
one is ever in the channel; the reminder at 75% of the turn limit is a fresh ping in its place.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.discord import offers, turns
from bot.discord.port import Client, Part
from bot.discord.posts import Posts
from bot.discord.table_message import TableMessage
from bot.service import ServiceError, TableInfo, Update


def pinging(user_id: int) -> discord.AllowedMentions:
    """Let a message notify this one user (the client's default notifies nobody)."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(user_id)], replied_user=False
    )


class Pings(Part):
    """The turn ping of each table, and whom it pings."""

    def __init__(self, client: Client, posts: Posts, table: TableMessage) -> None:
        super().__init__(client)
        self.posts = posts
        self.table = table
        self._pings: dict[int, tuple[discord.Message, int]] = {}  # the turn ping and whom

    def posted(self, table_id: int) -> bool:
        """Whether the table's current turn has its ping already."""
        return table_id in self._pings

    async def end(self, info: TableInfo, update: Update) -> None:
        """Delete the turn ping once its turn is over (a move was made, or another player is
        to move): only the current turn's ping stays in the channel."""
        held = self._pings.get(info.id)
        if held is None:
            return
        message, user = held
        same_turn = update.action is None and update.to_move_user == user
        if same_turn and info.status == "playing":
            return
        del self._pings[info.id]
        await self.posts.delete_quietly(info, message.id)

    async def ping(
        self, info: TableInfo, view: Any, user_id: int, names: list[str], *, reminder: bool = False
    ) -> None:
        """Post the turn ping for ``user_id``: it notifies that player only."""
        try:
            catch = await self.service.catch_up(info.id, user_id)
        except ServiceError:
            catch = None
        content = turns.content(info, view, user_id, names, catch, reminder=reminder)
        posted = await self.table.send(
            info,
            content=content,
            view=offers.table_button(info.id, "hand", info.settings.language),
            allowed_mentions=pinging(user_id),
        )
        if posted is not None:
            self._pings[info.id] = (posted, user_id)

    async def remind(self, info: TableInfo, view: Any, user_id: int, names: list[str]) -> None:
        """The reminder: a fresh ping in place of the first one."""
        held = self._pings.pop(info.id, None)
        if held is not None:
            await self.posts.delete_quietly(info, held[0].id)
        await self.ping(info, view, user_id, names, reminder=True)
