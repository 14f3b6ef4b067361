"""The private hand message: each player's cards, what to do now, and the controls to do it.

One message per player answers everything done from it: a click or a pick is acknowledged by
editing that message (``response.edit_message``, the quickest answer Discord has), with the
outcome on its first line ("Played: 3♠ 3♥", or a refusal) and the new picture, situation and
controls below. Nothing else is sent privately, so no "Done." piles up.

While the player keeps it open (Discord lets an interaction's message be edited for 15
minutes), the message follows the table: when the turn comes back, a new hand is dealt, or a
take-back changes it, it is redrawn (``follow``, called for every published change), so the
next move is one pick in the legal-plays menu. After that, *Refresh* or *My hand* redraws it.

Pictures are drawn in a worker thread and carry alt text; each player's colour choice
(``/settings cards``, or the toggle here) is used for their own pictures.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import discord

import render
from bot.discord import controls, handview, pictures, text
from bot.discord.lookup import control_table, four_colour, table_info
from bot.discord.pictures import png
from bot.discord.port import Client, Publisher
from bot.discord.replies import (
    SEND_FAILURES,
    Refused,
    defer_private,
    edit_message,
    in_time,
    private_lang,
    refuse,
    say,
)
from bot.discord.text import seat_names
from bot.i18n import refusal, t
from bot.service import (
    REFUSALS,
    DiscardCards,
    MakeBid,
    NameTrump,
    PassTurn,
    PlayCards,
    TableInfo,
    TableService,
    TurnOptions,
    Update,
)
from bot.service import events as ev
from engine.actions import Action, Bid, DeclareTrump, Discard, Pass, Play
from engine.cards import Card, Suit
from engine.errors import IllegalMove
from engine.qingdun.suggest import top_of

log = logging.getLogger(__name__)
KEPT_FOR = timedelta(minutes=14)  # Discord lets an interaction's messages be edited for 15


@dataclass(slots=True)
class Drawn:
    """A hand message ready to send or to put in place of the old one."""

    content: str
    files: list[discord.File]
    view: discord.ui.View | None
    options: TurnOptions | None
    picture: bool  # False: the picture was not drawn again (an edit keeps the old one)

    def to_send(self) -> dict[str, Any]:
        return {
            "content": self.content,
            "files": self.files,
            "view": self.view or discord.utils.MISSING,
        }

    def to_edit(self) -> dict[str, Any]:
        changes: dict[str, Any] = {"content": self.content, "view": self.view}
        if self.picture:
            changes["attachments"] = self.files
        return changes


@dataclass(slots=True)
class OpenHand:
    """A hand message the bot may still edit: the interaction that last answered with it."""

    interaction: discord.Interaction
    lang: str
    state: tuple[Any, ...]
    until: datetime


def state_of(options: TurnOptions) -> tuple[Any, ...]:
    """What a hand message shows that matters: a change redraws an open message. Other
    players' moves matter only on the player's own turn (what to beat)."""
    view = options.view
    mine = options.my_turn
    return (
        options.hand_number,
        mine,
        view.hand,
        str(getattr(view, "phase", "")),
        view.over,
        options.take_back,
        options.asked,
        getattr(view, "partner_hand", None) is not None,
        view.trick if mine else (),
        getattr(view, "bids", ()) if mine else (),
    )


class HandDesk:
    """The private hand messages of every player (``client.hands``)."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self._open: dict[tuple[int, int], OpenHand] = {}
        self._locks: dict[tuple[int, int], asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._pending: set[tuple[int, int]] = set()  # refreshes scheduled, not started yet
        self._requests: dict[int, discord.Message] = {}  # table -> its take-back request post

    @property
    def service(self) -> TableService:
        return self.client.service

    @property
    def presenter(self) -> Publisher:
        return self.client.presenter

    def _lock(self, key: tuple[int, int]) -> asyncio.Lock:
        return self._locks.setdefault(key, asyncio.Lock())

    # -- drawing ---------------------------------------------------------------------------

    async def build(
        self,
        info: TableInfo,
        user_id: int,
        lang: str,
        *,
        selected: Collection[str] = (),
        notice: str | None = None,
        picture: bool = True,
        options: TurnOptions | None = None,
    ) -> Drawn:
        """The hand message now: ``notice`` first, the hand (drawn again unless ``picture`` is
        False), what to do, and the controls with ``selected`` chosen and highlighted."""
        if options is None:
            options = await self.service.turn_options(info.id, user_id)
        view = options.view
        hand = tuple(view.hand or ())
        chosen = handview.in_hand_order(selected, hand)
        colours = await four_colour(self.service, user_id)
        files: list[discord.File] = []
        if picture:
            image = await pictures.draw(
                render.render_hand, view, lang, highlight=chosen, four_colour=colours
            )
            if image is not None:
                alt = render.describe_hand(view, lang, highlight=chosen)
                files.append(png(image, "hand.png", alt))
        lines = [notice] if notice else []
        lines.append(t("hand.title", lang, count=len(hand)))
        if picture and not files:  # no picture: the cards in words, still playable below
            lines.append(t("hand.cards", lang, cards=text.cards(hand)))
        lines += self.situation(info, options, lang)
        if chosen:
            lines.append(t("hand.selected", lang, cards=text.cards(chosen)))
        ui = handview.build_view(info.id, info.game, options, lang, selected, four_colour=colours)
        return Drawn(text.fit(lines), files, ui, options, picture)

    def situation(self, info: TableInfo, options: TurnOptions, lang: str) -> list[str]:
        """What the player is to do, or whom the table waits for (and the 三扣 kitty)."""
        view = options.view
        names = [text.name(name) for name in seat_names(info, lang)]
        mover = view.to_move
        who = names[mover] if mover is not None and 0 <= mover < 4 else ""
        if view.over:
            return [t("hand.over", lang)]
        if info.game == "qingdun":
            return [_qingdun_situation(view, options.my_turn, names, who, lang)]
        return _sankou_situation(view, options.my_turn, names, who, lang)

    # -- answering -------------------------------------------------------------------------

    async def show(
        self, interaction: discord.Interaction, info: TableInfo, *, hint: bool = False
    ) -> None:
        """A new private hand message (My hand, ``/play hand``; ``hint``: with the hint chosen,
        as the Hint button of the table and ``/play hint`` give it)."""
        lang = private_lang(interaction)
        user = interaction.user.id

        async def work() -> Drawn:
            options = await self.service.turn_options(info.id, user)
            notice, selected = _hinted(options, lang) if hint else (None, set())
            if hint and options.hint is None:
                raise _no_hint(options)
            return await self.build(
                info, user, lang, selected=selected, notice=notice, options=options
            )

        try:
            drawn = await in_time(interaction, work())
        except REFUSALS as exc:
            await refuse(interaction, exc, info)
            return
        except Exception:
            log.exception("table %s: could not draw a hand", info.id)
            await say(interaction, t("discord.failed", lang))
            return
        try:
            if interaction.response.is_done():  # after a "thinking" deferral: takes its place
                await interaction.followup.send(ephemeral=True, **drawn.to_send())
            else:
                await interaction.response.send_message(ephemeral=True, **drawn.to_send())
        except SEND_FAILURES as exc:
            log.warning("could not send a hand (%s)", getattr(exc, "status", exc))
            return
        self.track(interaction, info.id, lang, drawn.options)

    async def edit(self, interaction: discord.Interaction, drawn: Drawn) -> bool:
        """Put ``drawn`` in place of the hand message whose control was used."""
        return await edit_message(interaction, **drawn.to_edit())

    async def redraw(
        self,
        interaction: discord.Interaction,
        table_id: int,
        *,
        notice: str | None = None,
        selected: Collection[str] = (),
        picture: bool = True,
        shown_hand: int | None = None,
    ) -> None:
        """Answer a control of the hand message by redrawing it (best effort after a move: the
        move is saved whatever happens here). ``shown_hand``: the hand the message showed; a
        new one dealt since is said."""
        lang = private_lang(interaction)
        user = interaction.user.id
        async with self._lock((table_id, user)):
            info = await table_info(self.service, table_id)
            drawn: Drawn | None = None
            if info is not None:
                try:
                    drawn = await in_time(
                        interaction,
                        self.build(
                            info, user, lang, selected=selected, notice=notice, picture=picture
                        ),
                        update=True,
                    )
                except REFUSALS:
                    drawn = None
                except Exception:
                    log.exception("table %s: could not redraw a hand message", table_id)
            if drawn is None:  # the table ended, or the player no longer sits there
                closed = t("hand.closed", lang)
                content = text.fit([notice, closed] if notice else [closed])
                drawn = Drawn(content, [], None, None, False)
            elif drawn.options is not None and shown_hand not in (None, drawn.options.hand_number):
                lines = drawn.content.split("\n")
                lines.insert(
                    1 if notice else 0, t("hand.new_hand", lang, number=drawn.options.hand_number)
                )
                drawn.content = text.fit(lines)
            if await self.edit(interaction, drawn) and drawn.options is not None:
                self.track(interaction, table_id, lang, drawn.options)

    async def refused(
        self, interaction: discord.Interaction, info: TableInfo, exc: Exception
    ) -> None:
        """A refusal of a move made from the hand message: said on its first line, the
        selection kept, the picture left as it is (nothing changed)."""
        lang = private_lang(interaction)
        names = seat_names(info, lang)
        words = refusal(exc, lang, names, text.echo, text.symbols)
        selected = set(handview.selected_values(interaction.message))
        await self.redraw(interaction, info.id, notice=words, selected=selected, picture=False)

    def track(
        self,
        interaction: discord.Interaction,
        table_id: int,
        lang: str,
        options: TurnOptions | None,
    ) -> None:
        """Remember the hand message this interaction answered with, to keep it up to date."""
        if options is None:
            return
        until = interaction.created_at + KEPT_FOR
        key = (table_id, interaction.user.id)
        self._open[key] = OpenHand(interaction, lang, state_of(options), until)

    # -- following the table ---------------------------------------------------------------

    def follow(self, update: Update) -> None:
        """After every published change: redraw the open hand messages of its table that it
        changes, and close its take-back request post once that is decided."""
        if any(isinstance(a, ev.MoveTakenBack | ev.TakeBackClosed) for a in update.announcements):
            message = self._requests.pop(update.table_id, None)
            if message is not None:
                self._spawn(self._close_request(message, update))
        for key in [key for key in self._open if key[0] == update.table_id]:
            if key not in self._pending:  # one waiting refresh sees every change before it
                self._pending.add(key)
                self._spawn(self._refresh(key))

    def _spawn(self, work: Awaitable[None]) -> None:
        """Run ``work`` in the background (kept referenced); a failure is logged, never lost."""

        async def guarded() -> None:
            try:
                await work
            except Exception:
                log.exception("keeping a private message up to date failed")

        task = asyncio.ensure_future(guarded())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _refresh(self, key: tuple[int, int]) -> None:
        table_id, user = key
        async with self._lock(key):
            self._pending.discard(key)
            held = self._open.get(key)
            if held is None:
                return
            if discord.utils.utcnow() >= held.until:
                del self._open[key]
                return
            info = await table_info(self.service, table_id)
            options: TurnOptions | None = None
            if info is not None:
                try:
                    options = await self.service.turn_options(table_id, user)
                except REFUSALS:
                    options = None
                except Exception:
                    log.exception("table %s: could not follow a hand message", table_id)
                    return
            if info is None or options is None:  # the table ended or the seat is gone
                del self._open[key]
                closed = Drawn(t("hand.closed", held.lang), [], None, None, False)
                await self._edit_open(held, closed)
                return
            state = state_of(options)
            if state == held.state:
                return
            try:
                drawn = await self.build(info, user, held.lang, options=options)
            except Exception:
                log.exception("table %s: could not redraw a hand message", table_id)
                return
            if await self._edit_open(held, drawn):
                held.state = state
            else:
                self._open.pop(key, None)

    @staticmethod
    async def _edit_open(held: OpenHand, drawn: Drawn) -> bool:
        try:
            await held.interaction.edit_original_response(**drawn.to_edit())
        except SEND_FAILURES as exc:
            log.info("an open hand message could not be updated (%s)", exc)
            return False
        return True

    # -- the controls of the hand message ----------------------------------------------------

    async def table_for(
        self, interaction: discord.Interaction, table_id: int, hand: int
    ) -> TableInfo | None:
        """The table of a hand message's control, if that control is of the hand played now;
        a control of an earlier hand redraws the message with the hand of now instead."""
        info = await control_table(self.service, interaction, table_id)
        if info is None:
            return None
        if hand != info.hand_number:
            await self.redraw(
                interaction, table_id, notice=t("hand.stale", private_lang(interaction))
            )
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
            await self.refused(interaction, info, exc)
            return
        except Exception:
            log.exception("service call failed")
            await self.redraw(interaction, info.id, notice=t("discord.failed", lang), picture=False)
            return
        await self.redraw(interaction, info.id, notice=done(update), shown_hand=info.hand_number)
        await self.presenter.publish(update)

    async def button(
        self, interaction: discord.Interaction, table_id: int, hand: int, verb: str
    ) -> None:
        info = await self.table_for(interaction, table_id, hand)
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
            await self.redraw(interaction, table_id)
        elif verb == "colours":
            await self.toggle_colours(interaction, info, selected)
        elif verb == "takeback":
            await self.ask_take_back(interaction, info)
        elif verb in ("play", "kitty") and not cards:
            await self.refused(interaction, info, Refused("no_cards_selected"))
        elif verb == "play":
            await self.act(interaction, info, PlayCards(cards), _played(cards, lang))
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
        hand: int,
        index: int,
        values: list[str],
    ) -> None:
        """Cards chosen in one of the card menus: the picture is drawn again with them raised."""
        selected = set(handview.selected_values(interaction.message))
        menu = _menu_values(interaction.message, f"ct:{table_id}:{hand}:c:{index}")
        selected = (selected - menu) | set(values)
        if await self.table_for(interaction, table_id, hand) is not None:
            await self.redraw(interaction, table_id, selected=selected)

    async def pick(
        self, interaction: discord.Interaction, table_id: int, hand: int, kind: str, value: str
    ) -> None:
        """One pick in a one-pick menu: ``lp`` the legal plays, ``kc`` a whole kitty."""
        info = await self.table_for(interaction, table_id, hand)
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
        cards = controls.decode_cards(value)
        if cards is None:
            await self.refused(interaction, info, Refused("bad_choice"))
            return
        await self.act(interaction, info, PlayCards(cards), _played(cards, lang))

    async def pick_kitty(
        self, interaction: discord.Interaction, info: TableInfo, value: str
    ) -> None:
        """One of the dealer's whole kitties chosen: those 8 cards are selected and raised;
        *Lay kitty* buries them."""
        table_id = info.id
        cards = controls.decode_cards(value)
        if cards is None:
            await self.refused(interaction, info, Refused("bad_choice"))
            return
        lang = private_lang(interaction)
        try:
            view = await in_time(
                interaction, self.service.view_for(table_id, interaction.user.id), update=True
            )
        except REFUSALS as exc:
            await self.refused(interaction, info, exc)
            return
        hand = view.hand or ()
        selected = handview.values_for(cards, hand)
        shown = handview.in_hand_order(selected, hand)
        notice = t("hand.kitty_chosen", lang, cards=text.cards(shown))
        await self.redraw(interaction, table_id, notice=notice, selected=selected)

    async def bid(
        self, interaction: discord.Interaction, table_id: int, hand: int, amount: int
    ) -> None:
        info = await self.table_for(interaction, table_id, hand)
        if info is not None:
            done = t("hand.bid_made", private_lang(interaction), amount=amount)
            await self.act(interaction, info, MakeBid(amount), lambda _: done)

    async def trump(
        self, interaction: discord.Interaction, table_id: int, hand: int, suit: str
    ) -> None:
        info = await self.table_for(interaction, table_id, hand)
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
            await self.refused(interaction, info, exc)
            return
        if options.hint is None:
            await self.refused(interaction, info, _no_hint(options))
            return
        notice, selected = _hinted(options, lang)
        await self.redraw(interaction, info.id, notice=notice, selected=selected)

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
            await self.refused(interaction, info, exc)
            return
        notice = t("settings.four_colour_on" if on else "settings.four_colour_off", lang)
        await self.redraw(interaction, info.id, notice=notice, selected=selected)

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
        title = t("hand.partner", lang, count=len(partner))
        colours = await four_colour(self.service, user)
        image = await pictures.draw(
            render.render_hand, shown, lang, title=title, four_colour=colours
        )
        if image is None:
            await say(interaction, f"{title}\n{t('hand.cards', lang, cards=text.cards(partner))}")
            return
        alt = render.describe_hand(shown, lang, title=title)
        await say(interaction, title, files=[png(image, "partner.png", alt)])

    # -- taking back a move ------------------------------------------------------------------

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
            await self.refused(interaction, info, exc)
            return
        asked = next((a for a in update.announcements if isinstance(a, ev.TakeBackAsked)), None)
        taken = next((a for a in update.announcements if isinstance(a, ev.MoveTakenBack)), None)
        if taken is not None:
            notice = t("hand.taken_back", lang, cards=_move(taken.cards, lang))
        elif asked is not None:
            notice = t("hand.take_back_asked", lang, expires=int(asked.expires_at))
        else:
            notice = None
        await self.redraw(interaction, info.id, notice=notice)
        await self.presenter.publish(update)
        if asked is not None:
            await self.post_request(info, asked)

    async def post_request(self, info: TableInfo, asked: ev.TakeBackAsked) -> None:
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
            cards=_move(asked.cards, lang),
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
        lines = [line for a in update.announcements if (line := _request_line(a, names, lang))]
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
        lines = [line for a in update.announcements if (line := _request_line(a, names, lang))]
        try:
            await message.edit(content=text.fit([message.content, *lines]), view=None)
        except SEND_FAILURES as exc:
            log.info("table %s: take-back request not closed (%s)", update.table_id, exc)


