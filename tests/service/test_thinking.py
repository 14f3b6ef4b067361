"""The Thinker: hints first, fair turns per server and table, budgets that shrink under load,
a hard limit per running decision, the medium move when none can be had in time, a close that
never hangs, and worker processes that die with the bot, even when it is killed."""

from __future__ import annotations

import asyncio
import logging
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

import engine.ai
from bot import metrics
from bot.service import reviewing, thinking
from bot.service.thinking import Thinker
from engine import qingdun, sankou
from engine.actions import Action
from engine.ai import Decision
from tests.thinkers import Brain, quick_thinker

GAME = qingdun.Game.deal(2)
SEAT = GAME.to_move
OBSERVATION = GAME.observation(SEAT)
MEDIUM = engine.ai.decide(OBSERVATION, level="medium")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def brain(monkeypatch: pytest.MonkeyPatch) -> Brain:
    made = Brain()
    monkeypatch.setattr(engine.ai, "think", made.think)
    return made


def ask(thinker: Thinker, seed: int, **options: Any) -> asyncio.Future[Action | None]:
    """A decision about the same position, told apart by its seed: its action."""
    options = {"level": "strong", "seconds": 3.0, **options}
    decided = thinker.submit(OBSERVATION, seed=seed, **options)

    async def action() -> Action | None:
        decision = await decided
        return None if decision is None else decision.action

    return asyncio.ensure_future(action())


async def test_a_hint_goes_before_the_bot_decisions_waiting(brain: Brain) -> None:
    thinker = quick_thinker(hint_workers=0)
    brain.gate = threading.Event()
    try:
        first = ask(thinker, 0, group=(1, 10))
        await brain.thinking()
        bots = [ask(thinker, seed, group=(1, 10 + seed)) for seed in (1, 2, 3)]
        hint = ask(thinker, 99, group=(1, 10), interactive=True)
        brain.gate.set()
        await asyncio.gather(first, *bots, hint)
        assert [call["seed"] for call in brain.calls] == [0, 99, 1, 2, 3]
    finally:
        brain.gate.set()
        await thinker.close()


