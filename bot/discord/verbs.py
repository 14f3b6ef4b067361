"""What each command, button and menu does: one place shared by slash commands and controls.

Every handler acknowledges Discord first (``defer`` within the 3-second window, ephemeral when
the answer is private), then calls the service, then answers the user privately and lets the
presenter update the table in public. Refusals (engine, service, notation) are answered
ephemerally in the user's language and change nothing.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

import render
from bot.discord import handview, rules, shorthand
from bot.discord.presenter import SEND_FAILURES, png, pretty, seat_names
from bot.i18n import lang_of, refusal, t
from bot.service import (
    DiscardCards,
    MakeBid,
    NameTrump,
    PassTurn,
    PlayCards,
    ServiceError,
    TableInfo,
    Update,
)
from bot.service.events import EndVoteOpened
from engine.actions import Bid, DeclareTrump, Discard, Pass, Play
from engine.cards import Card, parse_cards
from engine.errors import CardParseError, IllegalMove

if TYPE_CHECKING:
    from bot.discord.app import CardTableBot

log = logging.getLogger(__name__)
REFUSALS = (ServiceError, IllegalMove, CardParseError)


class Refused(Exception):
    """A refusal raised by the front end itself, with a catalogue code like the others."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code, self.params = code, params


def private_lang(interaction: discord.Interaction) -> str:
    return lang_of(interaction.locale)


def is_manager(interaction: discord.Interaction) -> bool:
    permissions = getattr(interaction, "permissions", None)
    return bool(permissions and permissions.manage_guild)


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


