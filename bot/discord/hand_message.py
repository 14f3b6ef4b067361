"""The private hand message: each player's cards and what to do now, drawn and kept up to date.

One message per player answers everything done from it: a click or a pick is acknowledged by
editing that message (``response.edit_message``, the quickest answer Discord has), with the
outcome on its first line ("Played: 3♠ 3♥", or a refusal) and the new picture, situation and
controls below (``hand_controls``). Nothing else is sent privately, so no "Done." piles up.

While the player keeps it open (Discord lets an interaction's message be edited for 15
minutes), the message follows the table: when the turn comes back, a new hand is dealt, or a
take-back changes it, it is redrawn (``follow``, called for every published change), so the
next move is one pick in the legal-plays menu. After that, *Refresh* or *My hand* redraws it.

Pictures are drawn in a worker thread and carry alt text; each player's colour choice
(``/settings cards``, or the toggle here) is used for their own pictures.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Collection
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import discord

import render
from bot.discord import handview, pictures, text
from bot.discord.hand_text import hinted, no_hint, situation
from bot.discord.lookup import four_colour, table_info
from bot.discord.panels import BELOW, Panel, Panels, panel_of
from bot.discord.pictures import png
from bot.discord.port import Client, Part
from bot.discord.replies import SEND_FAILURES, edit_message, in_time, private_lang, refuse, say
from bot.discord.text import seat_names
from bot.i18n import refusal, t
from bot.service import REFUSALS, TableInfo, TurnOptions, Update

log = logging.getLogger(__name__)
CLOSE_WITHIN = timedelta(minutes=1)  # a panel is closed this long before its token runs out


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


class HandMessages(Part):
    """The private hand messages of every player (``client.hands``)."""

    def __init__(self, client: Client) -> None:
        super().__init__(client)
        self.panels = Panels()
        self._locks: dict[tuple[int, int], asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._pending: set[tuple[int, int]] = set()  # refreshes scheduled, not started yet

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
        lines += situation(info, options, lang)
        if chosen:
            lines.append(t("hand.selected", lang, cards=text.cards(chosen)))
        ui = handview.build_view(info.id, info.game, options, lang, selected, four_colour=colours)
        return Drawn(text.fit(lines), files, ui, options, picture)

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
            notice, selected = hinted(options, lang) if hint else (None, set())
            if hint and options.hint is None:
                raise no_hint(options)
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
                sent = await interaction.followup.send(ephemeral=True, wait=True, **drawn.to_send())
                message_id: int | None = sent.id
            else:
                answered = await interaction.response.send_message(
                    ephemeral=True, **drawn.to_send()
                )
                message_id = answered.message_id if answered is not None else None
        except SEND_FAILURES as exc:
            log.warning("could not send a hand (%s)", getattr(exc, "status", exc))
            return
        await self.track(interaction, info.id, lang, drawn.options, message_id)

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
                message = interaction.message
                await self.track(
                    interaction, table_id, lang, drawn.options, message.id if message else None
                )

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

    async def track(
        self,
        interaction: discord.Interaction,
        table_id: int,
        lang: str,
        options: TurnOptions | None,
        message_id: int | None,
    ) -> None:
        """The hand message this interaction answered with is the player's live panel now (the
        one before is retired), kept up to date while its token lasts."""
        if options is None:
            return
        key = (table_id, interaction.user.id)
        await self.panels.put(key, panel_of(interaction, message_id, lang, state_of(options)))

    async def close_expiring(self, within: timedelta = CLOSE_WITHIN) -> None:
        """(The deadline pass.) Close the panels whose token runs out before the next pass:
        their controls off, a line saying to press *My hand*; the picture stays."""
        for (table_id, user), panel in self.panels.expiring(within):
            async with self._lock((table_id, user)):
                await panel.edit(content=t("hand.expired", panel.lang), view=None)

    def watching(self, table_id: int, user_id: int) -> bool:
        """Whether the player's hand panel is live (followed and editable)."""
        panel = self.panels.get((table_id, user_id))
        return panel is not None and panel.live

    def is_old(self, interaction: discord.Interaction, table_id: int) -> bool:
        """Whether the message of this click is a hand panel a newer one replaced."""
        message = interaction.message
        key = (table_id, interaction.user.id)
        return self.panels.is_old(key, message.id if message is not None else None)

    # -- following the table ---------------------------------------------------------------

    def follow(self, update: Update) -> None:
        """After every published change: redraw the open hand messages of its table that it
        changes."""
        for key in self.panels.keys(update.table_id):
            if key not in self._pending:  # one waiting refresh sees every change before it
                self._pending.add(key)
                self.spawn(self._refresh(key))

    def spawn(self, work: Awaitable[None]) -> None:
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
            held = self.panels.get(key)
            if held is None:
                return
            if not held.live:
                self.panels.drop(key)
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
                self.panels.drop(key)
                closed = Drawn(t("hand.closed", held.lang), [], None, None, False)
                await held.edit(**closed.to_edit())
                return
            state = state_of(options)
            if state == held.state:
                return
            try:
                drawn = await self.build(info, user, held.lang, options=options)
            except Exception:
                log.exception("table %s: could not redraw a hand message", table_id)
                return
            if options.my_turn and self._far(info, held):
                fresh = await held.send_below(**drawn.to_send())
                if fresh is not None:
                    fresh.state = state
                    await self.panels.put(key, fresh)
                    return
                for file in drawn.files:
                    file.reset()
            if await held.edit(**drawn.to_edit()):
                held.state = state
            else:
                self.panels.drop(key)

    def _far(self, info: TableInfo, panel: Panel) -> bool:
        """Whether more than ``BELOW`` messages sit under the panel (the turn has come: one
        pick must need no scrolling)."""
        if panel.message_id is None:
            return False
        channel = info.thread_id or info.channel_id
        below = self.presenter.scroll.below(channel, panel.message_id)
        return below is not None and below > BELOW
