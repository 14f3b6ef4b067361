"""Hand result pictures: how the hand was settled, each seat's delta and the table score.

A 清墩 result also shows where the team points come from (RULES §1.6), so a player can check
them by hand: each seat's points, 頭家's score with what it took from the partner, and 末家's
forfeit (captured + in hand) and the 30 its team loses.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.qingdun.view import QingdunResult, ResultKind, Tally, team_of
from engine.sankou.view import SankouResult
from render import theme
from render.fonts import draw_text, fit, wrap
from render.labels import label
from render.look import BIG, BODY, NAME, SMALL, TITLE, WIDTH, Look
from render.qingdun import PLACE_KEYS
from render.widgets import CHIP_H, Box, draw_chips, panel, pill, signed

PAD = 12
X0, X1 = PAD + 18, WIDTH - PAD - 18
HEADER: Box = (PAD, PAD, WIDTH - PAD, PAD + 92)
ROW_H = 70
ROWS_HEAD = 44
ROWS_H = ROWS_HEAD + 4 * ROW_H + 8
DELTA_X = X1 - 150  # right edge of the "this hand" column
NOTE_H = 36


def verdict(result: QingdunResult | SankouResult, lang: str) -> str:
    """How the hand ended, in words: 雙扣, 成功 ×2 …"""
    if isinstance(result, QingdunResult):
        return label(f"result_{result.kind.value}", lang)
    text = label(f"tier_{result.tier.value}", lang)
    return text + f" ×{result.multiplier}" if result.multiplier > 1 else text


def role(result: QingdunResult | SankouResult, seat: int, lang: str) -> str:
    """A seat's part in the hand: 逃跑 (left), its place (清墩) or 莊家 (三扣), or nothing."""
    if seat == result.leaver:
        return label("left", lang)
    if isinstance(result, QingdunResult):
        return label(PLACE_KEYS[result.order.index(seat)], lang) if seat in result.order else ""
    return label("dealer", lang) if seat == result.dealer else ""


def _canvas(middle: int, notes: int = 0) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    """The picture for a middle part ``middle`` px tall and ``notes`` lines of notes under
    the rows; returns where the middle starts."""
    height = HEADER[3] + 10 + middle + 10 + ROWS_H + PAD
    if notes:
        height += 10 + notes * NOTE_H + 20
    image = theme.felt(WIDTH, height).copy()
    return image, ImageDraw.Draw(image), HEADER[3] + 10


def _header(image: Image.Image, game: str, verdict: str, colour: theme.RGB, look: Look) -> None:
    draw = ImageDraw.Draw(image)
    panel(draw, HEADER)
    y0 = HEADER[1]
    title = f"{look.label('hand_result')} · {look.label(game)}"
    style = look.style(TITLE, bold=True)
    draw_text(image, (X0, y0 + 28), fit(title, style, X1 - X0), style)
    verdict_style = look.style(BODY, theme.PLATE_TEXT, bold=True)
    pill(image, (X0 - 4, y0 + 68), fit(verdict, verdict_style, X1 - X0 - 40), verdict_style, colour)


def _delta_colour(n: int) -> theme.RGB:
    return theme.GOOD if n > 0 else theme.BAD if n < 0 else theme.SOFT_TEXT


