"""``python -m bench ai --alone``: the tested player on one seat against three, each deal
played from all four seats, so that a change meets a table of others (in 三扣 the pairs of
seats score a defence change as the step from one changed defender to two)."""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest

from bench import ai
from bench.ai_players import Player

MEDIUM, SIMPLE = Player("medium"), Player("simple")


def test_alone_the_tested_player_takes_each_seat_in_turn() -> None:
    assert [s.seats for s in ai.seatings("sankou", 1, SIMPLE, MEDIUM, alone=True)] == [
        (0,),
        (1,),
        (2,),
        (3,),
    ]
    assert [s.seats for s in ai.seatings("sankou", 1, SIMPLE, MEDIUM)] == [(0, 2), (1, 3)]


@pytest.mark.parametrize("game", ["sankou", "qingdun"])
def test_alone_equal_players_score_zero_and_each_hand_is_its_seats(game: str) -> None:
    deal, hands, _ = ai.play_deal(ai.Task(game, 1, MEDIUM, MEDIUM, alone=True))
    assert deal == 1 and len(hands) == 4
    # the same player everywhere plays the same hand four times: the seats' deltas sum to 0
    hand = ai.GAMES[game].deal(1)
    ai.Seating(hand, 1, MEDIUM, MEDIUM, (0,)).play()
    assert [h.delta for h in hands] == [float(d) for d in hand.result.deltas]
    assert statistics.fmean(h.delta for h in hands) == 0
    if game == "sankou":
        assert sum(h.dealer_tested for h in hands) == 1  # the tested seat deals once


def test_a_deal_alone_is_four_hands_and_its_records_are_kept_apart(tmp_path: Path) -> None:
    _, hands, _ = ai.play_deal(ai.Task("sankou", 2, MEDIUM, SIMPLE, alone=True))
    assert len(hands) == 4
    plain = ai.records_path(str(tmp_path), "sankou", MEDIUM, SIMPLE)
    alone = ai.records_path(str(tmp_path), "sankou", MEDIUM, SIMPLE, alone=True)
    assert plain.name == "sankou-medium-vs-simple.jsonl"
    assert alone.name == "sankou-medium-vs-simple-alone.jsonl"


def test_alone_and_bids_only_do_not_go_together(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        ai.main(
            ["--games", "sankou", "--tested", "medium", "--opponent", "simple", "--bids-only",
             "--alone"]
        )  # fmt: skip
    assert stopped.value.code == 2
    assert "--bids-only compares two seatings: not with --alone" in capsys.readouterr().err
