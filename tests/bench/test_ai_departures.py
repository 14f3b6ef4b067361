"""The departures bench: where the strong player leaves its heuristic, in groups."""

from __future__ import annotations

from bench import ai_departures
from engine.ai.sankou.seen import Memory, Position
from engine.cards import parse_cards
from tests.engine.ai.positions import at


def test_a_defender_feeding_the_partners_behind_is_named_by_what_it_gives() -> None:
    # The position FEED_BEHIND came from: the heuristic before it followed 7S 9S (trump
    # spades), the search KS 5S, 15 points more for the partners still to play.
    game, seat = at("feed_behind_7")
    position = Position(game.observation(seat))
    context, group = ai_departures.sankou_group(
        position, seat, Memory.of(position), parse_cards("7S 9S"), parse_cards("KS 5S")
    )
    assert context == "defender follows, dealer winning, 2. to play"
    assert group == "points +15"


def test_the_report_counts_each_group_against_its_context() -> None:
    rows = [("leads", None), ("leads", "pair -> single"), ("leads", "pair -> single")]
    rows += [("follows on the partner's trick", "pass -> single"), ("leads", None)]
    lines = ai_departures.report(rows)
    assert lines[0] == "decisions 5, the search left the heuristic in 3 (60.0%)"
    assert "2   50.0% of     4  leads: pair -> single" in lines[1]
    assert lines[2].endswith("follows on the partner's trick: pass -> single")


def test_a_deal_of_each_game_gives_a_row_per_play_decision() -> None:
    for game in ai_departures.GAMES:
        rows = ai_departures._deal((game, 3, 4, ""))
        assert len(rows) > 20
        for context, group in rows:
            # 清墩 names both moves' kinds; 三扣 both leads, and a follow by what it changes
            if group is not None:
                assert (" -> " in group) == (game == "qingdun" or context.endswith("leads"))
