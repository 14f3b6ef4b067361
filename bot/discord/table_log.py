"""The table's log, and the messages of their own below it: votes, results, final standings.

Moves and other announcements are added to one message, edited as they come (bot moves fold
into it one by one), as long as it is the newest message of the channel and stays short
(``LOG_LINES``, so the table above it stays in sight); otherwise a new log message starts. A
vote on ending mid-hand, a hand's result and the final standings are messages of their own.
Public text uses the table's language.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.discord import controls, offers, pictures, text
from bot.discord.pictures import png
from bot.discord.port import Client, Part
from bot.discord.posts import Posts, why
from bot.discord.replies import SEND_FAILURES
from bot.discord.results import (
    draw_result,
    draw_standings,
    result_word,
    score_lines,
    score_name,
    tally_lines,
    totals,
)
from bot.discord.table_message import TableMessage
from bot.i18n import t
from bot.service import TableInfo, Update
from bot.service import events as ev

log = logging.getLogger(__name__)
LOG_LINES = 10  # lines of one log message: about two tricks, short enough to read on a phone


class TableLog(Part):
    """Each table's log message and open vote message."""

    def __init__(self, client: Client, posts: Posts, table: TableMessage) -> None:
        super().__init__(client)
        self.posts = posts
        self.table = table
        self._votes: dict[int, discord.Message] = {}  # the open vote message of each table
        self._logs: dict[int, tuple[discord.Message, list[str]]] = {}  # the log and its lines

    async def announce(self, info: TableInfo, update: Update, names: list[str], lang: str) -> None:
        """``update``'s announcements: lines of the log, a vote, a result, the end."""
        lines: list[str] = []
        for event in update.announcements:
            if isinstance(event, ev.HandEnded | ev.EndVoteOpened | ev.TableEnded):
                await self.add(info, lines)  # each of these is a message of its own
                lines = []
                if isinstance(event, ev.HandEnded):
                    last = any(isinstance(a, ev.TableEnded) for a in update.announcements)
                    removed = any(
                        isinstance(a, ev.SeatOpened) and a.reason in ("kicked", "timeout")
                        for a in update.announcements
                    )
                    await self._result(info, event, names, lang, last=last, removed=removed)
                elif isinstance(event, ev.EndVoteOpened):
                    await self._vote(info, event, names, lang)
                else:
                    await self._close_vote(info)
                    await self._final(info, lang)
                continue
            if isinstance(event, ev.EndVoteClosed):
                await self._close_vote(info)
            line = announcement(event, info, names, lang)
            if line:
                lines.append(line)
        await self.add(info, lines)

    def forget(self, table_id: int) -> None:
        """The table has ended: nothing more will be added to its log."""
        self._logs.pop(table_id, None)

    async def add(self, info: TableInfo, lines: Sequence[str]) -> None:
        """Add ``lines`` to the table's log message while it is the newest message of the
        channel and they fit; else start a new log message."""
        if not lines:
            return
        held = self._logs.get(info.id)
        if held is not None:
            message, kept = held
            joined = [*kept, *lines]
            newest = self.posts.scroll.newest(self.posts.channel_id(info)) == message.id
            fits = len(joined) <= LOG_LINES and text.size("\n".join(joined)) <= text.CONTENT_LIMIT
            if newest and fits:
                try:
                    await message.edit(content="\n".join(joined))
                    self._logs[info.id] = (message, joined)
                    return
                except SEND_FAILURES as exc:
                    log.info("table %s: log not extended (%s)", info.id, why(exc))
        content = text.fit(lines)
        posted = await self.table.send(info, content=content)
        if posted is not None:
            self._logs[info.id] = (posted, content.split("\n"))

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
        posted = await self.table.send(
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
        self,
        info: TableInfo,
        event: ev.HandEnded,
        names: list[str],
        lang: str,
        *,
        last: bool,
        removed: bool = False,
    ) -> None:
        """A hand's result: picture and words, the players of that hand with their table
        score (a player who just left too), and Next hand when the table does not deal."""
        lines = await score_lines(self.service, info)
        users = event.users or [None if s is None else s.user_id for s in info.seats]
        names = list(names)
        for seat, user in enumerate(users):
            if user is not None:  # by the name the hand was played under (after a restart too)
                names[seat] = next((ln.name for ln in lines if ln.user_id == user), names[seat])
        score = totals(lines, users)
        kind = getattr(event.result, "kind", None) or getattr(event.result, "tier", None)
        word = result_word(kind, event, lang, removed=removed)
        head = t("play.hand_over", lang, number=event.number, kind=word)
        shown = [text.name(name) for name in names]
        body = [
            *tally_lines(event.result, shown, lang),
            *(
                t("play.delta_line", lang, name=shown[s], delta=event.deltas[s], total=score[s])
                for s in range(4)
            ),
        ]
        # a drawing problem must not hide the result
        what = f"table {info.id}"
        drawn = await pictures.draw(draw_result, event.result, names, lang, score, what=what)
        files = [png(*drawn)] if drawn else []
        dealing = not (last or event.void or info.settings.auto_deal) and info.status == "playing"
        extra = {"view": offers.offer(info.id, "next", lang)} if dealing else {}
        await self.table.send(info, content=text.fit([head, *body]), files=files, **extra)

    async def _final(self, info: TableInfo, lang: str) -> None:
        """The table has ended: its final standings (picture and words), and Play again for
        whoever sat there at the end."""
        lines = sorted(await score_lines(self.service, info), key=lambda line: -line.total)
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
            drawn = await pictures.draw(draw_standings, rows, lang, info, what=f"table {info.id}")
            if drawn is not None:
                files.append(png(drawn[0], "standings.png", drawn[1]))
        else:
            body.append(t("scores.no_hands", lang))
        players = any(seat is not None and not seat.is_bot for seat in info.seats)
        extra = {"view": offers.offer(info.id, "again", lang)} if players else {}
        await self.table.send(info, content=text.fit([head, *body]), files=files, **extra)


def announcement(event: Any, info: TableInfo, names: list[str], lang: str) -> str | None:
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
        case ev.RulesChanged(number, voided):
            key = "table.rules_changed_void" if voided else "table.rules_changed"
            return t(key, lang, number=number)
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


def bots_line(settings: Any, lang: str) -> str:
    """How the table's bots play and how long hints think, in words."""
    level = t(f"board.level.{settings.bot_level}", lang)
    hint = f"{settings.hint_seconds:g}"
    if settings.bot_level == "strong":
        seconds = f"{settings.bot_seconds:g}"
        return t("table.bots_thinking", lang, level=level, seconds=seconds, hint=hint)
    return t("table.bots_level", lang, level=level, hint=hint)
