"""Pillow pictures of the table, the hands and the results, drawn from engine views.

Pure functions from the engines' frozen views to PNG bytes: the same input always gives the
same bytes. ``render_table`` draws only public views and refuses any view holding cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card
from engine.qingdun.view import QingdunResult, QingdunView
from engine.sankou.view import SankouResult, SankouView
from render import hand, qingdun, sankou
from render import result as results
from render.labels import normalize
from render.table import PublicViewRequired, check_public
from render.widgets import encode

__all__ = ["PublicViewRequired", "render_hand", "render_result", "render_table"]


def _names(names: Sequence[str]) -> list[str]:
    if len(names) != 4:
        raise ValueError(f"need four seat names, got {len(names)}")
    return [str(name) for name in names]


def render_table(
    view: QingdunView | SankouView,
    names: Sequence[str],
    lang: str = "en",
    *,
    table_score: Sequence[int] | None = None,
) -> bytes:
    """The public table as PNG bytes. Raises ``PublicViewRequired`` for a seat's view."""
    check_public(view)
    lang = normalize(lang)
    if isinstance(view, QingdunView):
        image = qingdun.table_image(view, _names(names), lang, table_score)
    else:
        image = sankou.table_image(view, _names(names), lang, table_score)
    return encode(image)


def render_hand(
    view: QingdunView | SankouView,
    lang: str = "en",
    *,
    highlight: Sequence[Card] | None = None,
    title: str | None = None,
) -> bytes:
    """One seat's own cards (a private picture), grouped the way players sort them."""
    return encode(hand.hand_image(view, normalize(lang), highlight or (), title))


def render_result(
    result: QingdunResult | SankouResult,
    names: Sequence[str],
    lang: str = "en",
    *,
    table_score: Sequence[int] | None = None,
) -> bytes:
    """The settlement of a finished hand, with the running table score."""
    lang = normalize(lang)
    if isinstance(result, QingdunResult):
        image = results.qingdun_image(result, _names(names), lang, table_score)
    else:
        image = results.sankou_image(result, _names(names), lang, table_score)
    return encode(image)
