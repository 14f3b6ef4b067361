"""What the pictures must show (and must never show), checked on the pixels."""

from __future__ import annotations

import dataclasses
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import render
from engine.cards import ALL_CARDS, Suit
from engine.qingdun.kinds import ComboKind
from engine.qingdun.view import QingdunView
from render import demo, fonts, hand, theme
from render.look import Look
from render.sankou import TRUMP_BOX
from render.table import row_box
from tests.render.conftest import decode

NAMES = demo.NAMES


def _close(pixel: tuple[int, ...], colour: tuple[int, int, int], tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=False))


def _ring_pixels(image, seat: int) -> list[tuple[int, ...]]:  # type: ignore[no-untyped-def]
    """Pixels just outside a seat's row, where the whose-turn ring is drawn."""
    x0, y0, x1, y1 = row_box(seat)
    mid_x, mid_y = (x0 + x1) // 2, (y0 + y1) // 2
    return [image.getpixel(p) for p in ((x0 - 2, mid_y), (x1 + 2, mid_y), (mid_x, y1 + 2))]


@pytest.mark.parametrize("seat", range(4))
def test_whose_turn_is_ringed_in_gold(seat: int) -> None:
    view = demo.qingdun_view(to_move=seat)
    image = decode(render.render_table(view, NAMES))
    for other in range(4):
        ringed = [_close(p, theme.TURN) for p in _ring_pixels(image, other)]
        assert all(ringed) if other == seat else not any(ringed)


def test_sankou_bidder_is_ringed() -> None:
    view = demo.sankou_states()["bidding"]
    image = decode(render.render_table(view, NAMES, "zh-CN"))
    assert all(_close(p, theme.TURN) for p in _ring_pixels(image, view.to_move))


