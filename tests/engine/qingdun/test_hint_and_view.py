"""The hint policy, the display order of hands, and what each view shows."""

from __future__ import annotations

from engine.actions import Pass, Play
from engine.cards import format_cards
from engine.qingdun import ComboKind, Game, classify, sort_hand

from .support import cards, game, run


def hinted(g: Game) -> str:
    seat = g.to_move
    assert seat is not None
    action = g.hint(seat)
    return "pass" if isinstance(action, Pass) else format_cards(sort_hand(action.cards))


def test_hint_goes_out_when_one_play_can() -> None:
    g = game("5S 5H 5D 6S 6H", "3S 4S", "3H 4H", "3D 4D")
    assert hinted(g) == "5S 5H 5D 6S 6H"


def test_hint_leads_from_the_lowest_card_without_breaking_bombs() -> None:
    g = game("3S 4S 5D 6C 7H 9S 9H 9D 9C JS", "3H", "4H", "5H")
    assert hinted(g) == "3S 4S 5D 6C 7H"
    g = game("3S 3H 3D 3C 5S 8D 8H", "3H", "4H", "5H")
    assert hinted(g) == "5S"  # the 3s are a bomb: keep them


def test_hint_never_passes_on_the_lead() -> None:
    g = game("3S 3H 3D 3C 4S 4H 4D 4C", "3H", "4H", "5H")
    action = g.hint(0)
    assert isinstance(action, Play)


def test_hint_passes_when_the_partner_holds_the_trick() -> None:
    g = game("3S 9S 10S", "4S KS", "5S 7S", "6S 8S")
    run(g, "3S", "pass", "5S", "pass")
    assert hinted(g) == "pass"  # seat 0 could beat the 5S, but it is the partner's trick


def test_hint_beats_cheaply_and_keeps_bombs() -> None:
    g = game("5S 10C JC QC KC AC 2C 3C", "6S 6H 6D 6C 8S KH", "3D 4D", "3H 4H")
    run(g, "5S")
    assert hinted(g) == "8S"  # not a 6 out of the bomb, not the K


def test_hint_bombs_only_when_an_opponent_is_about_to_go_out() -> None:
    many = "AS 5C 6C 7C 8C 9C JC QC KC 10H"
    g = game(many, "3S 3H 3D 3C 4S", many.replace("C", "D").replace("AS", "AD"), "7H 8H")
    run(g, "AS")
    assert hinted(g) == "pass"
    g = game("AS 5C", "3S 3H 3D 3C 4S", "7D 8D", "7H 8H")
    run(g, "AS")
    assert hinted(g) == "3S 3H 3D 3C"


def test_sort_hand_is_the_players_order() -> None:
    mixed = cards("BJ 2S 3C 10D SJ 3S AH 3H 3C")
    assert format_cards(sort_hand(mixed)) == "3S 3H 3C 3C 10D AH 2S SJ BJ"


def test_views_show_own_hand_sorted_and_nothing_else() -> None:
    g = Game.deal(11)
    for seat in range(4):
        view = g.view(seat)
        assert view.hand == tuple(sort_hand(view.hand or ()))
        assert view.partner_hand is None
    public = g.view(None)
    assert public.hand is None and public.partner_hand is None
    assert public.face_up is not None and public.face_up_seat == g.to_move == public.leader
    assert public.face_up in g.hands[public.face_up_seat]
    assert sorted(public.hand_sizes) == [40, 40, 41, 41]


def test_the_partners_hand_after_going_out() -> None:
    g = game("3S", "4S 4H", "5S 9S", "6S 6H")
    assert g.view(0).partner_hand is None
    run(g, "3S")
    assert g.view(0).partner_hand == tuple(cards("5S 9S"))
    assert g.view(2).partner_hand is None  # still playing: no peeking
    assert g.view(1).partner_hand is None


def test_a_given_deal_has_no_face_up_card() -> None:
    g = game("3S", "4S", "5S", "6S", leader=2)
    view = g.view(None)
    assert view.face_up is None and view.face_up_seat is None and view.leader == 2


def test_the_table_shows_the_trick_and_the_top() -> None:
    g = game("3S 9S", "4S KS", "5S 7S", "6S 8S")
    run(g, "3S", "pass", "5S")
    view = g.view(1)
    assert [(p.seat, format_cards(p.cards), p.kind) for p in view.trick] == [
        (0, "3S", ComboKind.SINGLE),
        (1, "", None),
        (2, "5S", ComboKind.SINGLE),
    ]
    assert view.top_seat == 2 and view.to_move == 3
    top = g.top
    assert top is not None and top == classify(cards("5S"))
