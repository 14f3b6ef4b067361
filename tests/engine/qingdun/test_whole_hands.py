"""Scripted whole hands for the combination rules of RULES.md §1.2 and §1.4.

Each hand is played to its end and checked against numbers worked out by hand: the points
each seat holds, 頭家's score, 末家's forfeit, the team points and the deltas.
"""

from __future__ import annotations

import pytest

from engine import IllegalMove
from engine.qingdun import ComboKind, Game, ResultKind, Tally

from .support import game, run


def refused(g: Game, cards: str) -> IllegalMove:
    seat = g.to_move
    assert seat is not None
    with pytest.raises(IllegalMove) as info:
        g.play(seat, cards)
    return info.value


def test_a_led_2222_is_beaten_by_3333() -> None:
    g = game("2S 2H 2D 2C 5S", "3S 3H 3D 3C KS", "4S", "6S")
    run(g, "2S 2H 2D 2C")
    assert g.top_led
    run(g, "3S 3H 3D 3C")  # any 4-bomb beats a led 2222
    run(g, "pass", "pass", "pass")  # seat 1 wins (no points)
    run(g, "KS", "pass", "pass", "pass")  # seat 1 out first, wins its own trick: score 10
    run(g, "4S", "6S")  # 借東風: seat 2 leads and goes out, seat 3 goes out third
    result = g.result
    assert result is not None and result.order == (1, 2, 3, 0)
    # 末家 (seat 0) captured nothing and holds the 5S: 5 to team 1; team 0: 0 - 30.
    assert result.tally == Tally(
        (0, 10, 0, 0), 1, 0, last=0, forfeit_captured=0, forfeit_in_hand=5, penalty=30
    )
    assert result.team_points == (-30, 15)
    assert result.kind is ResultKind.NEGATIVE and result.deltas == (-20, 20, -20, 20)


def test_a_led_bomb_of_2s_is_lowest_only_of_its_size() -> None:
    g = game("2S 2H 2D 2C 2S", "3S 3H 3D 3C 3S 4H", "4S", "6S")
    run(g, "2S 2H 2D 2C 2S")
    error = refused(g, "3S 3H 3D 3C")
    assert error.code == "does_not_beat"
    assert str(error) == "a 4-card bomb of 3s does not beat a 5-card bomb of 2s (led, so lowest)"
    run(g, "3S 3H 3D 3C 3S")  # the same size beats it


def test_a_led_2s_2s_2s_is_beaten_by_3h_3h_3h() -> None:
    g = game("2S 2S 2S 9C", "3H 3H 3H 10S", "7D", "8D")
    run(g, "2S 2S 2S", "3H 3H 3H", "pass", "pass", "pass")  # seat 1 wins (no points)
    assert g.view(None).last_trick.plays[1].kind is ComboKind.QINGDUN  # type: ignore[union-attr]
    run(g, "10S", "pass", "pass", "pass")  # seat 1 out first with 10
    run(g, "7D", "8D")  # seat 2 out second (10 and 0: no early end), seat 3 third
    result = g.result
    assert result is not None and result.order == (1, 2, 3, 0)
    assert result.tally == Tally((0, 10, 0, 0), 1, 0, 0, 0, 0, 30)
    assert result.team_points == (-30, 10)
    assert result.kind is ResultKind.NEGATIVE and result.deltas == (-20, 20, -20, 20)


def test_joker_qingdun_sit_above_2s_2s_2s_and_below_an_eight_bomb() -> None:
    eight_threes = "3S 3H 3D 3C 3S 3H 3D 3C"
    g = game("2S 2S 2S 5C", "SJ SJ SJ KH", eight_threes + " 4D", "BJ BJ BJ 6D", leader=0)
    run(g, "2S 2S 2S", "SJ SJ SJ", "pass", "BJ BJ BJ", "pass", "pass")
    assert [p.kind for p in g.view(None).trick if p.kind] == [ComboKind.QINGDUN] * 3
    error = refused(g, "4D")
    assert error.code == "wrong_kind"
    run(g, eight_threes, "pass", "pass", "pass")  # seat 2 wins with the 8-bomb (no points)
    run(g, "4D")  # seat 2 out first: 0 + the partner's 0
    run(g, "6D", "pass", "KH")  # seat 3 out second, seat 0 passes, seat 1 out third
    result = g.result
    assert result is not None and result.order == (2, 3, 1, 0)
    # seat 1 took the last trick (4D 6D KH: 10); 末家 seat 0 holds the 5C.
    assert result.tally == Tally((0, 10, 0, 0), 2, 0, 0, 0, 5, 30)
    assert result.team_points == (-30, 15)
    assert result.kind is ResultKind.NEGATIVE and result.deltas == (-20, 20, -20, 20)


def test_bomb_chains_compare_bombs_then_cards_then_top() -> None:
    g = game(
        "5S 5H 5D 5C 6S 6H 6D 6C 7S 7H 7D 7C 8S 8H 8D 8C 9S 9H 9D 9C 3S",
        "5S 5H 5D 5C 5S 6S 6H 6D 6C 6S 4S",
        "JS JH JD JC JS QS QH QD QC QS 4H",
        "AS AH AD AC AS AH AD AC 2S 2H 2D 2C 2S 2H 2D 2C 4D",
    )
    run(g, "5S 5H 5D 5C 6S 6H 6D 6C")  # 2 bombs, 8 cards, top 6
    run(g, "5S 5H 5D 5C 5S 6S 6H 6D 6C 6S")  # 55555 66666 beats 5555 6666: more cards
    error = refused(g, "JS JH JD JC QS QH QD QC")  # a higher top, but fewer cards
    assert error.code == "does_not_beat"
    run(g, "JS JH JD JC JS QS QH QD QC QS")  # equal bombs and cards: the higher top
    run(g, "AS AH AD AC AS AH AD AC 2S 2H 2D 2C 2S 2H 2D 2C")  # 16 cards
    run(g, "7S 7H 7D 7C 8S 8H 8D 8C 9S 9H 9D 9C")  # 3 bombs beat 2 bombs of more cards
    run(g, "pass", "pass", "pass")  # seat 0 wins the nine 5s: 45
    assert g.view(None).points == (45, 0, 0, 0)
    run(g, "3S", "4S")  # seat 0 out first (score 45), seat 1 out second
    run(g, "pass", "pass", "4H")  # seat 1 wins 3S 4S; 借東風: seat 2 leads and goes out
    result = g.result
    assert result is not None and result.order == (0, 1, 2, 3)
    assert result.tally == Tally((45, 0, 0, 0), 0, 0, 3, 0, 0, 30)
    assert result.team_points == (45, -30)
    assert result.kind is ResultKind.NEGATIVE and result.deltas == (20, -20, 20, -20)
