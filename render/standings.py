"""The final standings of a table: everyone who played there, best total first.

Drawn from plain rows ``(name, total, hands)`` (a bot is named by its seat, a player who left
keeps their line), so it needs no view. Ties share a rank, as players count them.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render import theme
from render.fonts import draw_text, fit
from render.look import BIG, NAME, SMALL, TITLE, WIDTH, Look
from render.widgets import order_badge, panel, signed

PAD = 12
X0, X1 = PAD + 18, WIDTH - PAD - 18
HEADER_H = 96
ROW_H = 74
MAX_ROWS = 12  # a table sees four seats and, rarely, a few players who left
MEDALS = (theme.TURN, (200, 206, 214), (205, 127, 50))  # gold, silver, bronze

Row = tuple[str, int, int]  # name, table total, hands played


def ranks(rows: Sequence[Row]) -> list[int]:
    """Standard competition ranks (1, 1, 3 …) of rows sorted best first."""
    out: list[int] = []
    for index, (_, total, _) in enumerate(rows):
        out.append(out[-1] if index and rows[index - 1][1] == total else index + 1)
    return out


def ordered(rows: Sequence[Row]) -> list[Row]:
    """Best total first; equal totals keep their given order."""
    return sorted(rows, key=lambda row: -row[1])[:MAX_ROWS]


def standings_image(rows: Sequence[Row], look: Look, game: str, hands: int) -> Image.Image:
    rows = ordered(rows)
    height = PAD + HEADER_H + 10 + max(1, len(rows)) * ROW_H + 20 + PAD
    image = theme.felt(WIDTH, height).copy()
    draw = ImageDraw.Draw(image)
    panel(draw, (PAD, PAD, WIDTH - PAD, PAD + HEADER_H))
    title = f"{look.label('final_standings')} · {look.label(game)}"
    style = look.style(TITLE, bold=True)
    draw_text(image, (X0, PAD + 32), fit(title, style, X1 - X0), style)
    soft = look.style(SMALL, theme.SOFT_TEXT, bold=True)
    draw_text(image, (X0, PAD + 72), look.count("hands_played", hands), soft)
    top = PAD + HEADER_H + 10
    panel(draw, (PAD, top, WIDTH - PAD, top + max(1, len(rows)) * ROW_H + 20))
    name_style = look.style(NAME, bold=True)
    for index, ((name, total, played), rank) in enumerate(zip(rows, ranks(rows), strict=True)):
        y = top + 10 + index * ROW_H + ROW_H // 2
        if index:
            draw.line((X0, y - ROW_H // 2, X1, y - ROW_H // 2), fill=(40, 90, 62), width=2)
        medal = MEDALS[rank - 1] if rank <= len(MEDALS) else theme.FELT_LINE
        order_badge(image, (X0 + 22, y), rank, look, medal)
        total_style = look.style(BIG, _colour(total), bold=True)
        total_w = draw_text(image, (X1, y), signed(total), total_style, "r")
        room = X1 - total_w - 24 - (X0 + 60)
        draw_text(image, (X0 + 60, y - 14), fit(name, name_style, room), name_style)
        draw_text(image, (X0 + 60, y + 20), look.count("hands_played", played), soft)
    return image


def _colour(total: int) -> theme.RGB:
    return theme.GOOD if total > 0 else theme.BAD if total < 0 else theme.SOFT_TEXT
