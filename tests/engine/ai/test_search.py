"""The search's statistics and the values it compares: successive halving keeps the
heuristic's choice unless another candidate beats it clearly on enough paired worlds."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pytest

from engine.ai import phase_of, search, think
from engine.ai.budget import BIG_FACTOR, Budget, Plan, Rollouts
from engine.ai.qingdun.player import EDGE as QINGDUN_EDGE
from engine.ai.qingdun.value import value as qingdun_value
from engine.ai.sankou.value import dealer_value
from engine.ai.search import best_candidate, override_sigmas
from engine.qingdun import Game as QingdunGame
from engine.qingdun.view import QingdunResult, ResultKind, Tally
from engine.sankou import Game as SankouGame
from tests.clock import Clock


def noisy(means: list[float], spread: float = 1.0):
    """An evaluation: each candidate's mean plus world noise shared by all candidates."""

    def sample(rng: random.Random) -> float:
        return rng.gauss(0, 5)

    def evaluate(world: float, index: int) -> float:
        return means[index] + world + random.Random(hash((world, index))).gauss(0, spread)

    return sample, evaluate


def test_a_clearly_better_candidate_replaces_the_heuristics() -> None:
    sample, evaluate = noisy([0.0, 0.1, 3.0, 0.2])
    outcome = best_candidate(range(4), sample, evaluate, Budget(200), random.Random(1))
    assert outcome.index == 2
    assert outcome.rollouts <= 200
    assert outcome.worlds[0] == outcome.worlds[2]  # paired on the same worlds


def test_noise_alone_keeps_the_heuristics_choice() -> None:
    kept = 0
    for seed in range(20):
        sample, evaluate = noisy([0.0] * 8, spread=2.0)
        outcome = best_candidate(range(8), sample, evaluate, Budget(160), random.Random(seed))
        kept += outcome.index == 0
    assert kept >= 16  # the threshold allows for eight candidates: about 10 % overrides


def test_below_the_floor_nothing_is_overridden() -> None:
    sample, evaluate = noisy([0.0, 5.0])
    outcome = best_candidate(range(2), sample, evaluate, Budget(20, floor=16), random.Random(3))
    assert outcome.worlds[1] == 10 and outcome.index == 0


def test_candidates_that_always_tie_stop_the_search_early() -> None:
    outcome = best_candidate(
        range(3), lambda r: r.random(), lambda w, i: w, Budget(300), random.Random(0)
    )
    assert outcome.index == 0 and outcome.stop == "alike"  # nothing here changes the hand
    assert outcome.tied_rounds == outcome.rounds < 20


def test_an_edge_keeps_the_heuristics_choice_unless_the_gain_surely_exceeds_it() -> None:
    sample, evaluate = noisy([0.0, 1.0], spread=0.2)  # better by a point, surely
    for edge, chosen in ((0.0, 1), (0.5, 1), (2.0, 0)):
        budget = Budget(200, edge=edge)
        assert best_candidate(range(2), sample, evaluate, budget, random.Random(0)).index == chosen
    assert Plan(Rollouts(play=50, edge=0.5), None).budget("play", 1.0).edge == 0.5
    assert Plan(Rollouts(play=50), None).budget("play", 1.0).edge == 1.0  # the game's own
    assert Plan(Rollouts(play=50), None).budget("play").edge == 0.0
    with pytest.raises(ValueError, match="the edge must be 0 or more"):
        Rollouts(edge=-0.1)


def test_the_search_says_why_it_stopped() -> None:
    sample, evaluate = noisy([0.0, 0.01], spread=0.001)  # better by a negligible 0.01
    outcome = best_candidate(range(2), sample, evaluate, Budget(200), random.Random(0))
    assert outcome.stop == "negligible" and outcome.rounds < 200
    sample, evaluate = noisy([0.0, 3.0], spread=0.5)
    outcome = best_candidate(range(2), sample, evaluate, Budget(200), random.Random(0))
    assert outcome.stop == "clear" and outcome.index == 1


def timed(clock: Clock, evaluate: Callable[[float, int], float]) -> Callable[[float, int], float]:
    """``evaluate`` on a machine where every play-out takes exactly one second."""

    def slow(world: float, index: int) -> float:
        clock.advance(1.0)
        return evaluate(world, index)

    return slow


def test_a_search_cut_by_the_clock_still_narrows_to_its_close_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = Clock()
    monkeypatch.setattr(time, "perf_counter", clock)
    sample, evaluate = noisy([0.0, 0.1, 3.0, 0.2], spread=0.5)
    budget = Budget(400, seconds=60.0)  # the cap would allow 100 rounds; the clock allows 15
    outcome = best_candidate(range(4), sample, timed(clock, evaluate), budget, random.Random(1))
    # Planned on the rollouts that fit, the phases halve in time: the better move and the
    # heuristic's meet on enough worlds (the floor, 16) to override it, within the minute.
    # Planned on the cap, the search stopped in its first phase (14 worlds each, below the
    # floor) and kept the heuristic's move.
    assert outcome.index == 2 and outcome.stop == "clear" and outcome.rollouts <= 60
    assert outcome.worlds[2] == outcome.worlds[0] >= 16
    assert max(outcome.worlds[1], outcome.worlds[3]) < 16


