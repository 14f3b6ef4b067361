"""The public 清墩 table: seats with teams and places, the trick with its kinds, scores."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.cards import Card
from engine.qingdun.view import QingdunView, TrickPlay, team_of
from render import theme
from render.fonts import draw_text, fit
from render.labels import kind_label, label
from render.table import (
    HEIGHT,
    TOP_LEFT,
    TOP_RIGHT,
    WIDTH,
    Plate,
    draw_plate,
    draw_play,
)
from render.theme import canvas
from render.widgets import draw_card, panel, style

PLACE_KEYS = ("place_1", "place_2", "place_3", "place_4")


def play_caption(play: TrickPlay, lang: str) -> str:
    if play.kind is None:
        return label("passed", lang)
    ranks = len({card.rank for card in play.cards})
    return kind_label(play.kind, len(play.cards), ranks, lang)


def _place(view: QingdunView, seat: int) -> int | None:
    return view.finished.index(seat) if seat in view.finished else None


def table_image(
    view: QingdunView, names: Sequence[str], lang: str, table_score: Sequence[int] | None
) -> Image.Image:
    image, draw = canvas(WIDTH, HEIGHT)
    _panels(image, draw, view, names, lang)
    latest: dict[int, TrickPlay] = {}
    for play in view.trick:
        latest[play.seat] = play
    for seat in range(4):
        place = _place(view, seat)
        plate = Plate(
            name=names[seat],
            team=team_of(seat),
            cards=view.hand_sizes[seat],
            stats=f"★ {view.points[seat]}",
            badge=label(PLACE_KEYS[place], lang) if place is not None else None,
            badge_colour=theme.GOLD if place == 0 else theme.MUTED_TEXT,
            dim=place is not None,
            score=table_score[seat] if table_score is not None else None,
        )
        to_move = seat == view.to_move and not view.over
        draw_plate(image, seat, plate, lang, label("to_play", lang) if to_move else None)
        play = latest.get(seat)
        if play is not None:
            top = seat == view.top_seat and not play.is_pass
            fill = theme.TOP_PLAY if top else theme.PANEL
            draw_play(image, seat, play.cards, play_caption(play, lang), fill, lang, highlight=top)
    if not view.trick and view.last_trick is None and view.face_up is not None:
        _face_up(image, view.face_up, view.face_up_seat, names, lang)
    return image


def _panels(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: QingdunView,
    names: Sequence[str],
    lang: str,
) -> None:
    x0, y0, x1, _ = TOP_LEFT
    panel(draw, TOP_LEFT)
    draw_text(image, (x0 + 18, y0 + 28), label("qingdun", lang), style(lang, 26, bold=True))
    draw_text(
        image, (x1 - 18, y0 + 28), label("points", lang), style(lang, 17, theme.SOFT_TEXT), "r"
    )
    for team in (0, 1):
        y = y0 + 70 + team * 42
        draw.rounded_rectangle((x0 + 18, y - 14, x0 + 30, y + 14), 4, fill=theme.TEAM[team])
        members = f"{label(f'team_{team}', lang)} · {names[team]} & {names[team + 2]}"
        member_style = style(lang, 18, theme.TEXT)
        draw_text(image, (x0 + 42, y), fit(members, member_style, x1 - x0 - 140), member_style)
        points = view.points[team] + view.points[team + 2]  # 頭家's score counts for 頭家
        draw_text(image, (x1 - 18, y), str(points), style(lang, 28, bold=True), "r")

    x0, y0, x1, _ = TOP_RIGHT
    panel(draw, TOP_RIGHT)
    trick_points = sum(card.points for play in view.trick for card in play.cards)
    draw_text(
        image, (x0 + 18, y0 + 30), label("trick_points", lang), style(lang, 20, theme.SOFT_TEXT)
    )
    draw_text(image, (x1 - 18, y0 + 30), str(trick_points), style(lang, 30, bold=True), "r")
    if view.last_trick is not None:
        last = view.last_trick
        text = f"{label('last_trick', lang)}: " + label("won_by", lang, name=names[last.winner])
        small = style(lang, 18, theme.SOFT_TEXT)
        draw_text(image, (x0 + 18, y0 + 76), fit(text, small, x1 - x0 - 100), small)
        draw_text(image, (x1 - 18, y0 + 76), f"+{last.points}", style(lang, 22, bold=True), "r")
    if view.finished:
        order = "  ".join(
            f"{label(PLACE_KEYS[i], lang)} {names[s]}" for i, s in enumerate(view.finished)
        )
        small = style(lang, 18, theme.SOFT_TEXT)
        draw_text(image, (x0 + 18, y0 + 116), fit(order, small, x1 - x0 - 36), small)


def _face_up(
    image: Image.Image, card: Card, seat: int | None, names: Sequence[str], lang: str
) -> None:
    width = 80
    x, y = (WIDTH - width) // 2, 300
    draw_text(image, (WIDTH // 2, y - 22), label("face_up", lang), style(lang, 20, bold=True), "m")
    draw_card(image, card, (x, y), width)
    if seat is not None:
        text = label("leads_first", lang, name=names[seat])
        caption = style(lang, 18, theme.SOFT_TEXT)
        draw_text(image, (WIDTH // 2, y + 138), fit(text, caption, 300), caption, "m")