def _menu_values(message: discord.Message | None, custom_id: str) -> set[str]:
    """Every option value of one menu (to replace that menu's part of the selection)."""
    if message is None:
        return set()
    for row in message.components:
        for child in getattr(row, "children", ()):
            if isinstance(child, discord.SelectMenu) and child.custom_id == custom_id:
                return {option.value for option in child.options}
    return set()


def _qingdun_situation(view: Any, mine: bool, names: list[str], who: str, lang: str) -> str:
    if view.partner_hand is not None:
        return t("hand.out", lang)
    if not mine:
        return t("hand.waiting", lang, name=who)
    top = next((play for play in reversed(view.trick) if play.cards), None)
    if top_of(view) is None or top is None:
        return t("hand.lead", lang)
    kind = handview.kind_key("qingdun", view, top.cards) or "kind.cards"
    shown = text.cards(top.cards)
    return t(
        "hand.beat",
        lang,
        name=names[top.seat],
        kind=t(kind, lang, count=len(top.cards)),
        cards=shown,
    )


def _sankou_situation(view: Any, mine: bool, names: list[str], who: str, lang: str) -> list[str]:
    phase = str(view.phase)
    if phase == "bidding":
        if mine:
            line = t("hand.bid_turn", lang, minimum=handview.bid_amounts(view)[0])
        else:
            line = t("hand.waiting_bid", lang, name=who)
    elif phase == "kitty":
        key = "hand.kitty_turn" if mine else "hand.waiting_kitty"
        line = t(key, lang, name=who, amount=view.contract)
    elif phase == "trump":
        line = t("hand.trump_turn" if mine else "hand.waiting_trump", lang, name=who)
    elif not mine:
        line = t("hand.waiting", lang, name=who)
    elif not view.trick:
        line = t("hand.lead_trump", lang, suit=_suit(view.trump, lang))
    else:
        lead = view.trick[0]
        line = t(
            "hand.follow",
            lang,
            name=names[lead.seat],
            cards=text.cards(lead.cards),
            count=len(lead.cards),
            suit=_suit(view.trump, lang),
        )
    kitty = getattr(view, "kitty", None)
    if not kitty:  # the dealer's own view only
        return [line]
    key = "hand.from_kitty" if phase == "kitty" else "hand.buried"
    return [line, t(key, lang, cards=text.cards(kitty))]


