"""A server's board as a picture: rank, name, hands and win rate, the rating or the points.

Plain rows in, PNG out (nothing of the bot): the caller builds ``BoardPicture`` from its own
records. The top lines come first; the viewer's own line is ringed in gold, and drawn below a
gap when it is not among them. Bot levels appear as unranked reference lines. Laid out like
the result picture, for a phone: one row per player, the name over its hands and win rate,
the value on the right with the period's change under it.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from render import theme
from render.fonts import Style, draw_text, fit, text_width
from render.labels import has_label
from render.look import BIG, BODY, NAME, SMALL, TITLE, WIDTH, Look
from render.widgets import Box, panel, pill, signed, text_on

PAD = 12
X0, X1 = PAD + 18, WIDTH - PAD - 18
HEADER: Box = (PAD, PAD, WIDTH - PAD, PAD + 96)
ROW_H = 78
TOP = HEADER[3] + 10  # where the rows start
GAP_H = 44  # the "⋯" between the top and the viewer's own line
FOOT_H = 50  # one line of footnote
RANK_X = X0 + 26  # the rank's centre
NAME_X = X0 + 64
VALUE_X = X1  # right edge of the value and its change
MEDALS: tuple[theme.RGB, ...] = (theme.GOLD, (192, 198, 206), (205, 127, 50))
RANK_FILL: theme.RGB = (40, 90, 62)  # ranks after the medals


@dataclass(frozen=True, slots=True)
class BoardRow:
    rank: int | None  # None: not ranked (a bot level, or the viewer off the board)
    name: str  # a bot's level for a bot row
    value: int  # the rating shown, or the points
    hands: int
    wins: int
    change: int | None = None  # the rating's change over the period
    bot: bool = False
    viewer: bool = False


@dataclass(frozen=True, slots=True)
class BoardPicture:
    game: str  # "qingdun" | "sankou"
    by: str  # "rating" | "points"
    period: str  # "week" | "month" | "all"
    rows: tuple[BoardRow, ...]
    own: BoardRow | None = None  # the viewer's line when it is not among ``rows``
    footnote: str | None = None  # e.g. how many more hands the viewer needs


def board_image(board: BoardPicture, look: Look) -> Image.Image:
    rows = list(board.rows)
    note = look.style(SMALL, theme.SOFT_TEXT)
    footnote = wrapped(board.footnote, note, X1 - X0) if board.footnote else []
    height = TOP + ROW_H * max(1, len(rows)) + PAD + 8 + FOOT_H * len(footnote)
    if board.own is not None:
        height += GAP_H + ROW_H
    image = theme.felt(WIDTH, height).copy()
    draw = ImageDraw.Draw(image)
    _head(image, draw, board, look)
    y = TOP
    if not rows:  # nobody ranked yet: one line saying so, in the place of the rows
        empty = look.style(BODY, theme.SOFT_TEXT)
        draw_text(image, (WIDTH // 2, y + ROW_H // 2), look.label("board_empty"), empty, "m")
        y += ROW_H
    for index, row in enumerate(rows):
        _row(image, draw, row, y, look, stripe=index % 2 == 0, points=board.by == "points")
        y += ROW_H
    if board.own is not None:
        dots = look.style(TITLE, theme.SOFT_TEXT, bold=True)
        draw_text(image, (WIDTH // 2, y + GAP_H // 2), "⋯", dots, "m")
        y += GAP_H
        _row(image, draw, board.own, y, look, stripe=True, points=board.by == "points")
        y += ROW_H
    for line in footnote:  # wrapped, never cut off
        draw_text(image, (X0, y + FOOT_H // 2), line, note)
        y += FOOT_H
    return image


def wrapped(text: str, style: Style, width: int) -> list[str]:
    """``text`` in lines at most ``width`` wide: broken at spaces, or between any two
    characters where there are none (Chinese)."""
    words = text.split(" ") if " " in text else list(text)
    joiner = " " if " " in text else ""
    lines: list[str] = []
    for word in words:
        line = f"{lines[-1]}{joiner}{word}" if lines else word
        if lines and text_width(line, style) <= width:
            lines[-1] = line
        else:
            lines.append(word)
    return lines


def _head(image: Image.Image, draw: ImageDraw.ImageDraw, board: BoardPicture, look: Look) -> None:
    panel(draw, HEADER)
    title = f"{look.label('board')} · {look.label(board.game)}"
    head = look.style(TITLE, bold=True)
    draw_text(image, (X0, HEADER[1] + 30), fit(title, head, X1 - X0), head)
    sub = f"{look.label(f'period_{board.period}')} · {look.label(f'by_{board.by}')}"
    soft = look.style(SMALL, theme.SOFT_TEXT, bold=True)
    draw_text(image, (X0, HEADER[1] + 70), fit(sub, soft, X1 - X0), soft)


def _row(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    row: BoardRow,
    y: int,
    look: Look,
    *,
    stripe: bool,
    points: bool,
) -> None:
    """One line; ``points`` shows the value with its sign (+20), a rating without."""
    box = (PAD, y + 3, WIDTH - PAD, y + ROW_H - 3)
    if row.viewer:  # ringed, with a bar on the left that stays gold at any size
        draw.rounded_rectangle(box, 14, fill=theme.PANEL, outline=theme.TURN, width=4)
        draw.rounded_rectangle((box[0], box[1], box[0] + 12, box[3]), 6, fill=theme.TURN)
    elif stripe:
        panel(draw, box)
    middle = y + ROW_H // 2
    muted = row.bot or row.rank is None
    if row.rank is not None:
        fill = MEDALS[row.rank - 1] if row.rank <= len(MEDALS) else RANK_FILL
        rank_style = look.style(BODY, text_on(fill), bold=True)
        pill(image, (RANK_X, middle), str(row.rank), rank_style, fill, "m")
    else:
        draw_text(image, (RANK_X, middle), "·", look.style(TITLE, theme.SOFT_TEXT, True), "m")
    value_style = look.style(BIG, theme.SOFT_TEXT if muted else theme.TEXT, bold=True)
    value = (signed(row.value) if points else str(row.value)) if row.value or row.hands else "—"
    value_width = draw_text(image, (VALUE_X, middle - 12), value, value_style, "r")
    if row.change is not None:
        colour = theme.GOOD if row.change > 0 else theme.BAD if row.change < 0 else theme.SOFT_TEXT
        change = look.style(SMALL, colour, bold=True)
        draw_text(image, (VALUE_X, middle + 22), signed(row.change), change, "r")
    room = VALUE_X - max(value_width, 90) - 20 - NAME_X
    name = look.label("bot_level", level=_level(row.name, look)) if row.bot else row.name
    name_style = look.style(NAME, theme.SOFT_TEXT if muted else theme.TEXT, bold=True)
    draw_text(image, (NAME_X, middle - 14), fit(name, name_style, room), name_style)
    rate = f"{round(100 * row.wins / row.hands)}%" if row.hands else "—"
    detail = f"{look.count('hands', row.hands)} · {look.label('won_rate', rate=rate)}"
    detail_style = look.style(SMALL, theme.SOFT_TEXT)
    draw_text(image, (NAME_X, middle + 20), fit(detail, detail_style, room), detail_style)


def _level(level: str, look: Look) -> str:
    """A bot level's name in the picture's language (an unknown level as it is stored)."""
    key = f"level_{level}"
    return look.label(key) if has_label(key) else level
