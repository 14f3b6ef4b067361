"""What each command, button and menu does: one place shared by slash commands and controls.

Every handler answers within Discord's 3-second window. The answer is the interaction's own
response when it is ready in time (``in_time``); when it is not ready 2 s after the interaction
arrived (a write waiting for a busy database, a slow picture), the interaction is deferred
meanwhile. The presenter updates the table in public after the user has been answered.
Refusals (engine, service, notation) are answered privately in the user's language and change
nothing. The private hand message and its controls live in ``hand_message`` and
``hand_controls``; leaving or ending a
table during a hand asks first (``confirmed``), saying what it costs.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord import controls, rules, shorthand, text
from bot.discord.cooldowns import Cooldowns
from bot.discord.hand_controls import HandControls
from bot.discord.hand_message import HandMessages
from bot.discord.hand_text import played_line, take_back_line
from bot.discord.lookup import control_table, table_info, table_or_refuse
from bot.discord.port import Client, Part
from bot.discord.replies import (
    SEND_FAILURES,
    Refused,
    attempt,
    defer_private,
    display_name,
    edit_message,
    in_time,
    is_manager,
    private_lang,
    refuse,
    say,
)
from bot.discord.table_log import bots_line
from bot.discord.takeback import TakeBacks
from bot.discord.text import seat_names
from bot.i18n import lang_of, refusal, t
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
from bot.service import events as ev
from bot.service.events import BidPassed, EndVoteOpened, LeaveCost
from engine.cards import Card, parse_cards
from engine.errors import CardParseError

log = logging.getLogger(__name__)


class Verbs(Part):
    """The bot's verbs; ``interaction.client.verbs`` for the controls."""

    def __init__(
        self,
        client: Client,
        hands: HandMessages,
        hand_controls: HandControls,
        take_backs: TakeBacks,
        cooldowns: Cooldowns,
    ) -> None:
        super().__init__(client)
        self.hands = hands
        self.hand_controls = hand_controls
        self.take_backs = take_backs
        self.cooldowns = cooldowns

    # -- answering ----------------------------------------------------------------------------

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

    # -- finding the table --------------------------------------------------------------------

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
            t("hand.done", private_lang(interaction)),
            info,
        )

    async def leave(self, interaction: discord.Interaction, info: TableInfo | None) -> None:
        """Stand up; during a hand, first a private question saying what it costs."""
        if info is None:
            return
        if info.to_move is not None:  # a hand is being played
            try:
                cost = await in_time(
                    interaction, self.service.leave_cost(info.id, interaction.user.id)
                )
            except REFUSALS as exc:
                await refuse(interaction, exc, info)
                return
            if cost is not None:
                lang = private_lang(interaction)
                penalty = -cost.deltas[cost.seat]
                question = [t("confirm.leave", lang, hand=cost.hand, penalty=penalty)]
                question += self.bonus_lines(info, cost, lang)
                yes = t("button.leave_now", lang, penalty=penalty)
                await self.ask_first(interaction, info, "leave", question, yes)
                return
        await self.run(
            interaction,
            lambda: self.service.leave(info.id, interaction.user.id),
            t("hand.done", private_lang(interaction)),
            info,
        )

    def bonus_lines(self, info: TableInfo, cost: LeaveCost, lang: str) -> list[str]:
        """Who else gains from the hand left (the fairness rules: players seated at the deal)."""
        names = seat_names(info, lang)
        paid = [(seat, d) for seat, d in enumerate(cost.deltas) if d > 0 and seat != cost.seat]
        if not paid:
            return [t("confirm.no_bonus", lang)]
        shown = ", ".join(text.name(names[seat]) for seat, _ in paid)
        return [t("confirm.bonus", lang, names=shown, bonus=paid[0][1], count=len(paid))]

    async def ask_first(
        self,
        interaction: discord.Interaction,
        info: TableInfo,
        what: str,
        question: list[str],
        yes: str,
    ) -> None:
        """The private question before leaving or ending mid-hand, with its two buttons."""
        lang = private_lang(interaction)
        buttons = controls.confirm_view(
            info.id, info.hand_number, what, yes, t("button.stay", lang)
        )
        await say(interaction, text.fit(question), view=buttons)

    async def confirmed(
        self, interaction: discord.Interaction, table_id: int, hand: int, what: str
    ) -> None:
        """An answer to the question before leaving or ending mid-hand: the question's own
        message says what became of it (no new message)."""
        lang = private_lang(interaction)
        if what == "stay":
            await self.answer_in_place(interaction, t("confirm.stayed", lang))
            return
        info = await control_table(self.service, interaction, table_id)
        if info is None:
            return
        if info.to_move is not None and info.hand_number != hand:  # another hand since
            await self.answer_in_place(interaction, t("confirm.stale", lang))
            return
        user = interaction.user.id
        call = (
            self.service.leave(table_id, user)
            if what == "leave"
            else self.service.end_table(table_id, user, is_manager=is_manager(interaction))
        )
        try:
            update = await in_time(interaction, call, update=True)
        except REFUSALS as exc:
            names = seat_names(info, lang)
            await self.answer_in_place(
                interaction, refusal(exc, lang, names, text.echo, text.symbols)
            )
            return
        opened = any(isinstance(a, EndVoteOpened) for a in update.announcements)
        key = "confirm.left" if what == "leave" else "vote.started" if opened else "confirm.ended"
        await self.answer_in_place(interaction, t(key, lang))
        await self.presenter.publish(update)

    async def answer_in_place(self, interaction: discord.Interaction, content: str) -> None:
        """Answer by replacing the message whose button was used (its buttons removed)."""
        await edit_message(interaction, content=text.clip(content, text.CONTENT_LIMIT), view=None)

    async def seat(self, interaction: discord.Interaction, seat: int) -> None:
        info = await table_or_refuse(self.service, interaction)
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
        info = await table_or_refuse(self.service, interaction)
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
        """End the table; during a hand, first a private question saying what will happen
        (the service decides: a vote, a forfeit, or at once for a manager who does not play)."""
        info = await table_or_refuse(self.service, interaction)
        if info is None:
            return
        lang = private_lang(interaction)
        try:
            question = await in_time(interaction, self.end_question(interaction, info, lang))
        except REFUSALS as exc:
            await refuse(interaction, exc, info)
            return
        if question:
            await self.ask_first(interaction, info, "end", question, t("button.end_now", lang))
            return

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

    async def end_question(
        self, interaction: discord.Interaction, info: TableInfo, lang: str
    ) -> list[str]:
        """What ending now would do, when it asks first (during a hand, for whoever may end
        it); empty: ask nothing (between hands, or the service will refuse anyway)."""
        if info.to_move is None or info.closing or info.end_vote_hand is not None:
            return []
        user = interaction.user.id
        seat = next((s.seat for s in info.seats if s is not None and s.user_id == user), None)
        manager = is_manager(interaction)
        if seat is None:
            return [t("confirm.end_now", lang, hand=info.hand_number)] if manager else []
        if seat != info.host and not manager:
            return []
        if sum(1 for s in info.seats if s is not None and not s.is_bot) > 1:
            return [t("confirm.end_vote", lang, hand=info.hand_number)]
        cost = await self.service.leave_cost(info.id, user)
        if cost is None:
            return []
        penalty = -cost.deltas[cost.seat]
        return [
            t("confirm.end_alone", lang, hand=info.hand_number, penalty=penalty),
            *self.bonus_lines(info, cost, lang),
        ]

    async def vote(
        self, interaction: discord.Interaction, table_id: int, hand: int, agree: bool
    ) -> None:
        """A click on Agree / Refuse under a vote to end the table mid-hand."""
        info = await control_table(self.service, interaction, table_id)
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

    async def kick(self, interaction: discord.Interaction, target: discord.abc.User) -> None:
        info = await table_or_refuse(self.service, interaction)
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
        info = await table_or_refuse(self.service, interaction)
        if info is None:
            return
        wait = self.cooldowns.wait("show", interaction.user.id)
        if wait:
            await refuse(interaction, Refused("cooldown_show", seconds=wait), info)
            return
        await defer_private(interaction)  # drawing the table takes a while
        await self.presenter.post_table(info)
        self.cooldowns.spend("show", interaction.user.id)
        await say(interaction, t("hand.done", private_lang(interaction)))

    # -- offers: the next step, one click ---------------------------------------------------------

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

    # -- play -------------------------------------------------------------------------------------

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
        """Typed cards: 清墩 accepts rank shorthand resolved against the player's own hand."""
        if info.game != "qingdun":
            return parse_cards(text)
        view = await self.service.view_for(info.id, user_id)
        return shorthand.resolve(text, view.hand or ())

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

    # -- settings ---------------------------------------------------------------------------------

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

    # -- controls ---------------------------------------------------------------------------------

    async def public_button(
        self, interaction: discord.Interaction, table_id: int, verb: str
    ) -> None:
        info = await control_table(self.service, interaction, table_id)
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
            await self.hands.show(interaction, info)
        elif verb == "pass":
            await self.hand_controls.pass_from_table(interaction, info)
        elif verb == "hint":
            await self.hands.show(interaction, info, hint=True)
        elif verb == "partner":
            await self.hand_controls.send_partner(interaction, info)

    # -- rules ------------------------------------------------------------------------------------

    async def rules_command(self, interaction: discord.Interaction, game: str) -> None:
        lang = private_lang(interaction)
        await interaction.response.send_message(**rules.page(game, lang, 0), ephemeral=True)

    async def rules_page(
        self, interaction: discord.Interaction, game: str, lang: str, page: int
    ) -> None:
        await interaction.response.edit_message(**rules.page(game, lang, page))
