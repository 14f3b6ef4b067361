"""The board picture and the replay's deal page, checked on the pixels."""

from __future__ import annotations

import pytest

import render
from engine import qingdun, sankou
from engine.records import HandRecord
from engine.replay import replay
from render import board, demo, theme
from render.board import BoardPicture, BoardRow
from render.replay import HEAD_H, NAME_H
from tests.render.conftest import decode

NAMES = demo.NAMES
ROWS = (
    BoardRow(1, NAMES[0], 1534, 40, 22, 12),
    BoardRow(2, NAMES[1], 1500, 33, 17, -8, viewer=True),
    BoardRow(None, "simple", 1490, 300, 140, 3, bot=True),
    BoardRow(2, NAMES[2], 1500, 12, 5),
    BoardRow(4, NAMES[3], 1320, 9, 1, 0),
)


def _gold_in_row(image, index: int) -> bool:  # type: ignore[no-untyped-def]
    """Whether the gold viewer ring runs along the left edge of row ``index``."""
    y = board.TOP + round(index * board.ROW_H) + board.ROW_H // 2
    return any(
        all(abs(a - b) <= 30 for a, b in zip(image.getpixel((x, y)), theme.TURN, strict=False))
        for x in range(board.PAD, board.PAD + 12)
    )


@pytest.mark.parametrize("lang", ["en", "zh-TW", "zh-CN"])
def test_the_viewer_is_ringed_in_gold(lang: str) -> None:
    image = decode(render.render_board(BoardPicture("qingdun", "rating", "week", ROWS), lang))
    assert [_gold_in_row(image, i) for i in range(len(ROWS))] == [False, True, False, False, False]


def test_the_viewer_off_the_board_comes_after_a_gap() -> None:
    own = BoardRow(None, "me", 1010, 3, 1, viewer=True)
    plain = decode(render.render_board(BoardPicture("sankou", "points", "all", ROWS)))
    picture = BoardPicture("sankou", "points", "all", ROWS, own, footnote="2 more hands")
    image = decode(render.render_board(picture))
    assert image.height == plain.height + board.GAP_H + board.ROW_H + board.FOOT_H
    assert _gold_in_row(image, len(ROWS) + board.GAP_H / board.ROW_H)


def test_boards_differ_by_language_and_are_stable() -> None:
    picture = BoardPicture("qingdun", "points", "month", ROWS)
    pictures = {lang: render.render_board(picture, lang) for lang in ("en", "zh-TW", "zh-CN")}
    assert len(set(pictures.values())) == 3
    assert render.render_board(picture, "zh-TW") == pictures["zh-TW"]


def test_an_empty_board_is_drawn() -> None:
    image = decode(render.render_board(BoardPicture("sankou", "rating", "all", ()), "zh-CN"))
    assert image.height == board.TOP + board.ROW_H + board.PAD + 8


def _finished(game: str) -> HandRecord:
    hand = (qingdun.Game if game == "qingdun" else sankou.Game).from_start({"seed": 21})
    while not hand.over:
        hand.apply(hand.hint(hand.to_move))
    return HandRecord.of(game, hand, outcome="complete")


@pytest.mark.parametrize("game", ["qingdun", "sankou"])
def test_the_deal_page_and_every_trick_page_are_drawn(game: str) -> None:
    played = replay(_finished(game))
    deal = decode(render.render_deal(played.deal, NAMES, "zh-TW"))
    assert deal.width == 660 and deal.height > HEAD_H + 4 * NAME_H
    for view in played.tricks:  # public views: render_table takes them
        assert render.render_table(view, NAMES, "en")[:4] == b"\x89PNG"


@pytest.mark.parametrize("game", ["qingdun", "sankou"])
def test_a_replay_shows_the_deal_in_two_halves_no_taller_than_the_table(game: str) -> None:
    """A whole deal is twice as tall as wide; where a client limits a preview's height it
    would be shown far smaller than a phone's width (issue 20, §8): two halves instead."""
    played = replay(_finished(game))
    whole = decode(render.render_deal(played.deal, NAMES, "en"))
    halves = [decode(render.render_deal(played.deal, NAMES, "en", part=p)) for p in (0, 1)]
    assert whole.height > 1.8 * whole.width
    assert all(half.width == 660 and half.height <= 1.25 * half.width for half in halves)


def test_sankou_deal_page_grows_by_the_kitty_line() -> None:
    qingdun_deal = replay(_finished("qingdun")).deal
    sankou_deal = replay(_finished("sankou")).deal
    assert sankou_deal.kitty and sankou_deal.buried and not qingdun_deal.kitty
    bare = decode(render.render_deal(
        type(sankou_deal)("sankou", sankou_deal.hands, trump=sankou_deal.trump), NAMES
    ))  # fmt: skip
    full = decode(render.render_deal(sankou_deal, NAMES))
    assert full.height > bare.height
