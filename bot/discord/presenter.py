"""Turns service results into Discord messages: the public table message, the log, turn pings,
results and the final standings.

The channel (a table's thread) is kept short, so the table message with its picture and
buttons stays in view:

- **the log**: moves and other announcements are added to one message, edited as they come
  (bot moves fold into it one by one), as long as it is the newest message of the channel and
  stays short (``LOG_LINES``, so the table above it stays in sight); otherwise a new log
  message starts;
- **the turn ping**: a message of its own (an edit would notify nobody) with a **My hand**
  button (``bot.discord.turns``); it is deleted once that turn is over, so only the current
  one is ever in the channel;
- **the table message** is edited in place, and posted anew (the old one deleted) when more
  than ``BELOW`` messages would sit under it (``bot.discord.scroll`` counts them), or when it
  is older than ``REPOST_AFTER`` and anything would sit under it (or the count is unknown: a
  message from before a restart).

Everything here runs after the service has committed, so a Discord failure (an edit refused,
a rate limit, a missing permission, or the connection itself failing) is logged and skipped: it
never changes or loses game state, and bot seats move on regardless. A table whose message
could not be brought up to date is remembered and redrawn at the next deadline pass
(``repair``), so the next table post shows the truth. Images are drawn in a worker thread
(``asyncio.to_thread``) so the event loop keeps answering other interactions while Pillow
works; each is sent with its alt text. Public text uses the table's language.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import timedelta
from typing import Any

import discord

import render
from bot.discord import controls, offers, text, turns
from bot.discord.pictures import png
from bot.discord.port import Client
from bot.discord.replies import SEND_FAILURES
from bot.discord.scroll import Scroll
from bot.discord.text import seat_names
from bot.i18n import CATALOGUE, t
from bot.service import ServiceError, TableInfo, TableService, Update
from bot.service import events as ev
from bot.store import ScoreLine

log = logging.getLogger(__name__)
BELOW = 5  # messages allowed below the table message before it is posted anew
LOG_LINES = 10  # lines of one log message: about two tricks, short enough to read on a phone
REPOST_AFTER = timedelta(minutes=10)  # an older table message has scrolled away: post it anew


def pinging(user_id: int) -> discord.AllowedMentions:
    """Let a message notify this one user (the client's default notifies nobody)."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(user_id)], replied_user=False
    )


def score_name(line: ScoreLine, lang: str) -> str:
    """A table score line's player: the name it played under, a bot by its seat."""
    if line.user_id is None:
        return t("table.bot_name", lang, seat=(line.seat or 0) + 1)
    return line.name


def totals(lines: Sequence[ScoreLine], users: Sequence[int | None]) -> list[int]:
    """The table score of whoever played each seat (``users``: None for a bot), leavers too."""
    out = []
    for seat, user in enumerate(users):
        out.append(
            next(
                (
                    line.total
                    for line in lines
                    if line.user_id == user and (user is not None or line.seat == seat)
                ),
                0,
            )
        )
    return out


