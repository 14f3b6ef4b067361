"""What the hand message's buttons and menus do, and the table message's Pass and Partner's hand.

A move made here is saved, then the hand message is redrawn with its outcome on the first line
(``HandMessages.redraw``), then the table shows it. A control of an earlier hand or turn, or of
a panel a newer one replaced, does nothing ("this is an old hand message") but show the hand of
now in its place: it is never played, even when its cards are still legal.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from typing import Any

import discord

import render
from bot.discord import handview, pictures, text
from bot.discord.hand_message import HandMessages
from bot.discord.hand_text import hinted, no_hint, played_line
from bot.discord.lookup import control_table, four_colour
from bot.discord.panel_controls import Stamp, card_menu_id, decode_cards
from bot.discord.pictures import png
from bot.discord.port import Client, Part
from bot.discord.replies import (
    SEND_FAILURES,
    Refused,
    defer_private,
    in_time,
    private_lang,
    refuse,
    say,
)
from bot.discord.takeback import TakeBacks
from bot.i18n import t
from bot.service import (
    REFUSALS,
    DiscardCards,
    MakeBid,
    NameTrump,
    PassTurn,
    PlayCards,
    TableInfo,
    Update,
)

log = logging.getLogger(__name__)


class HandControls(Part):
    """What the hand message's buttons and menus do (``client.hand_controls``)."""

    def __init__(self, client: Client, hands: HandMessages, take_backs: TakeBacks) -> None:
        super().__init__(client)
        self.hands = hands
        self.take_backs = take_backs

    async def table_for(
        self,
        interaction: discord.Interaction,
        table_id: int,
        stamp: Stamp,
        *,
        any_turn: bool = False,
    ) -> TableInfo | None:
        """The table of a hand panel's control, if that control is of the hand and turn played
        now and of the newest panel (``any_turn``: a control that acts on no move, Refresh and
        the like, works on any panel of this hand). Otherwise the message is redrawn with the
        hand of now and said to be old, and None is returned."""
        info = await control_table(self.service, interaction, table_id)
        if info is None:
            return None
        lang = private_lang(interaction)
        if stamp.hand != info.hand_number:
            await self.hands.redraw(interaction, table_id, notice=t("hand.stale", lang))
            return None
        if not any_turn and (stamp.turn != info.moves or self.hands.is_old(interaction, table_id)):
            await self.hands.redraw(interaction, table_id, notice=t("hand.old_panel", lang))
            return None
        return info

    async def act(
        self,
        interaction: discord.Interaction,
        info: TableInfo,
        request: Any,
        done: Callable[[Update], str],
    ) -> None:
        """A move from the hand message: saved, then the message redrawn with its outcome,
        then the table shows it (the answer never waits for the public pictures)."""
        lang = private_lang(interaction)
        user = interaction.user.id
        try:
            update = await in_time(
                interaction,
                self.service.act(info.id, user, request, str(interaction.id)),
                update=True,
            )
        except REFUSALS as exc:
            await self.hands.refused(interaction, info, exc)
            return
        except Exception:
            log.exception("service call failed")
            await self.hands.redraw(
                interaction, info.id, notice=t("discord.failed", lang), picture=False
            )
            return
        await self.hands.redraw(
            interaction, info.id, notice=done(update), shown_hand=info.hand_number
        )
        await self.presenter.publish(update)

    async def button(
        self, interaction: discord.Interaction, table_id: int, stamp: Stamp, verb: str
    ) -> None:
        looking = verb in ("refresh", "colours", "partner")  # these act on no move
        info = await self.table_for(interaction, table_id, stamp, any_turn=looking)
        if info is None:
            return
        lang = private_lang(interaction)
        chosen = handview.selected_values(interaction.message)
        selected, cards = set(chosen), handview.cards_of(chosen)
        if verb == "partner":
            await self.send_partner(interaction, info)
        elif verb == "hint":
            await self.hint(interaction, info)
        elif verb in ("clear", "refresh"):
            await self.hands.redraw(interaction, table_id)
        elif verb == "colours":
            await self.toggle_colours(interaction, info, selected)
        elif verb == "takeback":
            await self.take_backs.ask_take_back(interaction, info)
        elif verb in ("play", "kitty") and not cards:
            await self.hands.refused(interaction, info, Refused("no_cards_selected"))
        elif verb == "play":
            await self.act(interaction, info, PlayCards(cards), played_line(cards, lang))
        elif verb == "kitty":
            done = t("hand.kitty_laid", lang, cards=text.cards(cards))
            await self.act(interaction, info, DiscardCards(cards), lambda _: done)
        else:  # pass, bidpass
            key = "hand.bid_passed" if verb == "bidpass" else "hand.passed"
            await self.act(interaction, info, PassTurn(), lambda _: t(key, lang))

    async def select(
        self,
        interaction: discord.Interaction,
        table_id: int,
        stamp: Stamp,
        index: int,
        values: list[str],
    ) -> None:
        """Cards chosen in one of the card menus: the picture is drawn again with them raised."""
        selected = set(handview.selected_values(interaction.message))
        menu = _menu_values(interaction.message, card_menu_id(table_id, stamp, index))
        selected = (selected - menu) | set(values)
        if await self.table_for(interaction, table_id, stamp) is not None:
            await self.hands.redraw(interaction, table_id, selected=selected)

    async def pick(
        self, interaction: discord.Interaction, table_id: int, stamp: Stamp, kind: str, value: str
    ) -> None:
        """One pick in a one-pick menu: ``lp`` the legal plays, ``kc`` a whole kitty."""
        info = await self.table_for(interaction, table_id, stamp)
        if info is None:
            return
        if kind == "kc":
            await self.pick_kitty(interaction, info, value)
        else:
            await self.pick_play(interaction, info, value)

    async def pick_play(
        self, interaction: discord.Interaction, info: TableInfo, value: str
    ) -> None:
        """A pick in the legal-plays menu: that play (or the pass) is made."""
        lang = private_lang(interaction)
        if value == handview.PASS:
            await self.act(interaction, info, PassTurn(), lambda _: t("hand.passed", lang))
            return
        cards = decode_cards(value)
        if cards is None:
            await self.hands.refused(interaction, info, Refused("bad_choice"))
            return
        await self.act(interaction, info, PlayCards(cards), played_line(cards, lang))

    async def pick_kitty(
        self, interaction: discord.Interaction, info: TableInfo, value: str
    ) -> None:
        """One of the dealer's whole kitties chosen: those 8 cards are selected and raised;
        *Lay kitty* buries them."""
        table_id = info.id
        cards = decode_cards(value)
        if cards is None:
            await self.hands.refused(interaction, info, Refused("bad_choice"))
            return
        lang = private_lang(interaction)
        try:
            view = await in_time(
                interaction, self.service.view_for(table_id, interaction.user.id), update=True
            )
        except REFUSALS as exc:
            await self.hands.refused(interaction, info, exc)
            return
        hand = view.hand or ()
        selected = handview.values_for(cards, hand)
        shown = handview.in_hand_order(selected, hand)
        notice = t("hand.kitty_chosen", lang, cards=text.cards(shown))
        await self.hands.redraw(interaction, table_id, notice=notice, selected=selected)

    async def bid(
        self, interaction: discord.Interaction, table_id: int, stamp: Stamp, amount: int
    ) -> None:
        info = await self.table_for(interaction, table_id, stamp)
        if info is not None:
            done = t("hand.bid_made", private_lang(interaction), amount=amount)
            await self.act(interaction, info, MakeBid(amount), lambda _: done)

    async def trump(
        self, interaction: discord.Interaction, table_id: int, stamp: Stamp, suit: str
    ) -> None:
        info = await self.table_for(interaction, table_id, stamp)
        if info is not None:
            lang = private_lang(interaction)
            done = t("hand.trump_named", lang, suit=t(f"suit.{suit}", lang))
            await self.act(interaction, info, NameTrump(suit), lambda _: done)

    async def hint(self, interaction: discord.Interaction, info: TableInfo) -> None:
        """The Hint button of the hand message: the suggestion chosen and raised, said first."""
        lang = private_lang(interaction)
        try:
            options = await in_time(
                interaction,
                self.service.turn_options(info.id, interaction.user.id),
                update=True,
            )
        except REFUSALS as exc:
            await self.hands.refused(interaction, info, exc)
            return
        if options.hint is None:
            await self.hands.refused(interaction, info, no_hint(options))
            return
        notice, selected = hinted(options, lang)
        await self.hands.redraw(interaction, info.id, notice=notice, selected=selected)

    async def toggle_colours(
        self, interaction: discord.Interaction, info: TableInfo, selected: set[str]
    ) -> None:
        lang = private_lang(interaction)
        user = interaction.user.id
        try:
            on = await in_time(
                interaction,
                self.service.set_four_colour(user, not await four_colour(self.service, user)),
                update=True,
            )
        except REFUSALS as exc:
            await self.hands.refused(interaction, info, exc)
            return
        notice = t("settings.four_colour_on" if on else "settings.four_colour_off", lang)
        await self.hands.redraw(interaction, info.id, notice=notice, selected=selected)

    async def pass_from_table(self, interaction: discord.Interaction, info: TableInfo) -> None:
        """The Pass button of the table message: acknowledged silently (the table shows the
        pass to everyone); only a refusal is answered, privately."""
        try:
            update = await in_time(
                interaction,
                self.service.act(info.id, interaction.user.id, PassTurn(), str(interaction.id)),
                update=True,
            )
        except REFUSALS as exc:
            await refuse(interaction, exc, info)
            return
        except Exception:
            log.exception("service call failed")
            await say(interaction, t("discord.failed", private_lang(interaction)))
            return
        if not interaction.response.is_done():
            try:
                await interaction.response.defer()
            except SEND_FAILURES as exc:
                log.warning("could not acknowledge a pass (%s)", getattr(exc, "status", exc))
        await self.presenter.publish(update)

    async def send_partner(self, interaction: discord.Interaction, info: TableInfo) -> None:
        """清墩: the partner's cards, privately, once the player has gone out."""
        lang = private_lang(interaction)
        user = interaction.user.id
        try:
            view = await in_time(interaction, self.service.view_for(info.id, user))
        except REFUSALS as exc:
            await refuse(interaction, exc, info)
            return
        partner = getattr(view, "partner_hand", None)
        if partner is None:
            await refuse(interaction, Refused("no_partner_view"), info)
            return
        await defer_private(interaction)  # drawing takes a while
        shown = dataclasses.replace(view, hand=partner, partner_hand=None)
        title = t("hand.partner_title", lang)  # the picture and its alt text give the count
        colours = await four_colour(self.service, user)
        image = await pictures.draw(
            render.render_hand, shown, lang, title=title, four_colour=colours
        )
        said = t("hand.partner", lang, count=len(partner))
        if image is None:
            await say(interaction, f"{said}\n{t('hand.cards', lang, cards=text.cards(partner))}")
            return
        alt = render.describe_hand(shown, lang, title=title)
        await say(interaction, said, files=[png(image, "partner.png", alt)])


def _menu_values(message: discord.Message | None, custom_id: str) -> set[str]:
    """Every option value of one menu (to replace that menu's part of the selection)."""
    if message is None:
        return set()
    for row in message.components:
        for child in getattr(row, "children", ()):
            if isinstance(child, discord.SelectMenu) and child.custom_id == custom_id:
                return {option.value for option in child.options}
    return set()
