"""A seat's own cards, grouped the way players hold them, with a typed label under each card.

The engines already sort ``view.hand`` for display; here we only cut it into groups: 清墩 by
equal rank, 三扣 into the trumps (jokers, every 10 and the trump suit) and then each side
suit. Identical copies collapse into one face with a ×n badge; the notation under each face
(``10H``) is what the player types.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence

from PIL import Image, ImageDraw

from engine.cards import Card, Suit
from engine.qingdun.view import QingdunView
from engine.sankou.view import SankouView
from render import theme
from render.faces import card_height, draw_suit, index_width
from render.fonts import draw_text, fit
from render.labels import label
from render.widgets import collapse, draw_card, pill, row_width, style

WIDTH = 1100
CARD_W = 84
CARD_H = card_height(CARD_W)
STEP = index_width(CARD_W)
MARGIN = 24
GROUP_GAP = 20
RAISE = 18  # a suggested card stands up this far
ROW_H = RAISE + CARD_H + 30
TITLE_H = 64
SECTION_H = 40


def qingdun_groups(cards: Sequence[Card]) -> list[list[Card]]:
    return _runs(cards, lambda card: card.rank)


def _is_trump(card: Card, trump: Suit | None) -> bool:
    """三扣 trumps: jokers and every 10 always, and the trump suit once it is named."""
    return card.is_joker or card.rank == 10 or card.suit == trump


def sankou_groups(cards: Sequence[Card], trump: Suit | None) -> list[list[Card]]:
    def key(card: Card) -> Hashable:
        return "trump" if _is_trump(card, trump) else card.suit

    return _runs(cards, key)


def _runs(cards: Sequence[Card], key: Callable[[Card], Hashable]) -> list[list[Card]]:
    """Consecutive cards with the same key form a group (the engines sort the hand)."""
    groups: list[list[Card]] = []
    last: Hashable = object()
    for card in cards:
        k = key(card)
        if not groups or k != last:
            groups.append([])
        groups[-1].append(card)
        last = k
    return groups


def _layout(groups: list[list[Card]]) -> list[list[tuple[list[Card], int]]]:
    """Groups placed into rows: each row a list of (group, x). No cards, no rows."""
    rows: list[list[tuple[list[Card], int]]] = [[]] if groups else []
    x = MARGIN
    for group in groups:
        width = row_width(len(collapse(group)), CARD_W, STEP)
        if rows[-1] and x + width > WIDTH - MARGIN:
            rows.append([])
            x = MARGIN
        rows[-1].append((group, x))
        x += width + GROUP_GAP
    return rows


def _sections(
    view: QingdunView | SankouView, lang: str
) -> list[tuple[str | None, list[list[Card]]]]:
    """(caption, groups) for the own hand and, when the view has them, partner hand or kitty."""
    own = view.hand or ()
    caption = None if own else label("all_played", lang)
    if isinstance(view, QingdunView):
        sections = [(caption, qingdun_groups(own))]
        if view.partner_hand is not None:
            sections.append((label("partner_hand", lang), qingdun_groups(view.partner_hand)))
        return sections
    sections = [(caption, sankou_groups(own, view.trump))]
    if view.kitty:
        sections.append((label("kitty", lang), [list(view.kitty)]))
    return sections


def hand_image(
    view: QingdunView | SankouView, lang: str, highlight: Sequence[Card], title: str | None
) -> Image.Image:
    sections = _sections(view, lang)
    laid = [(caption, _layout(groups)) for caption, groups in sections]
    height = TITLE_H + 12
    for caption, rows in laid:
        height += (SECTION_H if caption else 0) + ROW_H * len(rows)
    height += 8
    image = Image.new("RGB", (WIDTH, height), theme.FELT_CENTRE)
    draw = ImageDraw.Draw(image)
    _title(image, draw, view, lang, title)
    wanted = Counter(highlight)
    y = TITLE_H + 12
    for caption, rows in laid:
        if caption:
            draw_text(
                image,
                (MARGIN, y + SECTION_H // 2),
                caption,
                style(lang, 20, theme.SOFT_TEXT, bold=True),
            )
            y += SECTION_H
        for row in rows:
            for group, x in row:
                trumps = isinstance(view, SankouView) and _is_trump(group[0], view.trump)
                _group(image, group, (x, y), wanted, lang, theme.TURN if trumps else theme.TEXT)
            y += ROW_H
    return image


def _title(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: QingdunView | SankouView,
    lang: str,
    title: str | None,
) -> None:
    draw.rectangle((0, 0, WIDTH, TITLE_H), fill=theme.PANEL)
    head = style(lang, 26, bold=True)
    text = title if title is not None else label("your_hand", lang)
    count = len(view.hand or ())
    right = WIDTH - MARGIN
    if isinstance(view, SankouView) and view.trump is not None:
        box = (right - 40, 12, right, 52)
        draw.rounded_rectangle(box, 8, fill=theme.CARD_WHITE)
        colour = theme.RED if view.trump in (Suit.HEARTS, Suit.DIAMONDS) else theme.BLACK
        draw_suit(draw, view.trump, (box[0] + 6, box[1] + 6, 28), colour)
        right = box[0] - 10
        right -= draw_text(
            image,
            (right, TITLE_H // 2),
            label("trump", lang),
            style(lang, 20, theme.SOFT_TEXT),
            "r",
        )
        right -= 24
    cards_text = f"{count} {label('cards', lang)}"
    right -= draw_text(
        image, (right, TITLE_H // 2), cards_text, style(lang, 22, theme.SOFT_TEXT), "r"
    )
    draw_text(image, (MARGIN, TITLE_H // 2), fit(text, head, right - MARGIN - 24), head)


def _group(
    image: Image.Image,
    group: list[Card],
    xy: tuple[int, int],
    wanted: Counter[Card],
    lang: str,
    tag_colour: theme.RGB,
) -> None:
    """One group of cards; the notation under each face is gold for 三扣 trumps."""
    x, y = xy
    tag = style(lang, 16, tag_colour, bold=True)
    for card, copies in collapse(group):
        chosen = min(wanted[card], copies)
        top = y + (0 if chosen else RAISE)
        draw_card(image, card, (x, top), CARD_W, copies, highlight=chosen > 0)
        if 0 < chosen < copies:
            pill(
                image,
                (x + 4, top - 10),
                f"×{chosen}",
                style(lang, 13, theme.PLATE_TEXT, bold=True),
                theme.TURN,
            )
        draw_text(image, (x + 6, y + RAISE + CARD_H + 16), str(card), tag)
        x += STEP