class Presenter:
    """Shows a table's changes in its thread; one lock per table keeps messages in order."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.scroll = Scroll()
        self._locks: dict[int, asyncio.Lock] = {}
        self._known: dict[int, TableInfo] = {}  # last info seen, for names after a seat opens
        self._driving: dict[int, asyncio.Task[None]] = {}
        self._stale: set[int] = set()  # tables whose message may not show the latest state
        self._votes: dict[int, discord.Message] = {}  # the open vote message of each table
        self._logs: dict[int, tuple[discord.Message, list[str]]] = {}  # the log and its lines
        self._pings: dict[int, tuple[discord.Message, int]] = {}  # the turn ping and whom
        self._views: dict[int, Any] = {}  # the last public view: an ended table keeps its picture
        # Told of every change published (the open private hand messages follow the table).
        self.listeners: list[Callable[[Update], None]] = []

    @property
    def service(self) -> TableService:
        return self.client.service

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
        return self.client.get_channel(target) or self.client.get_partial_messageable(target)  # type: ignore[no-any-return]

    @staticmethod
    def channel_id(info: TableInfo) -> int:
        return info.thread_id or info.channel_id

    def message_id(self, info: TableInfo) -> int | None:
        """The table message as last posted (it may have moved during this very update)."""
        known = self._known.get(info.id)
        return known.message_id if known is not None else info.message_id

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
            await self._end_ping(info, update)
            lines: list[str] = []
            for event in update.announcements:
                if isinstance(event, ev.HandEnded | ev.EndVoteOpened | ev.TableEnded):
                    await self.log(info, lines)  # each of these is a message of its own
                    lines = []
                    if isinstance(event, ev.HandEnded):
                        last = any(isinstance(a, ev.TableEnded) for a in update.announcements)
                        await self._result(info, event, names, lang, last=last)
                    elif isinstance(event, ev.EndVoteOpened):
                        await self._vote(info, event, names, lang)
                    else:
                        await self._close_vote(info)
                        await self._final(info, lang)
                    continue
                if isinstance(event, ev.EndVoteClosed):
                    await self._close_vote(info)
                line = self.line(event, info, names, lang)
                if line:
                    lines.append(line)
            await self.log(info, lines)
            view = await self._public_view(info.id)
            after_names = seat_names(info, lang)
            user = update.to_move_user if info.status == "playing" else None
            anew = user is not None and info.id not in self._pings
            await self.refresh(info, view, after_names, coming=int(anew))
            if anew:
                assert user is not None
                await self._ping(info, view, user, after_names)
            if info.status == "ended":  # nothing more will be shown of this table
                self._logs.pop(info.id, None)
                self._views.pop(info.id, None)

    def line(self, event: Any, info: TableInfo, names: list[str], lang: str) -> str | None:
        """One announcement in the table's language (``None`` for events the image shows)."""

        def name(seat: int) -> str:
            return text.name(names[seat]) if 0 <= seat < len(names) else str(seat + 1)

        match event:
            case ev.Played(seat, cards):
                return t("play.played", lang, name=name(seat), cards=text.cards(cards))
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
                    attempted=text.cards(attempted),
                    forced=text.cards(forced),
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
                shown = text.cards(cards) if cards else t("option.pass", lang)
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
        return None

    async def _public_view(self, table_id: int) -> Any:
        """The table's public view; once it has ended, the last one shown (its final state)."""
        try:
            view = await self.service.public_view(table_id)
        except ServiceError:
            return self._views.get(table_id)
        if view is not None:
            self._views[table_id] = view
        return view

    async def _score_lines(self, info: TableInfo) -> list[ScoreLine]:
        try:
            lines: list[ScoreLine] = await self.service.table_score(info.id)
        except ServiceError:
            return []
        return lines

    async def scores(self, info: TableInfo) -> list[int]:
        """The table's running score of each seat's current occupant."""
        users = [None if seat is None else seat.user_id for seat in info.seats]
        score = totals(await self._score_lines(info), users)
        return [0 if seat is None else n for seat, n in zip(info.seats, score, strict=True)]

    # -- the log and the turn ping ---------------------------------------------------------

    async def log(self, info: TableInfo, lines: Sequence[str]) -> None:
        """Add ``lines`` to the table's log message while it is the newest message of the
        channel and they fit; else start a new log message."""
        if not lines:
            return
        held = self._logs.get(info.id)
        if held is not None:
            message, kept = held
            joined = [*kept, *lines]
            newest = self.scroll.newest(self.channel_id(info)) == message.id
            fits = len(joined) <= LOG_LINES and text.size("\n".join(joined)) <= text.CONTENT_LIMIT
            if newest and fits:
                try:
                    await message.edit(content="\n".join(joined))
                    self._logs[info.id] = (message, joined)
                    return
                except SEND_FAILURES as exc:
                    log.info("table %s: log not extended (%s)", info.id, _why(exc))
        content = text.fit(lines)
        posted = await self.send(info, content=content)
        if posted is not None:
            self._logs[info.id] = (posted, content.split("\n"))

    async def _end_ping(self, info: TableInfo, update: Update) -> None:
        """Delete the turn ping once its turn is over (a move was made, or another player is
        to move): only the current turn's ping stays in the channel."""
        held = self._pings.get(info.id)
        if held is None:
            return
        message, user = held
        same_turn = update.action is None and update.to_move_user == user
        if same_turn and info.status == "playing":
            return
        del self._pings[info.id]
        await self._delete_quietly(info, message.id)

    async def _ping(
        self, info: TableInfo, view: Any, user_id: int, names: list[str], *, reminder: bool = False
    ) -> None:
        """Post the turn ping for ``user_id``: it notifies that player only."""
        try:
            catch = await self.service.catch_up(info.id, user_id)
        except ServiceError:
            catch = None
        content = turns.content(info, view, user_id, names, catch, reminder=reminder)
        posted = await self.send(
            info,
            content=content,
            view=offers.table_button(info.id, "hand", info.settings.language),
            allowed_mentions=pinging(user_id),
        )
        if posted is not None:
            self._pings[info.id] = (posted, user_id)

    async def remind(self, table_id: int, user_id: int) -> None:
        """The reminder at 75% of the turn limit: a fresh ping in place of the first one."""
        async with self.lock(table_id):
            info = await self.info(table_id)
            if info is None or info.status != "playing":
                return
            held = self._pings.pop(table_id, None)
            if held is not None:
                await self._delete_quietly(info, held[0].id)
            view = await self._public_view(table_id)
            names = seat_names(info, info.settings.language)
            await self._ping(info, view, user_id, names, reminder=True)

    # -- votes, results, the end -----------------------------------------------------------

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
        self, info: TableInfo, event: ev.HandEnded, names: list[str], lang: str, *, last: bool
    ) -> None:
        """A hand's result: picture and words, the players of that hand with their table
        score (a player who just left too), and Next hand when the table does not deal."""
        lines = await self._score_lines(info)
        users = event.users or [None if s is None else s.user_id for s in info.seats]
        names = list(names)
        for seat, user in enumerate(users):
            if user is not None:  # by the name the hand was played under (after a restart too)
                names[seat] = next((ln.name for ln in lines if ln.user_id == user), names[seat])
        score = totals(lines, users)
        kind = getattr(event.result, "kind", None) or getattr(event.result, "tier", None)
        head = t("play.hand_over", lang, number=event.number, kind=result_word(kind, event, lang))
        shown = [text.name(name) for name in names]
        body = [
            *tally_lines(event.result, shown, lang),
            *(
                t("play.delta_line", lang, name=shown[s], delta=event.deltas[s], total=score[s])
                for s in range(4)
            ),
        ]
        try:
            drawn = await asyncio.to_thread(_draw_result, event.result, names, lang, score)
        except Exception:  # a drawing problem must not hide the result
            log.exception("result image failed for table %s", info.id)
            drawn = None
        files = [png(*drawn)] if drawn else []
        dealing = not (last or event.void or info.settings.auto_deal) and info.status == "playing"
        extra = {"view": offers.offer(info.id, "next", lang)} if dealing else {}
        await self.send(info, content=text.fit([head, *body]), files=files, **extra)

    async def _final(self, info: TableInfo, lang: str) -> None:
        """The table has ended: its final standings (picture and words), and Play again for
        whoever sat there at the end."""
        lines = sorted(await self._score_lines(info), key=lambda line: -line.total)
        rows = [(score_name(line, lang), line.total, line.hands) for line in lines]
        head = f"**{t('table.final', lang, table=info.id)}**"
        body = []
        for index, (name, total, hands) in enumerate(rows):
            rank = 1 + sum(1 for row in rows[:index] if row[1] > total)
            body.append(
                t(
                    "table.final_row",
                    lang,
                    count=hands,
                    rank=rank,
                    name=text.name(name),
                    total=total,
                )
            )
        files = []
        if rows:
            try:
                image, description = await asyncio.to_thread(_draw_standings, rows, lang, info)
                files.append(png(image, "standings.png", description))
            except Exception:
                log.exception("standings image failed for table %s", info.id)
        else:
            body.append(t("scores.no_hands", lang))
        players = any(seat is not None and not seat.is_bot for seat in info.seats)
        extra = {"view": offers.offer(info.id, "again", lang)} if players else {}
        await self.send(info, content=text.fit([head, *body]), files=files, **extra)

    # -- the table message -----------------------------------------------------------------

    def content(self, info: TableInfo, names: list[str], lang: str, view: Any = None) -> str:
        game = t(f"game.{info.game}", lang)
        lines = [f"**{t('table.title', lang, game=game, table=info.id)}**"]
        summary = None
        if view is not None and info.status == "playing":
            try:  # one line of the state, for screen readers and notifications
                summary = text.escape(render.summarize_table(view, names, lang))
            except Exception:
                log.exception("table %s: no summary line", info.id)
        if summary:  # the seats are in the picture and its alt text: the message stays short
            lines.append(summary)
        else:
            for index, name in enumerate(names):
                lines.append(t("table.seat_line", lang, seat=index + 1, name=text.name(name)))
        if info.status == "waiting":
            count = sum(1 for s in info.seats if s is not None)
            lines.append(t("table.waiting", lang, count=count))
        elif info.status == "ended":
            lines.append(t("table.ended", lang))
        return text.fit(lines)

    async def refresh(
        self, info: TableInfo, view: Any, names: list[str], *, coming: int = 0, repost: bool = False
    ) -> None:
        """Edit the table message, or post it anew (the old one deleted) when ``repost``, when
        it is missing or cannot be edited, or when with ``coming`` more messages too many
        would sit below it."""
        lang = info.settings.language
        files: list[discord.File] = []
        if view is not None:
            score = await self.scores(info)
            try:
                image, description = await asyncio.to_thread(_draw_table, view, names, lang, score)
                files.append(png(image, "table.png", description))
            except Exception:
                log.exception("table image failed for table %s", info.id)
        content = self.content(info, names, lang, view)
        if info.status == "playing" and getattr(view, "over", False):  # between hands
            controls_view = offers.between_hands(info, lang)
        else:
            controls_view = controls.public_view(info.id, info.status, info.game, lang, view)
        current = self.message_id(info)
        if current is not None and not (repost or self._crowded(info, current, coming)):
            message = self.channel(info).get_partial_message(current)  # type: ignore[attr-defined]
            kept = {"attachments": files} if files else {}  # an ended table keeps its picture
            try:
                await message.edit(content=content, view=controls_view, **kept)
                self._stale.discard(info.id)
                return
            except SEND_FAILURES as exc:
                log.warning("table %s: edit failed (%s); posting anew", info.id, _why(exc))
            for file in files:
                file.reset()
        posted = await self.send(info, room=False, content=content, files=files, view=controls_view)
        if posted is None:
            self._stale.add(info.id)
            return
        self._stale.discard(info.id)
        if current is not None:
            await self._retire(info, current)
        with contextlib.suppress(ServiceError):  # the table ended meanwhile
            await self.service.set_message(info.id, thread_id=info.thread_id, message_id=posted.id)
        self._known[info.id] = replace(self._known.get(info.id, info), message_id=posted.id)

    def _crowded(self, info: TableInfo, message_id: int, coming: int) -> bool:
        """Whether the table message should move down: more than ``BELOW`` messages under it
        (with ``coming`` more), or an old one with anything under it (it has scrolled away
        since; not knowing what is under it, an old one)."""
        below = self.scroll.below(self.channel_id(info), message_id)
        old = discord.utils.utcnow() - discord.utils.snowflake_time(message_id) > REPOST_AFTER
        if below is None:
            return old
        return below + coming > BELOW or (old and below + coming > 0)

    async def _make_room(self, info: TableInfo) -> None:
        """Before a post: move the table message down first if the post would bury it."""
        current = self.message_id(info)
        if current is None:
            return
        below = self.scroll.below(self.channel_id(info), current)
        if below is not None and below + 1 > BELOW:
            view = await self._public_view(info.id)
            names = seat_names(info, info.settings.language)
            await self.refresh(info, view, names, repost=True)

    async def _retire(self, info: TableInfo, message_id: int) -> None:
        """An old table message goes: deleted, or if that fails its buttons taken off."""
        try:
            await self.channel(info).get_partial_message(message_id).delete()  # type: ignore[attr-defined]
            self.scroll.deleted(self.channel_id(info), message_id)
            return
        except SEND_FAILURES as exc:
            log.info("table %s: old table message not deleted (%s)", info.id, _why(exc))
        with contextlib.suppress(*SEND_FAILURES):
            await self.channel(info).get_partial_message(message_id).edit(view=None)  # type: ignore[attr-defined]

    async def _delete_quietly(self, info: TableInfo, message_id: int) -> None:
        with contextlib.suppress(*SEND_FAILURES):
            await self.channel(info).get_partial_message(message_id).delete()  # type: ignore[attr-defined]
            self.scroll.deleted(self.channel_id(info), message_id)

    async def send(
        self, info: TableInfo, *, room: bool = True, **kwargs: Any
    ) -> discord.Message | None:
        """Post in the table's thread (first moving the table message down if this post would
        bury it, unless ``room`` is off); a refusal or a lost connection is logged, never
        raised (the table is then marked for ``repair``)."""
        if room:
            await self._make_room(info)
        try:
            message = await self.channel(info).send(**kwargs)
        except SEND_FAILURES as exc:
            log.warning("table %s: could not post (%s)", info.id, _why(exc))
            self._stale.add(info.id)
            return None
        self.scroll.posted(self.channel_id(info), message.id, ours=True)
        return message

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
        """Show the table message anew at the bottom (after /table create or /table show);
        the old one is deleted, or its buttons taken off."""
        async with self.lock(info.id):
            self._known[info.id] = info
            view = await self._public_view(info.id)
            await self.refresh(info, view, seat_names(info, info.settings.language), repost=True)

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
        lines.append(bots_line(settings, lang))
        if not settings.auto_deal:
            lines.append(t("table.dealt_by_hand", lang))
        if moved and info.thread_id is None:
            lines.append(t("discord.no_thread", lang))
        async with self.lock(info.id):
            await self.log(info, lines)

    async def announce_bots(self, info: TableInfo, name: str) -> None:
        """Say in the table's log that its bot settings changed, and to what."""
        lang = info.settings.language
        lines = [t("table.bots_changed", lang, name=text.name(name))]
        async with self.lock(info.id):
            await self.log(info, [*lines, bots_line(info.settings, lang)])

    async def announce_again(self, info: TableInfo, name: str, old: int) -> None:
        """Say that a new table took the ended one's seats (whoever does not want to play
        leaves; the host starts)."""
        line = t(
            "table.reopened", info.settings.language, name=text.name(name), table=info.id, old=old
        )
        async with self.lock(info.id):
            await self.log(info, [line])

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
                await asyncio.sleep(self.client.bot_pause)
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


