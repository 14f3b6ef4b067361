"""Pillow pictures of the table, the hands and the results, drawn from engine views.

Pure functions from the engines' frozen views to PNG bytes: the same input always gives the
same bytes. ``render_table`` draws only public views and refuses any view holding cards;
``render_deal`` draws every hand of a deal, for replays of hands that are over.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card
from engine.qingdun.view import QingdunResult, QingdunView
from engine.replay import RevealedDeal
from engine.sankou.view import SankouResult, SankouView
from render import board, hand, qingdun, replay, sankou
from render import result as results
from render.board import BoardPicture, BoardRow
from render.fonts import runs
from render.labels import label, normalize
from render.table import PublicViewRequired, check_public
from render.widgets import encode

__all__ = [
    "BoardPicture",
    "BoardRow",
    "PublicViewRequired",
    "render_board",
    "render_deal",
    "render_hand",
    "render_result",
    "render_table",
]


def _lang(lang: str) -> str:
    """The picture language; English when no installed font can draw Chinese."""
    lang = normalize(lang)
    if lang != "en" and not runs("中", 20):
        return "en"
    return lang


def _names(names: Sequence[str], lang: str) -> list[str]:
    """Four names; one that no installed font can draw at all becomes "Seat n"."""
    if len(names) != 4:
        raise ValueError(f"need four seat names, got {len(names)}")
    out = []
    for seat, name in enumerate(names):
        drawable = "".join(piece for piece, _ in runs(str(name), 20)).strip()
        out.append(str(name) if drawable else label("seat", lang, n=seat + 1))
    return out


def render_table(
    view: QingdunView | SankouView,
    names: Sequence[str],
    lang: str = "en",
    *,
    table_score: Sequence[int] | None = None,
) -> bytes:
    """The public table as PNG bytes. Raises ``PublicViewRequired`` for a seat's view."""
    check_public(view)
    lang = _lang(lang)
    if isinstance(view, QingdunView):
        image = qingdun.table_image(view, _names(names, lang), lang, table_score)
    else:
        image = sankou.table_image(view, _names(names, lang), lang, table_score)
    return encode(image)


def render_hand(
    view: QingdunView | SankouView,
    lang: str = "en",
    *,
    highlight: Sequence[Card] | None = None,
    title: str | None = None,
) -> bytes:
    """One seat's own cards (a private picture), grouped the way players sort them."""
    return encode(hand.hand_image(view, _lang(lang), highlight or (), title))


def render_result(
    result: QingdunResult | SankouResult,
    names: Sequence[str],
    lang: str = "en",
    *,
    table_score: Sequence[int] | None = None,
) -> bytes:
    """The settlement of a finished hand, with the running table score."""
    lang = _lang(lang)
    if isinstance(result, QingdunResult):
        image = results.qingdun_image(result, _names(names, lang), lang, table_score)
    else:
        image = results.sankou_image(result, _names(names, lang), lang, table_score)
    return encode(image)


def render_board(picture: BoardPicture, lang: str = "en") -> bytes:
    """A server's board: the top lines and the viewer's own line."""
    return encode(board.board_image(picture, _lang(lang)))


def render_deal(deal: RevealedDeal, names: Sequence[str], lang: str = "en") -> bytes:
    """Every seat's cards as dealt: only for a hand that is over (a replay's first page)."""
    lang = _lang(lang)
    return encode(replay.deal_image(deal, _names(names, lang), lang))
