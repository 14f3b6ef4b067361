"""Any view the engines could hand over draws without error, whatever the names are; its
smallest text still reads on a phone, and its words fit Discord's alt-text limit."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import render
from engine.cards import ALL_CARDS, SUITS
from engine.qingdun import view as qv
from engine.qingdun.kinds import ComboKind
from engine.sankou import view as sv
from render import demo, fonts
from render.describe import DESCRIPTION_LIMIT
from tests.render.conftest import decode

seats = st.integers(0, 3)
some_cards = st.lists(st.sampled_from(ALL_CARDS), max_size=40).map(lambda c: tuple(sorted(c)))
names = st.lists(st.text(max_size=40), min_size=4, max_size=4)
four = st.booleans()


def drawn_on_a_phone(make) -> bytes:  # type: ignore[no-untyped-def]
    """Draw, and check no text's capitals are under 9 px when shown 330 px wide."""
    with fonts.recording() as drawn:
        data = make()
    assert data.startswith(b"\x89PNG")
    if drawn and fonts.font_set().regular is not None:
        width = decode(data).width
        assert min(d.cap for d in drawn) * 330 / width >= 9
    return data


points = st.integers(-300, 300)


@st.composite
def qingdun_views(draw: st.DrawFn) -> qv.QingdunView:
    plays = draw(
        st.lists(
            st.builds(
                qv.TrickPlay,
                seat=seats,
                cards=some_cards.filter(bool),
                kind=st.sampled_from(ComboKind),
            )
            | st.builds(qv.TrickPlay, seat=seats, cards=st.just(()), kind=st.none()),
            max_size=6,
        )
    )
    finished = tuple(draw(st.permutations(range(4)))[: draw(st.integers(0, 3))])
    last = draw(
        st.none() | st.builds(qv.FinishedTrick, winner=seats, points=points, plays=st.just(()))
    )
    return demo.qingdun_view(
        hand_sizes=tuple(draw(st.integers(0, 41)) for _ in range(4)),
        to_move=draw(st.none() | seats),
        trick=tuple(plays),
        top_seat=draw(st.none() | seats),
        points=tuple(draw(points) for _ in range(4)),
        finished=finished,
        face_up=draw(st.none() | st.sampled_from(ALL_CARDS)),
        face_up_seat=draw(st.none() | seats),
        last_trick=last,
    )


@st.composite
def sankou_views(draw: st.DrawFn) -> sv.SankouView:
    phase = draw(st.sampled_from(sv.Phase))
    bids = draw(
        st.lists(
            st.builds(sv.BidEntry, seat=seats, amount=st.none() | st.integers(80, 200)), max_size=12
        )
    )
    trick = draw(
        st.lists(st.builds(sv.TrickPlay, seat=seats, cards=some_cards.filter(bool)), max_size=4)
    )
    failed = draw(
        st.none() | st.builds(sv.FailedThrow, seat=seats, attempted=some_cards, forced=some_cards)
    )
    return demo.sankou_view(
        phase=phase,
        bids=tuple(bids),
        to_move=draw(st.none() | seats),
        dealer=draw(st.none() | seats),
        contract=draw(st.none() | st.integers(80, 200)),
        trump=draw(st.none() | st.sampled_from(SUITS)),
        trick=tuple(trick),
        winning_seat=draw(st.none() | seats),
        failed_throw=failed,
        last_trick=draw(
            st.none()
            | st.builds(
                sv.FinishedTrick,
                leader=seats,
                winner=seats,
                points=points,
                plays=st.just(()),
                failed_throw=st.none() | st.just(failed),
            )
        ),
        dealer_points=draw(st.integers(0, 200)),
        defender_points=draw(st.integers(0, 200)),
    )


langs = st.sampled_from(["en", "zh-TW", "zh-CN"])


@settings(max_examples=15)
@given(view=qingdun_views(), names=names, lang=langs, four=four)
def test_any_qingdun_table(view: qv.QingdunView, names: list[str], lang: str, four: bool) -> None:
    drawn_on_a_phone(lambda: render.render_table(view, names, lang, four_colour=four))
    assert len(render.describe_table(view, names, lang)) <= DESCRIPTION_LIMIT
    assert "\n" not in render.summarize_table(view, names, lang)


@settings(max_examples=15)
@given(view=sankou_views(), names=names, lang=langs, four=four)
def test_any_sankou_table(view: sv.SankouView, names: list[str], lang: str, four: bool) -> None:
    drawn_on_a_phone(lambda: render.render_table(view, names, lang, four_colour=four))
    assert len(render.describe_table(view, names, lang)) <= DESCRIPTION_LIMIT
    assert "\n" not in render.summarize_table(view, names, lang)


@settings(max_examples=15)
@given(
    hand=some_cards,
    partner=st.none() | some_cards,
    kitty=st.none() | some_cards,
    trump=st.none() | st.sampled_from(SUITS),
    highlight=some_cards,
)
def test_any_hand(
    hand: tuple, partner: tuple | None, kitty: tuple | None, trump, highlight: tuple
) -> None:  # type: ignore[no-untyped-def]
    q = demo.qingdun_view(seat=1, hand=hand, partner_hand=partner)
    s = demo.sankou_view(seat=1, hand=hand, kitty=kitty, trump=trump)
    k = demo.sankou_view(seat=1, phase=sv.Phase.KITTY, hand=hand, kitty=kitty, trump=trump)
    for view in (q, s, k):
        drawn_on_a_phone(lambda v=view: render.render_hand(v, "zh-CN", highlight=highlight))
        assert len(render.describe_hand(view, "en", highlight=highlight)) <= DESCRIPTION_LIMIT


tallies = st.builds(
    qv.Tally,
    points=st.tuples(points, points, points, points),
    lead=st.none() | seats,
    merged=points,
    last=st.none() | seats,
    forfeit_captured=points,
    forfeit_in_hand=points,
    penalty=points,
)


@settings(max_examples=15)
@given(
    names=names,
    deltas=st.tuples(points, points, points, points),
    kitty=some_cards,
    tally=tallies,
    kind=st.sampled_from(qv.ResultKind),
)
def test_any_result(
    names: list[str],
    deltas: tuple[int, int, int, int],
    kitty: tuple,
    tally: qv.Tally,
    kind: qv.ResultKind,
) -> None:
    q = qv.QingdunResult((2, 0), tally.team_points(), kind, 1, deltas, tally)
    s = sv.SankouResult(3, 200, 200, kitty, 0, False, sv.Tier.ALL_200, 3, deltas)
    for result in (q, s):
        drawn_on_a_phone(
            lambda r=result: render.render_result(r, names, "zh-TW", table_score=deltas)
        )
        assert len(render.describe_result(result, names, "en")) <= DESCRIPTION_LIMIT
