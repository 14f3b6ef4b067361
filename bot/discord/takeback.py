"""Taking back a move: asked from the hand message, answered under a public request post.

*Take back* on the hand message takes the move back at once when no person it affects sits at
the table; otherwise a post in the table's thread asks the players it affects (清墩: the two
opponents; 三扣: the other side), pinging them once, with Agree / Refuse. The post says who
agreed and how it ended; a request decided elsewhere (a move was made, one minute passed)
loses its buttons by an edit, which pings nobody (``follow``, called for every published
change). One request is posted once: a click delivered twice, or the command and the button
for one request, never ping the same people again.
"""

from __future__ import annotations

import logging

import discord

from bot.discord import controls, text
from bot.discord.hand_message import HandMessages
from bot.discord.hand_text import move_words, request_line
from bot.discord.lookup import control_table, table_info
from bot.discord.port import Client, Part
from bot.discord.replies import (
    SEND_FAILURES,
    defer_private,
    edit_message,
    in_time,
    private_lang,
    refuse,
)
from bot.discord.text import seat_names
from bot.i18n import t
from bot.service import REFUSALS, TableInfo, Update
from bot.service import events as ev

log = logging.getLogger(__name__)


class TakeBacks(Part):
    """The take-back requests of every table (``client.take_backs``)."""

    def __init__(self, client: Client, hands: HandMessages) -> None:
        super().__init__(client)
        self.hands = hands
        self._requests: dict[int, discord.Message] = {}  # table -> its take-back request post
        self._posted: dict[int, tuple[int, int]] = {}  # table -> (hand, move) last posted

    def follow(self, update: Update) -> None:
        """After every published change: close its table's take-back request post once that
        is decided."""
        if any(isinstance(a, ev.MoveTakenBack | ev.TakeBackClosed) for a in update.announcements):
            message = self._requests.pop(update.table_id, None)
            if message is not None:
                self.hands.spawn(self._close_request(message, update))

    async def ask_take_back(self, interaction: discord.Interaction, info: TableInfo) -> None:
        """*Take back* on the hand message: at once with only bots besides, else the others are
        asked in public (Agree / Refuse, pinging them)."""
        lang = private_lang(interaction)
        try:
            update = await in_time(
                interaction,
                self.service.ask_take_back(info.id, interaction.user.id, str(interaction.id)),
                update=True,
            )
        except REFUSALS as exc:
            await self.hands.refused(interaction, info, exc)
            return
        asked = next((a for a in update.announcements if isinstance(a, ev.TakeBackAsked)), None)
        taken = next((a for a in update.announcements if isinstance(a, ev.MoveTakenBack)), None)
        if taken is not None:
            notice = t("hand.taken_back", lang, cards=move_words(taken.cards, lang))
        elif asked is not None:
            notice = t("hand.take_back_asked", lang, expires=int(asked.expires_at))
        else:
            notice = None
        await self.hands.redraw(interaction, info.id, notice=notice)
        await self.presenter.publish(update)
        if asked is not None:
            await self.post_request(info, asked)

    async def post_request(self, info: TableInfo, asked: ev.TakeBackAsked) -> None:
        """The public request, pinging the players asked; once per request."""
        if self._posted.get(info.id) == (asked.hand, asked.moves):
            return  # posted already (the same click twice): nobody is pinged again
        self._posted[info.id] = (asked.hand, asked.moves)
        lang = info.settings.language
        names = [text.name(name) for name in seat_names(info, lang)]
        users = [
            seat.user_id
            for index in asked.voters
            if (seat := info.seats[index]) is not None and seat.user_id is not None
        ]
        content = t(
            "takeback.asked",
            lang,
            name=names[asked.seat],
            cards=move_words(asked.cards, lang),
            voters=" ".join(f"<@{user}>" for user in users),
            expires=int(asked.expires_at),
        )
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in users]
        )
        buttons = controls.take_back_view(info.id, asked.hand, asked.moves, lang)
        posted = await self.presenter.send(
            info,
            content=text.clip(content, text.CONTENT_LIMIT),
            view=buttons,
            allowed_mentions=mentions,
        )
        if posted is not None:
            self._requests[info.id] = posted

    async def answer_take_back(
        self, interaction: discord.Interaction, table_id: int, hand: int, moves: int, agree: bool
    ) -> None:
        """Agree / Refuse under a request: the request post says who agreed, and how it ended."""
        info = await control_table(self.service, interaction, table_id)
        if info is None:
            return
        try:
            update = await in_time(
                interaction,
                self.service.answer_take_back(table_id, interaction.user.id, hand, moves, agree),
                update=True,
            )
        except REFUSALS as exc:
            await refuse(interaction, exc, info)
            return
        lang = info.settings.language
        names = [text.name(name) for name in seat_names(info, lang)]
        lines = [line for a in update.announcements if (line := request_line(a, names, lang))]
        over = any(
            isinstance(a, ev.MoveTakenBack | ev.TakeBackClosed) for a in update.announcements
        )
        if over:
            self._requests.pop(table_id, None)
        message = interaction.message
        content = text.fit([message.content if message else "", *lines])
        if lines:
            await edit_message(interaction, content=content, **({"view": None} if over else {}))
        elif not interaction.response.is_done():
            try:
                await defer_private(interaction, update=True)
            except SEND_FAILURES as exc:
                log.warning("could not acknowledge an answer (%s)", getattr(exc, "status", exc))
        await self.presenter.publish(update)

    async def _close_request(self, message: discord.Message, update: Update) -> None:
        """A request decided elsewhere (a move was made, it expired): its buttons come off."""
        info = await table_info(self.service, update.table_id)
        lang = info.settings.language if info is not None else "en"
        names = [text.name(name) for name in seat_names(info, lang)] if info else ["?"] * 4
        lines = [line for a in update.announcements if (line := request_line(a, names, lang))]
        try:
            await message.edit(content=text.fit([message.content, *lines]), view=None)
        except SEND_FAILURES as exc:
            log.info("table %s: take-back request not closed (%s)", update.table_id, exc)
