"""The play verbs: /play (typed cards, pass, bid, kitty, trump, hint, hand…), /settings, /rules.

A typed 清墩 play may name ranks only; the bot picks the suits from the player's hand
(``bot.discord.shorthand``). The hand message itself lives in ``hand_message`` and
``hand_controls``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import discord

from bot.discord import rules, shorthand, text
from bot.discord.hand_controls import HandControls
from bot.discord.hand_message import HandMessages
from bot.discord.hand_text import played_line, take_back_line
from bot.discord.handview import MAX_OPTIONS
from bot.discord.lookup import table_or_refuse
from bot.discord.port import Client
from bot.discord.replies import Refused, in_time, private_lang, refuse, say
from bot.discord.takeback import TakeBacks
from bot.discord.verbs.base import Verbs
from bot.i18n import t
from bot.service import (
    REFUSALS,
    DiscardCards,
    MakeBid,
    NameTrump,
    PassTurn,
    PingSettings,
    PlayCards,
    TableInfo,
    Update,
)
from bot.service import events as ev
from bot.service.events import BidPassed
from engine.cards import Card, format_cards, parse_cards
from engine.errors import CardParseError


class PlayVerbs(Verbs):
    """The /play, /settings and /rules verbs (``client.play_verbs``)."""

    def __init__(
        self,
        client: Client,
        hands: HandMessages,
        hand_controls: HandControls,
        take_backs: TakeBacks,
    ) -> None:
        super().__init__(client)
        self.hands = hands
        self.hand_controls = hand_controls
        self.take_backs = take_backs

    async def act(
        self,
        interaction: discord.Interaction,
        info: TableInfo,
        request: Any,
        done: str | Callable[[Update], str] | None,
    ) -> Update | None:
        return await self.run(
            interaction,
            lambda: self.service.act(info.id, interaction.user.id, request, str(interaction.id)),
            done,
            info,
        )

    async def typed_play(self, interaction: discord.Interaction, typed: str) -> None:
        info = await table_or_refuse(self.service, interaction)
        if info is None:
            return
        lang = private_lang(interaction)
        try:
            cards = await in_time(interaction, self.resolve(info, interaction.user.id, typed))
        except (*REFUSALS, Refused) as exc:
            await refuse(interaction, exc, info)
            return
        await self.act(interaction, info, PlayCards(cards), played_line(cards, lang))

    async def resolve(self, info: TableInfo, user_id: int, text: str) -> list[Card]:
        """Typed cards: 清墩 accepts rank shorthand resolved against the player's own hand. A
        bare triple (``555``) that cannot beat the table is the 清墩 of that rank if the hand
        holds one; else the refusal names a 清墩 that would beat it and how to type it."""
        if info.game != "qingdun":
            return parse_cards(text)
        view = await self.service.view_for(info.id, user_id)
        cards = shorthand.resolve(text, view.hand or ())
        if not shorthand.bare_triple(text) or shorthand.is_qingdun(cards):
            return cards
        wanted = Counter(cards)
        if await self.service.legal_plays(
            info.id, user_id, limit=1, where=lambda c: Counter(c) == wanted
        ):
            return cards
        qingduns = await self.service.legal_plays(
            info.id, user_id, limit=MAX_OPTIONS, where=shorthand.is_qingdun
        )
        same = next((q for q in qingduns if q[0].rank == cards[0].rank), None)
        if same is not None:
            return same
        if qingduns:
            best = qingduns[0]
            raise Refused("triple_to_qingdun", cards=format_cards(best), typed=format_cards(best))
        return cards

    async def pass_turn(self, interaction: discord.Interaction) -> None:
        info = await table_or_refuse(self.service, interaction)
        if info is not None:
            lang = private_lang(interaction)

            def done(update: Update) -> str:
                bidding = any(isinstance(a, BidPassed) for a in update.announcements)
                return t("hand.bid_passed" if bidding else "hand.passed", lang)

            await self.act(interaction, info, PassTurn(), done)

    async def bid_command(self, interaction: discord.Interaction, amount: int) -> None:
        info = await table_or_refuse(self.service, interaction)
        if info is not None:
            done = t("hand.bid_made", private_lang(interaction), amount=amount)
            await self.act(interaction, info, MakeBid(amount), done)

    async def trump_command(self, interaction: discord.Interaction, suit: str) -> None:
        info = await table_or_refuse(self.service, interaction)
        if info is not None:
            lang = private_lang(interaction)
            done = t("hand.trump_named", lang, suit=t(f"suit.{suit}", lang))
            await self.act(interaction, info, NameTrump(suit), done)

    async def kitty_command(self, interaction: discord.Interaction, typed: str) -> None:
        info = await table_or_refuse(self.service, interaction)
        if info is None:
            return
        try:
            cards = parse_cards(typed)
        except CardParseError as exc:
            await refuse(interaction, exc, info)
            return
        done = t("hand.kitty_laid", private_lang(interaction), cards=text.cards(cards))
        await self.act(interaction, info, DiscardCards(cards), done)

    async def hint_command(self, interaction: discord.Interaction) -> None:
        info = await table_or_refuse(self.service, interaction)
        if info is not None:
            await self.hands.show(interaction, info, hint=True)

    async def hand_command(self, interaction: discord.Interaction) -> None:
        info = await table_or_refuse(self.service, interaction)
        if info is not None:
            await self.hands.show(interaction, info)

    async def partner_command(self, interaction: discord.Interaction) -> None:
        info = await table_or_refuse(self.service, interaction)
        if info is not None:
            await self.hand_controls.send_partner(interaction, info)

    async def take_back_command(self, interaction: discord.Interaction) -> None:
        """``/play takeback``: as the hand message's *Take back*, answered in words."""
        info = await table_or_refuse(self.service, interaction)
        if info is None:
            return
        lang = private_lang(interaction)
        update = await self.run(
            interaction,
            lambda: self.service.ask_take_back(info.id, interaction.user.id, str(interaction.id)),
            lambda update: take_back_line(update, lang),
            info,
        )
        asked = (
            next((a for a in update.announcements if isinstance(a, ev.TakeBackAsked)), None)
            if update is not None
            else None
        )
        if asked is not None:
            await self.take_backs.post_request(info, asked)

    async def card_colours(self, interaction: discord.Interaction, on: bool) -> None:
        """``/settings cards``: the player's own pictures in four colours (or two)."""
        lang = private_lang(interaction)
        try:
            chosen = await in_time(
                interaction, self.service.set_four_colour(interaction.user.id, on)
            )
        except REFUSALS as exc:
            await refuse(interaction, exc)
            return
        key = "settings.four_colour_on" if chosen else "settings.four_colour_off"
        await say(interaction, t(key, lang))

    async def ping_settings(
        self,
        interaction: discord.Interaction,
        mode: str | None,
        minutes: int | None,
        quiet: tuple[int, int] | None,
        zone: str | None,
    ) -> None:
        """``/settings pings``: change what is given, then say what is set."""
        user = interaction.user.id
        try:
            current = await in_time(interaction, self.service.ping_settings(user))
            given = {"mode": mode, "idle_minutes": minutes, "quiet": quiet, "time_zone": zone}
            changes = {key: value for key, value in given.items() if value is not None}
            if changes:
                current = await in_time(
                    interaction, self.service.set_ping_settings(user, replace(current, **changes))
                )
        except REFUSALS as exc:
            await refuse(interaction, exc)
            return
        await say(interaction, ping_words(current, private_lang(interaction)))

    async def language(self, interaction: discord.Interaction, language: str) -> None:
        """``/settings language``: what the bot says to this player alone, in ``language``."""
        try:
            chosen = await in_time(
                interaction, self.service.set_language(interaction.user.id, language)
            )
        except REFUSALS as exc:
            await refuse(interaction, exc)
            return
        readers = getattr(self.client, "readers", None)
        if readers is not None:
            readers.chosen[interaction.user.id] = chosen
        await say(interaction, t("settings.language_set", chosen))

    async def rules_command(self, interaction: discord.Interaction, game: str) -> None:
        lang = private_lang(interaction)
        await interaction.response.send_message(**rules.page(game, lang, 0), ephemeral=True)

    async def rules_page(
        self, interaction: discord.Interaction, game: str, lang: str, page: int
    ) -> None:
        await interaction.response.edit_message(**rules.page(game, lang, page))


def ping_words(settings: PingSettings, lang: str) -> str:
    """The player's ping settings in words."""
    lines = [t(f"pings.{settings.mode}", lang, minutes=settings.idle_minutes)]
    quiet = settings.quiet
    if quiet is None or quiet[0] == quiet[1]:
        lines.append(t("pings.no_quiet", lang))
    else:
        zone = text.escape(settings.time_zone)
        lines.append(t("pings.quiet", lang, start=quiet[0], end=quiet[1], zone=zone))
    return "\n".join(lines)
