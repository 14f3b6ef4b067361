"""What the verbs share: one service call, its private answer, then the change shown."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

from bot.discord import text
from bot.discord.port import Part
from bot.discord.replies import attempt, say
from bot.discord.table_log import announcement
from bot.i18n import t
from bot.service import TableInfo, Update


def said(info: TableInfo, lang: str) -> Callable[[Update], str]:
    """The private answer to a seat or table command: what it did, in the log's words ("bo
    sits at seat 2.", "Hand 3 begins."), never a bare "Done."."""

    def words(update: Update) -> str:
        names = text.seat_names(info, lang)
        lines = [line for e in update.announcements if (line := announcement(e, info, names, lang))]
        return text.fit(lines) if lines else t("table.unchanged", lang)

    return words


class Verbs(Part):
    """The base of each area's verbs."""

    async def run(
        self,
        interaction: discord.Interaction,
        call: Callable[[], Awaitable[Update]],
        done: str | Callable[[Update], str] | None,
        info: TableInfo | None = None,
    ) -> Update | None:
        """Call the service (in time), answer privately (``done``, or what it makes of the
        update), then publish the change: the answer never waits for the pictures."""
        update = await attempt(interaction, call(), info)
        if update is None:
            return None
        answer = done(update) if callable(done) else done
        if answer:
            await say(interaction, answer)
        await self.presenter.publish(update)
        return update
