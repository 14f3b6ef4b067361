"""Card faces, drawn by code once per (card, width) and cached.

A face shows the rank and a drawn suit shape in the top-left corner (the part that stays
visible when cards overlap), a large suit shape in the middle, and a small gold dot under the
corner suit on point cards (5, 10, K). Red and black suits differ in colour *and* shape.
Jokers carry 大 / 小 and a star: the big joker's is filled red and gold, the small joker's is
an outline in black, so the two never look alike.
"""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw

from engine.cards import BIG_JOKER, RANK_NAMES, Card, Suit
from render import theme
from render.fonts import FontSet, Style, draw_text, fit, font_set, runs

_SS = 3  # supersampling for smooth edges; the face is drawn big once and shrunk


def card_height(width: int) -> int:
    return round(width * 1.4)


def index_width(width: int) -> int:
    """How much of a card must stay visible for its corner index to read."""
    return round(width * 0.54)


def suit_colour(card: Card) -> theme.RGB:
    if card.suit is None:
        return theme.RED if card.rank == BIG_JOKER else theme.BLACK
    return theme.RED if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else theme.BLACK


def draw_suit(
    draw: ImageDraw.ImageDraw, suit: Suit, box: tuple[float, float, float], fill: theme.RGB
) -> None:
    """A suit shape in the square at ``(x, y)`` with side ``s``."""
    x, y, s = box

    def p(u: float, v: float) -> tuple[float, float]:
        return x + u * s, y + v * s

    def circle(u: float, v: float, r: float) -> None:
        draw.ellipse(
            (x + (u - r) * s, y + (v - r) * s, x + (u + r) * s, y + (v + r) * s), fill=fill
        )

    if suit is Suit.DIAMONDS:
        draw.polygon([p(0.5, 0.0), p(0.88, 0.5), p(0.5, 1.0), p(0.12, 0.5)], fill=fill)
    elif suit is Suit.HEARTS:
        circle(0.28, 0.32, 0.25)
        circle(0.72, 0.32, 0.25)
        draw.polygon([p(0.04, 0.40), p(0.5, 0.22), p(0.96, 0.40), p(0.5, 0.96)], fill=fill)
    elif suit is Suit.SPADES:
        circle(0.28, 0.58, 0.23)
        circle(0.72, 0.58, 0.23)
        draw.polygon([p(0.05, 0.52), p(0.5, 0.02), p(0.95, 0.52), p(0.5, 0.74)], fill=fill)
        draw.polygon([p(0.5, 0.62), p(0.68, 1.0), p(0.32, 1.0)], fill=fill)
    else:
        circle(0.5, 0.27, 0.22)
        circle(0.26, 0.60, 0.22)
        circle(0.74, 0.60, 0.22)
        circle(0.5, 0.55, 0.14)
        draw.polygon([p(0.5, 0.5), p(0.68, 1.0), p(0.32, 1.0)], fill=fill)


def _star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def card_face(card: Card, width: int) -> Image.Image:
    """The face of ``card``, ``width`` pixels wide, as an RGBA image with rounded corners."""
    return _face(card, width, font_set())


@functools.lru_cache(maxsize=512)
def _face(card: Card, width: int, fonts: FontSet) -> Image.Image:
    """Cached per font set too, so faces follow the fonts when they change (in tests)."""
    w, h = width * _SS, card_height(width) * _SS
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    radius = round(w * 0.1)
    joker = card.suit is None
    big = card.rank == BIG_JOKER
    background = (255, 246, 228) if joker and big else theme.CARD_WHITE
    draw.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius, fill=background, outline=theme.CARD_EDGE, width=_SS
    )
    colour = suit_colour(card)
    margin = w * 0.07
    index_size = round(w * 0.40)
    column = index_width(width) * _SS - margin  # the corner index stays inside this column
    if joker:
        _joker(image, draw, card, (w, h), colour, margin, index_size)
    else:
        assert card.suit is not None
        rank = RANK_NAMES[card.rank]
        size = index_size if len(rank) == 1 else round(index_size * 0.86)
        style = Style(size, colour, bold=True)
        centre_x = margin + column / 2
        draw_text(image, (centre_x, margin + index_size * 0.55), rank, style, anchor="m")
        pip = w * 0.28
        pip_y = margin + index_size * 1.12
        draw_suit(draw, card.suit, (centre_x - pip / 2, pip_y, pip), colour)
        big_pip = w * 0.46
        draw_suit(draw, card.suit, (w * 0.93 - big_pip, h * 0.93 - big_pip, big_pip), colour)
        if card.points:
            dot = w * 0.055
            cy = pip_y + pip + dot * 2.4
            draw.ellipse((centre_x - dot, cy - dot, centre_x + dot, cy + dot), fill=theme.GOLD)
    return image.resize((width, card_height(width)), Image.Resampling.LANCZOS)


def _joker(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    card: Card,
    size: tuple[int, int],
    colour: theme.RGB,
    margin: float,
    index_size: int,
) -> None:
    w, h = size
    big = card.rank == BIG_JOKER
    glyph = "大" if big else "小"
    style = Style(index_size, colour, bold=True)
    if not runs(glyph, index_size, bold=True):  # no CJK font: plain letters
        glyph = "B" if big else "S"
    centre_x = margin + (index_width(w // _SS) * _SS - margin) / 2
    draw_text(image, (centre_x, margin + index_size * 0.55), glyph, style, anchor="m")
    draw.polygon(_star(centre_x, margin + index_size * 1.45, w * 0.12), fill=colour)
    r = w * 0.27
    cx, cy = w * 0.62, h * 0.64
    if big:
        draw.polygon(_star(cx, cy, r), fill=theme.GOLD, outline=colour, width=2 * _SS)
        draw.polygon(_star(cx, cy, r * 0.45), fill=colour)
    else:
        draw.polygon(_star(cx, cy, r), fill=(236, 238, 242), outline=colour, width=2 * _SS)
    tag = "JOKER"
    tag_style = Style(round(w * 0.13), colour, bold=True)
    draw_text(image, (cx, h * 0.92), fit(tag, tag_style, round(w * 0.7)), tag_style, anchor="m")


@functools.lru_cache(maxsize=16)
def card_back(width: int) -> Image.Image:
    """A face-down card, for hand sizes."""
    w, h = width * _SS, card_height(width) * _SS
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, w - 1, h - 1), round(w * 0.12), fill=theme.CARD_WHITE)
    inset = w * 0.1
    draw.rounded_rectangle(
        (inset, inset, w - 1 - inset, h - 1 - inset), round(w * 0.08), fill=theme.BACK
    )
    step = w * 0.22
    for i in range(-4, 10):
        x0 = inset + i * step
        draw.line((x0, inset, x0 + h, inset + h), fill=(70, 112, 190), width=_SS * 2)
    draw.rounded_rectangle(
        (0, 0, w - 1, h - 1), round(w * 0.12), outline=theme.CARD_WHITE, width=round(inset)
    )
    return image.resize((width, card_height(width)), Image.Resampling.LANCZOS)


@functools.lru_cache(maxsize=64)
def shadow(width: int) -> Image.Image:
    """A soft dark card-shaped shadow, pasted under a card."""
    w, h = width, card_height(width)
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle(
        (0, 0, w - 1, h - 1), round(w * 0.1), fill=(0, 0, 0, 70)
    )
    return image