def bots_line(settings: Any, lang: str) -> str:
    """How the table's bots play and how long hints think, in words."""
    level = t(f"board.level.{settings.bot_level}", lang)
    hint = f"{settings.hint_seconds:g}"
    if settings.bot_level == "strong":
        seconds = f"{settings.bot_seconds:g}"
        return t("table.bots_thinking", lang, level=level, seconds=seconds, hint=hint)
    return t("table.bots_level", lang, level=level, hint=hint)


def _draw_table(view: Any, names: list[str], lang: str, score: list[int]) -> tuple[bytes, str]:
    """The table picture and its alt text (in a worker thread)."""
    image = render.render_table(view, names, lang, table_score=score)
    return image, render.describe_table(view, names, lang, table_score=score)


def _draw_result(
    result: Any, names: list[str], lang: str, score: list[int]
) -> tuple[bytes, str, str]:
    image = render.render_result(result, names, lang, table_score=score)
    return image, "result.png", render.describe_result(result, names, lang, table_score=score)


def _draw_standings(
    rows: list[tuple[str, int, int]], lang: str, info: TableInfo
) -> tuple[bytes, str]:
    image = render.render_standings(rows, lang, game=info.game, hands=info.hands_done)
    return image, render.describe_standings(rows, lang, game=info.game, hands=info.hands_done)


def _why(exc: BaseException) -> str:
    """A failure in a log line: Discord's status, or the kind of connection error."""
    status = getattr(exc, "status", None)
    return str(status) if status is not None else type(exc).__name__


def result_word(kind: Any, event: ev.HandEnded, lang: str) -> str:
    """The kind of hand result in ``lang`` (清墩 result kind, 三扣 scoring tier)."""
    value = getattr(kind, "value", str(kind))
    if event.void or value == "left":
        return t("result.left", lang)
    if f"result.{value}" in CATALOGUE:
        return t(f"result.{value}", lang)
    return t("result.failed", lang)


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
