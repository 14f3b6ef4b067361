"""Pillow pictures of the table, the hands and the results, drawn from engine views, and their
words for screen readers.

Pure functions from the engines' frozen views to PNG bytes (or text): the same input always
gives the same output. ``render_table`` and ``describe_table`` take only public views and
refuse any view holding cards; ``render_deal`` draws every hand of a deal, for replays of
hands that are over. Every picture is 660 px wide, laid out to be read on a phone (where
Discord shows it about 330 px wide); ``four_colour`` draws ♦ blue and ♣ green.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card
from engine.qingdun.view import QingdunResult, QingdunView
from engine.replay import RevealedDeal
from engine.sankou.view import SankouResult, SankouView
from render import board, hand, qingdun, replay, sankou, standings
from render import result as results
from render.board import BoardPicture, BoardRow
from render.describe import (
    describe_board,
    describe_deal,
    describe_hand,
    describe_result,
    describe_standings,
    describe_table,
    summarize_table,
)
from render.fonts import runs
from render.labels import label, normalize
from render.look import Look
from render.table import PublicViewRequired, check_public
from render.widgets import encode

__all__ = [
    "BoardPicture",
    "BoardRow",
    "PublicViewRequired",
    "describe_board",
    "describe_deal",
    "describe_hand",
    "describe_result",
    "describe_standings",
    "describe_table",
    "render_board",
    "render_deal",
    "render_hand",
    "render_result",
    "render_standings",
    "render_table",
    "summarize_table",
]


def _look(lang: str, four_colour: bool) -> Look:
    """The picture's look; English when no installed font can draw Chinese."""
    lang = normalize(lang)
    if lang != "en" and not runs("中", 20):
        lang = "en"
    return Look(lang, four_colour)


def _names(names: Sequence[str], lang: str) -> list[str]:
    """Four names; one that no installed font can draw at all becomes "Seat n"."""
    if len(names) != 4:
        raise ValueError(f"need four seat names, got {len(names)}")
    return [_drawable(name, seat, lang) for seat, name in enumerate(names)]


def _drawable(name: str, index: int, lang: str) -> str:
    """``name``, or "Seat n" (``index`` + 1) when no installed font can draw any of it."""
    drawable = "".join(piece for piece, _ in runs(str(name), 20)).strip()
    return str(name) if drawable else label("seat", lang, n=index + 1)


def render_table(
    view: QingdunView | SankouView,
    names: Sequence[str],
    lang: str = "en",
    *,
    table_score: Sequence[int] | None = None,
    four_colour: bool = False,
) -> bytes:
    """The public table as PNG bytes. Raises ``PublicViewRequired`` for a seat's view."""
    check_public(view)
    look = _look(lang, four_colour)
    if isinstance(view, QingdunView):
        image = qingdun.table_image(view, _names(names, look.lang), look, table_score)
    else:
        image = sankou.table_image(view, _names(names, look.lang), look, table_score)
    return encode(image)


def render_hand(
    view: QingdunView | SankouView,
    lang: str = "en",
    *,
    highlight: Sequence[Card] | None = None,
    title: str | None = None,
    four_colour: bool = False,
) -> bytes:
    """One seat's own cards (a private picture), grouped the way players sort them.

    ``highlight`` cards (a hint, the current selection) stand up ringed in gold, exactly as
    many copies as given.
    """
    image = hand.hand_image(view, _look(lang, four_colour), highlight or (), title)
    return encode(image)


def render_result(
    result: QingdunResult | SankouResult,
    names: Sequence[str],
    lang: str = "en",
    *,
    table_score: Sequence[int] | None = None,
    four_colour: bool = False,
) -> bytes:
    """The settlement of a finished hand, with the running table score."""
    look = _look(lang, four_colour)
    if isinstance(result, QingdunResult):
        image = results.qingdun_image(result, _names(names, look.lang), look, table_score)
    else:
        image = results.sankou_image(result, _names(names, look.lang), look, table_score)
    return encode(image)


def render_board(picture: BoardPicture, lang: str = "en") -> bytes:
    """A server's board: the top lines and the viewer's own line."""
    return encode(board.board_image(picture, _look(lang, False)))


def render_deal(
    deal: RevealedDeal,
    names: Sequence[str],
    lang: str = "en",
    *,
    four_colour: bool = False,
    part: int | None = None,
) -> bytes:
    """Every seat's cards as dealt: only for a hand that is over (a replay's first pages);
    ``part`` 0 or 1: seats 1-2 with the kitties, or seats 3-4 with the bidding."""
    look = _look(lang, four_colour)
    return encode(replay.deal_image(deal, _names(names, look.lang), look, part))


def render_standings(
    rows: Sequence[tuple[str, int, int]], lang: str = "en", *, game: str, hands: int
) -> bytes:
    """A table's final standings: ``rows`` of (name, table total, hands played), any order;
    ``game`` is ``qingdun`` or ``sankou``, ``hands`` the table's completed hands."""
    look = _look(lang, False)
    names = [
        (_drawable(name, seat, look.lang), total, played)
        for seat, (name, total, played) in enumerate(rows)
    ]
    return encode(standings.standings_image(names, look, game, hands))
