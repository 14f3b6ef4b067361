"""Drawing pieces shared by the table, hand and result pictures: cards, chips, pills, badges."""

from __future__ import annotations

import functools
import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.cards import BIG_JOKER, RANK_NAMES, Card
from render import theme
from render.faces import card_face, card_height, index_width, note_index, shadow, suit_image
from render.fonts import Style, draw_text, runs, text_width
from render.look import SMALL, Look
from render.order import by_rank

Box = tuple[int, int, int, int]


def collapse(cards: Sequence[Card]) -> list[tuple[Card, int]]:
    """Identical cards (the decks hold copies) as ``(card, copies)``, in order of first sight."""
    counts: dict[Card, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return list(counts.items())


def row_width(faces: int, width: int, step: int) -> int:
    return 0 if faces == 0 else width + (faces - 1) * step


def fit_step(faces: int, width: int, max_width: int, step: int) -> int:
    """The overlap step that fits ``faces`` cards into ``max_width`` (never above ``step``)."""
    if faces <= 1:
        return step
    return max(6, min(step, (max_width - width) // (faces - 1)))


@dataclass(frozen=True, slots=True)
class Laid:
    """One face as laid on the table: ``copies`` identical cards, maybe ringed or dimmed."""

    card: Card
    copies: int = 1
    ring: theme.RGB | None = None
    dim: bool = False  # shown but not played (the rest of a failed throw)


def draw_card(
    image: Image.Image,
    card: Card,
    xy: tuple[int, int],
    width: int,
    look: Look,
    copies: int = 1,
    ring: theme.RGB | None = None,
    dim: bool = False,
) -> None:
    """One card (with ``copies - 1`` edges peeking out behind it and a ×n badge), ringed in
    ``ring`` when it stands out (the top play, a chosen card, a card from the kitty), shaded
    when ``dim``."""
    x, y = xy
    face = card_face(card, width, look.four_colour)
    note_index(card, width)
    offset = max(2, width // 20)
    veil = _veil(width) if dim else None
    for i in range(min(copies, 3) - 1, 0, -1):
        image.paste(face, (x + i * offset, y - i * offset), face)
        if veil is not None:
            image.paste(veil, (x + i * offset, y - i * offset), veil)
    shade = shadow(width)
    image.paste(shade, (x + 2, y + 3), shade)
    image.paste(face, (x, y), face)
    if veil is not None:
        image.paste(veil, (x, y), veil)
    h = card_height(width)
    if ring is not None:
        r = round(width * 0.1)
        ImageDraw.Draw(image).rounded_rectangle(
            (x - 3, y - 3, x + width + 2, y + h + 2), r + 3, outline=ring, width=5
        )
    if copies > 1:  # under the corner index, where it stays visible when overlapped
        centre = (x + index_width(width) / 2 + 1, y + round(width * 1.2))
        draw_text(image, centre, f"×{copies}", Style(SMALL, theme.PLATE_TEXT, bold=True), "m")


@functools.lru_cache(maxsize=8)
def _veil(width: int) -> Image.Image:
    """A card-shaped shade laid over a face that was shown but not played."""
    veil = Image.new("RGBA", (width, card_height(width)), (0, 0, 0, 0))
    ImageDraw.Draw(veil).rounded_rectangle(
        (0, 0, width - 1, card_height(width) - 1), round(width * 0.1), fill=(16, 40, 28, 120)
    )
    return veil


def laid(cards: Sequence[Card], ring: theme.RGB | None = None) -> list[Laid]:
    """A play's cards as faces by rank, then suit, identical copies collapsed."""
    return [Laid(card, copies, ring) for card, copies in collapse(by_rank(cards))]


def draw_faces(
    image: Image.Image,
    faces: Sequence[Laid],
    xy: tuple[int, int],
    width: int,
    step: int,
    look: Look,
) -> int:
    """Faces left to right, overlapping by ``step``. Returns the width drawn."""
    x, y = xy
    for face in faces:
        draw_card(image, face.card, (x, y), width, look, face.copies, face.ring, face.dim)
        x += step
    return row_width(len(faces), width, step)


def panel(
    draw: ImageDraw.ImageDraw, box: Box, fill: theme.RGB = theme.PANEL, radius: int = 14
) -> None:
    draw.rounded_rectangle(box, radius, fill=fill)


def pill(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    style: Style,
    fill: theme.RGB,
    anchor: str = "l",
) -> Box:
    """A rounded label; ``xy`` is its left (or centre, or right) middle point. Returns its box."""
    pad = round(style.size * 0.45)
    width = text_width(text, style) + 2 * pad
    height = round(style.size * 1.35)
    x = round(xy[0]) - (width if anchor == "r" else width // 2 if anchor == "m" else 0)
    top = round(xy[1]) - height // 2
    box = (x, top, x + width, top + height)
    ImageDraw.Draw(image).rounded_rectangle(box, height // 2, fill=fill)
    draw_text(image, (x + pad, xy[1]), text, style)
    return box


def pill_width(text: str, style: Style) -> int:
    return text_width(text, style) + 2 * round(style.size * 0.45)


def order_badge(
    image: Image.Image, centre: tuple[int, int], number: int, look: Look, fill: theme.RGB
) -> None:
    """The place of a play in the order of the trick: a round badge with its number."""
    radius = 19 if number < 10 else 23
    x, y = centre
    ImageDraw.Draw(image).ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill)
    colour = text_on(fill)
    draw_text(image, (x, y), str(number), look.style(SMALL, colour, bold=True), "m")


# ---------------------------------------------------------------------------------------
# Cards as text-sized chips (the last trick, a failed throw): smaller than faces, still legible

CHIP_H = 38
_CHIP_PAD = 6
_GAP = 4  # between chips, and between lines of chips
_GROUP_PAD = 4  # a rank group's chip is tighter: a long play needs the room
_SUIT = 21  # the suit shape in a chip


def _chip_text(card: Card) -> str:
    if card.suit is not None:
        return RANK_NAMES[card.rank]
    text = "大王" if card.rank == BIG_JOKER else "小王"
    return text if runs(text, SMALL, bold=True) else ("BJ" if card.rank == BIG_JOKER else "SJ")


def _chip_width(card: Card, copies: int, look: Look) -> int:
    style = look.style(SMALL, bold=True)
    width = text_width(_chip_text(card), style) + 2 * _CHIP_PAD
    if card.suit is not None:
        width += _SUIT + 1
    if copies > 1:
        width += text_width(f"×{copies}", style) + 4
    return width


def chips_width(cards: Sequence[Card], look: Look, gap: int = 4) -> int:
    faces = collapse(cards)
    return sum(_chip_width(card, n, look) for card, n in faces) + gap * max(0, len(faces) - 1)


def draw_chips(
    image: Image.Image, xy: tuple[int, int], cards: Sequence[Card], look: Look, gap: int = 4
) -> int:
    """Cards as small white chips ("10♥", "大王", "4♠×2") from ``xy`` (left, middle)."""
    x, y = xy
    draw = ImageDraw.Draw(image)
    start = x
    for card, copies in collapse(cards):
        width = _chip_width(card, copies, look)
        top = y - CHIP_H // 2
        draw.rounded_rectangle((x, top, x + width, top + CHIP_H), 7, fill=theme.CARD_WHITE)
        colour = look.card(card)
        pen = x + _CHIP_PAD
        pen += draw_text(image, (pen, y), _chip_text(card), look.style(SMALL, colour, True))
        if card.suit is not None:
            shape = suit_image(card.suit, _SUIT, colour)
            image.paste(shape, (pen + 1, y - _SUIT // 2), shape)
            pen += _SUIT + 1
        if copies > 1:
            draw_text(image, (pen + 4, y), f"×{copies}", look.style(SMALL, theme.MUTED_TEXT, True))
        x += width + gap
    return x - gap - start if x > start else 0


def rank_groups(faces: Sequence[Laid]) -> list[list[Laid]]:
    """Faces grouped by rank (consecutive faces of one rank: ``laid`` sorts them)."""
    groups: list[list[Laid]] = []
    for face in faces:
        if groups and groups[-1][0].card.rank == face.card.rank:
            groups[-1].append(face)
        else:
            groups.append([face])
    return groups


def _group_width(group: Sequence[Laid], look: Look) -> int:
    style = look.style(SMALL, bold=True)
    width = text_width(_chip_text(group[0].card), style) + 2 * _GROUP_PAD
    for face in group:
        if face.card.suit is not None:
            width += _SUIT + 1
        if face.copies > 1:
            width += text_width(f"×{face.copies}", style) + 2
    return width


def group_lines(faces: Sequence[Laid], look: Look, room: int) -> list[list[list[Laid]]]:
    """A long play's rank groups wrapped into lines of chips at most ``room`` wide."""
    lines: list[list[list[Laid]]] = [[]]
    width = 0
    for group in rank_groups(faces):
        chip = _group_width(group, look)
        if lines[-1] and width + _GAP + chip > room:
            lines.append([])
            width = 0
        width += chip + (_GAP if lines[-1] else 0)
        lines[-1].append(group)
    return lines


def lines_width(lines: Sequence[Sequence[Sequence[Laid]]], look: Look) -> int:
    return max(
        sum(_group_width(g, look) for g in line) + _GAP * max(0, len(line) - 1) for line in lines
    )


def draw_groups(
    image: Image.Image,
    xy: tuple[int, int],
    lines: Sequence[Sequence[Sequence[Laid]]],
    look: Look,
) -> None:
    """A long play as one chip per rank ("3♠♥", "8♠×3", "大王×2"), in ``lines`` (from
    ``group_lines``) from ``xy`` (left, top)."""
    x0, y = xy
    draw = ImageDraw.Draw(image)
    for line in lines:
        x = x0
        for group in line:
            width = _group_width(group, look)
            draw.rounded_rectangle((x, y, x + width, y + CHIP_H), 7, fill=theme.CARD_WHITE)
            mid = y + CHIP_H // 2
            style = look.style(SMALL, look.card(group[0].card), True)
            pen = (
                x
                + _CHIP_PAD
                + draw_text(image, (x + _CHIP_PAD, mid), _chip_text(group[0].card), style)
            )
            for face in group:
                if face.card.suit is not None:
                    shape = suit_image(face.card.suit, _SUIT, look.card(face.card))
                    image.paste(shape, (pen + 1, mid - _SUIT // 2), shape)
                    pen += _SUIT + 1
                if face.copies > 1:
                    note = look.style(SMALL, theme.MUTED_TEXT, True)
                    pen += 2 + draw_text(image, (pen + 2, mid), f"×{face.copies}", note)
            x += width + _GAP
        y += CHIP_H + _GAP


def text_on(fill: theme.RGB) -> theme.RGB:
    """Dark text on a light fill (gold, white), light text on a dark one."""
    r, g, b = fill
    return theme.PLATE_TEXT if 0.299 * r + 0.587 * g + 0.114 * b > 150 else theme.TEXT


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def encode(image: Image.Image) -> bytes:
    """PNG bytes with a 256-colour palette: a quarter of the data, so 3-4x faster to compress.

    The palette comes from a quarter-size copy (cheap) and is applied without dithering, so
    flat areas stay flat and the output is the same for the same picture.
    """
    palette = image.reduce(4).quantize(256, method=Image.Quantize.FASTOCTREE)
    indexed = image.quantize(palette=palette, dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, format="PNG", compress_level=3)
    return out.getvalue()
