"""Turns service results into Discord messages: the public table message, announcements, results.

Everything here runs after the service has committed, so a Discord failure (an edit refused,
a rate limit, a missing permission, or the connection itself failing) is logged and skipped: it
never changes or loses game state, and bot seats move on regardless. A table whose message
could not be brought up to date is remembered and redrawn at the next deadline pass
(``repair``), so the next table post shows the truth. Images are drawn in a worker thread
(``asyncio.to_thread``) so the event loop keeps answering other interactions while Pillow
works. Public text uses the table's language.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

import render
from bot.discord import controls, text
from bot.i18n import CATALOGUE, t
from bot.service import ServiceError, TableInfo, Update
from bot.service import events as ev
from engine.cards import Card

if TYPE_CHECKING:
    from bot.discord.app import CardTableBot

log = logging.getLogger(__name__)
REPOST_AFTER = timedelta(minutes=10)  # an older table message has scrolled away: post it anew
# What a call to Discord may raise besides a refusal: the connection failing on the way.
SEND_FAILURES = (discord.HTTPException, aiohttp.ClientError, OSError, asyncio.TimeoutError)


def pinging(user_id: int) -> discord.AllowedMentions:
    """Let a message notify this one user (the client's default notifies nobody)."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(user_id)], replied_user=False
    )


def pretty(cards: Sequence[Card]) -> str:
    return " ".join(card.pretty for card in cards)


def seat_names(info: TableInfo, lang: str) -> list[str]:
    """The four seat names as shown to players; bots and empty seats in ``lang``.

    Raw, for pictures: text takes them through ``text.name`` first.
    """
    names = []
    for index, seat in enumerate(info.seats):
        if seat is None:
            names.append(t("table.empty_seat", lang))
        elif seat.user_id is None:
            names.append(t("table.bot_name", lang, seat=index + 1))
        else:
            names.append(seat.name)
    return names


