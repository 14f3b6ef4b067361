"""What the score answers say: boards, stats and history in words, and a board's picture."""

from __future__ import annotations

from bot.discord import text
from bot.i18n import CATALOGUE, t
from bot.service.hand_ids import short_id
from bot.service.scores import Band, bands
from bot.store.score_rows import Board, BoardLine, GameStats, HandLine
from render import BoardPicture, BoardRow


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
    if stats.bonus:  # on a line of their own: they count only in part (docs/ratings.md)
        bonus, counted = f"{stats.bonus:+d}", f"{stats.bonus_counted:+d}"
        lines.append(t("stats.bonus", lang, bonus=bonus, counted=counted, min=minimum))
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
                bands=" · ".join(_band(band, lang) for band in bands(stats) if band.hands),
            )
        )
        bid = "—" if stats.average_bid is None else f"{stats.average_bid:.0f}"
        lines.append(
            t("stats.bids", lang, bid=bid, throws=stats.throws, failed=stats.failed_throws)
        )
    return lines


def _band(band: Band, lang: str) -> str:
    """One contract band: "bids 80–95 3/5", a band of one bid "bids 200 0/1"."""
    key = "stats.band_one" if band.high == band.low else "stats.band"
    return t(key, lang, low=band.low, high=band.high, made=band.made, hands=band.hands)


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