async def test_a_hint_has_a_worker_of_its_own_while_the_bots_think(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    release = threading.Event()
    real = engine.ai.think

    def slow_bots(observation: Any, **budget: Any) -> Decision:
        if budget["seed"] < 99:
            assert release.wait(10)
        return real(observation, **budget)

    monkeypatch.setattr(engine.ai, "think", slow_bots)
    thinker = quick_thinker()  # one bot worker, one for hints
    try:
        bots = [ask(thinker, seed, group=(1, seed)) for seed in range(3)]
        assert await ask(thinker, 99, interactive=True) is not None  # while every bot waits
        assert not any(bot.done() for bot in bots)
        release.set()
        await asyncio.gather(*bots)
        assert thinker.fallbacks == {}
    finally:
        release.set()
        await thinker.close()


async def test_bot_decisions_take_turns_by_server_then_by_table(brain: Brain) -> None:
    thinker = quick_thinker(hint_workers=0)
    brain.gate = threading.Event()
    try:
        first = ask(thinker, 0, group=(1, 10))
        await brain.thinking()
        asked = {1: (1, 10), 2: (1, 10), 3: (1, 11), 4: (2, 20), 5: (2, 20)}  # in this order
        more = [ask(thinker, seed, group=group) for seed, group in asked.items()]
        brain.gate.set()
        await asyncio.gather(first, *more)
        # servers in turn (1, 2, 1, 2, 1), and in server 1 its tables in turn (10, 11, 10)
        assert [call["seed"] for call in brain.calls] == [0, 1, 4, 3, 5, 2]
    finally:
        brain.gate.set()
        await thinker.close()


async def test_budgets_shrink_under_load(brain: Brain) -> None:
    thinker = quick_thinker(hint_workers=0)
    brain.gate = threading.Event()
    try:
        first = ask(thinker, 0, group=(1, 0), seconds=1.0)
        await brain.thinking()
        more = [ask(thinker, seed, group=(1, seed), seconds=1.0) for seed in (1, 2, 3)]
        brain.gate.set()
        await asyncio.gather(first, *more)
        # one worker: each decision thinks for its share of the decisions waiting with it
        seconds = [call["seconds"] for call in brain.calls]
        assert seconds == pytest.approx([1.0, 1 / 3, 1 / 2, 1.0])
        assert thinker.fallbacks == {}
    finally:
        brain.gate.set()
        await thinker.close()


async def test_a_decision_that_waited_too_long_is_the_medium_move_at_once(
    brain: Brain, caplog: pytest.LogCaptureFixture
) -> None:
    thinker = quick_thinker(hint_workers=0)
    brain.gate = threading.Event()
    try:
        stuck = ask(thinker, 0, group=(1, 1))
        await brain.thinking()
        late = await ask(thinker, 1, group=(1, 2), seconds=0.1)  # due 0.25 s after it asked
        assert late == MEDIUM and thinker.fallbacks == {"waited": 1}
        assert [call["seed"] for call in brain.calls] == [0]  # never sent to a worker
        assert "fell back to the medium player (waited)" in caplog.text
        brain.gate.set()
        assert await stuck is not None
    finally:
        brain.gate.set()
        await thinker.close()


async def test_workers_that_cannot_start_leave_the_medium_move_counted_and_logged(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Seen with an interpreter the bot's user may run but not spawn again (a venv under
    /root run as another user): the bot serves, its bots play the medium player."""
    thinker = Thinker(1, hint_workers=1)

    def refused(hints_only: bool) -> thinking.Worker:
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(thinker, "_new_worker", refused)
    try:
        thinker.start()  # as TableService.open does: no exception
        assert await ask(thinker, 0) == MEDIUM
        assert await ask(thinker, 1, interactive=True) == MEDIUM
        assert thinker.fallbacks == {"no workers": 2}
        assert "the AI workers cannot start (BrokenPipeError)" in caplog.text
        assert "fell back to the medium player (no workers)" in caplog.text
    finally:
        await thinker.close()


async def test_one_stuck_worker_is_replaced_while_another_works_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(thinking, "hard_limit", lambda seconds: 0.3)
    stuck = threading.Event()
    real = engine.ai.think

    def one_hangs(observation: Any, **budget: Any) -> Decision:
        if budget["seed"] == 0:
            stuck.wait(10)
        return real(observation, **budget)

    monkeypatch.setattr(engine.ai, "think", one_hangs)
    thinker = quick_thinker(workers=2, hint_workers=0)
    try:
        hung = ask(thinker, 0, group=(1, 1))
        others = [ask(thinker, seed, group=(2, seed)) for seed in (1, 2, 3)]
        assert None not in await asyncio.gather(*others)  # the other worker went on
        assert await hung == MEDIUM  # given up at its hard limit: the medium move
        assert thinker.fallbacks == {"overran": 1} and thinker.decisions == 3
        assert await ask(thinker, 4, group=(1, 1)) is not None  # from the new worker
    finally:
        stuck.set()
        await thinker.close()


async def test_close_returns_whatever_the_workers_do(brain: Brain) -> None:
    thinker = quick_thinker()
    brain.gate = threading.Event()  # never opened while the thinker runs
    try:
        running = ask(thinker, 0)
        await brain.thinking()
        waiting = ask(thinker, 1)
        await asyncio.wait_for(thinker.close(), 10)  # a hang guard, not a speed test
        assert await running is None and await waiting is None
        assert thinker.fallbacks == {"closed": 2}
        assert await ask(thinker, 2) is None  # closed: nothing is decided any more
    finally:
        brain.gate.set()


async def test_a_killed_worker_process_is_replaced_and_close_kills_the_rest(
    caplog: pytest.LogCaptureFixture,
) -> None:
    thinker = Thinker(1, hint_workers=0)
    game = sankou.Game.deal(1)  # its first bid takes the whole budget
    observation = game.observation(game.to_move)
    try:
        task = asyncio.ensure_future(
            thinker.choose(observation, level="strong", seconds=3.0, seed=1)
        )
        while not (pids := thinker.worker_pids()):
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.2)
        os.kill(pids[0], signal.SIGKILL)  # as the kernel's out-of-memory killer would
        action = await task
        assert action == engine.ai.decide(observation, level="medium", seed=1)
        assert thinker.fallbacks == {"crashed": 1}
        assert "an AI worker is replaced (BrokenProcessPool)" in caplog.text
        while not thinker.worker_pids():  # the new worker is ready
            await asyncio.sleep(0.01)
        action = await thinker.choose(observation, level="strong", seconds=0.05, seed=1)
        game.apply(action)  # legal, from the new worker
        assert thinker.decisions == 1
        busy = thinker.submit(observation, level="strong", seconds=3.0, seed=2)
        while not thinker.worker_pids() or thinker.waiting() != (0, 0):
            await asyncio.sleep(0.01)
        [pid] = thinker.worker_pids()
    finally:
        await asyncio.wait_for(thinker.close(), 10)  # a hang guard, not a speed test
    assert await busy is None and gone(pid)


def gone(pid: int) -> bool:
    """Whether a process has ended (a zombie nobody reaped counts as ended)."""
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return True
    return status.rsplit(")", 1)[1].split()[0] in ("Z", "X")


def run_child(mode: str) -> tuple[subprocess.Popen[str], list[int]]:
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.service.thinker_child", mode],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    return child, [int(pid) for pid in child.stdout.readline().split()]


@pytest.mark.parametrize("mode", ["thinker", "watch"])
def test_workers_die_with_their_parent_even_when_it_is_killed(mode: str) -> None:
    """``thinker``: the workers of a Thinker (prctl on Linux); ``watch``: a child that polls
    for its parent, as workers do where there is no prctl."""
    child, pids = run_child(mode)
    try:
        assert pids and not any(gone(pid) for pid in pids)
    finally:
        child.send_signal(signal.SIGKILL)  # no chance to stop anything
        child.wait()
    for _ in range(200):  # a hang guard: the kernel (or the poll, every 0.05 s) ends them
        if all(gone(pid) for pid in pids):
            break
        time.sleep(0.05)
    assert all(gone(pid) for pid in pids)


# -- hand reviews ------------------------------------------------------------------------------


async def test_a_review_never_holds_up_a_bot_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reviews run one at a time in a worker of their own, behind everything: a bot decision
    asked while one runs (and another waits) is made at once on the bot worker."""
    release, started = threading.Event(), threading.Event()

    def slow_review(game: str, start: Any, actions: Any, seat: int, **options: Any) -> Any:
        started.set()
        assert release.wait(10)
        return [("reviewed", seat, options["rollouts"])]

    monkeypatch.setattr(engine.ai, "review", slow_review)
    thinker = quick_thinker(workers=1, hint_workers=0)
    thinker.review_rollouts = 7
    done = ("cardtable_ai_reviews_total", {"outcome": "done"})
    before = metrics.REGISTRY.get_sample_value(*done) or 0
    try:
        first = thinker.review("qingdun", {}, (), 0)
        second = thinker.review("qingdun", {}, (), 1)
        assert await asyncio.to_thread(started.wait, 10)
        assert thinker.reviewer.busy and thinker.reviewer.waiting() == 1
        assert await asyncio.wait_for(ask(thinker, 0, seconds=1.0), 5) is not None
        assert await asyncio.wait_for(ask(thinker, 1, seconds=1.0), 5) is not None
        assert not first.done() and thinker.fallbacks == {} and thinker.decisions == 2
        release.set()
        assert await first == [("reviewed", 0, 7)] and await second == [("reviewed", 1, 7)]
        assert thinker.reviewer.reviews == 2
        assert metrics.REGISTRY.get_sample_value(*done) == before + 2
    finally:
        release.set()
        await thinker.close()


async def test_a_review_that_fails_or_is_closed_answers_none(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    release = threading.Event()

    def review(game: str, start: Any, actions: Any, seat: int, **options: Any) -> Any:
        if seat == 0:
            raise ValueError("a hand can be reviewed only once it is over: 3S 3H")
        assert release.wait(10)
        return []

    monkeypatch.setattr(engine.ai, "review", review)
    thinker = quick_thinker()
    failed = ("cardtable_ai_reviews_total", {"outcome": "error"})
    before = metrics.REGISTRY.get_sample_value(*failed) or 0
    try:
        assert await thinker.review("qingdun", {}, (), 0) is None
        assert "a hand review could not be done (error: ValueError)" in caplog.text
        assert metrics.REGISTRY.get_sample_value(*failed) == before + 1
        assert "3S" not in caplog.text and thinker.reviewer.failures == 1
        running, waiting = thinker.review("qingdun", {}, (), 1), thinker.review("x", {}, (), 2)
        await asyncio.wait_for(thinker.close(), 10)
        assert await running is None and await waiting is None
        assert await thinker.review("qingdun", {}, (), 1) is None  # closed
    finally:
        release.set()


async def test_a_review_runs_in_a_niced_process_of_its_own() -> None:
    game = qingdun.Game.from_hands(["3S 3H 9C", "5D KD", "4C", "10S JS"], leader=0)
    while not game.over:
        game.apply(game.hint(game.to_move))
    thinker = Thinker(1, hint_workers=0)
    thinker.review_rollouts = 4
    try:
        mistakes = await thinker.review("qingdun", game.start, tuple(game.actions), 0)
        assert mistakes == engine.ai.review("qingdun", game.start, game.actions, 0, rollouts=4)
        executor: Any = thinker.reviewer._executor
        [process] = executor._processes.values()
        wanted = os.getpriority(os.PRIO_PROCESS, 0) + reviewing.REVIEW_NICENESS
        # 19 is the most a process can be niced: the tests themselves may run niced
        assert os.getpriority(os.PRIO_PROCESS, process.pid) >= min(19, wanted)
    finally:
        await asyncio.wait_for(thinker.close(), 10)


# -- what a decision reports -------------------------------------------------------------------


async def test_each_decision_is_logged_in_one_line_and_counted_by_phase(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="bot.service.thinking")
    game = sankou.Game.deal(1)
    observation = game.observation(game.to_move)  # a bid: BIG_FACTOR × the seconds
    count = ("cardtable_ai_rollouts_count", {"phase": "bid"})
    before = metrics.REGISTRY.get_sample_value(*count) or 0
    thinker = quick_thinker(simulations=2)
    try:
        decision = await thinker.submit(observation, level="strong", seconds=0.2, seed=0)
        hint = await thinker.submit(
            observation, level="strong", seconds=0.2, seed=0, interactive=True
        )
    finally:
        await thinker.close()
    assert decision is not None and hint is not None
    assert decision.reason is None and hint.reason is not None  # hints are explained
    [line, _] = [r.getMessage() for r in caplog.records if "AI decision" in r.message]
    assert re.fullmatch(
        r"AI decision: phase bid, \d+ rollouts, stop \w+, \d+\.\d{3} s, level strong", line
    )
    assert metrics.REGISTRY.get_sample_value(*count) == before + 2


def ask_decision(thinker: Thinker, **options: Any) -> asyncio.Future[Decision | None]:
    return thinker.submit(OBSERVATION, level="strong", seconds=1, seed=0, **options)


async def test_a_hint_that_fell_back_has_the_medium_players_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    thinker = Thinker(1, hint_workers=1)

    def refused(hints_only: bool) -> thinking.Worker:
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(thinker, "_new_worker", refused)
    try:
        hint = await ask_decision(thinker, interactive=True)
        bot = await ask_decision(thinker)
    finally:
        await thinker.close()
    expected = engine.ai.think(OBSERVATION, level="medium", explain=True)
    assert hint is not None and (hint.action, hint.reason) == (expected.action, expected.reason)
    assert hint.reason is not None
    assert bot is not None and bot.action == MEDIUM and bot.reason is None


async def test_a_sankou_hint_thinks_with_the_hints_looser_bar(brain: Brain) -> None:
    game = sankou.Game.deal(1)
    observation = game.observation(game.to_move)
    thinker = quick_thinker(simulations=2)
    try:
        for interactive in (False, True):
            await thinker.submit(
                observation, level="strong", seconds=0.2, seed=0, interactive=interactive
            )
        await thinker.submit(OBSERVATION, level="strong", seconds=0.2, seed=0, interactive=True)
    finally:
        await thinker.close()
    bot, hint, qingdun_hint = (call["rollouts"] for call in brain.calls)
    assert (bot.play, hint.play, qingdun_hint.play) == (2, 2, 2)  # the tests' fixed rollouts
    assert bot.alpha is None  # the bots' bar: OVERRIDE_ALPHA
    assert hint.alpha == engine.ai.sankou.HINT_ALPHA == 0.3
    assert qingdun_hint.alpha is None  # 清墩's hint keeps the bots' bar