def _no_hint(options: TurnOptions) -> IllegalMove:
    """Why there is no hint: another seat is to move, or the hand is over."""
    mover = options.view.to_move
    if mover is not None:
        return IllegalMove("not your turn", code="not_your_turn", seat=mover)
    return IllegalMove("nothing to do", code="no_hint", seat=options.view.seat)


def _suit(suit: Suit | None, lang: str) -> str:
    return t(f"suit.{suit.value}", lang) if suit is not None else "?"


def _move(cards: tuple[Card, ...], lang: str) -> str:
    """A move in words: its cards, or (a 清墩 pass) "pass"."""
    return text.cards(cards) if cards else t("option.pass", lang)


def _played(cards: list[Card], lang: str) -> Callable[[Update], str]:
    """The outcome line of a play: the cards, or the failed throw and what it forced."""

    def line(update: Update) -> str:
        for event in update.announcements:
            if isinstance(event, ev.ThrowFailed):
                forced = text.cards(event.forced)
                return t(
                    "hand.throw_failed", lang, attempted=text.cards(event.attempted), forced=forced
                )
        return t("hand.played", lang, cards=text.cards(cards))

    return line


def _hinted(options: TurnOptions, lang: str) -> tuple[str | None, set[str]]:
    """The hint as the first line, and (a play or a kitty) its cards chosen in the menus."""
    action = options.hint
    if action is None:
        return None, set()
    view = options.view
    cards = action.cards if isinstance(action, Play | Discard) else ()
    bidding = str(getattr(view, "phase", "")) == "bidding"
    return hint_text(action, lang, bidding=bidding), handview.values_for(cards, view.hand or ())


