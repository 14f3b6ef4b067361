"""RULES.md §1.5-1.7 on small given deals: tricks, going out, scoring and every way to end.

Every expected number here was worked out by hand from the seed's 結算說明 (RULES §1.6).
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from engine import CardParseError, IllegalMove
from engine.actions import Bid, Leave, Pass, Play, action_from_json, action_to_json
from engine.qingdun import Game, ResultKind, Tally

from .support import cards, game, run

K12 = "KS KS KS KH KH KH KD KD KD KC KC KC"  # 120 points, a 兄弟墩 of four
T12 = "10S 10S 10S 10H 10H 10H 10D 10D 10D 10C 10C 10C"


def test_the_trick_goes_round_and_a_passed_player_may_play_again() -> None:
    g = game("3S 4S", "5S 9H", "7S 8H", "6S 10H")
    run(g, "3S", "pass", "7S", "pass", "pass")
    assert g.to_move == 1  # seat 1 passed, and may play as the turn comes back
    run(g, "9H", "pass", "10H", "pass", "pass")
    assert g.to_move == 2 and g.view(None).last_trick is None  # seat 2 has not passed yet
    run(g, "pass")
    last = g.view(None).last_trick
    assert last is not None and last.winner == 3
    assert last.points == 10  # every point card of the trick: 3S 7S 9H 10H
    assert [(p.seat, p.is_pass) for p in last.plays][:3] == [(0, False), (1, True), (2, False)]
    assert g.view(None).points == (0, 0, 0, 10)
    assert g.to_move == 3


def test_the_owner_of_a_trick_leads_the_next() -> None:
    g = game("3S 4S", "5S 9H", "7S 8H", "6S 10H")
    run(g, "3S", "5S", "7S", "pass", "pass", "pass")
    view = g.view(None)
    assert view.last_trick is not None and view.last_trick.winner == 2
    assert view.leader == 2 and g.to_move == 2
    assert view.points == (0, 0, 5, 0)  # the 5S, although the 7S took the trick
    assert view.trick == ()


def test_borrowing_the_east_wind_and_the_trick_adds_to_the_first_players_score() -> None:
    # Seat 0 goes out on a trick nobody beats: the next seat with cards (1) leads, and the
    # trick's points are added to 頭家's score.
    g = game("KS", "3S 4S", "3H 4H", "3D 4D")
    run(g, "KS", "pass", "pass", "pass")
    view = g.view(None)
    assert view.finished == (0,)
    assert g.to_move == 1 and view.leader == 1
    assert view.points == (10, 0, 0, 0)


def test_borrowing_skips_seats_that_have_gone_out() -> None:
    g = game("3S 9S", "KS", "4S 9H", "5S 9D", leader=1)
    run(g, "KS", "pass", "pass", "pass")  # seat 1 out; seat 2 leads
    assert g.to_move == 2
    run(g, "4S", "5S", "9S", "pass", "pass")  # seat 0 wins
    assert g.to_move == 0


def test_the_first_player_out_takes_in_the_partners_points() -> None:
    g = game("KH 3C 4C", "6C 8C", "5S 9S JS", "7C 9C")
    run(g, "KH", "pass", "pass", "pass")
    run(g, "3C", "pass", "5S", "pass", "pass", "pass")
    assert g.view(None).points == (10, 0, 5, 0)
    run(g, "9S", "pass", "pass", "pass")
    run(g, "JS")  # seat 2 goes out first: 頭家's score is 5 + the partner's 10
    view = g.view(None)
    assert view.finished == (2,)
    assert view.points == (0, 0, 15, 0)  # the partner restarts from 0
    assert g.to_move == 3


def test_double_kou() -> None:
    g = game("3S", "4S 4H", "5S", "6S 6H")
    run(g, "3S", "pass", "5S")  # seat 0 out first, then seat 2: partners
    result = g.result
    assert g.over and g.to_move is None
    assert result is not None and result.kind is ResultKind.DOUBLE_KOU
    assert result.order == (0, 2) and result.winner_team == 0
    assert result.deltas == (30, -30, 30, -30)


def early_end_deal(second_bomb: str) -> Game:
    """Seat 0 takes 170 and goes out; seat 1 takes the points of ``second_bomb`` and goes out."""
    return game(K12 + " 10S 10S 10S 10H 10H 3S", "4S 6S " + second_bomb, "7H 8H", "7D 8D")


def play_early_end(g: Game, second_bomb: str) -> None:
    run(g, K12, "pass", "pass", "pass")  # 120
    run(g, "10S 10S 10S 10H 10H", "pass", "pass", "pass")  # 50 more
    run(g, "3S")  # seat 0 out first: 頭家's score is 170
    run(g, "4S", "pass", "pass")  # seat 1 wins (seat 0 is out)
    run(g, second_bomb, "pass", "pass")
    run(g, "6S")  # seat 1 out second


def test_early_end_on_the_second_players_own_30() -> None:
    bomb = "5S 5S 5H 5H 5D 5D"  # 30 points, captured by 二家 itself
    g = early_end_deal(bomb)
    play_early_end(g, bomb)
    result = g.result
    assert result is not None and result.kind is ResultKind.EARLY_END
    assert result.tally == Tally((170, 30, 0, 0), lead=0, merged=0)
    assert result.team_points == (170, 30)
    assert result.winner_team == 0 and result.deltas == (10, -10, 10, -10)
    assert result.order == (0, 1)


def test_no_early_end_when_only_the_second_players_partner_has_30() -> None:
    # 頭家 (seat 0) has 170; 二家 (seat 1) has 0 of its own, its partner (seat 3) 30: the
    # seed compares 二家's own points (「二家得分」), so the hand goes on.
    g = game(K12 + " 10S 10S 10S 10H 10H 3S", "8S", "9H", "5S 5S 5H 5H 5D 5D 7D 10D")
    run(g, K12, "pass", "pass", "pass", "10S 10S 10S 10H 10H", "pass", "pass", "pass")
    run(g, "3S")  # seat 0 out: 頭家's score 170
    run(g, "pass", "pass", "5S 5S 5H 5H 5D 5D", "pass", "pass")  # seat 3 captures 30
    run(g, "7D", "8S")  # seat 1 out second with 0 of its own
    assert not g.over and g.view(None).points == (170, 0, 0, 30)
    assert g.to_move == 2
    run(g, "9H")  # seat 2 out third: seat 3 is 末家
    result = g.result
    assert result is not None and result.order == (0, 1, 2, 3)
    # 末家 forfeits its 30 captured and the 10D in hand; its team: 0 - 30.
    assert result.tally == Tally(
        (170, 0, 0, 30), 0, 0, last=3, forfeit_captured=30, forfeit_in_hand=10, penalty=30
    )
    assert result.team_points == (210, -30)
    assert result.kind is ResultKind.NEGATIVE and result.deltas == (20, -20, 20, -20)


def test_the_trick_the_second_player_went_out_on_counts_for_nobody() -> None:
    # 二家 has 25 and goes out on a 5: the open trick does not make it 30.
    g = game(K12 + " 10S 10S 10S 10H 10H 3S", "4S 5C 5S 5S 5H 5H 5D", "7H 8H", "7D 8D")
    run(g, K12, "pass", "pass", "pass", "10S 10S 10S 10H 10H", "pass", "pass", "pass", "3S")
    run(g, "4S", "pass", "pass", "5S 5S 5H 5H 5D", "pass", "pass")  # seat 1: 25
    run(g, "5C")  # out second; the 5C is on the table, not captured
    assert not g.over and g.view(None).points == (170, 25, 0, 0)
    assert g.to_move == 2  # the trick seat 1 went out on goes on


def test_early_end_at_exactly_165_and_30() -> None:
    nine_fives = "5S 5S 5S 5H 5H 5H 5D 5D 5D"  # 45 points, a 兄弟墩 of three
    g = game(K12 + " " + nine_fives + " 3S", "4S 6S 10S 10S 10H", "7H 8H", "7D 8D")
    run(g, K12, "pass", "pass", "pass", nine_fives, "pass", "pass", "pass", "3S")
    run(g, "4S", "pass", "pass", "10S 10S 10H", "pass", "pass", "6S")
    result = g.result
    assert result is not None and result.kind is ResultKind.EARLY_END
    assert result.team_points == (165, 30) and result.winner_team == 0


def test_no_early_end_below_30() -> None:
    bomb = "5S 5S 5H 5H 5D"  # 25 points
    g = early_end_deal(bomb)
    play_early_end(g, bomb)
    assert not g.over and g.view(None).points == (170, 25, 0, 0)
    assert g.to_move == 2  # the trick seat 1 went out on goes on


def test_early_end_second_player_170_and_first_30() -> None:
    g = game(
        "5S 5S 5H 5H 5D 5D 3S",
        "4S " + K12 + " 10S 10S 10S 10H 10H 6S",
        "7H 8H",
        "7D 8D",
    )
    run(g, "5S 5S 5H 5H 5D 5D", "pass", "pass", "pass")  # seat 0: 30
    run(g, "3S", "4S", "pass", "pass")  # seat 0 out; seat 1 leads
    run(g, K12, "pass", "pass", "10S 10S 10S 10H 10H", "pass", "pass")
    assert g.view(None).points == (30, 170, 0, 0)
    run(g, "6S")
    result = g.result
    assert result is not None and result.kind is ResultKind.EARLY_END
    assert result.team_points == (30, 170) and result.winner_team == 1
    assert result.deltas == (-10, 10, -10, 10)


def test_last_player_points_go_to_the_other_team_and_negative_scores_20() -> None:
    # Seat 3 captures 10 after its partner went out, keeps 5 in hand and ends up 末家.
    g = game("7H", "6S", "8H", "KS 4H 5H", leader=1)
    run(g, "6S")  # seat 1 out first (頭家), its score 0
    run(g, "pass", "KS", "pass", "pass")  # seat 3 wins 10
    assert g.view(None).points == (0, 0, 0, 10)
    run(g, "4H", "7H", "8H")  # seat 0 out (二家), seat 2 out (三家): the hand ends
    result = g.result
    assert result is not None
    assert result.order == (1, 0, 2, 3)
    assert g.view(None).finished == (1, 0, 2)  # 末家 did not go out
    # team 0 gets 末家's 10 captured + 5 in hand; team 1 has 0 - 30.
    assert result.team_points == (15, -30)
    assert result.kind is ResultKind.NEGATIVE and result.winner_team == 0
    assert result.deltas == (20, -20, 20, -20)


def test_last_player_forfeits_points_captured_early_in_an_a_b_a_b_order() -> None:
    # Seat 3 captures 30 before anyone goes out; the order is 0, 1, 2 (A-B-A-B), so seat 3 is
    # 末家 and forfeits all of it (its partner's going out merged nothing). 頭家 (seat 0)
    # took in seat 2's 10; 二家 (seat 1) keeps its own 15.
    g = game("8D", "10C 6D JD", "KS 3H QD", "4H KH KH KD 5C 5S 9S", leader=2)
    run(g, "KS", "pass", "pass", "pass")  # seat 2: 10
    run(g, "3H", "4H", "pass", "pass", "pass")  # seat 3 wins, 0 points
    run(g, "KH KH KD", "pass", "pass", "pass")  # seat 3: 30
    run(g, "5C", "pass", "10C", "pass", "pass", "pass")  # seat 1: 15
    assert g.view(None).points == (0, 15, 10, 30)
    run(g, "6D", "pass", "pass", "8D")  # seat 0 out first: 0 + the partner's 10
    assert g.view(None).points == (10, 15, 0, 30)
    run(g, "JD")  # seat 1 out second: 10 and 15, no early end
    run(g, "QD")  # seat 2 out third: seat 3 is 末家
    result = g.result
    assert result is not None and result.order == (0, 1, 2, 3)
    assert result.tally == Tally(
        (10, 15, 0, 30), 0, 10, last=3, forfeit_captured=30, forfeit_in_hand=5, penalty=30
    )
    # team 0: 10 + 0 + 30 + 5 = 45; team 1: 15 - 30 = -15 (60 points in the deal, minus 30)
    assert result.team_points == (45, -15)
    assert result.kind is ResultKind.NEGATIVE and result.winner_team == 0
    assert result.deltas == (20, -20, 20, -20)


def test_last_player_partner_of_the_first_forfeits_only_what_came_after() -> None:
    # Seat 2 captures 20, then its partner seat 0 goes out first and takes them in; seat 2
    # captures 10 more and ends up 末家: it forfeits those 10 and the 5S in hand.
    g = game("4C", "8H", "KS KH 3C KD 6H 5S", "7H 9H", leader=2)
    run(g, "KS KH", "pass", "pass", "pass")  # seat 2: 20
    run(g, "3C", "pass", "4C")  # seat 0 out first: 0 + 20; seat 2 restarts from 0
    run(g, "pass", "KD", "pass", "pass")  # seat 2: 10
    assert g.view(None).points == (20, 0, 10, 0)
    run(g, "6H", "7H", "8H")  # seat 1 out second
    run(g, "pass", "9H")  # seat 3 out third: seat 2 is 末家
    result = g.result
    assert result is not None and result.order == (0, 1, 3, 2)
    assert result.tally == Tally(
        (20, 0, 10, 0), 0, 20, last=2, forfeit_captured=10, forfeit_in_hand=5, penalty=30
    )
    assert result.tally.lead_score == 20
    assert result.team_points == (-10, 15)  # 20 - 30 : 10 + 5
    assert result.kind is ResultKind.NEGATIVE and result.winner_team == 1
    assert result.deltas == (-20, 20, -20, 20)


def tie_deal(extra_fives_to_second: bool) -> Game:
    fives = "5S 5S 5S 5H 5H 5H 5D 5D 5D"
    clubs = "5C 5C 5C"
    second = "4S 6S " + K12 + " " + fives + (" " + clubs if extra_fives_to_second else "")
    last = T12 + ("" if extra_fives_to_second else " " + clubs)
    return game("3S", second, "7S", last)


def play_tie_deal(g: Game, fives: str) -> None:
    run(g, "3S", "4S", "pass", "pass")  # seat 0 out first; seat 1 leads
    run(g, K12, "pass", "pass", fives, "pass", "pass")
    run(g, "6S")  # seat 1 out second, with 165 of its own; 頭家's score is 0
    run(g, "7S")  # seat 2 out third: seat 3 is 末家


def test_135_all_goes_to_the_first_players_team() -> None:
    g = tie_deal(extra_fives_to_second=False)
    play_tie_deal(g, "5S 5S 5S 5H 5H 5H 5D 5D 5D")
    result = g.result
    assert result is not None
    assert result.team_points == (135, 135)  # 0 + 末家's 135 in hand : 165 - 30
    assert sum(result.team_points) == 270
    assert result.kind is ResultKind.NORMAL and result.winner_team == 0
    assert result.deltas == (10, -10, 10, -10)


def test_a_given_deal_replays_from_its_json_record() -> None:
    g = tie_deal(extra_fives_to_second=False)
    play_tie_deal(g, "5S 5S 5S 5H 5H 5H 5D 5D 5D")
    start = json.loads(json.dumps(g.start))
    record = [action_from_json(json.loads(json.dumps(action_to_json(a)))) for a in g.actions]
    again = Game.replay(start, record)
    assert again.result == g.result
    assert [again.view(s) for s in (None, 0, 1, 2, 3)] == [g.view(s) for s in (None, 0, 1, 2, 3)]


def test_more_than_135_wins() -> None:
    g = tie_deal(extra_fives_to_second=True)
    play_tie_deal(g, "5S 5S 5S 5H 5H 5H 5D 5D 5D 5C 5C 5C")
    result = g.result
    assert result is not None and result.team_points == (120, 150)
    assert result.kind is ResultKind.NORMAL and result.winner_team == 1
    assert result.deltas == (-10, 10, -10, 10)


def test_leaving_with_a_short_hand_at_the_table() -> None:
    g = game("3S 4S", "5S 9H", "7S 8H", "6S 10H")
    result = g.leave(1)
    assert result.kind is ResultKind.LEFT and result.leaver == 1 and result.winner_team is None
    assert result.deltas == (10, -50, 10, 0)
    assert g.over and g.actions == (Leave(1),)


def test_leaving_a_full_deal_gives_the_opponents_nothing() -> None:
    g = Game.deal(3)
    result = g.leave(2)
    assert result.deltas == (0, 0, -50, 0)


def test_a_player_who_went_out_counts_as_holding_fewer_than_10() -> None:
    ten = "3H 4H 5H 6H 7H 8H 9H 10H JH QH"
    g = game("3S", ten, ten.replace("H", "D"), ten.replace("H", "C"))
    run(g, "3S")  # seat 0 is out: it holds 0 cards
    assert min(g.hand_sizes[1:]) == 10
    assert g.leave(1).deltas == (10, -50, 10, 0)


# --- refusals ----------------------------------------------------------------------------


def refused(g: Game, code: str, call: Callable[..., object], *args: object) -> IllegalMove:
    before = (g.view(0), g.view(1), g.view(2), g.view(3), g.actions)
    with pytest.raises(IllegalMove) as info:
        call(*args)
    assert info.value.code == code
    assert (g.view(0), g.view(1), g.view(2), g.view(3), g.actions) == before  # nothing changed
    return info.value


def test_refusals_say_why() -> None:
    g = game("AS 5S 6S 7S 7H", "9S 9H 8D", "3S 3H", "4S 4H")
    error = refused(g, "not_your_turn", g.play, 1, "9S")
    assert str(error) == "not your turn: seat 0 is to play" and error.params == {"seat": 0}
    error = refused(g, "not_a_combination", g.play, 0, "5S 6S")
    assert str(error) == "5S 6S is not a combination"
    error = refused(g, "too_few_held", g.play, 0, "AS AS")
    assert str(error) == "you hold only one AS" and error.params["held"] == 1
    error = refused(g, "card_not_held", g.play, 0, "KS")
    assert str(error) == "you hold no KS"
    error = refused(g, "leader_cannot_pass", g.pass_turn, 0)
    assert str(error) == "the leader cannot pass"
    refused(g, "empty_play", g.play, 0, "")
    refused(g, "no_such_seat", g.play, 5, "AS")
    run(g, "7S 7H")
    error = refused(g, "wrong_kind", g.play, 1, "8D")
    assert str(error).startswith("a single 8 cannot beat a pair of 7s")


def test_led_twos_are_named_in_refusals() -> None:
    g = game("2S 2H 9C", "9S 9H 8D", "3S 3H", "4S 4H")
    run(g, "2S 2H")
    run(g, "9S 9H")  # any pair beats led 2s
    error = refused(g, "does_not_beat", g.play, 2, "3S 3H")
    assert str(error) == "a pair of 3s does not beat a pair of 9s"


def test_does_not_beat_message() -> None:
    g = game("7S 7H 3C", "9S 9H 8D", "3S 3H", "4S 4H", leader=1)
    run(g, "9S 9H")
    error = refused(g, "does_not_beat", g.play, 2, "3S 3H")
    assert str(error) == "a pair of 3s does not beat a pair of 9s"
    assert error.params == {
        "play": "3S 3H",
        "play_kind": "pair",
        "top": "9S 9H",
        "top_kind": "pair",
    }


def test_gone_out_and_hand_over() -> None:
    g = game("3S", "4S 4H", "5S", "6S 6H")
    run(g, "3S")
    error = refused(g, "gone_out", g.play, 0, "3S")
    assert str(error) == "seat 0 has gone out"
    run(g, "pass", "5S")
    error = refused(g, "hand_over", g.pass_turn, 1)
    assert str(error) == "the hand is over"
    refused(g, "hand_over", g.leave, 1)


def test_bad_notation_is_a_parse_error() -> None:
    g = game("3S", "4S 4H", "5S", "6S 6H")
    with pytest.raises(CardParseError):
        g.play(0, "3X")
    assert g.actions == ()


def test_apply_routes_records_and_refuses_other_games_actions() -> None:
    g = game("3S 4S", "5S 9H", "7S 8H", "6S 10H")
    g.apply(Play(0, tuple(cards("3S"))))
    g.apply(Pass(1))
    assert g.actions == (Play(0, tuple(cards("3S"))), Pass(1))
    refused(g, "wrong_action", g.apply, Bid(2, 80))


def test_given_deals_are_checked() -> None:
    with pytest.raises(ValueError):
        Game.from_hands(["3S", "3S", "3S", "3S"], 0)  # four copies of one card
    with pytest.raises(ValueError):
        Game.from_hands(["3S", "", "4S", "5S"], 0)
    with pytest.raises(ValueError):
        Game.from_hands(["3S", "4S", "5S", "6S"], 4)
