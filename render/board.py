"""A server's board as a picture: rank, name, hands, win rate and the rating or points.

Plain rows in, PNG out (nothing of the bot): the caller builds ``BoardPicture`` from its own
records. The top lines come first; the viewer's own line is ringed in gold, and drawn below a
gap when it is not among them. Bot levels appear as unranked reference lines.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from render import theme
from render.fonts import draw_text, fit
from render.labels import has_label, label
from render.theme import canvas
from render.widgets import panel, pill, signed, style

WIDTH = 1000
HEAD_H = 150
ROW_H = 58
GAP_H = 40  # the "⋯" between the top and the viewer's own line
FOOT_H = 56
MEDALS: tuple[theme.RGB, ...] = (theme.GOLD, (192, 198, 206), (205, 127, 50))
# Column x positions (right edges for numbers).
X_RANK, X_NAME, X_HANDS, X_WINS, X_VALUE, X_CHANGE = 64, 116, 610, 720, 860, WIDTH - 44


@dataclass(frozen=True, slots=True)
class BoardRow:
    rank: int | None  # None: not ranked (a bot level, or the viewer off the board)
    name: str
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


def board_image(board: BoardPicture, lang: str) -> Image.Image:
    rows = list(board.rows)
    height = HEAD_H + ROW_H * max(1, len(rows)) + 24
    if board.own is not None:
        height += GAP_H + ROW_H
    if board.footnote:
        height += FOOT_H
    image, draw = canvas(WIDTH, height)
    _head(image, draw, board, lang)
    y = HEAD_H
    if not rows:
        empty = style(lang, 22, theme.SOFT_TEXT)
        draw_text(image, (WIDTH // 2, y + ROW_H // 2), label("board_empty", lang), empty, "m")
    for index, row in enumerate(rows):
        _row(image, draw, row, y, lang, stripe=index % 2 == 0)
        y += ROW_H
    if board.own is not None:
        draw_text(image, (WIDTH // 2, y + GAP_H // 2), "⋯", style(lang, 28, theme.SOFT_TEXT), "m")
        y += GAP_H
        _row(image, draw, board.own, y, lang, stripe=True)
        y += ROW_H
    if board.footnote:
        note = style(lang, 19, theme.SOFT_TEXT)
        text = fit(board.footnote, note, WIDTH - 2 * X_RANK)
        draw_text(image, (X_RANK - 24, y + 24 + FOOT_H // 2 - 12), text, note)
    return image


def _head(image: Image.Image, draw: ImageDraw.ImageDraw, board: BoardPicture, lang: str) -> None:
    panel(draw, (24, 20, WIDTH - 24, 104))
    title = f"{label('board', lang)} · {label(board.game, lang)}"
    head = style(lang, 30, bold=True)
    draw_text(image, (48, 48), fit(title, head, WIDTH - 96), head)
    sub = f"{label(f'period_{board.period}', lang)} · {label(f'by_{board.by}', lang)}"
    draw_text(image, (48, 82), sub, style(lang, 18, theme.SOFT_TEXT))
    heads = style(lang, 17, theme.SOFT_TEXT)
    y = 128
    draw_text(image, (X_NAME, y), label("player", lang), heads)
    draw_text(image, (X_HANDS, y), label("hands", lang), heads, "r")
    draw_text(image, (X_WINS, y), label("win_rate", lang), heads, "r")
    draw_text(image, (X_VALUE, y), label(f"by_{board.by}_short", lang), heads, "r")
    if any(row.change is not None for row in (*board.rows, board.own) if row is not None):
        draw_text(image, (X_CHANGE, y), label("change", lang), heads, "r")


def _row(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    row: BoardRow,
    y: int,
    lang: str,
    *,
    stripe: bool,
) -> None:
    box = (24, y + 4, WIDTH - 24, y + ROW_H - 4)
    if row.viewer:  # ringed, with a bar on the left that stays gold at any size
        draw.rounded_rectangle(box, 12, fill=theme.PANEL, outline=theme.TURN, width=3)
        draw.rounded_rectangle((box[0], box[1], box[0] + 12, box[3]), 6, fill=theme.TURN)
    elif stripe:
        panel(draw, box, radius=12)
    middle = y + ROW_H // 2
    muted = row.bot or row.rank is None
    if row.rank is not None:
        medal = MEDALS[row.rank - 1] if row.rank <= len(MEDALS) else theme.PANEL
        text_colour = theme.PLATE_TEXT if row.rank <= len(MEDALS) else theme.TEXT
        pill(image, (X_RANK, middle), str(row.rank), style(lang, 20, text_colour, True), medal, "m")
    else:
        draw_text(image, (X_RANK, middle), "—", style(lang, 20, theme.SOFT_TEXT), "m")
    name = label("bot_level", lang, level=_level(row.name, lang)) if row.bot else row.name
    name_style = style(lang, 22, theme.SOFT_TEXT if muted else theme.TEXT, bold=not row.bot)
    draw_text(image, (X_NAME, middle), fit(name, name_style, X_HANDS - X_NAME - 90), name_style)
    small = style(lang, 20, theme.SOFT_TEXT)
    draw_text(image, (X_HANDS, middle), str(row.hands), small, "r")
    rate = f"{round(100 * row.wins / row.hands)}%" if row.hands else "—"
    draw_text(image, (X_WINS, middle), rate, small, "r")
    value = style(lang, 26, theme.SOFT_TEXT if muted else theme.TEXT, bold=True)
    draw_text(image, (X_VALUE, middle), str(row.value), value, "r")
    if row.change is not None:
        colour = theme.GOOD if row.change > 0 else theme.BAD if row.change < 0 else theme.SOFT_TEXT
        draw_text(image, (X_CHANGE, middle), signed(row.change), style(lang, 20, colour, True), "r")


def _level(level: str, lang: str) -> str:
    """A bot level's name in ``lang`` (an unknown level is shown as it is stored)."""
    key = f"level_{level}"
    return label(key, lang) if has_label(key) else level
