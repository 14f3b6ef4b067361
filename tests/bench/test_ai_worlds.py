"""The bench of a 三扣 defender's worlds: what it counts adds up, and the true deal scores no
error (``bench/ai_worlds.py``)."""

from __future__ import annotations

import random

import pytest

from bench import ai_worlds
from bench.ai_oracle import peeking
from tests.hands import sankou_in_play


def held(sums: dict[str, float], which: str, slot: str) -> float:
    return sum(sums[f"{which} {slot} {sort}"] for sort in ai_worlds.KINDS)


def test_a_position_counts_every_hidden_card_once_in_the_world_and_the_truth() -> None:
    game = sankou_in_play(3)
    defender = (game.dealer + 1) % 4
    sums = ai_worlds.measure(game, defender, 10, random.Random(1))
    dealer_cards = len(game.hand(game.dealer))
    others = sum(len(game.hand(s)) for s in range(4) if s not in (defender, game.dealer))
    for which in ("sampled", "true"):
        assert held(sums, which, "dealer") == pytest.approx(dealer_cards)
        assert held(sums, which, "kitty") == pytest.approx(8)
        assert held(sums, which, "defenders") == pytest.approx(others)
    assert sums["positions"] == 1
    assert sums["true_points"] == sum(card.points for card in game.kitty)
    assert sums["squared dealer"] > 1 and sums["squared kitty"] > 1


def test_the_true_deal_as_every_world_scores_no_error() -> None:
    game = sankou_in_play(3)
    defender = (game.dealer + 1) % 4
    with peeking(game):
        sums = ai_worlds.measure(game, defender, 10, random.Random(1))
    for slot in ai_worlds.SLOTS:
        assert sums[f"squared {slot}"] == pytest.approx(0, abs=1e-9)
    assert sums["error"] == pytest.approx(0, abs=1e-9)
    assert sums["points"] == pytest.approx(sums["true_points"])


def test_a_deal_is_measured_at_each_defenders_first_decision_after_the_named_tricks() -> None:
    sums = ai_worlds.deal_sums((150, 2, ()))
    assert 3 <= sums["positions"] <= 3 * len(ai_worlds.TRICKS)
    report = ai_worlds.report(sums)
    assert f"{sums['positions']:.0f} positions" in report
    assert "jokers" in report and "2-9" in report
    assert ai_worlds.report(type(sums)()) == "no positions measured"


def test_an_unknown_ablation_is_refused_at_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        ai_worlds.main(["--without", "burial,nonsense"])
    assert "unknown ablation 'nonsense'" in capsys.readouterr().err


def test_the_bench_reports_an_ablations_worlds(capsys: pytest.CaptureFixture[str]) -> None:
    ai_worlds.main(
        ["--deals", "1", "--worlds", "2", "--workers", "1", "--without", "burial,jokers"]
    )
    out = capsys.readouterr().out
    assert "三扣 defenders' worlds without burial, jokers, deals 150-150:" in out
    assert "positions; squared error" in out
