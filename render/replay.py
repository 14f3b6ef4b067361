"""The first page of a replay: every seat's cards as dealt (drawn only once a hand is over).

Four hands of up to 41 cards must fit a phone, so cards are drawn as chips ("10♥", "4♠×2"),
as in the last trick: 清墩 hands grouped by rank, 三扣 hands into trumps and side suits (as in
the hand picture). 三扣 adds the kitty as dealt, the kitty the dealer laid back, the bidding,
the contract and trump.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.cards import Card
from engine.replay import RevealedDeal
from render import theme
from render.fonts import draw_text, fit, wrap
from render.hand import qingdun_groups, sankou_groups
from render.look import BODY, NAME, SMALL, TITLE, WIDTH, Look
from render.widgets import (
    CHIP_H,
    Box,
    chips_width,
    draw_chips,
    panel,
    pill,
    pill_width,
    text_on,
)

PAD = 12
X0, X1 = PAD + 18, WIDTH - PAD - 18
HEAD_H = 110
LINE_H = CHIP_H + 8  # one line of chips
NAME_H = 48
GROUP_GAP = 14
TEXT_H = 38  # one line of text (the bidding)


def _groups(deal: RevealedDeal, cards: Sequence[Card]) -> list[list[Card]]:
    if deal.game == "qingdun":
        return qingdun_groups(cards)
    return sankou_groups(cards, deal.trump)


Line = list[tuple[list[Card], int]]  # chips on one line: (cards, x offset)


def chip_lines(groups: list[list[Card]], look: Look, width: int) -> list[Line]:
    """Groups of chips placed left to right, a new line when one is full: (cards, x) each.

    A group wider than a whole line is split between cards.
    """
    lines: list[Line] = [[]]
    x = 0
    for group in groups:
        pieces = [group] if chips_width(group, look) <= width else [[card] for card in group]
        for piece in pieces:
            size = chips_width(piece, look)
            if lines[-1] and x + size > width:
                lines.append([])
                x = 0
            lines[-1].append((piece, x))
            x += size + (GROUP_GAP if len(pieces) == 1 else 4)
    return lines


def part_seats(part: int | None) -> range:
    """The seats a part of the deal shows: all four, or two per part (``PARTS``)."""
    return range(4) if part is None else range(2 * part, 2 * part + 2)


PARTS = 2  # a replay shows the deal in two pictures, each about as tall as the table's


def deal_image(
    deal: RevealedDeal, names: Sequence[str], look: Look, part: int | None = None
) -> Image.Image:
    """Every hand as dealt; ``part`` 0 or 1: seats 1-2 with the kitties, or seats 3-4 with the
    bidding (a whole deal is twice as tall as wide: shown smaller than a phone's width where a
    client limits a preview's height)."""
    inner = X1 - X0
    seats = part_seats(part)
    hands = [chip_lines(_groups(deal, deal.hands[seat]), look, inner) for seat in seats]
    kitties = [
        (key, cards)
        for key, cards in (("dealt_kitty", deal.kitty), ("buried_kitty", deal.buried))
        if cards and part in (None, 0)
    ]
    bid_style = look.style(SMALL, theme.SOFT_TEXT)
    shown = deal.bids and part in (None, PARTS - 1)
    bids = wrap(_bids_text(deal, names, look), bid_style, inner) if shown else []
    height = HEAD_H + PAD
    height += sum(NAME_H + LINE_H * len(lines) + 2 * PAD for lines in hands)
    height += sum(NAME_H + LINE_H + 2 * PAD for _ in kitties)
    if bids:
        height += NAME_H + TEXT_H * len(bids) + 2 * PAD
    image = theme.felt(WIDTH, height).copy()
    draw = ImageDraw.Draw(image)
    _head(image, draw, deal, names, look)
    y = HEAD_H + PAD
    for seat, lines in zip(seats, hands, strict=True):
        title = _seat_title(deal, seat, names, look)
        y = _section(image, draw, y, lines, look, title, _badge(deal, seat, look))
    for key, cards in kitties:
        lines = chip_lines([list(cards)], look, inner)
        y = _section(image, draw, y, lines, look, look.label(key))
    if bids:
        box_h = NAME_H + TEXT_H * len(bids) + PAD
        panel(draw, (PAD, y, WIDTH - PAD, y + box_h))
        head = look.style(BODY, bold=True)
        draw_text(image, (X0, y + NAME_H // 2 + 4), look.label("bids"), head)
        for number, line in enumerate(bids):
            draw_text(image, (X0, y + NAME_H + TEXT_H // 2 + number * TEXT_H), line, bid_style)
    return image


Badge = tuple[str, theme.RGB]  # text and fill of a pill beside a section's title


def _section(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    y: int,
    lines: list[Line],
    look: Look,
    title: str,
    badge: Badge | None = None,
) -> int:
    """A panel with a title line (and a badge at its right) and chip lines; returns where the
    next panel starts."""
    box_h = NAME_H + LINE_H * len(lines) + PAD
    panel(draw, (PAD, y, WIDTH - PAD, y + box_h))
    middle = y + NAME_H // 2 + 4
    room = X1 - X0
    if badge is not None:
        text, fill = badge
        style = look.style(SMALL, text_on(fill), bold=True)
        width = pill_width(text, style)
        pill(image, (X1 - width, middle), text, style, fill)
        room -= width + 16
    head = look.style(NAME, bold=True)
    draw_text(image, (X0, middle), fit(title, head, room), head)
    for number, line in enumerate(lines):
        centre = y + NAME_H + number * LINE_H + LINE_H // 2
        for cards, x in line:
            draw_chips(image, (X0 + x, centre), cards, look)
    return y + box_h + PAD


def _seat_title(deal: RevealedDeal, seat: int, names: Sequence[str], look: Look) -> str:
    return f"{names[seat]} · {look.count('cards', len(deal.hands[seat]))}"


def _badge(deal: RevealedDeal, seat: int, look: Look) -> Badge | None:
    """The dealer, or the holder of 清墩's face-up card (who leads first)."""
    if seat == deal.dealer:
        return look.label("dealer"), theme.DEALER
    if seat == deal.leader and deal.face_up is not None:
        return f"{look.label('face_up')} {deal.face_up.pretty}", theme.TOP_PLAY
    return None


def _head(
    image: Image.Image, draw: ImageDraw.ImageDraw, deal: RevealedDeal, names: Sequence[str],
    look: Look,
) -> None:  # fmt: skip
    box: Box = (PAD, PAD, WIDTH - PAD, HEAD_H)
    panel(draw, box)
    title = f"{look.label('deal')} · {look.label(deal.game)}"
    head = look.style(TITLE, bold=True)
    draw_text(image, (X0, PAD + 30), fit(title, head, X1 - X0), head)
    parts = []
    if deal.dealer is not None and deal.contract is not None:
        parts.append(look.label("bid_won", bid=deal.contract, name=names[deal.dealer]))
    if deal.trump is not None:
        parts.append(f"{look.label('trump')} {deal.trump.symbol}")
    if deal.leader is not None and deal.game == "qingdun":
        parts.append(look.label("leads_first", name=names[deal.leader]))
    if parts:
        soft = look.style(SMALL, theme.SOFT_TEXT, bold=True)
        draw_text(image, (X0, PAD + 72), fit(" · ".join(parts), soft, X1 - X0), soft)


def _bids_text(deal: RevealedDeal, names: Sequence[str], look: Look) -> str:
    return " · ".join(
        f"{names[b.seat]} {look.label('pass_bid') if b.amount is None else b.amount}"
        for b in deal.bids
    )
