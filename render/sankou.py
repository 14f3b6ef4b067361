"""The public 海宁三扣 table in every phase: bidding, kitty, trump, play."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.cards import format_cards
from engine.sankou.view import BidEntry, Phase, SankouView
from render import theme
from render.faces import draw_suit
from render.fonts import draw_text, fit
from render.labels import label
from render.table import (
    BOTTOM_LEFT,
    BOTTOM_RIGHT,
    HEIGHT,
    TOP_LEFT,
    TOP_RIGHT,
    WIDTH,
    Plate,
    draw_plate,
    draw_play,
)
from render.theme import canvas
from render.widgets import Box, panel, pill, style

#: Where the trump suit's shape is drawn (tests look for its colour there).
TRUMP_BOX: Box = (TOP_LEFT[2] - 82, TOP_LEFT[1] + 58, TOP_LEFT[2] - 18, TOP_LEFT[1] + 122)


_TURN_TAGS = {Phase.BIDDING: "to_bid", Phase.KITTY: "to_bury", Phase.TRUMP: "to_name_trump"}


def _bid_text(entry: BidEntry, lang: str) -> str:
    return label("pass_bid", lang) if entry.amount is None else str(entry.amount)


def table_image(
    view: SankouView, names: Sequence[str], lang: str, table_score: Sequence[int] | None
) -> Image.Image:
    image, draw = canvas(WIDTH, HEIGHT)
    _status_panel(image, draw, view, names, lang)
    _points_panel(image, draw, view, lang)
    bidding = view.phase is Phase.BIDDING
    for seat in range(4):
        is_dealer = seat == view.dealer
        plate = Plate(
            name=names[seat],
            team=None,
            cards=view.hand_sizes[seat],
            stats=f"★ {view.dealer_points}" if is_dealer and not bidding else "",
            badge=label("dealer", lang) if is_dealer else None,
            badge_colour=theme.DEALER,
            score=table_score[seat] if table_score is not None else None,
        )
        tag = None
        if seat == view.to_move and not view.over:
            tag = label(_TURN_TAGS.get(view.phase, "to_play"), lang)
        draw_plate(image, seat, plate, lang, tag)
    if bidding:
        _bids(image, draw, view, names, lang)
    elif view.phase in (Phase.KITTY, Phase.TRUMP):
        key = "doing_kitty" if view.phase is Phase.KITTY else "doing_trump"
        pill(
            image,
            (WIDTH // 2, HEIGHT // 2),
            label(key, lang),
            style(lang, 24, bold=True),
            theme.PANEL,
            "m",
        )
    for play in view.trick:
        winning = play.seat == view.winning_seat
        failed = view.failed_throw is not None and view.failed_throw.seat == play.seat
        if failed:
            assert view.failed_throw is not None
            caption = f"{label('failed_throw', lang)}: {label('tried', lang)} "
            caption += format_cards(view.failed_throw.attempted)
            fill = theme.DEALER
        elif winning:
            caption, fill = label("winning", lang), theme.TOP_PLAY
        else:
            caption, fill = None, theme.PANEL
        draw_play(
            image,
            seat=play.seat,
            cards=play.cards,
            caption=caption,
            caption_fill=fill,
            lang=lang,
            highlight=winning,
        )
    if view.last_trick is not None:
        _last_trick(image, draw, view, names, lang)
    if view.phase is Phase.PLAY and view.trick:
        x0, y0, x1, _ = BOTTOM_RIGHT
        panel(draw, BOTTOM_RIGHT)
        trick_points = sum(card.points for play in view.trick for card in play.cards)
        draw_text(
            image, (x0 + 18, y0 + 30), label("trick_points", lang), style(lang, 20, theme.SOFT_TEXT)
        )
        draw_text(image, (x1 - 18, y0 + 30), str(trick_points), style(lang, 30, bold=True), "r")
    return image


def _status_panel(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: SankouView, names: Sequence[str], lang: str
) -> None:
    x0, y0, x1, _ = TOP_LEFT
    panel(draw, TOP_LEFT)
    title = draw_text(image, (x0 + 18, y0 + 28), label("sankou", lang), style(lang, 26, bold=True))
    phase = style(lang, 17, theme.SOFT_TEXT)
    phase_text = "· " + label(f"phase_{view.phase.value}", lang)
    draw_text(
        image, (x0 + 28 + title, y0 + 30), fit(phase_text, phase, x1 - x0 - 60 - title), phase
    )
    small = style(lang, 19, theme.SOFT_TEXT)
    value = style(lang, 22, bold=True)
    rows = [
        (label("dealer", lang), names[view.dealer] if view.dealer is not None else "—"),
        (label("contract", lang), str(view.contract) if view.contract is not None else "—"),
    ]
    for i, (key, text) in enumerate(rows):
        y = y0 + 72 + i * 42
        width = draw_text(image, (x0 + 18, y), key, small)
        draw_text(image, (x0 + 30 + width, y), fit(text, value, x1 - x0 - 160 - width), value)
    tx0, ty0, tx1, ty1 = TRUMP_BOX
    draw.rounded_rectangle(TRUMP_BOX, 12, fill=theme.CARD_WHITE)
    trump_label = style(lang, 19, theme.SOFT_TEXT)
    draw_text(image, (tx0 - 10, (ty0 + ty1) // 2), label("trump", lang), trump_label, "r")
    if view.trump is not None:
        colour = theme.RED if view.trump.value in "HD" else theme.BLACK
        draw_suit(draw, view.trump, (tx0 + 10, ty0 + 10, tx1 - tx0 - 20), colour)
    else:
        draw_text(
            image,
            ((tx0 + tx1) // 2, (ty0 + ty1) // 2),
            "?",
            style(lang, 34, theme.MUTED_TEXT, bold=True),
            "m",
        )


def _points_panel(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: SankouView, lang: str
) -> None:
    x0, y0, x1, _ = TOP_RIGHT
    panel(draw, TOP_RIGHT)
    draw_text(
        image, (x0 + 18, y0 + 28), label("dealer_points", lang), style(lang, 20, theme.SOFT_TEXT)
    )
    target = f" / {view.contract}" if view.contract is not None else ""
    draw_text(
        image, (x1 - 18, y0 + 28), f"{view.dealer_points}{target}", style(lang, 28, bold=True), "r"
    )
    bar = (x0 + 18, y0 + 54, x1 - 18, y0 + 66)
    draw.rounded_rectangle(bar, 7, fill=(34, 80, 56))
    if view.dealer_points:
        share = min(1.0, view.dealer_points / 200)
        end = bar[0] + max(14, round((bar[2] - bar[0]) * share))
        made = view.contract is not None and view.dealer_points >= view.contract
        draw.rounded_rectangle(
            (bar[0], bar[1], end, bar[3]), 7, fill=theme.GOOD if made else theme.GOLD
        )
    if view.contract is not None:
        mark = bar[0] + round((bar[2] - bar[0]) * view.contract / 200)
        draw.rectangle((mark - 1, bar[1] - 5, mark + 1, bar[3] + 5), fill=theme.TEXT)
    small = style(lang, 19, theme.SOFT_TEXT)
    draw_text(image, (x0 + 18, y0 + 94), label("defender_points", lang), small)
    draw_text(image, (x1 - 18, y0 + 94), str(view.defender_points), style(lang, 22, bold=True), "r")
    draw_text(image, (x0 + 18, y0 + 122), label("tricks", lang), small)
    draw_text(image, (x1 - 18, y0 + 122), str(view.tricks_played), style(lang, 22, bold=True), "r")


def _bids(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: SankouView, names: Sequence[str], lang: str
) -> None:
    latest: dict[int, BidEntry] = {}
    for entry in view.bids:
        latest[entry.seat] = entry
    amounts = [e.amount for e in view.bids if e.amount is not None]
    best = max(amounts) if amounts else None
    for seat, entry in latest.items():
        top = entry.amount is not None and entry.amount == best
        text = (
            f"{label('bid', lang)} {_bid_text(entry, lang)}"
            if entry.amount
            else _bid_text(entry, lang)
        )
        draw_play(image, seat, (), text, theme.TOP_PLAY if top else theme.PANEL, lang)
    x0, y0, x1, _ = BOTTOM_RIGHT
    panel(draw, BOTTOM_RIGHT)
    draw_text(image, (x0 + 18, y0 + 26), label("bids", lang), style(lang, 20, theme.SOFT_TEXT))
    line_style = style(lang, 16)
    value_style = style(lang, 16, bold=True)
    column = (x1 - x0 - 36) // 2
    for i, entry in enumerate(view.bids[-8:]):  # the latest bids; earlier rounds are settled
        col, row = divmod(i, 4)
        x = x0 + 18 + col * column
        y = y0 + 50 + row * 21
        draw_text(image, (x + column - 20, y), _bid_text(entry, lang), value_style, "r")
        draw_text(image, (x, y), fit(names[entry.seat], line_style, column - 70), line_style)


def _last_trick(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: SankouView, names: Sequence[str], lang: str
) -> None:
    last = view.last_trick
    assert last is not None
    x0, y0, x1, _ = BOTTOM_LEFT
    panel(draw, BOTTOM_LEFT)
    draw_text(
        image, (x0 + 18, y0 + 26), label("last_trick", lang), style(lang, 20, theme.SOFT_TEXT)
    )
    draw_text(image, (x1 - 18, y0 + 26), f"+{last.points}", style(lang, 24, bold=True), "r")
    winner = label("won_by", lang, name=names[last.winner])
    value = style(lang, 20, bold=True)
    draw_text(image, (x0 + 18, y0 + 58), fit(winner, value, x1 - x0 - 36), value)
    if last.failed_throw is not None:
        ft = last.failed_throw
        text = f"{label('failed_throw', lang)}: {names[ft.seat]}"
        small = style(lang, 17, (255, 170, 170), bold=True)
        draw_text(image, (x0 + 18, y0 + 84), fit(text, small, x1 - x0 - 36), small)
        tried = f"{label('tried', lang)} {format_cards(ft.attempted)}"
        detail = f"{tried} → {label('forced', lang)} {format_cards(ft.forced)}"
        small = style(lang, 16, theme.SOFT_TEXT)
        draw_text(image, (x0 + 18, y0 + 106), fit(detail, small, x1 - x0 - 36), small)