def _rows(
    image: Image.Image,
    top: int,
    names: Sequence[str],
    details: Sequence[str],
    deltas: Sequence[int],
    table_score: Sequence[int] | None,
    look: Look,
    stripes: Sequence[theme.RGB | None],
) -> None:
    """One row per seat: name with its role and points under it, this hand's delta, the
    table score after it."""
    draw = ImageDraw.Draw(image)
    panel(draw, (PAD, top, WIDTH - PAD, top + ROWS_H))
    head = look.style(SMALL, theme.SOFT_TEXT, bold=True)
    draw_text(image, (DELTA_X, top + 24), look.label("delta"), head, "r")
    if table_score is not None:
        draw_text(image, (X1, top + 24), look.label("table_score"), head, "r")
    name_style = look.style(NAME, bold=True)
    detail_style = look.style(SMALL, theme.SOFT_TEXT, bold=True)
    room = DELTA_X - 90 - X0 - 22
    for seat in range(4):
        y = top + ROWS_HEAD + seat * ROW_H + ROW_H // 2
        draw.line((X0, y - ROW_H // 2, X1, y - ROW_H // 2), fill=(40, 90, 62), width=2)
        stripe = stripes[seat]
        if stripe is not None:
            draw.rounded_rectangle((X0, y - 22, X0 + 10, y + 22), 5, fill=stripe)
        name_y = y - 14 if details[seat] else y
        draw_text(image, (X0 + 22, name_y), fit(names[seat], name_style, room), name_style)
        if details[seat]:
            draw_text(
                image, (X0 + 22, y + 18), fit(details[seat], detail_style, room), detail_style
            )
        delta_style = look.style(BIG, _delta_colour(deltas[seat]), bold=True)
        draw_text(image, (DELTA_X, y), signed(deltas[seat]), delta_style, "r")
        if table_score is not None:
            total_style = look.style(NAME, theme.TEXT, bold=True)
            draw_text(image, (X1, y), signed(table_score[seat]), total_style, "r")


def _notes(image: Image.Image, top: int, lines: Sequence[str], look: Look) -> None:
    draw = ImageDraw.Draw(image)
    panel(draw, (PAD, top, WIDTH - PAD, top + len(lines) * NOTE_H + 20))
    style = look.style(SMALL, theme.SOFT_TEXT)
    for i, line in enumerate(lines):
        draw_text(image, (X0, top + 10 + NOTE_H // 2 + i * NOTE_H), line, style)


# ---------------------------------------------------------------------------------------
# 清墩

TEAMS_H = 100


def qingdun_image(
    result: QingdunResult, names: Sequence[str], look: Look, table_score: Sequence[int] | None
) -> Image.Image:
    note_style = look.style(SMALL, theme.SOFT_TEXT)
    short = [fit(name, note_style, 240) for name in names]  # the numbers must stay in view
    lines = [
        line
        for note in tally_notes(result, short, look.lang)
        for line in wrap(note, note_style, X1 - X0)
    ]
    image, draw, top = _canvas(TEAMS_H, len(lines))
    _header(image, "qingdun", verdict(result, look.lang), theme.TOP_PLAY, look)
    half = (WIDTH - 2 * PAD - 10) // 2
    for team in (0, 1):
        x = PAD + team * (half + 10)
        box = (x, top, x + half, top + TEAMS_H)
        won = result.winner_team == team
        panel(draw, box)
        if won:
            draw.rounded_rectangle(box, 14, outline=theme.TURN, width=5)
        stripe = (x + 16, top + 18, x + 28, top + TEAMS_H - 18)
        draw.rounded_rectangle(stripe, 6, fill=theme.TEAM[team])
        soft = look.style(BODY, theme.SOFT_TEXT, True)
        draw_text(image, (x + 42, top + 32), look.label(f"team_{team}"), soft)
        if won:
            gold = look.style(BODY, theme.TURN, True)
            draw_text(image, (x + 42, top + 70), look.label("winner"), gold)
        points = look.style(48, bold=True)
        value = str(result.team_points[team])
        draw_text(image, (x + half - 20, top + TEAMS_H // 2), value, points, "r")
    details = [_qingdun_detail(result, seat, look) for seat in range(4)]
    stripes = [theme.TEAM[team_of(seat)] for seat in range(4)]
    rows_top = top + TEAMS_H + 10
    _rows(image, rows_top, names, details, result.deltas, table_score, look, stripes)
    if lines:
        _notes(image, rows_top + ROWS_H + 10, lines, look)
    return image


def _qingdun_detail(result: QingdunResult, seat: int, look: Look) -> str:
    """Under a seat's name: its place (or that it left) and its points for the hand."""
    parts = [role(result, seat, look.lang)]
    if seat != result.leaver and result.kind is not ResultKind.LEFT:
        parts.append(look.label("n_points", n=result.tally.points[seat]))
    return " · ".join(part for part in parts if part)


def tally_notes(result: QingdunResult, names: Sequence[str], lang: str) -> list[str]:
    """Where the team points come from, in words: 頭家's score, the early-end check, 末家."""
    tally: Tally = result.tally
    if result.kind is ResultKind.LEFT:
        return []  # a void hand is not settled
    notes = []
    if tally.lead is not None:
        name, score = names[tally.lead], tally.lead_score
        notes.append(label("note_lead", lang, name=name, score=score, merged=tally.merged))
    if result.kind is ResultKind.EARLY_END:
        second = result.order[1]
        notes.append(label("note_second", lang, name=names[second], points=tally.points[second]))
    if tally.last is not None:
        team = label(f"team_{team_of(tally.last)}", lang)
        notes.append(
            label(
                "note_last",
                lang,
                name=names[tally.last],
                captured=tally.forfeit_captured,
                in_hand=tally.forfeit_in_hand,
                team=team,
                penalty=tally.penalty,
            )
        )
    return notes


# ---------------------------------------------------------------------------------------
# 三扣

DEALER_H = 64
KITTY_H = 44 + CHIP_H + 18


def sankou_image(
    result: SankouResult, names: Sequence[str], look: Look, table_score: Sequence[int] | None
) -> Image.Image:
    image, draw, top = _canvas(DEALER_H + 10 + KITTY_H)
    dealer_won = result.dealer is not None and result.deltas[result.dealer] > 0
    colour = theme.GOOD if dealer_won else theme.TOP_PLAY
    _header(image, "sankou", verdict(result, look.lang), colour, look)
    panel(draw, (PAD, top, WIDTH - PAD, top + DEALER_H))
    mid = top + DEALER_H // 2
    soft = look.style(BODY, theme.SOFT_TEXT, bold=True)
    width = draw_text(image, (X0, mid), look.label("dealer"), soft)
    points = look.label("points_vs_bid", points=result.dealer_points, bid=result.bid or "—")
    points_w = draw_text(image, (X1, mid), points, look.style(BIG, bold=True), "r")
    dealer = names[result.dealer] if result.dealer is not None else "—"
    name_style = look.style(NAME, bold=True)
    draw_text(
        image,
        (X0 + width + 14, mid),
        fit(dealer, name_style, X1 - points_w - X0 - width - 40),
        name_style,
    )
    top += DEALER_H + 10
    panel(draw, (PAD, top, WIDTH - PAD, top + KITTY_H))
    kitty = f"{look.label('kitty')} +{result.kitty_points}"
    width = draw_text(image, (X0, top + 26), kitty, look.style(BODY, bold=True))
    note = look.label("kitty_to_dealer" if result.kitty_to_dealer else "kitty_to_defenders")
    note_style = look.style(SMALL, theme.TURN if result.kitty_to_dealer else theme.SOFT_TEXT, True)
    draw_text(image, (X1, top + 26), fit(note, note_style, X1 - X0 - width - 24), note_style, "r")
    draw_chips(image, (X0, top + 44 + CHIP_H // 2), result.kitty, look)
    details = [role(result, seat, look.lang) for seat in range(4)]
    stripes = [theme.DEALER if seat == result.dealer else None for seat in range(4)]
    _rows(image, top + KITTY_H + 10, names, details, result.deltas, table_score, look, stripes)
    return image