def hint_text(action: Action, lang: str, *, bidding: bool = False) -> str:
    """The hint in words (a pass in the 三扣 bidding is 不叫, on a 清墩 trick 不要)."""
    if bidding and isinstance(action, Pass):
        return t("hint.bid_pass", lang)
    match action:
        case Play(_, cards):
            return t("hint.play", lang, cards=text.cards(cards))
        case Bid(_, amount):
            return t("hint.bid", lang, amount=amount)
        case Discard(_, cards):
            return t("hint.discard", lang, cards=text.cards(cards))
        case DeclareTrump(_, suit):
            return t("hint.trump", lang, suit=t(f"suit.{suit.value}", lang))
        case Pass():
            return t("hint.pass", lang)
    return t("hint.pass", lang)


def _request_line(event: Any, names: list[str], lang: str) -> str | None:
    """How a take-back request post says what became of it."""
    match event:
        case ev.TakeBackCast(seat):
            return t("takeback.agreed_by", lang, name=names[seat])
        case ev.MoveTakenBack(seat, cards):
            return t("takeback.done", lang, name=names[seat], cards=_move(cards, lang))
        case ev.TakeBackClosed("refused", seat) if seat is not None:
            return t("takeback.refused", lang, name=names[seat])
        case ev.TakeBackClosed(outcome, _):
            return t(f"takeback.{outcome}", lang)
    return None
