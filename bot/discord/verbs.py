"""What each command, button and menu does: one place shared by slash commands and controls.

Every handler answers within Discord's 3-second window. A private answer that comes fast (a
refusal, "Played", a hint) is the interaction's own response; a handler defers first only
before slow work: drawing a picture, or a service call still running 2 s after the interaction
arrived (``in_time``: a write waiting for a busy database). The presenter updates the table in
public after the user has been answered. Refusals (engine, service, notation) are answered
ephemerally in the user's language and change nothing.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

import aiohttp
import discord

import render
from bot.discord import handview, offers, rules, shorthand, text
from bot.discord.cooldowns import Cooldowns
from bot.discord.presenter import SEND_FAILURES, png, pretty, seat_names
from bot.discord.scores import ScoreVerbs
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
DEFER_AT = 2.0  # seconds after an interaction arrived: defer if the answer is not ready by then
T = TypeVar("T")


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
        self.scores = ScoreVerbs(self)
        self.cooldowns = Cooldowns(bot.clock)

    @property
    def service(self) -> Any:
        return self.bot.service

    @property
    def presenter(self) -> Any:
        return self.bot.presenter

    # -- answering ----------------------------------------------------------------------------

    @staticmethod
    async def defer_private(interaction: discord.Interaction, *, update: bool = False) -> None:
        """Acknowledge now, answer later: privately, or (``update``) by editing the message
        whose control was used."""
        if not interaction.response.is_done():
            if update:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)

    async def in_time(
        self, interaction: discord.Interaction, work: Awaitable[T], *, update: bool = False
    ) -> T:
        """``work``'s result; if it is not ready ``DEFER_AT`` seconds after the interaction
        arrived, the interaction is deferred meanwhile. ``work`` must not answer it itself."""
        task = asyncio.ensure_future(work)
        if not interaction.response.is_done():
            age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
            await asyncio.wait({task}, timeout=min(max(DEFER_AT - age, 0.0), DEFER_AT))
            if not task.done():
                try:
                    await self.defer_private(interaction, update=update)
                except (discord.HTTPException, aiohttp.ClientError, TimeoutError) as exc:
                    log.warning("could not defer an interaction (%r)", exc)  # the work goes on
        return await task

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
        """The refusal in the user's language, with a button for the fix where there is one
        (``offers.fix``: Add bots and start, Join, My hand, Next hand)."""
        lang = private_lang(interaction)
        names = seat_names(info, lang) if info is not None else []
        typed = interaction.type is discord.InteractionType.application_command
        fix = offers.fix(exc, info, lang, typed=typed)
        await self.say(
            interaction,
            text.clip(refusal(exc, lang, names, text.echo, text.symbols), text.CONTENT_LIMIT),
            **({"view": fix} if fix is not None else {}),
        )

    async def attempt(
        self,
        interaction: discord.Interaction,
        work: Awaitable[Update],
        info: TableInfo | None,
        *,
        update: bool = False,
    ) -> Update | None:
        """``work``'s update (in time: see ``in_time``), or None once the user was told it was
        refused (or failed on our side)."""
        try:
            return await self.in_time(interaction, work, update=update)
        except (*REFUSALS, Refused) as exc:
            await self.refuse(interaction, exc, info)
        except Exception:
            log.exception("service call failed")
            await self.say(interaction, t("discord.failed", private_lang(interaction)))
        return None

    async def run(
        self,
        interaction: discord.Interaction,
        call: Callable[[], Awaitable[Update]],
        done: str | Callable[[Update], str] | None,
        info: TableInfo | None = None,
    ) -> Update | None:
        """Call the service (in time), answer privately (``done``, or what it makes of the
        update), then publish the change: the answer never waits for the pictures."""
        update = await self.attempt(interaction, call(), info)
        if update is None:
            return None
        answer = done(update) if callable(done) else done
        if answer:
            await self.say(interaction, answer)
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
        auto_deal: bool = True,
    ) -> None:
        lang = private_lang(interaction)
        user_id = interaction.user.id
        parent_id = getattr(interaction.channel, "parent_id", None)
        wait = self.cooldowns.wait("create", user_id)
        owner = self.thread_owner(parent_id, interaction.channel_id)
        if wait or owner is not None:
            found = Refused("cooldown_create", seconds=wait) if wait else owner
            await self.refuse(interaction, found)  # type: ignore[arg-type]
            return
        table_lang = language or lang_of(interaction.guild_locale)
        settings = {
            "turn_seconds": turn_limit * 60,
            "timeout_rule": timeout_rule,
            "hands": hands,
            "auto_deal": auto_deal,
        }
        try:
            info, moved = await self.in_time(
                interaction, self._open_table(interaction, game, settings, table_lang)
            )
        except REFUSALS as exc:
            await self.refuse(interaction, exc)
            return
        self.cooldowns.spend("create", user_id)
        place = f"<#{info.thread_id or info.channel_id}>"
        await self.say(interaction, t("table.created_here", lang, table=info.id, place=place))
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
        lang = private_lang(interaction)

        def answer(update: Update) -> str:
            opened = any(isinstance(a, EndVoteOpened) for a in update.announcements)
            return t("vote.started" if opened else "hand.done", lang)

        await self.run(
            interaction,
            lambda: self.service.end_table(
                info.id, interaction.user.id, is_manager=is_manager(interaction)
            ),
            answer,
            info,
        )

    async def vote(
        self, interaction: discord.Interaction, table_id: int, hand: int, agree: bool
    ) -> None:
        """A click on Agree / Refuse under a vote to end the table mid-hand."""
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
        lang = private_lang(interaction)
        guild = interaction.guild_id or 0
        try:
            if hands is not None:
                await self.in_time(
                    interaction,
                    self.service.set_min_ranked_hands(
                        guild, hands, is_manager=is_manager(interaction)
                    ),
                )
            current = await self.in_time(interaction, self.service.min_ranked_hands(guild))
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
        info = await self.table_or_refuse(interaction)
        if info is None:
            return
        wait = self.cooldowns.wait("show", interaction.user.id)
        if wait:
            await self.refuse(interaction, Refused("cooldown_show", seconds=wait), info)
            return
        await self.defer_private(interaction)  # drawing the table takes a while
        await self.presenter.post_table(info)
        self.cooldowns.spend("show", interaction.user.id)
        await self.say(interaction, t("hand.done", private_lang(interaction)))

    # -- offers: the next step, one click ---------------------------------------------------------

    async def offer(self, interaction: discord.Interaction, table_id: int, verb: str) -> None:
        """A click on Add bots and start, Next hand or Play again (``bot.discord.offers``)."""
        if verb == "again":  # the table has ended: it is read from the store
            await self.play_again(interaction, table_id)
            return
        info = await self.control_table(interaction, table_id)
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
        info = await self.info(update.table_id)
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
        update = await self.attempt(interaction, work, info, update=True)
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

    async def typed_play(self, interaction: discord.Interaction, typed: str) -> None:
        info = await self.table_or_refuse(interaction)
        if info is None:
            return
        lang = private_lang(interaction)
        try:
            cards = await self.in_time(interaction, self.resolve(info, interaction.user.id, typed))
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
        info = await self.table_or_refuse(interaction)
        if info is not None:
            await self.act(interaction, info, request, t(key, private_lang(interaction)))

    async def pass_turn(self, interaction: discord.Interaction) -> None:
        await self.simple(interaction, PassTurn(), "hand.passed")

    async def bid_command(self, interaction: discord.Interaction, amount: int) -> None:
        await self.simple(interaction, MakeBid(amount), "hand.done")

    async def trump_command(self, interaction: discord.Interaction, suit: str) -> None:
        await self.simple(interaction, NameTrump(suit), "hand.done")

    async def kitty_command(self, interaction: discord.Interaction, typed: str) -> None:
        info = await self.table_or_refuse(interaction)
        if info is None:
            return
        try:
            cards = parse_cards(typed)
        except CardParseError as exc:
            await self.refuse(interaction, exc, info)
            return
        await self.act(
            interaction, info, DiscardCards(cards), t("hand.done", private_lang(interaction))
        )

    async def hint_command(self, interaction: discord.Interaction) -> None:
        info = await self.table_or_refuse(interaction)
        if info is not None:
            await self.hint(interaction, info)

    async def hint(self, interaction: discord.Interaction, info: TableInfo) -> None:
        lang = private_lang(interaction)
        try:
            action = await self.in_time(
                interaction, self.service.hint(info.id, interaction.user.id)
            )
        except REFUSALS as exc:
            await self.refuse(interaction, exc, info)
            return
        await self.say(interaction, hint_text(action, lang))

    async def hand_command(self, interaction: discord.Interaction) -> None:
        info = await self.table_or_refuse(interaction)
        if info is not None:
            await self.send_hand(interaction, info)

    async def partner_command(self, interaction: discord.Interaction) -> None:
        info = await self.table_or_refuse(interaction)
        if info is not None:
            await self.send_partner(interaction, info)

    # -- the private hand -------------------------------------------------------------------------

    async def hand_message(
        self, info: TableInfo, view: Any, lang: str, selected: set[str]
    ) -> dict[str, Any]:
        """Content, image and controls of a player's private hand message.

        When the picture cannot be drawn the cards are written out instead: the player still
        sees the hand and can play it from the menus.
        """
        chosen = handview.in_hand_order(selected, view.hand or ())
        image = await self.draw(render.render_hand, view, lang, highlight=chosen)
        lines = [t("hand.title", lang, count=len(view.hand or ()))]
        if image is None:
            lines.append(t("hand.cards", lang, cards=pretty(view.hand or ())))
        kitty = getattr(view, "kitty", None)
        if kitty:
            lines.append(t("hand.kitty", lang, cards=pretty(kitty)))
        if chosen:
            lines.append(t("hand.selected", lang, cards=pretty(chosen)))
        ui = handview.build_view(info.id, info.hand_number, info.game, view, lang, selected)
        return {
            "content": text.fit(lines),
            "attachments": [png(image, "hand.png")] if image else [],
            "view": ui or discord.utils.MISSING,
        }

    @staticmethod
    async def draw(render_fn: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes | None:
        """A picture drawn in a worker thread; None (logged) when drawing fails."""
        try:
            return await asyncio.to_thread(render_fn, *args, **kwargs)
        except Exception:
            log.exception("drawing %s failed", getattr(render_fn, "__name__", "a picture"))
            return None

    async def send_hand(self, interaction: discord.Interaction, info: TableInfo) -> None:
        lang = private_lang(interaction)
        try:
            view = await self.in_time(
                interaction, self.service.view_for(info.id, interaction.user.id)
            )
        except REFUSALS as exc:
            await self.refuse(interaction, exc, info)
            return
        await self.defer_private(interaction)  # drawing takes a while
        message = await self.hand_message(info, view, lang, set())
        files = message.pop("attachments")
        await self.say(interaction, message.pop("content"), files=files, **message)

    async def send_partner(self, interaction: discord.Interaction, info: TableInfo) -> None:
        lang = private_lang(interaction)
        try:
            view = await self.in_time(
                interaction, self.service.view_for(info.id, interaction.user.id)
            )
        except REFUSALS as exc:
            await self.refuse(interaction, exc, info)
            return
        partner = getattr(view, "partner_hand", None)
        if partner is None:
            await self.refuse(interaction, Refused("no_partner_view"), info)
            return
        await self.defer_private(interaction)  # drawing takes a while
        shown = dataclasses.replace(view, hand=partner, partner_hand=None)
        title = t("hand.partner", lang, count=len(partner))
        image = await self.draw(render.render_hand, shown, lang, title=title)
        if image is None:
            await self.say(interaction, f"{title}\n{t('hand.cards', lang, cards=pretty(partner))}")
            return
        await self.say(interaction, title, files=[png(image, "partner.png")])

    # -- controls ---------------------------------------------------------------------------------

    async def control_table(
        self, interaction: discord.Interaction, table_id: int
    ) -> TableInfo | None:
        info = await self.info(table_id)
        if info is None:
            await self.refuse(interaction, Refused("wrong_table"))
        return info

    async def hand_table(
        self, interaction: discord.Interaction, table_id: int, hand: int
    ) -> TableInfo | None:
        """The table of a hand message's control, if the control is from the hand now played."""
        info = await self.control_table(interaction, table_id)
        if info is not None and hand != info.hand_number:
            await self.refuse(interaction, Refused("stale_hand"), info)
            return None
        return info

    async def public_button(
        self, interaction: discord.Interaction, table_id: int, verb: str
    ) -> None:
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
        self,
        interaction: discord.Interaction,
        table_id: int,
        hand: int,
        index: int,
        values: list[str],
    ) -> None:
        """Mark the chosen cards in the menus; the image is left as it is (fast)."""
        lang = private_lang(interaction)
        selected = set(handview.selected_values(interaction.message))
        menu_values = _menu_values(interaction.message, f"ct:{table_id}:{hand}:c:{index}")
        selected = (selected - menu_values) | set(values)
        info = await self.hand_table(interaction, table_id, hand)
        if info is None:
            return
        try:
            view = await self.in_time(
                interaction, self.service.view_for(table_id, interaction.user.id), update=True
            )
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
        ui = handview.build_view(table_id, hand, info.game, view, lang, selected)
        await self.edit_message(interaction, content="\n".join(lines), view=ui)

    async def edit_message(self, interaction: discord.Interaction, **kwargs: Any) -> None:
        """Edit the private message whose control was used (a hand, a replay's page), as the
        response when not deferred."""
        try:
            if interaction.response.is_done():
                await interaction.edit_original_response(**kwargs)
            else:
                await interaction.response.edit_message(**kwargs)
        except SEND_FAILURES as exc:
            log.warning("could not update a message (%s)", getattr(exc, "status", exc))

    async def hand_button(
        self, interaction: discord.Interaction, table_id: int, hand: int, verb: str
    ) -> None:
        lang = private_lang(interaction)
        selected = handview.selected_values(interaction.message)
        info = await self.hand_table(interaction, table_id, hand)
        if info is None:
            return
        if verb == "hint":
            await self.hint(interaction, info)
            return
        if verb == "partner":
            await self.send_partner(interaction, info)
            return
        cards = handview.cards_of(selected)
        if verb in ("play", "kitty") and not cards:
            await self.refuse(interaction, Refused("no_cards_selected"), info)
            return
        await self.defer_private(interaction, update=True)  # the hand is drawn again below
        if verb == "clear":
            await self._redraw(interaction, info, lang, set())
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
        info = await self.info(info.id) or info  # the move may have ended the hand
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
        await self.edit_message(interaction, **message)

    async def bid(
        self, interaction: discord.Interaction, table_id: int, hand: int, amount: int
    ) -> None:
        info = await self.hand_table(interaction, table_id, hand)
        if info is None:
            return
        await self.defer_private(interaction, update=True)  # the hand is drawn again below
        lang = private_lang(interaction)
        if await self.act(interaction, info, MakeBid(amount), t("hand.done", lang)):
            await self._redraw(interaction, info, lang, set())

    async def trump(
        self, interaction: discord.Interaction, table_id: int, hand: int, suit: str
    ) -> None:
        info = await self.hand_table(interaction, table_id, hand)
        if info is None:
            return
        await self.defer_private(interaction, update=True)  # the hand is drawn again below
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
