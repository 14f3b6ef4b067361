"""The table verbs: open, seats, start, show, bots, the offered next steps, the table's buttons.

The offered next steps are Add bots and start, Next hand and Play again. A table opens in a
new thread where one can be made. Opening tables and reposting the table message are
rate-limited per user (``bot.discord.cooldowns``).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable
from typing import Any

import discord

from bot.discord import turns
from bot.discord.cooldowns import Cooldowns
from bot.discord.hand_controls import HandControls
from bot.discord.hand_message import HandMessages
from bot.discord.lookup import (
    control_table,
    find_table,
    scored_table,
    table_info,
    table_or_refuse,
)
from bot.discord.port import Client
from bot.discord.replies import (
    SEND_FAILURES,
    Refused,
    attempt,
    defer_private,
    display_name,
    in_time,
    is_manager,
    private_lang,
    refuse,
    say,
)
from bot.discord.table_log import bots_line
from bot.discord.text import seat_names
from bot.discord.verbs.base import Verbs, said
from bot.discord.verbs.ending import EndingVerbs
from bot.i18n import lang_of, t
from bot.service import REFUSALS, TableInfo, Update

log = logging.getLogger(__name__)


class TableVerbs(Verbs):
    """The /table verbs and the table message's buttons (``client.table_verbs``)."""

    def __init__(
        self,
        client: Client,
        cooldowns: Cooldowns,
        ending: EndingVerbs,
        hands: HandMessages,
        hand_controls: HandControls,
    ) -> None:
        super().__init__(client)
        self.cooldowns = cooldowns
        self.ending = ending
        self.hands = hands
        self.hand_controls = hand_controls

    async def create(
        self,
        interaction: discord.Interaction,
        game: str,
        hands: int | None,
        turn_limit: int,
        timeout_rule: str,
        language: str | None,
        auto_deal: bool = True,
        bots: dict[str, Any] | None = None,
    ) -> None:
        lang = private_lang(interaction)
        user_id = interaction.user.id
        parent_id = getattr(interaction.channel, "parent_id", None)
        wait = self.cooldowns.wait("create", user_id)
        owner = self.thread_owner(parent_id, interaction.channel_id)
        if wait or owner is not None:
            found = Refused("cooldown_create", seconds=wait) if wait else owner
            await refuse(interaction, found)  # type: ignore[arg-type]
            return
        table_lang = language or lang_of(interaction.guild_locale)
        settings = {
            "turn_seconds": turn_limit * 60,
            "timeout_rule": timeout_rule,
            "hands": hands,
            "auto_deal": auto_deal,
            **(bots or {}),
        }
        try:
            info, moved = await in_time(
                interaction, self._open_table(interaction, game, settings, table_lang)
            )
        except REFUSALS as exc:
            await refuse(interaction, exc)
            return
        self.cooldowns.spend("create", user_id)
        place = f"<#{info.thread_id or info.channel_id}>"
        await say(interaction, t("table.created_here", lang, table=info.id, place=place))
        await self.presenter.post_table(info)
        await self.presenter.announce_settings(info, display_name(interaction.user), moved=moved)

    def thread_owner(self, parent_id: int | None, channel_id: int | None) -> Refused | None:
        """A refusal if the thread ``channel_id`` already shows a running table."""
        if parent_id is None:
            return None
        for info in self.service.tables_in_channel(parent_id):
            if info.thread_id == channel_id:
                return Refused("thread_taken", table_id=info.id)
        return None

    async def _open_table(
        self, interaction: discord.Interaction, game: str, settings: dict[str, Any], lang: str
    ) -> tuple[TableInfo, bool]:
        """The new table, in a new thread when one can be made (else here); and whether it
        stayed in the channel for want of a thread."""
        channel = interaction.channel
        parent_id = getattr(channel, "parent_id", None)
        update = await self.service.create_table(
            interaction.guild_id or 0,
            parent_id or interaction.channel_id or 0,
            interaction.user.id,
            display_name(interaction.user),
            game,
            settings,
            lang,
        )
        info = await self.service.table_info(update.table_id)
        thread = await self._open_thread(channel, info, lang)
        if thread is not None:
            await self.service.set_message(info.id, thread_id=thread.id)
            info = dataclasses.replace(info, thread_id=thread.id)
        elif parent_id is not None:
            await self.service.set_message(info.id, thread_id=interaction.channel_id)
            info = dataclasses.replace(info, thread_id=interaction.channel_id)
        return info, thread is None

    async def _open_thread(self, channel: Any, info: TableInfo, lang: str) -> discord.Thread | None:
        if not isinstance(channel, discord.TextChannel):
            return None
        name = t("table.thread", lang, game=t(f"game.{info.game}", lang), table=info.id)
        try:
            return await channel.create_thread(
                name=name[:100], type=discord.ChannelType.public_thread, auto_archive_duration=10080
            )
        except SEND_FAILURES as exc:
            log.info("table %s: no thread (%s), playing in the channel", info.id, exc)
            return None

    async def join(self, interaction: discord.Interaction, info: TableInfo | None) -> None:
        if info is None:
            return
        name = display_name(interaction.user)
        await self.run(
            interaction,
            lambda: self.service.join(info.id, interaction.user.id, name),
            said(info, private_lang(interaction)),
            info,
        )

    async def seat(self, interaction: discord.Interaction, seat: int) -> None:
        info = await table_or_refuse(self.service, interaction)
        if info is None:
            return
        await self.run(
            interaction,
            lambda: self.service.choose_seat(info.id, interaction.user.id, seat - 1),
            said(info, private_lang(interaction)),
            info,
        )

    async def add_bot(
        self, interaction: discord.Interaction, info: TableInfo | None, seat: int | None
    ) -> None:
        if info is None:
            return
        index = None if seat is None else seat - 1
        await self.run(
            interaction,
            lambda: self.service.add_bot(
                info.id, interaction.user.id, index, is_manager=is_manager(interaction)
            ),
            said(info, private_lang(interaction)),
            info,
        )

    async def remove_bot(self, interaction: discord.Interaction, seat: int) -> None:
        info = await table_or_refuse(self.service, interaction)
        if info is None:
            return
        await self.run(
            interaction,
            lambda: self.service.remove_bot(
                info.id, interaction.user.id, seat - 1, is_manager=is_manager(interaction)
            ),
            said(info, private_lang(interaction)),
            info,
        )

    async def start(self, interaction: discord.Interaction, info: TableInfo | None) -> None:
        if info is None:
            return
        await self.run(
            interaction,
            lambda: self.service.start(
                info.id, interaction.user.id, is_manager=is_manager(interaction)
            ),
            said(info, private_lang(interaction)),
            info,
        )

    async def kick(self, interaction: discord.Interaction, target: discord.abc.User) -> None:
        info = await table_or_refuse(self.service, interaction)
        if info is None:
            return
        await self.run(
            interaction,
            lambda: self.service.kick(
                info.id, interaction.user.id, target.id, is_manager=is_manager(interaction)
            ),
            said(info, private_lang(interaction)),
            info,
        )

    async def show(self, interaction: discord.Interaction) -> None:
        info = find_table(self.service, interaction)
        if info is None:  # a table that ended here: its standings and Play again are above
            ended = await scored_table(self.service, interaction)
            if ended is not None:
                await say(
                    interaction, t("table.closed_here", private_lang(interaction), table=ended.id)
                )
            return
        wait = self.cooldowns.wait("show", interaction.user.id)
        if wait:
            await refuse(interaction, Refused("cooldown_show", seconds=wait), info)
            return
        await defer_private(interaction)  # drawing the table takes a while
        await self.presenter.post_table(info)
        self.cooldowns.spend("show", interaction.user.id)
        await say(interaction, t("table.shown", private_lang(interaction)))

    async def bots(self, interaction: discord.Interaction, changes: dict[str, Any]) -> None:
        """Show the table's bot settings, or (its host, a server manager) change them: the
        level between hands, the thinking times at any time. A change is said in the table's
        log, for everyone at the table to see."""
        info = await table_or_refuse(self.service, interaction)
        if info is None:
            return
        if changes:
            user = interaction.user.id
            try:
                info = await in_time(
                    interaction,
                    self.service.update_settings(
                        info.id, user, is_manager=is_manager(interaction), **changes
                    ),
                )
            except REFUSALS as exc:
                await refuse(interaction, exc, info)
                return
        await say(interaction, bots_line(info.settings, private_lang(interaction)))
        if changes:
            await self.presenter.announce_bots(info, display_name(interaction.user))

    async def offer(self, interaction: discord.Interaction, table_id: int, verb: str) -> None:
        """A click on Add bots and start, Next hand or Play again (``bot.discord.offers``)."""
        if verb == "again":  # the table has ended: it is read from the store
            await self.play_again(interaction, table_id)
            return
        info = await control_table(self.service, interaction, table_id)
        if info is None:
            return
        user, manager = interaction.user.id, is_manager(interaction)
        if verb == "fill":

            async def fill() -> Update:
                """A bot in every empty seat (each announced), then the deal."""
                current = await self.service.table_info(table_id)
                for seat, occupant in enumerate(current.seats):
                    if occupant is None:
                        added = await self.service.add_bot(table_id, user, seat, is_manager=manager)
                        await self.presenter.publish(added)
                return await self.service.start(table_id, user, is_manager=manager)  # type: ignore[no-any-return]

            update = await self._accept(interaction, fill(), info)
        else:
            update = await self._accept(interaction, self.service.next_hand(table_id, user), info)
        if update is not None:
            await self.presenter.publish(update)

    async def play_again(self, interaction: discord.Interaction, table_id: int) -> None:
        """A new table with the ended table's seats, shown below its final standings."""
        update = await self._accept(
            interaction, self.service.play_again(table_id, interaction.user.id), None
        )
        if update is None:
            return
        info = await table_info(self.service, update.table_id)
        if info is None:
            return
        await self.presenter.post_table(info)
        await self.presenter.announce_again(info, display_name(interaction.user), table_id)
        await self.presenter.publish(update)

    async def _accept(
        self, interaction: discord.Interaction, work: Awaitable[Update], info: TableInfo | None
    ) -> Update | None:
        """Take an offered step: on success its button goes (an offer is used once), on a
        refusal the user is told why, privately."""
        update = await attempt(interaction, work, info, update=True)
        if update is None:
            return None
        try:
            if interaction.response.is_done():
                await interaction.edit_original_response(view=None)
            else:
                await interaction.response.edit_message(view=None)
        except SEND_FAILURES as exc:
            log.warning("could not take an offer's button off (%s)", getattr(exc, "status", exc))
        return update

    async def catch_up(self, interaction: discord.Interaction, info: TableInfo) -> None:
        """*Catch up*: the turn ping's summary for a player who is not to move, privately."""
        lang = private_lang(interaction)

        async def work() -> str:
            catch = await self.service.catch_up(info.id, interaction.user.id)
            view = await self.service.public_view(info.id)
            return turns.catch_up(info, view, seat_names(info, lang), catch, lang)

        try:
            answer = await in_time(interaction, work())
        except REFUSALS as exc:
            await refuse(interaction, exc, info)
            return
        await say(interaction, answer)

    async def wait_for_seat(self, interaction: discord.Interaction, info: TableInfo) -> None:
        """*Join next hand*: a place in the table's line for a seat at the next deal (pressed
        again: out of the line); the table message shows who waits."""
        lang = private_lang(interaction)
        name = display_name(interaction.user)
        try:
            update, place = await in_time(
                interaction, self.service.wait_for_seat(info.id, interaction.user.id, name)
            )
        except REFUSALS as exc:
            await refuse(interaction, exc, info)
            return
        await say(
            interaction, t("line.joined", lang, place=place) if place else t("line.left", lang)
        )
        await self.presenter.publish(update)

    async def public_button(
        self, interaction: discord.Interaction, table_id: int, verb: str
    ) -> None:
        info = await control_table(self.service, interaction, table_id)
        if info is None:
            return
        if verb == "join":
            await self.join(interaction, info)
        elif verb == "leave":
            await self.ending.leave(interaction, info)
        elif verb == "addbot":
            await self.add_bot(interaction, info, None)
        elif verb == "start":
            await self.start(interaction, info)
        elif verb == "hand":
            await self.hands.show(interaction, info)
        elif verb == "pass":
            await self.hand_controls.pass_from_table(interaction, info)
        elif verb == "hint":
            await self.hands.show(interaction, info, hint=True)
        elif verb == "partner":
            await self.hand_controls.send_partner(interaction, info)
        elif verb == "catchup":
            await self.catch_up(interaction, info)
        elif verb == "queue":
            await self.wait_for_seat(interaction, info)