def test_the_rollouts_that_fit_before_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    monkeypatch.setattr(time, "perf_counter", clock)
    budget = Budget(100, seconds=30.0)
    clock.advance(4.0)  # the setup before the first rollout does not count
    budget.charge()
    assert budget.affordable() == 99  # no pace yet: nothing to go on but the cap
    clock.advance(8.0)
    budget.charge(4)  # two seconds a rollout
    assert budget.affordable() == 9 and budget.left == 95
    clock.advance(40.0)
    assert budget.affordable() == 0  # past the deadline
    budget = Budget(400)  # no deadline: every phase's share is of the cap, as it began
    assert budget.affordable() == 400
    budget.charge(100)
    assert search._phase_rounds(budget, 0, 4, 2) == search._phase_rounds(Budget(400), 0, 4, 2) == 50


def test_the_threshold_grows_with_the_candidates() -> None:
    assert override_sigmas(2) < override_sigmas(4) < override_sigmas(10)


def test_a_looser_alpha_leaves_the_heuristics_choice_on_less_evidence() -> None:
    # Better by 1 point on 20 paired worlds with a standard error of 1.15: 0.87 standard
    # errors, short of the bots' bar (1.28 for two candidates at 0.1), past the 三扣 hint's
    # (0.52 at 0.3).
    values = [[0.0] * 20, [-4.0, 6.0] * 10]
    strict, loose = Budget(40), Budget(40, alpha=0.3)
    assert strict.alpha == 0.1
    assert search._choice([0, 1], values, strict, 2) == 0
    assert search._choice([0, 1], values, loose, 2) == 1
    assert override_sigmas(2, 0.3) < override_sigmas(2) == override_sigmas(2, 0.1)
    assert Plan(Rollouts(alpha=0.3), None).budget("kitty").alpha == 0.3  # every phase
    assert Plan(Rollouts(), None).budget("play").alpha == 0.1
    for wrong in (0.0, 1.0, -0.2):
        with pytest.raises(ValueError, match="alpha must be between 0 and 1"):
            Rollouts(alpha=wrong)


def test_budgets_by_phase() -> None:
    plan = Plan(Rollouts(play=50), 2.0)
    assert plan.budget("play").cap == 50
    assert plan.budget("bid").deadline is not None  # the wall-time safety is not stretched
    assert plan.budget("bid").deadline - plan.budget("play").deadline < 1.0
    assert plan.budget("bid").cap == plan.budget("kitty").cap == BIG_FACTOR * 50
    assert Rollouts(play=50, bid=75).of("bid") == 75
    with pytest.raises(ValueError, match="rollouts"):
        Rollouts(play=-1)


def test_sankou_value_sees_every_point_and_the_thresholds() -> None:
    values = [dealer_value(80, c) for c in range(0, 205, 5)]
    assert values == sorted(values)  # more points are never worse
    assert len(set(values)) == len(values)  # and always a little better
    assert dealer_value(80, 80) - dealer_value(80, 75) > dealer_value(80, 60) - dealer_value(80, 55)
    assert dealer_value(120, 125) > 0 > dealer_value(120, 110)  # doubled from 115


def _result(team0: int, first: int) -> QingdunResult:
    tally = Tally((team0, 270 - team0, 0, 0), first, 0)
    winner = 0 if team0 > 135 else 1
    deltas = (10, -10, 10, -10) if winner == 0 else (-10, 10, -10, 10)
    return QingdunResult((first,), (team0, 270 - team0), ResultKind.NORMAL, winner, deltas, tally)


def test_qingdun_value_sees_team_points_and_who_went_out_first() -> None:
    assert qingdun_value(_result(200, 0), 0) > qingdun_value(_result(190, 0), 0)
    assert qingdun_value(_result(140, 0), 0) > qingdun_value(_result(140, 1), 0)
    assert qingdun_value(_result(100, 1), 1) == pytest.approx(-qingdun_value(_result(100, 1), 0))


def test_the_phase_of_a_decision() -> None:
    game = SankouGame.deal(3)
    assert phase_of(game.observation(game.to_move)) == "bid"
    while game.phase.value == "bidding":
        game.apply(game.hint(game.to_move))
    assert phase_of(game.observation(game.to_move)) == "kitty"
    qingdun = QingdunGame.deal(3)
    assert phase_of(qingdun.observation(qingdun.to_move)) == "play"


@pytest.mark.parametrize(("rollouts", "edge"), [(None, QINGDUN_EDGE), (Rollouts(edge=0.0), 0.0)])
def test_the_qingdun_player_asks_for_its_own_edge(
    monkeypatch: pytest.MonkeyPatch, rollouts: Rollouts | None, edge: float
) -> None:
    seen: list[float] = []
    real = search.best_candidate

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(args[3].edge)
        return real(*args, **kwargs)

    monkeypatch.setattr(search, "best_candidate", spy)
    game = QingdunGame.deal(7)
    obs = game.observation(game.to_move)
    think(obs, level="strong", seed=1, simulations=None if rollouts else 40, rollouts=rollouts)
    assert seen and set(seen) == {edge}