class Verbs:
    """The bot's verbs; ``interaction.client.verbs`` for the controls."""

    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot

    @property
    def service(self) -> Any:
        return self.bot.service

    @property
    def presenter(self) -> Any:
        return self.bot.presenter

    # -- answering ----------------------------------------------------------------------------

    @staticmethod
    async def defer_private(interaction: discord.Interaction) -> None:
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)

    async def say(self, interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
        """A private answer (the deferred reply or an ephemeral follow-up)."""
        try:
            if interaction.response.is_done():
                await interaction.followup.send(content, ephemeral=True, **kwargs)
            else:
                await interaction.response.send_message(content, ephemeral=True, **kwargs)
        except SEND_FAILURES as exc:
            log.warning("could not answer an interaction (%s)", getattr(exc, "status", exc))

    async def refuse(
        self, interaction: discord.Interaction, exc: Exception, info: TableInfo | None = None
    ) -> None:
        lang = private_lang(interaction)
        names = seat_names(info, lang) if info is not None else []
        await self.say(interaction, refusal(exc, lang, names))

    async def run(
        self,
        interaction: discord.Interaction,
        call: Callable[[], Awaitable[Update]],
        done: str | None,
        info: TableInfo | None = None,
    ) -> Update | None:
        """Defer privately, call the service, answer, then publish the change."""
        await self.defer_private(interaction)
        try:
            update = await call()
        except (*REFUSALS, Refused) as exc:
            await self.refuse(interaction, exc, info)
            return None
        except Exception:
            log.exception("service call failed")
            await self.say(interaction, t("discord.failed", private_lang(interaction)))
            return None
        if done:
            await self.say(interaction, done)
        await self.presenter.publish(update)
        return update

    # -- finding the table --------------------------------------------------------------------

    def find_table(self, interaction: discord.Interaction) -> TableInfo | None:
        """The table this interaction is about: the thread's table, else the user's seat here."""
        channel = interaction.channel
        channel_id = interaction.channel_id or 0
        parent_id = getattr(channel, "parent_id", None)
        tables = self.service.tables_in_channel(parent_id or channel_id)
        for info in tables:
            if info.thread_id == channel_id:
                return info  # type: ignore[no-any-return]
        if parent_id is None:
            own = self.service.table_for_user(channel_id, interaction.user.id)
            for info in tables:
                if info.id == own:
                    return info  # type: ignore[no-any-return]
            waiting = [i for i in tables if i.thread_id in (None, channel_id)]
            if len(waiting) == 1:
                return waiting[0]  # type: ignore[no-any-return]
        return None

    async def table_or_refuse(self, interaction: discord.Interaction) -> TableInfo | None:
        info = self.find_table(interaction)
        if info is None:
            await self.say(interaction, t("table.none_here", private_lang(interaction)))
        return info

    async def scored_table(self, interaction: discord.Interaction) -> TableInfo | None:
        """The table ``/scores`` is about: as ``find_table``, else the newest table of this
        thread (or, outside a thread, of this channel) even after it ended."""
        info = self.find_table(interaction)
        if info is None:
            channel_id = interaction.channel_id or 0
            if getattr(interaction.channel, "parent_id", None) is not None:
                info = await self.service.table_for_thread(channel_id)
            else:
                info = await self.service.latest_table_in_channel(channel_id)
        if info is None:
            await self.say(interaction, t("table.none_here", private_lang(interaction)))
        return info

    async def info(self, table_id: int) -> TableInfo | None:
        try:
            return await self.service.table_info(table_id)  # type: ignore[no-any-return]
        except ServiceError:
            return None

    # -- /table ---------------------------------------------------------------------------------

    async def create(
        self,
        interaction: discord.Interaction,
        game: str,
        hands: int | None,
        turn_limit: int,
        timeout_rule: str,
        language: str | None,
    ) -> None:
        await self.defer_private(interaction)
        lang = private_lang(interaction)
        table_lang = language or lang_of(interaction.guild_locale)
        channel = interaction.channel
        parent_id = getattr(channel, "parent_id", None)
        home_id = parent_id or interaction.channel_id or 0
        settings = {"turn_seconds": turn_limit * 60, "timeout_rule": timeout_rule, "hands": hands}
        try:
            update = await self.service.create_table(
                interaction.guild_id or 0,
                home_id,
                interaction.user.id,
                display_name(interaction.user),
                game,
                settings,
                table_lang,
            )
        except REFUSALS as exc:
            await self.refuse(interaction, exc)
            return
        info = await self.service.table_info(update.table_id)
        thread = await self._open_thread(channel, info, table_lang)
        if thread is not None:
            await self.service.set_message(info.id, thread_id=thread.id)
            info = dataclasses.replace(info, thread_id=thread.id)
        elif parent_id is not None:
            await self.service.set_message(info.id, thread_id=interaction.channel_id)
            info = dataclasses.replace(info, thread_id=interaction.channel_id)
        await self.presenter.post_table(info)
        await self.presenter.announce_settings(
            info, display_name(interaction.user), moved=thread is None
        )
        place = f"<#{info.thread_id or home_id}>"
        await self.say(interaction, t("table.created_here", lang, table=info.id, place=place))

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
            t("hand.done", private_lang(interaction)),
            info,
        )

    async def leave(self, interaction: discord.Interaction, info: TableInfo | None) -> None:
        if info is None:
            return
        await self.run(
            interaction,
            lambda: self.service.leave(info.id, interaction.user.id),
            t("hand.done", private_lang(interaction)),
            info,
        )

    async def seat(self, interaction: discord.Interaction, seat: int) -> None:
        info = await self.table_or_refuse(interaction)
        if info is None:
            return
        await self.run(
            interaction,
            lambda: self.service.choose_seat(info.id, interaction.user.id, seat - 1),
            t("hand.done", private_lang(interaction)),
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
            t("hand.done", private_lang(interaction)),
            info,
        )

    async def remove_bot(self, interaction: discord.Interaction, seat: int) -> None:
        info = await self.table_or_refuse(interaction)
        if info is None:
            return
        await self.run(
            interaction,
            lambda: self.service.remove_bot(
                info.id, interaction.user.id, seat - 1, is_manager=is_manager(interaction)
            ),
            t("hand.done", private_lang(interaction)),
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
            t("hand.done", private_lang(interaction)),
            info,
        )

    async def end(self, interaction: discord.Interaction) -> None:
        """End the table; during a hand this may open a vote (the service decides)."""
        info = await self.table_or_refuse(interaction)
        if info is None:
            return
        update = await self.run(
            interaction,
            lambda: self.service.end_table(
                info.id, interaction.user.id, is_manager=is_manager(interaction)
            ),
            None,
            info,
        )
        if update is not None:
            opened = any(isinstance(a, EndVoteOpened) for a in update.announcements)
            key = "vote.started" if opened else "hand.done"
            await self.say(interaction, t(key, private_lang(interaction)))

    async def vote(
        self, interaction: discord.Interaction, table_id: int, hand: int, agree: bool
    ) -> None:
        """A click on Agree / Refuse under a vote to end the table mid-hand."""
        await self.defer_private(interaction)
        info = await self.control_table(interaction, table_id)
        if info is None:
            return
        await self.run(
            interaction,
            lambda: self.service.vote_end(info.id, interaction.user.id, hand, agree),
            t("hand.done", private_lang(interaction)),
            info,
        )

    async def min_hands(self, interaction: discord.Interaction, hands: int | None) -> None:
        """Show or (server managers) set the completed hands before void-hand bonuses rank."""
        await self.defer_private(interaction)
        lang = private_lang(interaction)
        guild = interaction.guild_id or 0
        try:
            if hands is not None:
                await self.service.set_min_ranked_hands(
                    guild, hands, is_manager=is_manager(interaction)
                )
            current = await self.service.min_ranked_hands(guild)
        except REFUSALS as exc:
            await self.refuse(interaction, exc)
            return
        await self.say(interaction, t("scores.min_hands", lang, hands=current))

    async def kick(self, interaction: discord.Interaction, target: discord.abc.User) -> None:
        info = await self.table_or_refuse(interaction)
        if info is None:
            return
        await self.run(
            interaction,
            lambda: self.service.kick(
                info.id, interaction.user.id, target.id, is_manager=is_manager(interaction)
            ),
            t("hand.done", private_lang(interaction)),
            info,
        )

    async def show(self, interaction: discord.Interaction) -> None:
        await self.defer_private(interaction)
        info = await self.table_or_refuse(interaction)
        if info is None:
            return
        await self.presenter.post_table(info)
        await self.say(interaction, t("hand.done", private_lang(interaction)))

    # -- play -------------------------------------------------------------------------------------

    async def act(
        self,
        interaction: discord.Interaction,
        info: TableInfo,
        request: Any,
        done: str | None,
    ) -> Update | None:
        return await self.run(
            interaction,
            lambda: self.service.act(info.id, interaction.user.id, request, str(interaction.id)),
            done,
            info,
        )

    async def typed_play(self, interaction: discord.Interaction, text: str) -> None:
        await self.defer_private(interaction)
        info = await self.table_or_refuse(interaction)
        if info is None:
            return
        lang = private_lang(interaction)
        try:
            cards = await self.resolve(info, interaction.user.id, text)
        except (*REFUSALS, Refused) as exc:
            await self.refuse(interaction, exc, info)
            return
        await self.act(
            interaction, info, PlayCards(cards), t("hand.played", lang, cards=pretty(cards))
        )

    async def resolve(self, info: TableInfo, user_id: int, text: str) -> list[Card]:
        """Typed cards: 清墩 accepts rank shorthand resolved against the player's own hand."""
        if info.game != "qingdun":
            return parse_cards(text)
        view = await self.service.view_for(info.id, user_id)
        return shorthand.resolve(text, view.hand or ())

    async def simple(self, interaction: discord.Interaction, request: Any, key: str) -> None:
        await self.defer_private(interaction)
        info = await self.table_or_refuse(interaction)
        if info is not None:
            await self.act(interaction, info, request, t(key, private_lang(interaction)))

    async def pass_turn(self, interaction: discord.Interaction) -> None:
        await self.simple(interaction, PassTurn(), "hand.passed")

    async def bid_command(self, interaction: discord.Interaction, amount: int) -> None:
        await self.simple(interaction, MakeBid(amount), "hand.done")

    async def trump_command(self, interaction: discord.Interaction, suit: str) -> None:
        await self.simple(interaction, NameTrump(suit), "hand.done")

    async def kitty_command(self, interaction: discord.Interaction, text: str) -> None:
        await self.defer_private(interaction)
        info = await self.table_or_refuse(interaction)
        if info is None:
            return
        try:
            cards = parse_cards(text)
        except CardParseError as exc:
            await self.refuse(interaction, exc, info)
            return
        await self.act(
            interaction, info, DiscardCards(cards), t("hand.done", private_lang(interaction))
        )

    async def hint_command(self, interaction: discord.Interaction) -> None:
        await self.defer_private(interaction)
        info = await self.table_or_refuse(interaction)
        if info is not None:
            await self.hint(interaction, info)

    async def hint(self, interaction: discord.Interaction, info: TableInfo) -> None:
        lang = private_lang(interaction)
        try:
            action = await self.service.hint(info.id, interaction.user.id)
        except REFUSALS as exc:
            await self.refuse(interaction, exc, info)
            return
        await self.say(interaction, hint_text(action, lang))

    async def hand_command(self, interaction: discord.Interaction) -> None:
        await self.defer_private(interaction)
        info = await self.table_or_refuse(interaction)
        if info is not None:
            await self.send_hand(interaction, info)

    async def partner_command(self, interaction: discord.Interaction) -> None:
        await self.defer_private(interaction)
        info = await self.table_or_refuse(interaction)
        if info is not None:
            await self.send_partner(interaction, info)

    # -- the private hand -------------------------------------------------------------------------

    async def hand_message(
        self, info: TableInfo, view: Any, lang: str, selected: set[str]
    ) -> dict[str, Any]:
        """Content, image and controls of a player's private hand message."""
        chosen = handview.in_hand_order(selected, view.hand or ())
        image = await asyncio.to_thread(render.render_hand, view, lang, highlight=chosen)
        lines = [t("hand.title", lang, count=len(view.hand or ()))]
        kitty = getattr(view, "kitty", None)
        if kitty:
            lines.append(t("hand.kitty", lang, cards=pretty(kitty)))
        if chosen:
            lines.append(t("hand.selected", lang, cards=pretty(chosen)))
        ui = handview.build_view(info.id, info.game, view, lang, selected)
        return {
            "content": "\n".join(lines),
            "attachments": [png(image, "hand.png")],
            "view": ui or discord.utils.MISSING,
        }

    async def send_hand(self, interaction: discord.Interaction, info: TableInfo) -> None:
        lang = private_lang(interaction)
        try:
            view = await self.service.view_for(info.id, interaction.user.id)
        except REFUSALS as exc:
            await self.refuse(interaction, exc, info)
            return
        message = await self.hand_message(info, view, lang, set())
        files = message.pop("attachments")
        await self.say(interaction, message.pop("content"), files=files, **message)

    async def send_partner(self, interaction: discord.Interaction, info: TableInfo) -> None:
        lang = private_lang(interaction)
        try:
            view = await self.service.view_for(info.id, interaction.user.id)
        except REFUSALS as exc:
            await self.refuse(interaction, exc, info)
            return
        partner = getattr(view, "partner_hand", None)
        if partner is None:
            await self.refuse(interaction, Refused("no_partner_view"), info)
            return
        shown = dataclasses.replace(view, hand=partner, partner_hand=None)
        title = t("hand.partner", lang, count=len(partner))
        image = await asyncio.to_thread(render.render_hand, shown, lang, title=title)
        await self.say(interaction, title, files=[png(image, "partner.png")])

    # -- controls ---------------------------------------------------------------------------------

    async def control_table(
        self, interaction: discord.Interaction, table_id: int
    ) -> TableInfo | None:
        info = await self.info(table_id)
        if info is None:
            await self.refuse(interaction, Refused("wrong_table"))
        return info

    async def public_button(
        self, interaction: discord.Interaction, table_id: int, verb: str
    ) -> None:
        await self.defer_private(interaction)
        info = await self.control_table(interaction, table_id)
        if info is None:
            return
        if verb == "join":
            await self.join(interaction, info)
        elif verb == "leave":
            await self.leave(interaction, info)
        elif verb == "addbot":
            await self.add_bot(interaction, info, None)
        elif verb == "start":
            await self.start(interaction, info)
        elif verb == "hand":
            await self.send_hand(interaction, info)
        elif verb == "pass":
            await self.act(
                interaction, info, PassTurn(), t("hand.passed", private_lang(interaction))
            )
        elif verb == "hint":
            await self.hint(interaction, info)
        elif verb == "partner":
            await self.send_partner(interaction, info)

    async def select_cards(
        self, interaction: discord.Interaction, table_id: int, index: int, values: list[str]
    ) -> None:
        """Mark the chosen cards in the menus; the image is left as it is (fast)."""
        lang = private_lang(interaction)
        selected = set(handview.selected_values(interaction.message))
        menu_values = _menu_values(interaction.message, f"ct:{table_id}:c:{index}")
        selected = (selected - menu_values) | set(values)
        await interaction.response.defer()
        info = await self.info(table_id)
        if info is None:
            return
        try:
            view = await self.service.view_for(table_id, interaction.user.id)
        except REFUSALS as exc:
            await self.refuse(interaction, exc, info)
            return
        chosen = handview.in_hand_order(selected, view.hand or ())
        lines = [t("hand.title", lang, count=len(view.hand or ()))]
        kitty = getattr(view, "kitty", None)
        if kitty:
            lines.append(t("hand.kitty", lang, cards=pretty(kitty)))
        lines.append(
            t("hand.selected", lang, cards=pretty(chosen))
            if chosen
            else t("hand.nothing_selected", lang)
        )
        ui = handview.build_view(table_id, info.game, view, lang, selected)
        await self._edit_hand(interaction, content="\n".join(lines), view=ui)

    async def _edit_hand(self, interaction: discord.Interaction, **kwargs: Any) -> None:
        try:
            await interaction.edit_original_response(**kwargs)
        except SEND_FAILURES as exc:
            log.warning("could not update a hand message (%s)", getattr(exc, "status", exc))

    async def hand_button(self, interaction: discord.Interaction, table_id: int, verb: str) -> None:
        lang = private_lang(interaction)
        selected = handview.selected_values(interaction.message)
        if verb in ("hint", "partner"):
            await self.defer_private(interaction)
        else:
            await interaction.response.defer()
        info = await self.control_table(interaction, table_id)
        if info is None:
            return
        if verb == "hint":
            await self.hint(interaction, info)
            return
        if verb == "partner":
            await self.send_partner(interaction, info)
            return
        if verb == "clear":
            await self._redraw(interaction, info, lang, set())
            return
        cards = handview.cards_of(selected)
        if verb in ("play", "kitty") and not cards:
            await self.refuse(interaction, Refused("no_cards_selected"), info)
            return
        request = {
            "play": PlayCards(cards),
            "kitty": DiscardCards(cards),
            "pass": PassTurn(),
            "bidpass": PassTurn(),
        }[verb]
        done = {
            "play": t("hand.played", lang, cards=pretty(cards)),
            "pass": t("hand.passed", lang),
        }.get(verb, t("hand.done", lang))
        update = await self.act(interaction, info, request, done)
        if update is not None:
            await self._redraw(interaction, info, lang, set())

    async def _redraw(
        self, interaction: discord.Interaction, info: TableInfo, lang: str, selected: set[str]
    ) -> None:
        """Redraw the private hand message after a move (best effort: the move is saved)."""
        try:
            view = await self.service.view_for(info.id, interaction.user.id)
            message = await self.hand_message(info, view, lang, selected)
        except REFUSALS:
            return
        except Exception:
            log.exception("table %s: could not redraw a hand message", info.id)
            return
        if message["view"] is discord.utils.MISSING:
            message["view"] = None
        await self._edit_hand(interaction, **message)

    async def bid(self, interaction: discord.Interaction, table_id: int, amount: int) -> None:
        await interaction.response.defer()
        info = await self.control_table(interaction, table_id)
        if info is None:
            return
        lang = private_lang(interaction)
        if await self.act(interaction, info, MakeBid(amount), t("hand.done", lang)):
            await self._redraw(interaction, info, lang, set())

    async def trump(self, interaction: discord.Interaction, table_id: int, suit: str) -> None:
        await interaction.response.defer()
        info = await self.control_table(interaction, table_id)
        if info is None:
            return
        lang = private_lang(interaction)
        if await self.act(interaction, info, NameTrump(suit), t("hand.done", lang)):
            await self._redraw(interaction, info, lang, set())

    # -- rules ------------------------------------------------------------------------------------

    async def rules_command(self, interaction: discord.Interaction, game: str) -> None:
        lang = private_lang(interaction)
        await interaction.response.send_message(**rules.page(game, lang, 0), ephemeral=True)

    async def rules_page(
        self, interaction: discord.Interaction, game: str, lang: str, page: int
    ) -> None:
        await interaction.response.edit_message(**rules.page(game, lang, page))


def _menu_values(message: discord.Message | None, custom_id: str) -> set[str]:
    """Every option value of one menu (to replace that menu's part of the selection)."""
    if message is None:
        return set()
    for row in message.components:
        for child in getattr(row, "children", ()):
            if isinstance(child, discord.SelectMenu) and child.custom_id == custom_id:
                return {option.value for option in child.options}
    return set()


def hint_text(action: Any, lang: str) -> str:
    match action:
        case Play(_, cards):
            return t("hint.play", lang, cards=pretty(cards))
        case Pass():
            return t("hint.pass", lang)
        case Bid(_, amount):
            return t("hint.bid", lang, amount=amount)
        case Discard(_, cards):
            return t("hint.discard", lang, cards=pretty(cards))
        case DeclareTrump(_, suit):
            return t("hint.trump", lang, suit=t(f"suit.{suit.value}", lang))
    return t("hint.pass", lang)
