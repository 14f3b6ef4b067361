"""The shared shape of a table picture, laid out for a phone (about 330 px wide in Discord).

A header with the game's state, then one row per seat in the order of play (seat 0 first:
play goes 0 → 1 → 2 → 3), each row a name plate on the left and that seat's part of the
current trick on the right, numbered in the order it was played. Under the rows, a story
panel says what came before: the last trick card by card, the bidding, the face-up card.
Whose turn it is: the row is ringed in gold and says so in words.

Rows instead of a round table: at 330 px a round table leaves the left and right seats a
hand's width of room each, and most of the picture is empty felt. Rows give every seat the
full width for its cards, keep the picture about square (desktop previews limit height), and
read top to bottom in the order of play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.cards import Card
from render import theme
from render.faces import card_back, card_height, index_width
from render.fonts import Style, draw_text, fit, text_width
from render.look import BODY, NAME, SMALL, WIDTH, Look
from render.widgets import (
    CHIP_H,
    Box,
    Laid,
    chips_width,
    draw_chips,
    draw_faces,
    draw_groups,
    fit_step,
    group_lines,
    lines_width,
    order_badge,
    pill,
    pill_width,
    row_width,
    signed,
    text_on,
)

PAD = 12
HEADER: Box = (PAD, PAD, WIDTH - PAD, PAD + 92)
ROW_TOP = HEADER[3] + 10
ROW_H = 106
ROW_GAP = 8
PLATE_W = 258
CARD_W = 66  # cards on the table: their corner capitals are 19 px tall (9.5 px on a phone)
CARD_H = card_height(CARD_W)
STEP = 40  # room for a ×2 badge in the visible part of an overlapped card
STORY_TOP = ROW_TOP + 4 * (ROW_H + ROW_GAP) + 2
STORY_TITLE_H = 44
LINE_H = CHIP_H + 8
ROW_BG: theme.RGB = (29, 98, 60)
_BADGE_R = 19  # radius of a play's order badge


class PublicViewRequired(ValueError):
    """A public picture was asked for with a view that holds somebody's cards."""


@dataclass(frozen=True, slots=True)
class Seat:
    """What a seat's name plate shows besides the name."""

    name: str
    stripe: theme.RGB | None  # 清墩 team colour, 三扣 the dealer's
    cards: int
    points: int | None = None  # points captured this hand, said as "10 pts" / "10 分"
    badge: str | None = None  # 頭家 / 庄家 …
    badge_colour: theme.RGB = theme.DEALER
    dim: bool = False  # gone out
    score: int | None = None  # running table score, said as "Table score +20" / "總分 +20"
    turn: bool = False


def row_box(seat: int) -> Box:
    top = ROW_TOP + seat * (ROW_H + ROW_GAP)
    return PAD, top, WIDTH - PAD, top + ROW_H


def plate_box(seat: int) -> Box:
    x0, y0, _, y1 = row_box(seat)
    return x0, y0, x0 + PLATE_W, y1


def play_box(seat: int) -> Box:
    """Where a seat's part of the trick goes: right of its plate, inside its row."""
    _, y0, x1, y1 = row_box(seat)
    return PAD + PLATE_W + 12, y0, x1 - 10, y1


def height_for(story_lines: int) -> int:
    story = STORY_TITLE_H + story_lines * LINE_H + 10
    return STORY_TOP + story + PAD


