"""The shared shape of a table picture: four seat plates round a felt, one play area each.

Seat 0 sits at the bottom and play goes counter-clockwise (0 bottom, 1 right, 2 top,
3 left), as players see it round a real table. Whose turn it is gets a gold ring and a tag.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.cards import Card
from render import theme
from render.faces import card_back, card_height
from render.fonts import draw_text, fit
from render.widgets import Box, collapse, draw_cards, fit_step, pill, row_width, signed, style

WIDTH, HEIGHT = 1200, 800
CARD_W = 74  # cards in the middle of the table
CARD_H = card_height(CARD_W)

#: Seat plates by seat number (bottom, right, top, left).
PLATES: tuple[Box, Box, Box, Box] = (
    (450, 700, 750, 784),
    (884, 358, 1184, 442),
    (450, 16, 750, 100),
    (16, 358, 316, 442),
)
#: Where each seat's play is drawn (cards, then a label under them).
PLAY_AREAS: tuple[Box, Box, Box, Box] = (
    (250, 500, 950, 650),
    (606, 326, 872, 476),
    (250, 152, 950, 302),
    (328, 326, 594, 476),
)
TOP_LEFT: Box = (16, 16, 424, 156)
TOP_RIGHT: Box = (776, 16, 1184, 156)
BOTTOM_LEFT: Box = (16, 664, 424, 784)
BOTTOM_RIGHT: Box = (776, 664, 1184, 784)


class PublicViewRequired(ValueError):
    """A public picture was asked for with a view that holds somebody's cards."""


@dataclass(frozen=True, slots=True)
class Plate:
    """What a seat plate shows besides the name."""

    name: str
    team: int | None  # colour stripe (清墩 teams; 三扣: None, the dealer is marked instead)
    cards: int
    stats: str  # e.g. "★ 35" captured points
    badge: str | None = None  # 頭家 / 庄家 …
    badge_colour: theme.RGB = theme.DEALER
    dim: bool = False
    score: int | None = None  # running table score


def draw_plate(
    image: Image.Image, seat: int, plate: Plate, lang: str, turn_tag: str | None
) -> None:
    """A seat plate; ``turn_tag`` (e.g. "to play") rings it in gold with a tag beside it."""
    draw = ImageDraw.Draw(image)
    x0, y0, x1, y1 = PLATES[seat]
    if turn_tag is not None:
        draw.rounded_rectangle((x0 - 6, y0 - 6, x1 + 6, y1 + 6), 18, fill=theme.TURN)
    draw.rounded_rectangle((x0, y0, x1, y1), 12, fill=theme.PLATE_DIM if plate.dim else theme.PLATE)
    if plate.team is not None:
        draw.rounded_rectangle((x0, y0, x0 + 10, y1), 5, fill=theme.TEAM[plate.team])
    left = x0 + 22
    right = x1 - 14
    if plate.badge:
        box = pill(
            image,
            (right, y0 + 24),
            plate.badge,
            style(lang, 16, bold=True),
            plate.badge_colour,
            "r",
        )
        right = box[0] - 8
    name_style = style(lang, 24, theme.PLATE_TEXT, bold=True)
    draw_text(image, (left, y0 + 25), fit(plate.name, name_style, right - left), name_style)
    back = card_back(18)
    image.paste(back, (left, y0 + 46), back)
    small = style(lang, 18, theme.MUTED_TEXT, bold=True)
    x = left + 24 + draw_text(image, (left + 24, y0 + 59), str(plate.cards), small)
    if plate.stats:
        draw_text(image, (x + 16, y0 + 59), plate.stats, small)
    if plate.score is not None:  # the running table score
        score = plate.score
        colour = theme.GOOD if score > 0 else theme.BAD if score < 0 else theme.MUTED_TEXT
        draw_text(
            image, (x1 - 14, y0 + 59), f"Σ {signed(score)}", style(lang, 18, colour, True), "r"
        )
    if turn_tag is not None:
        tag_style = style(lang, 17, theme.PLATE_TEXT, bold=True)
        y, arrow = (y1 + 22, "▲ ") if seat == 2 else (y0 - 24, "▼ ")
        pill(image, ((x0 + x1) // 2, y), arrow + turn_tag, tag_style, theme.TURN, "m")


def draw_play(
    image: Image.Image,
    seat: int,
    cards: Sequence[Card],
    caption: str | None,
    caption_fill: theme.RGB,
    lang: str,
    highlight: bool = False,
) -> None:
    """A seat's cards centred in its play area, with a caption pill under them."""
    x0, y0, x1, y1 = PLAY_AREAS[seat]
    faces = len(collapse(cards))
    step = fit_step(faces, CARD_W, x1 - x0)
    width = row_width(faces, CARD_W, step)
    cx = (x0 + x1) // 2
    draw_cards(image, cards, (cx - width // 2, y0 + 8), CARD_W, step, cards if highlight else ())
    if caption:
        text_colour = (
            theme.PLATE_TEXT if caption_fill in (theme.TOP_PLAY, theme.TURN) else theme.TEXT
        )
        cap_style = style(lang, 17, text_colour, bold=True)
        text = fit(caption, cap_style, x1 - x0 - 24)
        y = y0 + 8 + CARD_H + 20 if cards else (y0 + y1) // 2
        pill(image, (cx, y), text, cap_style, caption_fill, "m")


def check_public(view: object) -> None:
    """Refuse any view that carries hidden cards (defence in depth for public pictures)."""
    hidden = ("hand", "partner_hand", "kitty")
    if getattr(view, "seat", None) is not None:
        raise PublicViewRequired("a public table picture needs the public view (seat None)")
    for field in hidden:
        if getattr(view, field, None):
            raise PublicViewRequired(
                f"a public table picture cannot show {field.replace('_', ' ')}"
            )
