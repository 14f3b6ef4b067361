"""A seat's own cards, grouped the way players hold them, with a typed label under each card.

The engines already sort ``view.hand`` for display; here we only cut it into groups: 清墩 by
equal rank, 三扣 into the trumps (jokers, every 10 and the trump suit) and then each side
suit. Identical copies collapse into one face with a ×n badge; the notation under each face
(``10H``) is what the player types.

Chosen cards (a hint, the current selection) stand up with a gold ring, exactly as many
copies as were chosen: of three 8♥ with two chosen, a ×2 face stands up and a single 8♥ stays
down. In 三扣's kitty phase the dealer holds 33 cards; the 8 that came from the kitty are
ringed in blue among them (they are not drawn twice). Once the kitty is buried, the dealer
sees it as its own row.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.cards import Card, Suit
from engine.qingdun.view import QingdunView
from engine.sankou.view import Phase, SankouView
from render import theme
from render.faces import card_height, suit_image
from render.fonts import draw_text, fit, text_width
from render.look import BODY, SMALL, TITLE, WIDTH, Look
from render.widgets import collapse, draw_card, row_width

CARD_W = 66
CARD_H = card_height(CARD_W)
STEP = 54  # the label under a face ("10H") needs this much
MARGIN = 18
GROUP_GAP = 18
RAISE = 22  # a chosen card stands up this far
ROW_H = RAISE + CARD_H + 44
TITLE_H = 70
LEGEND_H = 46
SECTION_H = 46


@dataclass(frozen=True, slots=True)
class Face:
    """One drawn face: ``copies`` identical cards, chosen or from the kitty, or neither."""

    card: Card
    copies: int
    chosen: bool = False
    kitty: bool = False


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


def faces(group: Sequence[Card], chosen: Counter[Card], kitty: Counter[Card]) -> list[Face]:
    """A group's faces: chosen copies first (standing up), then kitty copies, then the rest.

    ``chosen`` and ``kitty`` are used up as faces take their copies, so the same card
    appearing in two places of the hand is never marked more often than asked.
    """
    out: list[Face] = []
    for card, copies in collapse(group):
        picked = min(chosen[card], copies)
        chosen[card] -= picked
        from_kitty = min(kitty[card], copies - picked)
        kitty[card] -= from_kitty
        rest = copies - picked - from_kitty
        for n, flags in (
            (picked, (True, False)),
            (from_kitty, (False, True)),
            (rest, (False, False)),
        ):
            if n:
                out.append(Face(card, n, *flags))
    return out


def _layout(groups: list[list[Face]]) -> list[list[tuple[list[Face], int]]]:
    """Groups placed into rows: each row a list of (faces, x). A group too long for one row
    is cut into row-long pieces."""
    most = (WIDTH - 2 * MARGIN - CARD_W) // STEP + 1
    pieces = [group[i : i + most] for group in groups for i in range(0, len(group), most)]
    rows: list[list[tuple[list[Face], int]]] = []
    x = WIDTH
    for piece in pieces:
        width = row_width(len(piece), CARD_W, STEP)
        if x + width > WIDTH - MARGIN:
            rows.append([])
            x = MARGIN
        rows[-1].append((piece, x))
        x += width + GROUP_GAP
    return rows


def _sections(
    view: QingdunView | SankouView, look: Look, highlight: Sequence[Card]
) -> list[tuple[str | None, list[list[Face]]]]:
    """(caption, groups of faces): the own hand and, when the view has them, partner hand or
    the buried kitty."""
    own = view.hand or ()
    chosen = Counter(highlight)
    caption = None if own else look.label("all_played")
    if isinstance(view, QingdunView):
        sections = [(caption, [faces(g, chosen, Counter()) for g in qingdun_groups(own)])]
        if view.partner_hand is not None:
            partner = [faces(g, Counter(), Counter()) for g in qingdun_groups(view.partner_hand)]
            sections.append((look.label("partner_hand"), partner))
        return sections
    kitty = Counter(_kitty_in_hand(view))
    groups = [faces(g, chosen, kitty) for g in sankou_groups(own, view.trump)]
    sections = [(caption, groups)]
    apart = _kitty_apart(view)
    if apart:
        sections.append((look.label("kitty_buried"), [faces(apart, Counter(), Counter())]))
    return sections


def _kitty_in_hand(view: SankouView) -> list[Card]:
    """In the kitty phase the dealer's 33 cards include the kitty just taken up."""
    if view.phase is not Phase.KITTY or not view.kitty:
        return []
    held = Counter(view.hand or ())
    out = []
    for card in view.kitty:
        if held[card] > 0:
            held[card] -= 1
            out.append(card)
    return out


def _kitty_apart(view: SankouView) -> list[Card]:
    """Kitty cards that are not among the hand's cards (all of it once it is buried)."""
    rest = Counter(view.kitty or ())
    rest.subtract(_kitty_in_hand(view))
    out = []
    for card in view.kitty or ():
        if rest[card] > 0:
            rest[card] -= 1
            out.append(card)
    return out


