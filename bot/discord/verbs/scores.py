"""The /scores verbs: board, stats, history, replay, export, review and minhands; private answers.

A board comes as a picture with the same text in the message, so it reads without the
picture too. A replay is one private message paged with its buttons (``bot.discord.replays``).
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
from typing import Any

import discord
from discord.app_commands import Choice

import render
from bot.discord import pictures, text
from bot.discord.lookup import four_colour
from bot.discord.pictures import png
from bot.discord.replays import replay_message
from bot.discord.replies import (
    SEND_FAILURES,
    edit_message,
    in_time,
    is_manager,
    private_lang,
    refuse,
    say,
)
from bot.discord.reviews import review_text, review_working
from bot.discord.score_text import board_lines, board_picture, history_row, result_text, stats_lines
from bot.discord.verbs.base import Verbs
from bot.i18n import t
from bot.service import REFUSALS
from bot.service.hand_ids import short_id
from bot.store.score_rows import Board, GameStats, HandLine

log = logging.getLogger(__name__)
HISTORY_LENGTH = 10
REVIEW_WAIT = 14 * 60.0  # an ephemeral answer can be edited for 15 minutes


class ScoreVerbs(Verbs):
    """The /scores verbs (``client.score_verbs``)."""

    async def _refused(self, interaction: discord.Interaction, exc: Exception) -> None:
        await refuse(interaction, exc)

    # -- /scores board --------------------------------------------------------------------------

    async def board(
        self, interaction: discord.Interaction, game: str, period: str, by: str
    ) -> None:
        lang = private_lang(interaction)
        guild, me = interaction.guild_id or 0, interaction.user.id

        async def work() -> tuple[Board, bytes | None, str]:
            board = await self.service.board(guild, game, me, by=by, period=period)
            picture = board_picture(board, game, period, lang, me)
            alt = render.describe_board(picture, lang)
            # the text says it all; a drawing problem must not hide it
            image = await pictures.draw(render.render_board, picture, lang)
            return board, image, alt

        try:
            board, image, alt = await in_time(interaction, work())
        except REFUSALS as exc:
            await self._refused(interaction, exc)
            return
        content = text.fit(board_lines(board, game, period, lang, me))
        files = [png(image, "board.png", alt)] if image is not None else []
        await say(interaction, content, files=files)

    # -- /scores stats -------------------------------------------------------------------------

    async def stats(self, interaction: discord.Interaction, who: discord.abc.User) -> None:
        lang = private_lang(interaction)
        guild = interaction.guild_id or 0

        async def work() -> tuple[list[GameStats], int]:
            found = await self.service.game_stats(guild, who.id)
            return found, await self.service.min_ranked_hands(guild)

        try:
            found, minimum = await in_time(interaction, work())
        except REFUSALS as exc:
            await self._refused(interaction, exc)
            return
        name = text.name(getattr(who, "display_name", None) or who.name)
        lines = [f"**{t('stats.title', lang, name=name)}**"]
        for stats in found:
            lines += stats_lines(stats, minimum, lang)
        if not found:
            lines.append(t("stats.none", lang))
        await say(interaction, text.fit(lines))

    # -- /scores history -----------------------------------------------------------------------

    async def history(
        self, interaction: discord.Interaction, player: discord.abc.User | None
    ) -> None:
        """The player's latest hands; without one, in a table's thread the table's, else the
        caller's own."""
        lang = private_lang(interaction)
        guild = interaction.guild_id or 0
        table_id = None
        if player is None and getattr(interaction.channel, "parent_id", None) is not None:
            found = await self.service.table_for_thread(interaction.channel_id or 0)
            table_id = None if found is None else found.id
        who = player or interaction.user

        async def work() -> list[HandLine]:
            if table_id is not None:
                return await self.service.recent_hands(
                    guild, table_id=table_id, limit=HISTORY_LENGTH
                )
            return await self.service.recent_hands(guild, user_id=who.id, limit=HISTORY_LENGTH)

        try:
            hands = await in_time(interaction, work())
        except REFUSALS as exc:
            await self._refused(interaction, exc)
            return
        if table_id is not None:
            title = t("history.table", lang, table=table_id)
        else:
            name = text.name(getattr(who, "display_name", None) or who.name)
            title = t("history.player", lang, name=name)
        lines = [f"**{title}**", *(history_row(line, lang) for line in reversed(hands))]
        if not hands:
            lines.append(t("history.empty", lang))
        else:
            lines.append(t("history.hint", lang))
        await say(interaction, text.fit(lines, newest_last=True))

    async def hand_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[Choice[str]]:
        """Autocomplete for ``hand:``: the caller's latest settled hands, as far as typed."""
        try:
            hands = await self.service.recent_hands(
                interaction.guild_id or 0, user_id=interaction.user.id, limit=25
            )
        except REFUSALS:
            return []
        lang = private_lang(interaction)
        typed = current.strip().lstrip("#").upper()
        choices = []
        for line in hands:
            ident = short_id(line.hand_id)
            if typed and not ident.startswith(typed):
                continue
            label = f"#{ident} · {t(f'game.{line.game}', lang)} · {result_text(line, lang)}"
            choices.append(Choice(name=text.clip(label, 100), value=ident))
        return choices[:25]

    # -- /scores replay -------------------------------------------------------------------------

    async def replay(self, interaction: discord.Interaction, hand: str) -> None:
        await self._show_page(interaction, hand, 0, update=False)

    async def replay_page(self, interaction: discord.Interaction, hand_id: int, page: int) -> None:
        await self._show_page(interaction, hand_id, page, update=True)

    async def _show_page(
        self, interaction: discord.Interaction, hand: int | str, page: int, *, update: bool
    ) -> None:
        lang = private_lang(interaction)
        guild = interaction.guild_id or 0

        async def work() -> dict[str, Any]:
            line, played = await self.service.replay_hand(guild, hand)
            colours = await four_colour(self.service, interaction.user.id)  # their own deck
            return await asyncio.to_thread(replay_message, line, played, page, lang, colours)

        try:
            message = await in_time(interaction, work(), update=update)
        except REFUSALS as exc:
            await self._refused(interaction, exc)
            return
        if update:
            await edit_message(interaction, **message)
        else:
            files = message.pop("attachments")
            await say(interaction, message.pop("content"), files=files, **message)

    # -- /scores export -------------------------------------------------------------------------

    async def export(self, interaction: discord.Interaction, hand: str) -> None:
        lang = private_lang(interaction)
        try:
            record = await in_time(
                interaction, self.service.hand_record(interaction.guild_id or 0, hand)
            )
        except REFUSALS as exc:
            await self._refused(interaction, exc)
            return
        ident = record.info["id"]
        name = f"hand-{ident}.json"
        data = json.dumps(record.to_json(), ensure_ascii=False, indent=1).encode()
        file = discord.File(io.BytesIO(data), filename=name, description=f"#{ident}")
        done = t("export.done", lang, id=ident, file=name)
        if not record.current:  # never re-played: what it says is what was recorded
            done += "\n" + t("export.earlier_rules", lang, rules=record.rules)
        await say(interaction, done, files=[file])

    # -- /scores review -------------------------------------------------------------------------

    async def review(self, interaction: discord.Interaction, hand: str) -> None:
        """A player's review of a finished hand, privately: answered at once ("working on
        it") while the review runs in the background, behind every decision, then edited in
        place (an ephemeral answer can be edited for 15 minutes); a review asked before is
        shown at once."""
        lang = private_lang(interaction)
        guild, user = interaction.guild_id or 0, interaction.user.id
        try:
            line, _, review = await in_time(
                interaction, self.service.review_hand(guild, user, hand)
            )
        except REFUSALS as exc:
            await self._refused(interaction, exc)
            return
        if review.done():
            await say(interaction, review_text(line, review.result(), lang))
            return
        if not await _answer(interaction, review_working(line, lang)):
            return
        try:
            mistakes = await asyncio.wait_for(asyncio.shield(review), REVIEW_WAIT)
        except TimeoutError:  # still queued: said so, and asked again it is shared
            mistakes = None
        await _answer(interaction, review_text(line, mistakes, lang))

    async def min_hands(self, interaction: discord.Interaction, hands: int | None) -> None:
        """Show or (server managers) set the completed hands before void-hand bonuses rank."""
        lang = private_lang(interaction)
        guild = interaction.guild_id or 0
        try:
            if hands is not None:
                await in_time(
                    interaction,
                    self.service.set_min_ranked_hands(
                        guild, hands, is_manager=is_manager(interaction)
                    ),
                )
            current = await in_time(interaction, self.service.min_ranked_hands(guild))
        except REFUSALS as exc:
            await refuse(interaction, exc)
            return
        await say(interaction, t("scores.min_hands", lang, hands=current))


async def _answer(interaction: discord.Interaction, content: str) -> bool:
    """The private answer, or (after it was sent or deferred) the answer edited to say
    ``content``; whether it was done (a failure is logged)."""
    try:
        if interaction.response.is_done():
            await interaction.edit_original_response(content=content)
        else:
            await interaction.response.send_message(content, ephemeral=True)
    except SEND_FAILURES as exc:
        log.warning("could not answer a review (%s)", getattr(exc, "status", exc))
        return False
    return True
