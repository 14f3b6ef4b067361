"""The public 清墩 table: teams and places, the trick numbered in order of play, the last trick."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.cards import Card
from engine.qingdun.view import FinishedTrick, QingdunView, TrickPlay, team_of
from render import theme
from render.fonts import draw_text
from render.labels import kind_label, label
from render.look import BIG, SMALL, TITLE, Look
from render.table import (
    HEADER,
    Entry,
    Seat,
    canvas,
    draw_play,
    draw_seat,
    draw_story,
    draw_tag,
    header,
    story_lines,
)
from render.widgets import laid

PLACE_KEYS = ("place_1", "place_2", "place_3", "place_4")


def play_caption(play: TrickPlay, lang: str) -> str:
    if play.kind is None:
        return label("passed", lang)
    ranks = len({card.rank for card in play.cards})
    return kind_label(play.kind, len(play.cards), ranks, lang)


def place_of(finished: Sequence[int], seat: int) -> int | None:
    return finished.index(seat) if seat in finished else None


# Points as the view holds them (kept here so a change of the scoring fields touches one place)


def seat_points(view: QingdunView, seat: int) -> int:
    """A seat's points so far this hand: what it captured; for 頭家, 頭家's score."""
    return view.points[seat]


def team_points(view: QingdunView, team: int) -> int:
    """A team's points so far: its two seats' points (頭家's score counts for 頭家)."""
    return view.points[team] + view.points[team + 2]


def trick_points(cards: Sequence[Card]) -> int:
    return sum(card.points for card in cards)


def table_image(
    view: QingdunView, names: Sequence[str], look: Look, table_score: Sequence[int] | None
) -> Image.Image:
    title, right, entries = _story(view, names, look)
    lines = story_lines(entries, look)
    image, draw = canvas(len(lines))
    _header(image, draw, view, look)
    latest: dict[int, tuple[int, TrickPlay]] = {}
    for number, play in enumerate(view.trick, start=1):
        latest[play.seat] = (number, play)
    for seat in range(4):
        place = place_of(view.finished, seat)
        to_move = seat == view.to_move and not view.over
        draw_seat(
            image,
            seat,
            Seat(
                name=names[seat],
                stripe=theme.TEAM[team_of(seat)],
                cards=view.hand_sizes[seat],
                points=seat_points(view, seat),
                badge=look.label(PLACE_KEYS[place]) if place is not None else None,
                badge_colour=theme.GOLD if place == 0 else theme.MUTED_TEXT,
                dim=place is not None,
                score=table_score[seat] if table_score is not None else None,
                turn=to_move,
            ),
            look,
        )
        if seat in latest:
            number, play = latest[seat]
            top = seat == view.top_seat and not play.is_pass
            caption, fill = play_caption(play, look.lang), theme.TOP_PLAY if top else theme.PANEL
            if to_move:
                caption, fill = "▶ " + look.label("to_play"), theme.TURN
            faces = laid(play.cards, theme.TOP_PLAY if top else None)
            draw_play(image, seat, number, faces, look, caption, fill, top)
        elif to_move:
            draw_tag(image, seat, "▶ " + look.label("to_play"), look)
    draw_story(image, title, right, lines, look)
    return image


def _header(image: Image.Image, draw: ImageDraw.ImageDraw, view: QingdunView, look: Look) -> None:
    x0, y0, x1, _ = header(draw)
    draw_text(image, (x0 + 18, y0 + 28), look.label("qingdun"), look.style(TITLE, bold=True))
    value = draw_text(
        image,
        (x1 - 18, y0 + 28),
        str(trick_points([c for play in view.trick for c in play.cards])),
        look.style(BIG, bold=True),
        "r",
    )
    soft = look.style(SMALL, theme.SOFT_TEXT, bold=True)
    draw_text(image, (x1 - 28 - value, y0 + 28), look.label("trick_points"), soft, "r")
    y = HEADER[1] + 68
    x = x0 + 18 + draw_text(image, (x0 + 18, y), look.label("points"), soft) + 18
    for team in (0, 1):
        draw.rounded_rectangle((x, y - 13, x + 14, y + 13), 4, fill=theme.TEAM[team])
        x += 22
        x += draw_text(image, (x, y), look.label(f"team_{team}"), look.style(SMALL, bold=True))
        x += 10
        x += draw_text(image, (x, y), str(team_points(view, team)), look.style(TITLE, bold=True))
        x += 30


def _story(
    view: QingdunView, names: Sequence[str], look: Look
) -> tuple[str, str | None, list[Entry]]:
    """The story panel: the last trick turn by turn, or the face-up card before the first."""
    if view.last_trick is not None:
        return _last_trick(view.last_trick, names, look)
    if view.face_up is not None:
        title = look.label("face_up")
        if view.face_up_seat is not None:
            title += " · " + look.label("leads_first", name=names[view.face_up_seat])
        return title, None, [Entry(None, None, (view.face_up,))]
    return look.label("leads_first", name=names[view.leader]), None, []


def _last_trick(
    last: FinishedTrick, names: Sequence[str], look: Look
) -> tuple[str, str | None, list[Entry]]:
    winning = max(
        (i for i, play in enumerate(last.plays) if play.seat == last.winner and not play.is_pass),
        default=None,
    )
    entries = [
        Entry(
            i + 1,
            names[play.seat],
            play.cards,
            None if play.cards else look.label("passed"),
            gold=i == winning,
            minor=play.is_pass,
        )
        for i, play in enumerate(last.plays)
    ]
    title = f"{look.label('last_trick')} · {look.label('won_by', name=names[last.winner])}"
    return title, f"+{last.points}", entries