def hand_image(
    view: QingdunView | SankouView, look: Look, highlight: Sequence[Card], title: str | None
) -> Image.Image:
    sections = _sections(view, look, highlight)
    laid = [(caption, _layout(groups)) for caption, groups in sections]
    legend = _legend(
        view, look, sum(f.copies for _, gs in sections for g in gs for f in g if f.chosen)
    )
    height = TITLE_H + LEGEND_H + 6
    for caption, rows in laid:
        height += (SECTION_H if caption else 0) + ROW_H * len(rows)
    height += 8
    image = Image.new("RGB", (WIDTH, height), theme.FELT_CENTRE)
    draw = ImageDraw.Draw(image)
    _title(image, draw, view, look, title)
    y = TITLE_H + 6
    _draw_legend(image, y, legend, look)
    y += LEGEND_H
    for caption, rows in laid:
        if caption:
            style = look.style(BODY, theme.SOFT_TEXT, bold=True)
            draw_text(image, (MARGIN, y + SECTION_H // 2), caption, style)
            y += SECTION_H
        for row in rows:
            for group, x in row:
                trumps = isinstance(view, SankouView) and _is_trump(group[0].card, view.trump)
                _group(image, group, (x, y), look, theme.TRUMP if trumps else theme.TEXT)
            y += ROW_H
    return image


def _title(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: QingdunView | SankouView,
    look: Look,
    title: str | None,
) -> None:
    draw.rectangle((0, 0, WIDTH, TITLE_H), fill=theme.PANEL)
    mid = TITLE_H // 2
    right = WIDTH - MARGIN
    if isinstance(view, SankouView) and view.trump is not None:
        box = (right - 46, mid - 23, right, mid + 23)
        draw.rounded_rectangle(box, 8, fill=theme.CARD_WHITE)
        shape = suit_image(view.trump, 36, look.suit(view.trump))
        image.paste(shape, (box[0] + 5, box[1] + 5), shape)
        soft = look.style(SMALL, theme.SOFT_TEXT, bold=True)
        right = box[0] - 10 - draw_text(image, (box[0] - 10, mid), look.label("trump"), soft, "r")
        right -= 24
    count = look.count("cards", len(view.hand or ()))
    right -= draw_text(image, (right, mid), count, look.style(BODY, theme.SOFT_TEXT), "r")
    head = look.style(TITLE, bold=True)
    text = title if title is not None else look.label("your_hand")
    draw_text(image, (MARGIN, mid), fit(text, head, right - MARGIN - 20), head)


def _legend(view: QingdunView | SankouView, look: Look, chosen: int) -> list[tuple[theme.RGB, str]]:
    """What the rings mean, in words: chosen cards, cards from the kitty."""
    legend = []
    if chosen:
        legend.append((theme.TURN, look.label("chosen", n=look.count("cards", chosen))))
    if isinstance(view, SankouView):
        kitty = len(_kitty_in_hand(view))
        if kitty:
            legend.append((theme.KITTY, look.label("from_kitty", n=look.count("cards", kitty))))
    return legend


def _draw_legend(
    image: Image.Image, y: int, legend: list[tuple[theme.RGB, str]], look: Look
) -> None:
    """What the rings mean; with no rings, how to type a card (the picture keeps its size
    whether or not cards are chosen, so the message does not jump)."""
    draw = ImageDraw.Draw(image)
    x = MARGIN
    mid = y + LEGEND_H // 2
    if not legend:
        hint = look.style(SMALL, theme.SOFT_TEXT)
        draw_text(image, (x, mid), fit(look.label("type_hint"), hint, WIDTH - 2 * MARGIN), hint)
        return
    style = look.style(SMALL, theme.TEXT, bold=True)
    for colour, text in legend:
        draw.rounded_rectangle((x, mid - 13, x + 20, mid + 13), 5, outline=colour, width=5)
        x += 30
        room = WIDTH - MARGIN - x
        x += draw_text(image, (x, mid), fit(text, style, room), style) + 26


def _group(
    image: Image.Image, group: list[Face], xy: tuple[int, int], look: Look, tag: theme.RGB
) -> None:
    """One group of faces; the notation under each face is orange for 三扣 trumps, on a gold
    (chosen) or blue (kitty) pill when the face is marked."""
    x, y = xy
    for face in group:
        top = y + (0 if face.chosen else RAISE)
        ring = theme.TURN if face.chosen else theme.KITTY if face.kitty else None
        draw_card(image, face.card, (x, top), CARD_W, look, face.copies, ring)
        label_y = y + RAISE + CARD_H + 24
        text = str(face.card)
        style = look.style(SMALL, tag)
        if ring is not None:  # the label on a band of the ring's colour
            style = look.style(SMALL, theme.PLATE_TEXT)
            box = (x + 1, label_y - 17, x + text_width(text, style) + 7, label_y + 17)
            ImageDraw.Draw(image).rounded_rectangle(box, 8, fill=ring)
        draw_text(image, (x + 4, label_y), text, style)
        x += STEP
