"""The first page of a replay: every seat's cards as dealt (drawn only once a hand is over).

清墩 hands are grouped by rank, 三扣 hands into trumps and side suits (as in the hand picture);
三扣 also shows the kitty as dealt, the kitty the dealer laid back, the contract and trump.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.cards import Card, Suit
from engine.replay import RevealedDeal
from render import theme
from render.faces import card_height, draw_suit, index_width
from render.fonts import draw_text, fit
from render.hand import qingdun_groups, sankou_groups
from render.labels import label
from render.theme import canvas
from render.widgets import collapse, draw_cards, panel, pill, row_width, style

WIDTH = 1200
MARGIN = 24
TITLE_H = 76
CARD_W = 46
CARD_H = card_height(CARD_W)
STEP = index_width(CARD_W)
GROUP_GAP = 10
NAME_H = 34
SEAT_PAD = 14
LINE_H = CARD_H + 10


def _groups(deal: RevealedDeal, cards: Sequence[Card]) -> list[list[Card]]:
    if deal.game == "qingdun":
        return qingdun_groups(cards)
    return sankou_groups(cards, deal.trump)


def _lines(groups: list[list[Card]], width: int) -> list[list[tuple[list[Card], int]]]:
    """Groups placed left to right, wrapping when a line is full: (group, x offset) each."""
    lines: list[list[tuple[list[Card], int]]] = [[]]
    x = 0
    for group in groups:
        size = row_width(len(collapse(group)), CARD_W, STEP)
        if lines[-1] and x + size > width:
            lines.append([])
            x = 0
        lines[-1].append((group, x))
        x += size + GROUP_GAP
    return lines


def deal_image(deal: RevealedDeal, names: Sequence[str], lang: str) -> Image.Image:
    inner = WIDTH - 4 * MARGIN
    laid = [_lines(_groups(deal, hand), inner) for hand in deal.hands]
    height = TITLE_H + sum(NAME_H + LINE_H * len(lines) + 2 * SEAT_PAD for lines in laid)
    kitties = [(key, cards) for key, cards in (("dealt_kitty", deal.kitty),
               ("buried_kitty", deal.buried)) if cards]  # fmt: skip
    if kitties:
        height += NAME_H + LINE_H + 2 * SEAT_PAD
    height += MARGIN
    image, draw = canvas(WIDTH, height)
    _title(image, draw, deal, names, lang)
    y = TITLE_H
    for seat, lines in enumerate(laid):
        box_h = NAME_H + LINE_H * len(lines) + SEAT_PAD
        panel(draw, (MARGIN, y, WIDTH - MARGIN, y + box_h))
        _seat_head(image, deal, seat, names, lang, y)
        for number, line in enumerate(lines):
            top = y + NAME_H + number * LINE_H
            for group, x in line:
                draw_cards(image, group, (2 * MARGIN + x, top), CARD_W, STEP)
        y += box_h + SEAT_PAD
    if kitties:
        x = 2 * MARGIN
        panel(draw, (MARGIN, y, WIDTH - MARGIN, y + NAME_H + LINE_H + SEAT_PAD))
        for key, cards in kitties:
            head = style(lang, 18, theme.SOFT_TEXT, bold=True)
            draw_text(image, (x, y + NAME_H // 2 + 4), label(key, lang), head)
            width = draw_cards(image, cards, (x, y + NAME_H), CARD_W, STEP)
            x += max(width, 200) + 4 * GROUP_GAP
    return image


def _title(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    deal: RevealedDeal,
    names: Sequence[str],
    lang: str,
) -> None:
    draw.rectangle((0, 0, WIDTH, TITLE_H - 12), fill=theme.PANEL)
    title = f"{label('deal', lang)} · {label(deal.game, lang)}"
    head = style(lang, 28, bold=True)
    right = WIDTH - MARGIN
    if deal.trump is not None:
        right = _trump_box(image, draw, deal.trump, right, lang)
    if deal.dealer is not None and deal.contract is not None:
        text = label("bid_won", lang, bid=deal.contract, name=names[deal.dealer])
        small = style(lang, 20, theme.SOFT_TEXT)
        right -= draw_text(image, (right, (TITLE_H - 12) // 2), fit(text, small, 420), small, "r")
        right -= 24
    draw_text(image, (MARGIN, (TITLE_H - 12) // 2), fit(title, head, right - MARGIN - 24), head)


def _trump_box(
    image: Image.Image, draw: ImageDraw.ImageDraw, trump: Suit, right: int, lang: str
) -> int:
    box = (right - 40, 12, right, 52)
    draw.rounded_rectangle(box, 8, fill=theme.CARD_WHITE)
    colour = theme.RED if trump in (Suit.HEARTS, Suit.DIAMONDS) else theme.BLACK
    draw_suit(draw, trump, (box[0] + 6, box[1] + 6, 28), colour)
    right = box[0] - 10
    right -= draw_text(
        image, (right, 32), label("trump", lang), style(lang, 20, theme.SOFT_TEXT), "r"
    )
    return right - 24


def _seat_head(
    image: Image.Image, deal: RevealedDeal, seat: int, names: Sequence[str], lang: str, y: int
) -> None:
    name_style = style(lang, 20, bold=True)
    middle = y + NAME_H // 2 + 4
    x = 2 * MARGIN
    x += draw_text(image, (x, middle), fit(names[seat], name_style, 480), name_style) + 14
    count = f"{len(deal.hands[seat])} {label('cards', lang)}"
    x += draw_text(image, (x, middle), count, style(lang, 17, theme.SOFT_TEXT)) + 14
    badge = style(lang, 15, theme.PLATE_TEXT, bold=True)
    if seat == deal.dealer:
        pill(image, (x, middle), label("dealer", lang), style(lang, 15, bold=True), theme.DEALER)
    elif seat == deal.leader and deal.face_up is not None:
        text = f"{label('face_up', lang)} {deal.face_up.pretty}"
        pill(image, (x, middle), text, badge, theme.TOP_PLAY)
