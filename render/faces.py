"""Card faces, drawn by code once per (card, width) and cached.

A face shows the rank and a drawn suit shape in the top-left corner (the part that stays
visible when cards overlap), a large suit shape in the middle, and a small gold dot under the
corner suit on point cards (5, 10, K). Red and black suits differ in colour *and* shape.
Jokers carry 大 / 小 and a star: the big joker's is filled red and gold, the small joker's is
an outline in black, so the two never look alike. The four-colour deck (an option for
colour-blind players and small screens) draws ♦ blue and ♣ green.
"""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw

from engine.cards import BIG_JOKER, RANK_NAMES, Card, Suit
from render import theme
from render.fonts import FontSet, Style, draw_text, font_set, note, runs, unrecorded
from render.look import card_colour

_SS = 3  # supersampling for smooth edges; the face is drawn big once and shrunk


def card_height(width: int) -> int:
    return round(width * 1.4)


def index_width(width: int) -> int:
    """How much of a card must stay visible for its corner index to read."""
    return round(width * 0.54)


def index_style(card: Card, width: int, colour: theme.RGB = theme.BLACK) -> tuple[str, Style]:
    """The corner rank (大 / 小 for jokers) and its style, at the face's drawn size.

    Big on purpose: the corner is what stays visible of an overlapped card, and it must read
    on a phone (its capitals are 0.29 of the card's width, 19 px on a 66 px card).
    """
    if card.suit is None:
        glyph = "大" if card.rank == BIG_JOKER else "小"
        if not runs(glyph, 20, bold=True):  # no CJK font: plain letters
            glyph = "B" if card.rank == BIG_JOKER else "S"
        return glyph, Style(round(width * 0.44 * _SS), colour, bold=True)
    rank = RANK_NAMES[card.rank]
    scale = 0.46 if len(rank) == 1 else 0.40
    return rank, Style(round(width * scale * _SS), colour, bold=True)


def note_index(card: Card, width: int) -> None:
    """Record the corner index of a face drawn ``width`` wide (faces are cached, so the
    drawing itself is not seen by ``fonts.recording``)."""
    text, style = index_style(card, width)
    note(text, style, 1 / _SS)


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


def card_face(card: Card, width: int, four_colour: bool = False) -> Image.Image:
    """The face of ``card``, ``width`` pixels wide, as an RGBA image with rounded corners."""
    return _face(card, width, four_colour, font_set())


@functools.lru_cache(maxsize=512)
def _face(card: Card, width: int, four_colour: bool, fonts: FontSet) -> Image.Image:
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
    colour = card_colour(card, four_colour)
    margin = w * 0.06
    column = index_width(width) * _SS  # the corner index stays inside this column
    centre_x = column / 2 + margin / 4
    text, style = index_style(card, width, colour)
    top = margin + w * 0.25  # the middle of the rank's capitals
    with unrecorded():  # drawn at _SS times its size; draw_card notes it at the real size
        draw_text(image, (centre_x, top), text, style, anchor="m")
    pip = w * 0.27
    pip_y = top + w * 0.26
    if joker:
        _joker(draw, big, (w, h), colour, (centre_x, pip_y + pip / 2))
    else:
        assert card.suit is not None
        draw_suit(draw, card.suit, (centre_x - pip / 2, pip_y, pip), colour)
        big_pip = w * 0.44
        draw_suit(draw, card.suit, (w * 0.93 - big_pip, h * 0.93 - big_pip, big_pip), colour)
        if card.points:
            dot = w * 0.055
            cy = pip_y + pip + dot * 2.2
            draw.ellipse((centre_x - dot, cy - dot, centre_x + dot, cy + dot), fill=theme.GOLD)
    return image.resize((width, card_height(width)), Image.Resampling.LANCZOS)


def _joker(
    draw: ImageDraw.ImageDraw,
    big: bool,
    size: tuple[int, int],
    colour: theme.RGB,
    corner: tuple[float, float],
) -> None:
    """A small star under the corner glyph and a large one in the middle: filled red and gold
    for the big joker, a black outline for the small one."""
    w, h = size
    draw.polygon(_star(*corner, w * 0.13), fill=colour)
    r = w * 0.3
    cx, cy = w * 0.6, h * 0.66
    if big:
        draw.polygon(_star(cx, cy, r), fill=theme.GOLD, outline=colour, width=2 * _SS)
        draw.polygon(_star(cx, cy, r * 0.45), fill=colour)
    else:
        draw.polygon(_star(cx, cy, r), fill=(236, 238, 242), outline=colour, width=2 * _SS)


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


@functools.lru_cache(maxsize=64)
def suit_image(suit: Suit, size: int, colour: theme.RGB) -> Image.Image:
    """A smooth suit shape ``size`` pixels square (for text-sized cards and the trump box)."""
    big = Image.new("RGBA", (size * _SS, size * _SS), (0, 0, 0, 0))
    draw_suit(ImageDraw.Draw(big), suit, (0, 0, size * _SS), colour)
    return big.resize((size, size), Image.Resampling.LANCZOS)
