"""/scores board, stats, history, replay and export: private answers from ``ScoreQueries``.

Every answer is private. A board comes as a picture with the same text in the message, so it
reads without the picture too. A replay is one private message whose ⏮ ◀ ▶ ⏭ buttons carry
the hand and the page to show in their custom ids (``ct:rp:<hand>:<page>:<button>``): paging
needs no memory and works after a restart. Each page re-plays the hand from the log in a worker
thread and draws one picture: the deal, the table at the end of one trick, or the result.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
import re
from collections.abc import Sequence
from typing import Any

import discord
from discord.app_commands import Choice

import render
from bot.discord import text
from bot.discord.lookup import four_colour
from bot.discord.pictures import png
from bot.discord.port import Client, Part
from bot.discord.replies import edit_message, in_time, refuse, say
from bot.discord.results import result_word, tally_lines
from bot.i18n import CATALOGUE, lang_of, t
from bot.service import REFUSALS
from bot.service import events as ev
from bot.service.hand_ids import short_id
from bot.service.scores import Band, bands
from bot.store.score_rows import Board, BoardLine, GameStats, HandLine
from engine.cards import Card
from engine.replay import Replay
from render import BoardPicture, BoardRow

log = logging.getLogger(__name__)
HISTORY_LENGTH = 10
BUTTONS = {"first": "⏮", "prev": "◀", "next": "▶", "last": "⏭"}


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ct:rp:(?P<hand>\d+):(?P<page>\d+):(?P<how>first|prev|next|last)",
):
    """One of a replay's paging buttons: the page it shows is in its custom id."""

    def __init__(self, hand_id: int, page: int, how: str, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=BUTTONS[how],
                style=discord.ButtonStyle.secondary,
                custom_id=f"ct:rp:{hand_id}:{page}:{how}",
                disabled=disabled,
            )
        )
        self.hand_id, self.page = hand_id, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        return cls(int(match["hand"]), int(match["page"]), match["how"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.score_verbs.replay_page(interaction, self.hand_id, self.page)  # type: ignore[attr-defined]


def _rate(wins: int, hands: int) -> str:
    return f"{round(100 * wins / hands)}%" if hands else "—"


def _signed(n: int | None) -> str:
    return "" if n is None else f" ({n:+d})"


def seat_name(line: HandLine, seat: int, lang: str) -> str:
    """A seat of a stored hand as the table showed it: the player's name, bots as ``Bot 3``."""
    for held in line.seats:
        if held.seat == seat:
            if held.user_id is None:
                return t("table.bot_name", lang, seat=seat + 1)
            return held.name
    return t("table.bot_name", lang, seat=seat + 1)


def result_text(line: HandLine, lang: str) -> str:
    """How a stored hand ended, in ``lang``: 雙扣 (−30 : 25), contract made, void …"""
    if line.outcome is None:
        return t("history.playing", lang)
    if line.outcome == "abandoned" or line.result is None:
        return t("history.abandoned", lang)
    if line.outcome == "void":
        return t("result.left", lang)
    result = line.result
    kind = result.get("kind")
    if kind is not None:
        word = t(f"result.{kind}", lang)
        a, b = result.get("team_points") or (0, 0)
        return t("scores.history_points", lang, kind=word, a=a, b=b)
    tier = result.get("tier")
    if f"result.{tier}" in CATALOGUE and result.get("bid") is not None:  # 三扣: how it went
        word = t(f"result.{tier}", lang)
        points, bid = result.get("dealer_points"), result["bid"]
        return t("scores.history_contract", lang, kind=word, points=points, bid=bid)
    dealer = result.get("dealer")
    made = dealer is not None and result["deltas"][dealer] > 0
    return t("result.made" if made else "result.failed", lang)


class ScoreVerbs(Part):
    """The /scores verbs; ``client.score_verbs``."""

    def __init__(self, client: Client) -> None:
        super().__init__(client)

    async def _refused(self, interaction: discord.Interaction, exc: Exception) -> None:
        await refuse(interaction, exc)

    # -- /scores board --------------------------------------------------------------------------

    async def board(
        self, interaction: discord.Interaction, game: str, period: str, by: str
    ) -> None:
        lang = lang_of(interaction.locale)
        guild, me = interaction.guild_id or 0, interaction.user.id

        async def work() -> tuple[Board, bytes | None]:
            board = await self.service.board(guild, game, me, by=by, period=period)
            picture = board_picture(board, game, period, lang, me)
            try:
                image = await asyncio.to_thread(render.render_board, picture, lang)
            except Exception:  # the text says it all; a drawing problem must not hide it
                log.exception("board picture failed")
                image = None
            return board, image

        try:
            board, image = await in_time(interaction, work())
        except REFUSALS as exc:
            await self._refused(interaction, exc)
            return
        content = text.fit(board_lines(board, game, period, lang, me))
        files = [png(image, "board.png")] if image is not None else []
        await say(interaction, content, files=files)

    # -- /scores stats -------------------------------------------------------------------------

    async def stats(self, interaction: discord.Interaction, who: discord.abc.User) -> None:
        lang = lang_of(interaction.locale)
        guild = interaction.guild_id or 0

        async def work() -> tuple[list[GameStats], int]:
            found = await self.service.game_stats(guild, who.id)
            return found, await self.service.min_ranked_hands(guild)

        try:
            found, minimum = await in_time(interaction, work())
        except REFUSALS as exc:
            await self._refused(interaction, exc)
            return
        name = text.name(getattr(who, "display_name", None) or who.name)
        lines = [f"**{t('stats.title', lang, name=name)}**"]
        for stats in found:
            lines += stats_lines(stats, minimum, lang)
        if not found:
            lines.append(t("stats.none", lang))
        await say(interaction, text.fit(lines))

    # -- /scores history -----------------------------------------------------------------------

    async def history(
        self, interaction: discord.Interaction, player: discord.abc.User | None
    ) -> None:
        """The player's latest hands; without one, in a table's thread the table's, else the
        caller's own."""
        lang = lang_of(interaction.locale)
        guild = interaction.guild_id or 0
        table_id = None
        if player is None and getattr(interaction.channel, "parent_id", None) is not None:
            found = await self.service.table_for_thread(interaction.channel_id or 0)
            table_id = None if found is None else found.id
        who = player or interaction.user

        async def work() -> list[HandLine]:
            if table_id is not None:
                return await self.service.recent_hands(
                    guild, table_id=table_id, limit=HISTORY_LENGTH
                )
            return await self.service.recent_hands(guild, user_id=who.id, limit=HISTORY_LENGTH)

        try:
            hands = await in_time(interaction, work())
        except REFUSALS as exc:
            await self._refused(interaction, exc)
            return
        if table_id is not None:
            title = t("history.table", lang, table=table_id)
        else:
            name = text.name(getattr(who, "display_name", None) or who.name)
            title = t("history.player", lang, name=name)
        lines = [f"**{title}**", *(history_row(line, lang) for line in reversed(hands))]
        if not hands:
            lines.append(t("history.empty", lang))
        else:
            lines.append(t("history.hint", lang))
        await say(interaction, text.fit(lines, newest_last=True))

    async def hand_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[Choice[str]]:
        """Autocomplete for ``hand:``: the caller's latest settled hands, as far as typed."""
        try:
            hands = await self.service.recent_hands(
                interaction.guild_id or 0, user_id=interaction.user.id, limit=25
            )
        except REFUSALS:
            return []
        lang = lang_of(interaction.locale)
        typed = current.strip().lstrip("#").upper()
        choices = []
        for line in hands:
            ident = short_id(line.hand_id)
            if typed and not ident.startswith(typed):
                continue
            label = f"#{ident} · {t(f'game.{line.game}', lang)} · {result_text(line, lang)}"
            choices.append(Choice(name=text.clip(label, 100), value=ident))
        return choices[:25]

    # -- /scores replay -------------------------------------------------------------------------

    async def replay(self, interaction: discord.Interaction, hand: str) -> None:
        await self._show_page(interaction, hand, 0, update=False)

    async def replay_page(self, interaction: discord.Interaction, hand_id: int, page: int) -> None:
        await self._show_page(interaction, hand_id, page, update=True)

    async def _show_page(
        self, interaction: discord.Interaction, hand: int | str, page: int, *, update: bool
    ) -> None:
        lang = lang_of(interaction.locale)
        guild = interaction.guild_id or 0

        async def work() -> dict[str, Any]:
            line, played = await self.service.replay_hand(guild, hand)
            colours = await four_colour(self.service, interaction.user.id)  # their own deck
            return await asyncio.to_thread(replay_message, line, played, page, lang, colours)

        try:
            message = await in_time(interaction, work(), update=update)
        except REFUSALS as exc:
            await self._refused(interaction, exc)
            return
        if update:
            await edit_message(interaction, **message)
        else:
            files = message.pop("attachments")
            await say(interaction, message.pop("content"), files=files, **message)

    # -- /scores export -------------------------------------------------------------------------

    async def export(self, interaction: discord.Interaction, hand: str) -> None:
        lang = lang_of(interaction.locale)
        try:
            record = await in_time(
                interaction, self.service.hand_record(interaction.guild_id or 0, hand)
            )
        except REFUSALS as exc:
            await self._refused(interaction, exc)
            return
        ident = record.info["id"]
        name = f"hand-{ident}.json"
        data = json.dumps(record.to_json(), ensure_ascii=False, indent=1).encode()
        file = discord.File(io.BytesIO(data), filename=name, description=f"#{ident}")
        await say(interaction, t("export.done", lang, id=ident, file=name), files=[file])


# -- what the answers say -------------------------------------------------------------------------


def _board_name(line: BoardLine, lang: str) -> str:
    if line.bot_level:
        key = f"board.level.{line.bot_level}"
        level = t(key, lang) if key in CATALOGUE else line.bot_level
        return t("board.bot_name", lang, level=level)
    return line.name


def board_lines(board: Board, game: str, period: str, lang: str, me: int) -> list[str]:
    """The board as text: the title, the top lines, the caller's own, and a note."""
    title = t(
        "board.title",
        lang,
        game=t(f"game.{game}", lang),
        period=t(f"period.{period}", lang),
        by=t(f"board.by.{board.by}", lang),
    )
    lines = [f"**{title}**"]
    for line in (*board.lines, *([board.own] if board.own is not None else [])):
        lines.append(_board_line(line, board.by, lang, me))
    if not board.lines:
        lines.insert(1, t("board.empty", lang))
    note = own_note(board, game, lang, me)
    if note:
        lines.append(note)
    return lines


def _board_line(line: BoardLine, by: str, lang: str, me: int) -> str:
    name = text.name(_board_name(line, lang))
    value = f"{line.value:+d}" if by == "points" else str(line.value)
    if line.bot_level:
        return t("board.bot_line", lang, name=name, value=value, change=_signed(line.change))
    if line.user_id == me:
        name = f"**{name}**"
    if line.rank is None:
        return t("board.unranked_line", lang, name=name, value=value, hands=line.hands)
    return t(
        "board.line",
        lang,
        rank=line.rank,
        name=name,
        value=value,
        change=_signed(line.change),
        hands=line.hands,
        rate=_rate(line.wins, line.hands),
    )


def own_note(board: Board, game: str, lang: str, me: int) -> str | None:
    """Why the caller is not ranked, if they are not."""
    mine = next((line for line in board.lines if line.user_id == me and line.rank), None)
    if mine is not None or (board.own is not None and board.own.rank is not None):
        return None
    if board.own is None:
        return t("board.never", lang, game=t(f"game.{game}", lang))
    if board.by == "rating" and board.own.hands < board.min_hands:
        more = board.min_hands - board.own.hands
        return t("board.needs_hands", lang, more=more, min=board.min_hands)
    return t("board.not_in_period", lang, game=t(f"game.{game}", lang))


def board_picture(board: Board, game: str, period: str, lang: str, me: int) -> BoardPicture:
    def row(line: BoardLine) -> BoardRow:
        return BoardRow(
            rank=line.rank,
            name=line.bot_level or line.name,
            value=line.value,
            hands=line.hands,
            wins=line.wins,
            change=line.change,
            bot=bool(line.bot_level),
            viewer=line.user_id == me and not line.bot_level,
        )

    return BoardPicture(
        game=game,
        by=board.by,
        period=period,
        rows=tuple(row(line) for line in board.lines),
        own=None if board.own is None else row(board.own),
        footnote=own_note(board, game, lang, me),
    )


def stats_lines(stats: GameStats, minimum: int, lang: str) -> list[str]:
    lines = [
        f"__{t(f'game.{stats.game}', lang)}__",
        t(
            "stats.summary",
            lang,
            hands=stats.hands,
            rate=_rate(stats.wins, stats.hands),
            points=f"{stats.points:+d}",
            left=stats.left,
        ),
    ]
    if stats.rating is not None:
        if stats.shown:
            change = f"{stats.rating_change or 0:+d}"
            lines.append(t("stats.rating", lang, rating=stats.rating, change=change))
        else:
            more = minimum - stats.hands
            lines.append(
                t("stats.rating_hidden", lang, rating=stats.rating, min=minimum, more=more)
            )
    if stats.game == "qingdun" and stats.hands:
        team = "—" if stats.team_points is None else f"{stats.team_points:.0f}"
        lines.append(
            t(
                "stats.qingdun",
                lang,
                first=stats.first_out,
                rate=_rate(stats.first_out, stats.hands),
                kou_for=stats.double_kou_for,
                kou_against=stats.double_kou_against,
                team=team,
            )
        )
    if stats.game == "sankou" and stats.hands:
        lines.append(
            t(
                "stats.dealer",
                lang,
                hands=stats.dealer_hands,
                made=stats.dealer_made,
                bands=" · ".join(_band(band, lang) for band in bands(stats)),
            )
        )
        bid = "—" if stats.average_bid is None else f"{stats.average_bid:.0f}"
        lines.append(
            t("stats.bids", lang, bid=bid, throws=stats.throws, failed=stats.failed_throws)
        )
    return lines


def _band(band: Band, lang: str) -> str:
    high = band.high if band.high != band.low else band.low
    return t("stats.band", lang, low=band.low, high=high, made=band.made, hands=band.hands)


def history_row(line: HandLine, lang: str) -> str:
    when = line.ended_at or line.started_at
    deltas = ", ".join(
        f"{text.name(seat_name(line, held.seat, lang))} {held.delta:+d}"
        for held in line.seats
        if held.delta is not None
    )
    row = t(
        "history.row",
        lang,
        id=short_id(line.hand_id),
        game=t(f"game.{line.game}", lang),
        table=line.table_id,
        number=line.number,
        when=f"<t:{int(when)}:R>",
        result=result_text(line, lang),
    )
    return f"{row} — {deltas}" if deltas else row


# -- replay pages ------------------------------------------------------------------------------


def replay_message(
    line: HandLine, played: Replay, page: int, lang: str, four_colour: bool = False
) -> dict[str, Any]:
    """The message fields for one page of a replay: text, one picture (in the reader's own
    card colours), the paging buttons."""
    names = [seat_name(line, seat, lang) for seat in range(4)]
    shown = [text.name(name) for name in names]
    pages = len(played.tricks) + 2
    page = max(0, min(page, pages - 1))
    head = t(
        "replay.title",
        lang,
        id=short_id(line.hand_id),
        game=t(f"game.{line.game}", lang),
        table=line.table_id,
        number=line.number,
    )
    lines = [f"**{head}** · {t('replay.page', lang, page=page + 1, pages=pages)}"]
    image: bytes | None
    if page == 0:
        lines += _deal_lines(played, shown, lang)
        image = render.render_deal(played.deal, names, lang, four_colour=four_colour)
        name = "deal.png"
    elif page <= len(played.tricks):
        view = played.tricks[page - 1]
        lines += _trick_lines(view, page, played, shown, lang)
        image = render.render_table(view, names, lang, four_colour=four_colour)
        name = "table.png"
    else:
        image, name = _result_page(line, played, names, shown, lang, lines, four_colour)
    view = discord.ui.View(timeout=None)
    last = pages - 1
    for how, target in (("first", 0), ("prev", page - 1), ("next", page + 1), ("last", last)):
        target = max(0, min(target, last))
        view.add_item(ReplayButton(line.hand_id, target, how, disabled=target == page))
    return {
        "content": text.fit(lines),
        "attachments": [png(image, name)] if image is not None else [],
        "view": view,
    }


def _deal_lines(played: Replay, names: Sequence[str], lang: str) -> list[str]:
    lines = [t("replay.deal", lang)]
    deal = played.deal
    if deal.bids:
        bids = ", ".join(
            f"{names[b.seat]} {t('button.bid_pass', lang) if b.amount is None else b.amount}"
            for b in deal.bids
        )
        lines.append(t("replay.bids", lang, bids=bids))
    if deal.dealer is not None and deal.trump is not None:
        suit = t(f"suit.{deal.trump.value}", lang)
        lines.append(
            t("replay.dealer", lang, name=names[deal.dealer], bid=deal.contract, suit=suit)
        )
    return lines


def _trick_lines(
    view: Any, number: int, played: Replay, names: Sequence[str], lang: str
) -> list[str]:
    """A trick's turns in order, a failed throw, and who took it (or that the hand ended)."""
    tricks = len(played.tricks)
    turns = [
        t("replay.turn", lang, name=names[play.seat], cards=text.cards(play.cards))
        if play.cards
        else t("replay.pass", lang, name=names[play.seat])
        for play in view.trick
    ]
    lines = [f"__{t('replay.trick', lang, number=number, tricks=tricks)}__", " · ".join(turns)]
    failed = getattr(view, "failed_throw", None)
    if failed is not None:
        tried: Sequence[Card] = failed.attempted
        lines.append(t("replay.failed", lang, name=names[failed.seat], cards=text.cards(tried)))
    if played.unfinished and number == tricks:
        lines.append(t("replay.unfinished", lang))
        return lines
    winner = view.winning_seat if hasattr(view, "winning_seat") else view.top_seat
    points = sum(card.points for play in view.trick for card in play.cards)
    lines.append(t("replay.took", lang, name=names[winner], points=points))
    return lines


def _result_page(
    line: HandLine,
    played: Replay,
    names: Sequence[str],
    shown: Sequence[str],
    lang: str,
    lines: list[str],
    four_colour: bool = False,
) -> tuple[bytes | None, str]:
    result = played.game.result if played.game.over else None
    if result is None or line.outcome == "abandoned":
        lines.append(t("replay.abandoned", lang))
        return None, "result.png"
    deltas = tuple(
        next((s.delta for s in line.seats if s.seat == seat and s.delta is not None), 0)
        for seat in range(4)
    )
    event = ev.HandEnded(line.number, result, deltas, line.outcome == "void")  # type: ignore[arg-type]
    kind = getattr(result, "kind", None) or getattr(result, "tier", None)
    lines.append(t("replay.result", lang, kind=result_word(kind, event, lang)))
    lines += tally_lines(result, shown, lang)
    lines.append(", ".join(f"{shown[seat]} {deltas[seat]:+d}" for seat in range(4)))
    return render.render_result(result, names, lang, four_colour=four_colour), "result.png"