def png(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


class Presenter:
    """Shows a table's changes in its thread; one lock per table keeps messages in order."""

    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot
        self._locks: dict[int, asyncio.Lock] = {}
        self._known: dict[int, TableInfo] = {}  # last info seen, for names after a seat opens
        self._driving: dict[int, asyncio.Task[None]] = {}
        self._stale: set[int] = set()  # tables whose message may not show the latest state
        self._votes: dict[int, discord.Message] = {}  # the open vote message of each table
        # Told of every change published (the open private hand messages follow the table).
        self.listeners: list[Callable[[Update], None]] = []

    @property
    def service(self) -> Any:
        return self.bot.service

    def lock(self, table_id: int) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    async def info(self, table_id: int) -> TableInfo | None:
        try:
            info: TableInfo = await self.service.table_info(table_id)
        except ServiceError:
            return self._known.get(table_id)
        return info

    def channel(self, info: TableInfo) -> discord.abc.Messageable:
        target = info.thread_id or info.channel_id
        return self.bot.get_channel(target) or self.bot.get_partial_messageable(target)  # type: ignore[return-value]

    # -- after every change --------------------------------------------------------------

    async def publish(self, update: Update) -> None:
        """Announce ``update`` in the table's thread, refresh the table message, drive bots.

        The change is committed already: whatever fails here is logged, the table is marked
        for ``repair``, and bot seats are driven on all the same.
        """
        if update.duplicate:
            return
        try:
            await self._announce(update)
        except Exception:
            log.exception("table %s: announcing a committed change failed", update.table_id)
            self._stale.add(update.table_id)
        for listener in self.listeners:
            try:
                listener(update)
            except Exception:
                log.exception("table %s: a listener failed", update.table_id)
        if update.bot_to_move:
            self.drive_bots(update.table_id)

    async def _announce(self, update: Update) -> None:
        async with self.lock(update.table_id):
            before = self._known.get(update.table_id)
            info = await self.info(update.table_id)
            if info is None:
                return
            if update.status == "ended":
                info = replace(info, status="ended")
            self._known[update.table_id] = info
            lang = info.settings.language
            names = seat_names(before or info, lang)
            after_names = seat_names(info, lang)
            lines: list[str] = []
            for event in update.announcements:
                if isinstance(event, ev.HandEnded | ev.EndVoteOpened):  # each its own message
                    if lines:
                        await self.send(info, content=text.fit(lines))
                        lines = []
                    if isinstance(event, ev.HandEnded):
                        await self._result(info, event, names, lang)
                    else:
                        await self._vote(info, event, names, lang)
                    continue
                if isinstance(event, ev.EndVoteClosed | ev.TableEnded):
                    await self._close_vote(info)
                line = self.line(event, info, names, lang)
                if line:
                    lines.append(line)
            view = await self._public_view(info.id)
            turn = self.turn_line(update, info, view, lang)
            if turn:
                assert update.to_move_user is not None
                content = text.fit([*lines, turn], newest_last=True)
                await self.send(
                    info, content=content, allowed_mentions=pinging(update.to_move_user)
                )
            elif lines:
                await self.send(info, content=text.fit(lines))
            await self.refresh(info, view, after_names)

    def line(self, event: Any, info: TableInfo, names: list[str], lang: str) -> str | None:
        """One announcement in the table's language (``None`` for events the image shows)."""

        def name(seat: int) -> str:
            return text.name(names[seat]) if 0 <= seat < len(names) else str(seat + 1)

        match event:
            case ev.Played(seat, cards):
                return t("play.played", lang, name=name(seat), cards=pretty(cards))
            case ev.Passed(seat):
                key = "play.bid_pass" if info.game == "sankou" else "play.passed"
                return t(key, lang, name=name(seat))
            case ev.TimedOut(seat, _):
                rule = str(info.settings.timeout_rule)
                removed = rule == "remove" and not info.closing  # closing: a bot takes over
                key = "table.timeout_removed" if removed else "table.timeout_bot"
                return t(key, lang, name=name(seat))
            case ev.TrickWon(seat, points):
                return t("play.trick_won", lang, name=name(seat), points=points)
            case ev.PlayerOut(seat, place):
                return t("play.out", lang, name=name(seat), place=t(f"place.{place}", lang))
            case ev.ThrowFailed(seat, attempted, forced):
                return t(
                    "play.failed_throw",
                    lang,
                    name=name(seat),
                    attempted=pretty(attempted),
                    forced=pretty(forced),
                )
            case ev.BidMade(seat, amount):
                return t("play.bid", lang, name=name(seat), amount=amount)
            case ev.BidPassed(seat):
                return t("play.bid_pass", lang, name=name(seat))
            case ev.DealerChosen(seat, contract):
                return t("play.dealer", lang, name=name(seat), amount=contract)
            case ev.KittyLaid(seat):
                return t("play.kitty_laid", lang, name=name(seat))
            case ev.TrumpChosen(_, suit):
                return t("play.trump", lang, suit=t(f"suit.{suit.value}", lang))
            case ev.HandDealt(number, _):
                return t("table.hand_started", lang, number=number)
            case ev.SeatTaken(seat, user_id, seat_name):
                if user_id is None:
                    return t("table.bot_added", lang, seat=seat + 1)
                return t("table.joined", lang, name=text.name(seat_name), seat=seat + 1)
            case ev.SeatOpened(seat, _, reason):
                keys = {"left": "table.left", "kicked": "table.kicked"}
                if reason == "removed_bot":
                    return t("table.bot_removed", lang, seat=seat + 1)
                return t(keys[reason], lang, name=name(seat)) if reason in keys else None
            case ev.SeatTakenOver(seat, _):
                return t("table.taken_over", lang, name=name(seat))
            case ev.MoveTakenBack(seat, cards):
                shown = pretty(cards) if cards else t("option.pass", lang)
                return t("takeback.public", lang, name=name(seat), cards=shown)
            case ev.EndVoteCast(seat):
                return t("vote.cast", lang, name=name(seat))
            case ev.EndVoteClosed(outcome, seat):
                if outcome == "refused" and seat is not None:
                    return t("vote.refused", lang, name=name(seat))
                return t(f"vote.{outcome}", lang) if outcome in ("agreed", "expired") else None
            case ev.WaitingForPlayers():
                count = sum(1 for s in info.seats if s is not None)
                return t("table.waiting", lang, count=count)
            case ev.TableEnded():
                return t("table.ended", lang)
        return None

    def turn_line(self, update: Update, info: TableInfo, view: Any, lang: str) -> str | None:
        """Mention the human whose turn it is, so asynchronous players get a notification."""
        if update.to_move_user is None or info.status != "playing":
            return None
        mention = f"<@{update.to_move_user}>"
        phase = str(getattr(view, "phase", "play"))
        key = {
            "bidding": "table.turn_bid",
            "kitty": "table.turn_kitty",
            "trump": "table.turn_trump",
        }
        return t(key.get(phase, "table.turn"), lang, mention=mention)

    async def _public_view(self, table_id: int) -> Any:
        try:
            return await self.service.public_view(table_id)
        except ServiceError:
            return None

    async def scores(self, info: TableInfo) -> list[int]:
        """The table's running score by seat (the current occupants)."""
        try:
            lines = await self.service.table_score(info.id)
        except ServiceError:
            return [0, 0, 0, 0]
        totals = []
        for index, seat in enumerate(info.seats):
            total = 0
            for line in lines:
                if (
                    seat is not None and seat.user_id is not None and line.user_id == seat.user_id
                ) or (seat is not None and seat.user_id is None and line.seat == index):
                    total = line.total
            totals.append(total)
        return totals

    async def _vote(
        self, info: TableInfo, event: ev.EndVoteOpened, names: list[str], lang: str
    ) -> None:
        """The vote on ending mid-hand: its own message, with Agree / Refuse buttons."""
        content = t(
            "vote.opened",
            lang,
            name=text.name(names[event.seat]),
            hand=event.hand,
            voters=", ".join(text.name(names[seat]) for seat in event.voters),
            expires=int(event.expires_at),
        )
        buttons = controls.vote_view(info.id, event.hand, lang)
        posted = await self.send(
            info, content=content, view=buttons, allowed_mentions=discord.AllowedMentions.none()
        )
        if posted is not None:
            self._votes[info.id] = posted

    async def _close_vote(self, info: TableInfo) -> None:
        """Take the buttons off the vote message once the vote is over (best effort: a click
        on an old one is refused kindly by the service anyway)."""
        message = self._votes.pop(info.id, None)
        if message is None:
            return
        note = t("vote.closed_note", info.settings.language)
        try:
            await message.edit(content=f"{message.content}\n{note}", view=None)
        except SEND_FAILURES as exc:
            log.info("table %s: vote message not closed (%s)", info.id, exc)

    async def _result(
        self, info: TableInfo, event: ev.HandEnded, names: list[str], lang: str
    ) -> None:
        totals = await self.scores(info)
        kind = getattr(event.result, "kind", None) or getattr(event.result, "tier", None)
        head = t("play.hand_over", lang, number=event.number, kind=result_word(kind, event, lang))
        shown = [text.name(name) for name in names]
        body = [
            *tally_lines(event.result, shown, lang),
            *(
                t("play.delta_line", lang, name=shown[s], delta=event.deltas[s], total=totals[s])
                for s in range(4)
            ),
        ]
        try:
            image = await asyncio.to_thread(
                render.render_result, event.result, names, lang, table_score=totals
            )
        except Exception:  # a drawing problem must not hide the result
            log.exception("result image failed for table %s", info.id)
            image = None
        files = [png(image, "result.png")] if image else []
        await self.send(info, content=text.fit([head, *body]), files=files)

    # -- the table message -----------------------------------------------------------------

    def content(self, info: TableInfo, names: list[str], lang: str) -> str:
        game = t(f"game.{info.game}", lang)
        lines = [f"**{t('table.title', lang, game=game, table=info.id)}**"]
        for index, name in enumerate(names):
            lines.append(t("table.seat_line", lang, seat=index + 1, name=text.name(name)))
        if info.status == "waiting":
            count = sum(1 for s in info.seats if s is not None)
            lines.append(t("table.waiting", lang, count=count))
        elif info.status == "ended":
            lines.append(t("table.ended", lang))
        return text.fit(lines)

    async def refresh(self, info: TableInfo, view: Any, names: list[str]) -> None:
        """Edit the table message (or post it anew when old, missing or not editable)."""
        lang = info.settings.language
        files: list[discord.File] = []
        if view is not None:
            totals = await self.scores(info)
            try:
                image = await asyncio.to_thread(
                    render.render_table, view, names, lang, table_score=totals
                )
                files.append(png(image, "table.png"))
            except Exception:
                log.exception("table image failed for table %s", info.id)
        content = self.content(info, names, lang)
        controls_view = controls.public_view(info.id, info.status, info.game, lang, view)
        if info.message_id is not None and not self._old(info.message_id):
            message = self.channel(info).get_partial_message(info.message_id)  # type: ignore[attr-defined]
            try:
                await message.edit(content=content, attachments=files, view=controls_view)
                self._stale.discard(info.id)
                return
            except SEND_FAILURES as exc:
                log.warning("table %s: edit failed (%s); posting anew", info.id, _why(exc))
            for file in files:
                file.reset()
        posted = await self.send(info, content=content, files=files, view=controls_view)
        if posted is None:
            self._stale.add(info.id)
            return
        self._stale.discard(info.id)
        if info.message_id is not None:
            await self._delete_quietly(info, info.message_id)
        with contextlib.suppress(ServiceError):  # the table ended meanwhile
            await self.service.set_message(info.id, thread_id=info.thread_id, message_id=posted.id)
        self._known[info.id] = replace(info, message_id=posted.id)

    @staticmethod
    def _old(message_id: int) -> bool:
        return discord.utils.utcnow() - discord.utils.snowflake_time(message_id) > REPOST_AFTER

    async def _delete_quietly(self, info: TableInfo, message_id: int) -> None:
        with contextlib.suppress(*SEND_FAILURES):
            await self.channel(info).get_partial_message(message_id).delete()  # type: ignore[attr-defined]

    async def send(self, info: TableInfo, **kwargs: Any) -> discord.Message | None:
        """Post in the table's thread; a refusal or a lost connection is logged, never raised
        (the table is then marked for ``repair``)."""
        try:
            return await self.channel(info).send(**kwargs)
        except SEND_FAILURES as exc:
            log.warning("table %s: could not post (%s)", info.id, _why(exc))
            self._stale.add(info.id)
            return None

    async def repair(self) -> None:
        """Catch up after Discord failures (the deadline pass calls this): redraw tables whose
        message may be out of date, and restart bot seats that stopped moving."""
        for table_id in self.service.bot_turns():
            self.drive_bots(table_id)
        for table_id in sorted(self._stale):
            info = await self.info(table_id)
            if info is None or info.status == "ended":
                self._stale.discard(table_id)
                continue
            async with self.lock(table_id):
                view = await self._public_view(table_id)
                await self.refresh(info, view, seat_names(info, info.settings.language))

    async def post_table(self, info: TableInfo) -> None:
        """Show the table message now (after /table create or /table show)."""
        async with self.lock(info.id):
            self._known[info.id] = info
            view = await self._public_view(info.id)
            fresh = replace(info, message_id=None)
            await self.refresh(fresh, view, seat_names(info, info.settings.language))

    async def announce_settings(self, info: TableInfo, creator: str, *, moved: bool) -> None:
        """Say who opened the table with which settings (and why it is not in a thread)."""
        lang, settings = info.settings.language, info.settings
        minutes = settings.turn_seconds // 60
        limit_key = f"cmd.choice.{minutes}"
        limit = t(limit_key, lang) if limit_key in CATALOGUE else f"{minutes} min"
        lines = [
            t(
                "table.created",
                lang,
                name=text.name(creator),
                game=t(f"game.{info.game}", lang),
                hands=settings.hands or t("hands.open", lang),
                limit=limit,
                rule=t(f"rule.{settings.timeout_rule}", lang),
            )
        ]
        if moved and info.thread_id is None:
            lines.append(t("discord.no_thread", lang))
        await self.send(info, content=text.fit(lines))

    # -- bot seats --------------------------------------------------------------------------

    def drive_bots(self, table_id: int) -> None:
        """Let bot seats play one move at a time, with a short pause so people can follow."""
        task = self._driving.get(table_id)
        if task is not None and not task.done():
            return
        self._driving[table_id] = asyncio.create_task(self._drive(table_id))

    async def _drive(self, table_id: int) -> None:
        """Bot moves until a human is to move. If the service fails (the database busy, say),
        the driver stops; ``repair`` starts it again at the next deadline pass."""
        try:
            while True:
                await asyncio.sleep(self.bot.bot_pause)
                update = await self.service.play_bot(table_id)
                if update is None:
                    return
                await self.publish_inline(update)
        except ServiceError as exc:
            log.warning("bot moves paused on table %s (%s)", table_id, exc.code)
        except Exception:
            log.exception("bot moves failed on table %s", table_id)

    async def publish_inline(self, update: Update) -> None:
        """``publish`` without re-scheduling the driver that is calling it."""
        await self.publish(replace(update, bot_to_move=False))


def _why(exc: BaseException) -> str:
    """A failure in a log line: Discord's status, or the kind of connection error."""
    status = getattr(exc, "status", None)
    return str(status) if status is not None else type(exc).__name__


def result_word(kind: Any, event: ev.HandEnded, lang: str) -> str:
    """The kind of hand result in ``lang`` (清墩 result kind, or 三扣 made / failed)."""
    value = getattr(kind, "value", str(kind))
    if event.void or value == "left":
        return t("result.left", lang)
    if f"result.{value}" in _RESULT_WORDS:
        return t(f"result.{value}", lang)
    dealer = getattr(event.result, "dealer", None)
    made = dealer is not None and event.deltas[dealer] > 0
    return t("result.made" if made else "result.failed", lang)


_RESULT_WORDS = {"result.double_kou", "result.early_end", "result.normal", "result.negative"}


def tally_lines(result: Any, names: Sequence[str], lang: str) -> list[str]:
    """Where a 清墩 result's team points come from (RULES §1.6), so players can check it."""
    tally = getattr(result, "tally", None)
    if tally is None or getattr(result, "leaver", None) is not None:
        return []
    a, b = result.team_points
    lines = [t("result.team_points", lang, a=a, b=b)]
    if tally.lead is not None:
        score, merged = tally.lead_score, tally.merged
        name = names[tally.lead]
        lines.append(t("result.lead_score", lang, name=name, score=score, merged=merged))
    if getattr(result.kind, "value", None) == "early_end":
        second = result.order[1]
        points = tally.points[second]
        lines.append(t("result.second_points", lang, name=names[second], points=points))
    if tally.last is not None:
        lines.append(
            t(
                "result.forfeit",
                lang,
                name=names[tally.last],
                captured=tally.forfeit_captured,
                in_hand=tally.forfeit_in_hand,
                penalty=tally.penalty,
            )
        )
    return lines