@pytest.mark.parametrize(
    ("trump", "colour"),
    [(Suit.HEARTS, theme.RED), (Suit.DIAMONDS, theme.RED), (Suit.SPADES, theme.BLACK)],
)
def test_trump_suit_is_drawn(trump: Suit, colour: tuple[int, int, int]) -> None:
    image = decode(render.render_table(demo.sankou_view(trump=trump), NAMES))
    x0, y0, x1, y1 = TRUMP_BOX
    centre = image.getpixel(((x0 + x1) // 2, (y0 + y1) // 2 + 4))
    assert _close(centre, colour, 20)


def test_trump_shapes_differ_not_only_in_colour() -> None:
    def mask(suit: Suit) -> bytes:
        image = decode(render.render_table(demo.sankou_view(trump=suit), NAMES))
        box = image.crop(TRUMP_BOX).convert("L")
        return bytes(255 if v < 200 else 0 for v in box.tobytes())

    shapes = {suit: mask(suit) for suit in Suit}
    assert len(set(shapes.values())) == 4


def test_no_trump_yet_shows_no_suit() -> None:
    view = demo.sankou_states()["bidding"]
    image = decode(render.render_table(view, NAMES))
    data = image.crop(TRUMP_BOX).tobytes()
    pixels = [tuple(data[i : i + 3]) for i in range(0, len(data), 3)]
    assert not any(_close(p, theme.RED, 30) for p in pixels)


# ---------------------------------------------------------------------------------------
# Hidden cards never reach a public picture

card_tuples = st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=41).map(tuple)


@settings(max_examples=25)
@given(cards=card_tuples, seat=st.sampled_from([None, 0, 1, 2, 3]))
def test_public_table_refuses_any_qingdun_cards(cards: tuple, seat: int | None) -> None:
    for field in ("hand", "partner_hand"):
        view = dataclasses.replace(demo.qingdun_view(), seat=seat, **{field: cards})
        with pytest.raises(render.PublicViewRequired):
            render.render_table(view, NAMES)


@settings(max_examples=25)
@given(cards=card_tuples)
def test_public_table_refuses_any_sankou_cards(cards: tuple) -> None:
    for field in ("hand", "kitty"):
        view = dataclasses.replace(demo.sankou_view(), **{field: cards})
        with pytest.raises(render.PublicViewRequired):
            render.render_table(view, NAMES)


def test_seat_view_without_cards_is_still_refused() -> None:
    with pytest.raises(render.PublicViewRequired):
        render.render_table(demo.sankou_view(seat=2), NAMES)
    assert issubclass(render.PublicViewRequired, ValueError)


# ---------------------------------------------------------------------------------------
# Every sample, every language


@pytest.mark.parametrize("lang", ["en", "zh-TW", "zh-CN"])
def test_every_sample_renders_small_and_deterministic(lang: str) -> None:
    for stem, make in demo.samples().items():
        data = make(lang)
        assert data.startswith(b"\x89PNG"), stem
        assert len(data) < 300_000, stem
        assert make(lang) == data, f"{stem} is not deterministic"


def test_unknown_language_is_english() -> None:
    view = demo.qingdun_states()["mid_trick"]
    assert render.render_table(view, NAMES, "xx") == render.render_table(view, NAMES, "en")


def test_table_score_is_optional() -> None:
    view = demo.qingdun_states()["bombs"]
    with_score = render.render_table(view, NAMES, table_score=(1, 2, 3, 4))
    assert render.render_table(view, NAMES) != with_score


def test_four_names_are_needed() -> None:
    with pytest.raises(ValueError, match="four"):
        render.render_table(demo.qingdun_view(), NAMES[:3])


def _gold_above_first_face(image) -> bool:  # type: ignore[no-untyped-def]
    """Gold just above where an unraised first face would begin: a chosen card stands up."""
    y = hand.TITLE_H + 6 + hand.LEGEND_H - 1  # the top of a raised face's ring
    return any(_close(image.getpixel((x, y)), theme.TURN, 30) for x in range(24, 60))


def test_highlight_raises_the_suggested_cards() -> None:
    view = demo.qingdun_hand_views()["hand"]
    plain = decode(render.render_hand(view))
    tip = decode(render.render_hand(view, highlight=demo.cards("3S 3S")))
    assert plain.size == tip.size  # the legend line is always there: no jump when choosing
    assert _gold_above_first_face(tip)
    assert not _gold_above_first_face(plain)
    one = decode(render.render_hand(view, highlight=demo.cards("3S")))
    assert _gold_above_first_face(one)  # one of the two copies: a single 3S stands up


def test_highlight_takes_exactly_the_copies_given() -> None:
    """清墩 has three copies of a card: choosing two stands two up and leaves one down."""
    group = demo.cards("8H 8H 8H")
    chosen = hand.faces(group, Counter(demo.cards("8H 8H")), Counter())
    assert chosen == [hand.Face(group[0], 2, chosen=True), hand.Face(group[0], 1)]
    all_three = hand.faces(group, Counter(demo.cards("8H 8H 8H 8H")), Counter())
    assert all_three == [hand.Face(group[0], 3, chosen=True)]
    assert hand.faces(group, Counter(), Counter()) == [hand.Face(group[0], 3)]


def test_highlighted_copies_are_used_up_across_groups() -> None:
    """A card chosen once is marked once even if the hand holds it in two places."""
    chosen = Counter(demo.cards("10H"))
    first = hand.faces(demo.cards("10H"), chosen, Counter())
    second = hand.faces(demo.cards("10H"), chosen, Counter())
    assert first[0].chosen and not second[0].chosen


def test_kitty_phase_marks_the_kitty_in_the_hand_without_drawing_it_twice() -> None:
    """Issue 12 §8: the dealer's 33 cards include the kitty; no separate kitty row then."""
    view = demo.sankou_hand_views()["kitty"]
    assert len(view.hand) == 33 and len(view.kitty) == 8
    sections = hand._sections(view, Look("en"), ())
    assert len(sections) == 1  # no "Kitty" row
    faces = [face for group in sections[0][1] for face in group]
    assert sum(face.copies for face in faces) == 33
    marked = Counter()
    for face in faces:
        if face.kitty:
            marked[face.card] += face.copies
    assert marked == Counter(view.kitty)


def test_buried_kitty_is_its_own_row_for_the_dealer() -> None:
    kitty = demo.cards("KH 10D 9D 8S 4S 2S 3C 5C")
    view = demo.sankou_view(seat=0, hand=demo.SANKOU_HAND, kitty=kitty)
    sections = hand._sections(view, Look("en"), ())
    assert [caption for caption, _ in sections] == [None, "Kitty (buried)"]
    assert not any(face.kitty for group in sections[0][1] for face in group)
    assert sum(face.copies for face in sections[1][1][0]) == 8


def test_custom_hand_title() -> None:
    view = demo.sankou_hand_views()["hand"]
    assert render.render_hand(view, title="Alice 的牌") != render.render_hand(view)


def test_results_show_table_score_only_when_given() -> None:
    result = demo.sankou_results()["result_made"]
    assert render.render_result(result, NAMES) != render.render_result(
        result, NAMES, table_score=(1, 2, 3, 4)
    )


def test_kind_of_every_combination_has_a_caption() -> None:
    plays = demo.cards("5S 5S 5S 6S 6S 6S")
    for kind in ComboKind:
        trick = (demo.qv.TrickPlay(0, plays, kind),)
        view: QingdunView = demo.qingdun_view(trick=trick, top_seat=0, face_up=None)
        assert render.render_table(view, NAMES, "zh-TW").startswith(b"\x89PNG")


def test_threads_draw_the_same_bytes() -> None:
    """The bot renders in worker threads; shared fonts and caches must not mix pictures."""
    makers = list(demo.samples().items())
    expected = {stem: make("zh-TW") for stem, make in makers}
    with ThreadPoolExecutor(4) as pool:
        drawn = list(pool.map(lambda item: (item[0], item[1]("zh-TW")), makers * 2))
    assert all(expected[stem] == data for stem, data in drawn)


# ---------------------------------------------------------------------------------------
# The trick in order, the last trick card by card (issue 12 §2), read from what was drawn


def _texts(make) -> list[str]:  # type: ignore[no-untyped-def]
    with fonts.recording() as drawn:
        make()
    return [d.text for d in drawn]


def test_qingdun_trick_is_numbered_in_order_of_play_passes_too() -> None:
    view = demo.qingdun_states()["mid_trick"]  # 1: 王小明 pair chain, 2: Bob passes, 3: 麻將王
    texts = _texts(lambda: render.render_table(view, NAMES, "zh-TW"))
    assert {"1", "2", "3"} <= set(texts)
    assert "不要" in texts and texts.count("連對 ×3") == 2
    # a seat that plays again in the same trick shows its latest play with its latest number
    again = dataclasses.replace(
        view, trick=(*view.trick, demo.qv.TrickPlay(0, (), None), demo.qv.TrickPlay(1, (), None))
    )
    texts = _texts(lambda: render.render_table(again, NAMES, "en"))
    assert {"2", "3", "4", "5"} <= set(texts)
    assert texts.count("1") == 1  # only the last trick's single play; 王小明's is now number 5


def test_last_trick_is_shown_card_by_card() -> None:
    view = demo.sankou_states()["mid_trick"]  # last trick: 9C, KC, 5H, 10C; won by 王小明
    texts = _texts(lambda: render.render_table(view, NAMES, "en"))
    assert "Last trick · won by 王小明" in texts and "+20" in texts
    for rank in ("9", "K", "5", "10"):  # the chips of the last trick (not on the table now)
        assert rank in texts
    assert {"1", "2", "3", "4"} <= set(texts)


def test_long_names_are_fitted_on_the_plates() -> None:
    names = ["麻" * 32, "🐉" * 32, "W" * 32, "Bob"]
    texts = _texts(lambda: render.render_table(demo.qingdun_view(), names, "zh-CN"))
    fitted = [t for t in texts if t.endswith("…")]
    assert any(t.startswith("麻麻") for t in fitted) and any(t.startswith("WW") for t in fitted)
    assert "Bob" in texts


def test_long_plays_are_drawn_as_chips_by_rank_at_every_width() -> None:
    """A 14-card pair chain would fan out with one card showing: one chip per rank instead."""
    from render.look import Look
    from render.table import _too_long, play_box
    from render.widgets import group_lines, laid, rank_groups

    chain = demo.cards("9C 9C 3S 3H 4S 4D 5C 5C 6H 6S 7D 7D 8S 8H")
    faces = laid(chain)
    assert [f.card.rank for f in faces][:3] == [3, 3, 4]  # by rank, then suit
    x0, _, x1, _ = play_box(1)
    room = x1 - x0 - 46
    assert _too_long(faces, room)
    lines = group_lines(faces, Look("en", False), room)
    assert len(lines) == 2 and sum(len(line) for line in lines) == len(rank_groups(faces)) == 7
    assert not _too_long(laid(demo.cards("3S 3H 4S 4D")), room)  # a short play stays faces