def canvas(story_lines: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = theme.felt(WIDTH, height_for(story_lines)).copy()
    return image, ImageDraw.Draw(image)


def header(draw: ImageDraw.ImageDraw) -> Box:
    draw.rounded_rectangle(HEADER, 14, fill=theme.PANEL)
    return HEADER


def draw_seat(image: Image.Image, index: int, seat: Seat, look: Look) -> None:
    """A seat's row: the band, its plate (name, badge, cards left, points, table score)."""
    draw = ImageDraw.Draw(image)
    box = row_box(index)
    if seat.turn:
        draw.rounded_rectangle(
            (box[0] - 4, box[1] - 4, box[2] + 4, box[3] + 4), 18, fill=theme.TURN
        )
    draw.rounded_rectangle(box, 14, fill=ROW_BG)
    x0, y0, x1, y1 = plate_box(index)
    draw.rounded_rectangle((x0, y0, x1, y1), 14, fill=theme.PLATE_DIM if seat.dim else theme.PLATE)
    if seat.stripe is not None:
        draw.rounded_rectangle((x0, y0, x0 + 12, y1), 6, fill=seat.stripe)
    left, right = x0 + 22, x1 - 12
    name_style = look.style(NAME, theme.PLATE_TEXT, bold=True)
    draw_text(image, (left, y0 + 25), fit(seat.name, name_style, right - left), name_style)
    y = y0 + 61
    if seat.points is not None:
        points = look.label("n_points", n=seat.points)
        right -= draw_text(
            image, (right, y), points, look.style(SMALL, theme.PLATE_TEXT, True), "r"
        )
        right -= 10
    x = left
    if seat.badge:
        badge = look.style(SMALL, text_on(seat.badge_colour), bold=True)
        x = pill(image, (x - 4, y), fit(seat.badge, badge, right - x), badge, seat.badge_colour)[2]
        x += 8
    if seat.cards or not seat.badge:  # someone who went out shows the place instead
        back = card_back(20)
        image.paste(back, (x, y - 14), back)
        small = look.style(SMALL, theme.MUTED_TEXT)
        count = look.count("cards", seat.cards)
        if text_width(count, small) > right - x - 27:  # beside a badge: the number alone
            count = str(seat.cards)
        draw_text(image, (x + 27, y), count, small)
    if seat.score is not None:
        colour = (
            theme.GOOD_DARK
            if seat.score > 0
            else theme.BAD_DARK
            if seat.score < 0
            else (theme.MUTED_TEXT)
        )
        text = look.label("table_score_is", score=signed(seat.score))
        score = look.style(SMALL, colour, bold=True)
        draw_text(image, (left, y0 + 90), fit(text, score, x1 - left - 10), score)


def draw_play(
    image: Image.Image,
    index: int,
    number: int | None,
    faces: Sequence[Laid],
    look: Look,
    caption: str | None = None,
    caption_fill: theme.RGB = theme.PANEL,
    top: bool = False,
) -> None:
    """A seat's play: its order badge (gold for the ``top`` play), its faces, and a caption
    (the kind of play, "winning", "Passed") beside the cards when there is room, else over
    their lower right part."""
    x0, y0, x1, y1 = play_box(index)
    mid = (y0 + y1) // 2
    if number is not None:
        fill = theme.TOP_PLAY if top else theme.PLATE
        order_badge(image, (x0 + _BADGE_R, mid), number, look, fill)
        x0 += 2 * _BADGE_R + 10
    shown = list(faces)
    room = x1 - x0
    style = look.style(SMALL, text_on(caption_fill), True)
    lines: list[str] = []
    cap_w = 0
    if caption:
        beside = room - (row_width(len(shown), CARD_W, index_width(CARD_W)) + 12 if shown else 0)
        lines = _wrap(caption, style, max(beside, room // 2))
        cap_w = max(pill_width(line, style) for line in lines)
    width = 0
    if shown and _too_long(shown, room):  # the faces would hide each other: chips by rank
        chips = group_lines(shown, look, room - (cap_w + 12 if caption else 0))
        if len(chips) > 2:  # beside the caption they need more than two lines: the full row
            chips = group_lines(shown, look, room)[:2]  # (the words say the rest)
        top = mid - (len(chips) * (CHIP_H + 4) - 4) // 2
        draw_groups(image, (x0, top), chips, look)
        width = lines_width(chips, look)
        last = x0 + lines_width(chips[-1:], look) + 12  # the caption beside the last line
        if caption and len(chips) > 1 and last + pill_width(caption, style) <= x1:
            y = top + (len(chips) - 1) * (CHIP_H + 4) + CHIP_H // 2
            pill(image, (last, y), caption, style, caption_fill)
            return
    elif shown:
        cards_room = room - (cap_w + 12 if caption else 0)
        step = max(index_width(CARD_W), fit_step(len(shown), CARD_W, cards_room, STEP))
        step = fit_step(len(shown), CARD_W, room, step)
        width = draw_faces(image, shown, (x0, y0 + 7), CARD_W, step, look)
    if not caption:
        return
    cx = x0 + width + 12 if shown else x0
    if cx + cap_w > x1:  # no room beside the cards: over their lower right part
        cx = x1 - cap_w
        pill(image, (cx, y1 - 24), fit(lines[-1], style, x1 - cx - 24), style, caption_fill)
        return
    line_h = round(SMALL * 1.35)
    height = line_h * len(lines)
    top_y = mid - height // 2
    ImageDraw.Draw(image).rounded_rectangle(
        (cx, top_y, cx + cap_w, top_y + height), line_h // 2, fill=caption_fill
    )
    for i, line in enumerate(lines):
        draw_text(image, (cx + round(SMALL * 0.45), top_y + line_h * i + line_h / 2), line, style)


def _too_long(faces: Sequence[Laid], room: int) -> bool:
    """Whether a play's faces would overlap past their corner indices in ``room`` (a long
    chain, a straight of pairs): then it is drawn as chips by rank instead, at any width.
    A failed throw keeps its faces (its rings and shading say what was forced)."""
    if any(face.dim for face in faces):
        return False
    return fit_step(len(faces), CARD_W, room, STEP) < index_width(CARD_W)


def _wrap(text: str, style: Style, max_width: int) -> list[str]:
    """``text`` on one line, or on two split at a space when one line is wider than allowed."""
    if text_width(text, style) + 24 <= max_width or " " not in text:
        return [text]
    words = text.split(" ")
    best = min(
        range(1, len(words)),
        key=lambda i: max(
            text_width(" ".join(words[:i]), style), text_width(" ".join(words[i:]), style)
        ),
    )
    return [" ".join(words[:best]), " ".join(words[best:])]


def _chips_fitted(
    image: Image.Image, xy: tuple[int, int], cards: Sequence[Card], look: Look, room: int
) -> None:
    """As many chips as fit in ``room``, then "…"."""
    shown = list(cards)
    while shown and chips_width(shown, look) > room - (0 if len(shown) == len(cards) else 30):
        shown.pop()
    width = draw_chips(image, xy, shown, look)
    if len(shown) < len(cards):
        draw_text(image, (xy[0] + width + 6, xy[1]), "…", look.style(SMALL, bold=True))


def draw_tag(
    image: Image.Image, index: int, text: str, look: Look, fill: theme.RGB = theme.TURN
) -> None:
    """A word in a seat's play area where it has no cards: "to play", "Passed", a bid."""
    x0, y0, x1, y1 = play_box(index)
    style = look.style(BODY, text_on(fill), bold=True)
    pill(image, (x0, (y0 + y1) // 2), fit(text, style, x1 - x0 - 30), style, fill)


# ---------------------------------------------------------------------------------------
# The story panel: what happened before the current trick


@dataclass(frozen=True, slots=True)
class Entry:
    """One step in the story: its order badge, who, and the cards played or a word."""

    number: int | None
    name: str | None
    cards: tuple[Card, ...] = ()
    word: str | None = None
    gold: bool = False  # the winning play
    name_max: int = 150  # widest the name may be drawn
    minor: bool = False  # a pass: left out first when the story is too long


_STORY_X0 = PAD + 16
_STORY_X1 = WIDTH - PAD - 16


def _entry_width(entry: Entry, look: Look) -> int:
    width = 0
    if entry.number is not None:
        width += 2 * _BADGE_R + 6
    if entry.name:
        width += min(entry.name_max, text_width(entry.name, look.style(SMALL, bold=True))) + 8
    if entry.cards:
        width += chips_width(entry.cards, look)
    if entry.word:
        width += text_width(entry.word, look.style(SMALL, theme.SOFT_TEXT, bold=True))
    return width


def story_lines(entries: Sequence[Entry], look: Look, max_lines: int = 3) -> list[list[Entry]]:
    """Entries flowed into lines. When they do not fit, passes go first, then the oldest
    entries (a leading "…" says so)."""
    if not entries:
        return []
    room = _STORY_X1 - _STORY_X0
    kept = list(entries)
    dropped = False
    while True:
        lines: list[list[Entry]] = [[]]
        x = 0
        for entry in ([Entry(None, None, word="…")] if dropped else []) + kept:
            width = min(_entry_width(entry, look), room)
            if lines[-1] and x + width > room:
                lines.append([])
                x = 0
            lines[-1].append(entry)
            x += width + 18
        if len(lines) <= max_lines or not kept:
            return lines
        minor = [entry for entry in kept if entry.minor]
        kept.remove(minor[0] if minor else kept[0])
        dropped = dropped or not minor


def draw_story(
    image: Image.Image,
    title: str,
    right: str | None,
    lines: Sequence[Sequence[Entry]],
    look: Look,
) -> None:
    draw = ImageDraw.Draw(image)
    top = STORY_TOP
    bottom = top + STORY_TITLE_H + len(lines) * LINE_H + 10
    draw.rounded_rectangle((PAD, top, WIDTH - PAD, bottom), 14, fill=theme.PANEL)
    head = look.style(BODY, theme.SOFT_TEXT, bold=True)
    right_w = 0
    if right:
        right_w = draw_text(image, (_STORY_X1, top + 26), right, look.style(BODY, bold=True), "r")
    draw_text(
        image, (_STORY_X0, top + 26), fit(title, head, _STORY_X1 - _STORY_X0 - right_w - 16), head
    )
    y = top + STORY_TITLE_H + LINE_H // 2
    for line in lines:
        x = _STORY_X0
        for entry in line:
            x = _draw_entry(image, (x, y), entry, look) + 18
        y += LINE_H


def _draw_entry(image: Image.Image, xy: tuple[int, int], entry: Entry, look: Look) -> int:
    x, y = xy
    room = _STORY_X1 - x
    if entry.number is not None:
        fill = theme.TOP_PLAY if entry.gold else theme.PLATE
        order_badge(image, (x + _BADGE_R, y), entry.number, look, fill)
        x += 2 * _BADGE_R + 6
    if entry.name:
        style = look.style(SMALL, bold=True)
        tail = _entry_width(Entry(None, None, entry.cards, entry.word), look)
        limit = max(60, min(entry.name_max, _STORY_X1 - x - tail - 8))
        x += draw_text(image, (x, y), fit(entry.name, style, limit), style) + 8
    if entry.cards:
        before = x
        _chips_fitted(image, (x, y), entry.cards, look, _STORY_X1 - x)
        x = before + min(chips_width(entry.cards, look), _STORY_X1 - before)
    if entry.word:
        colour = theme.TOP_PLAY if entry.gold else theme.SOFT_TEXT if entry.minor else theme.TEXT
        style = look.style(SMALL, colour, bold=True)
        x += draw_text(image, (x, y), fit(entry.word, style, max(20, room - (x - xy[0]))), style)
    return x


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
