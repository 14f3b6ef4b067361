"""How the strong player's search behaves, position by position (issue 24).

Positions come from hands played by the heuristic (``medium``) in every seat, every
``--every``-th decision of deals from ``--first-deal`` on. For each it measures:

- the share of search rounds in which every candidate scored the same (the search cannot
  tell them apart there), for the strong player and for ``strong_v1`` (the latter counted by
  watching its evaluations: a round is a world on which every candidate was played out);
  The strong player's tied rounds are also split by how many candidates were still in
  the search: the first phase plays every candidate out, the last compares two close
  moves, which is where most ties are; and once more leaving out the decided positions
  (the search stopped ``alike``: every candidate scored the same on every world, so
  nothing the seat does there changes the hand);
- hint agreement: the strong player's move at the hint budget against its move with ten
  times the rollouts and another seed, over the positions with more than one candidate;
  where they differ, what the hint's move costs by the big search's judgement
  (``engine.ai.judge`` at ten times the rollouts, the hint's move kept to the end, so both
  are valued on the same worlds);
- with ``--ceiling``, how often two searches of ten times the rollouts with different
  seeds agree: the most a hint can agree with one of them.

The hint thinks as the Hint button does (``engine.ai.hint_rollouts``: in 三扣 a looser bar
for leaving the heuristic's move); ``--alpha A`` gives it another chance that noise alone
overrides (``Rollouts.alpha``; the big searches keep the bots' bar).
``--seconds S`` cuts the hint at S seconds of wall time as the bot does (``BIG_FACTOR`` × S
for a bid, kitty or trump), on top of its rollouts: the hint a player gets on this machine
at its load, not a reproducible figure. ``--reference N`` gives the big search N rollouts
instead of ten times the hint's (so hints of several budgets meet the same reference).
``--references FILE`` keeps the big searches (their moves and the costs they judged) in
FILE and reads them back on the next run (``bench/ai_references.py``), so that comparing
two hints pays for the big searches once.

    python -m bench ai_search --games sankou --positions 200 --rollouts 200 [--ceiling]
    python -m bench ai_search --games qingdun --rollouts 200 --seconds 0.3 --reference 4000
    python -m bench ai_search --games sankou --positions 250 --reference 2000 \
        --references /work/refs-sankou.jsonl [--alpha 0.1]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from bench import ai_references
from bench.ai_references import Reference, action_key
from bench.baselines import strong_v1
from bench.baselines.strong_v1 import search as v1_search
from bench.pool import pool
from engine.actions import Action
from engine.ai import (
    BIG_FACTOR,
    Rollouts,
    choose,
    hint_rollouts,
    judge,
    phase_of,
    search,
    think,
)
from engine.ai.search import INDIFFERENT
from engine.game import GameBase
from engine.records import GAMES

Position = ai_references.Position


def positions(game_name: str, count: int, every: int, first: int) -> Iterator[Position]:
    """Every ``every``-th decision of hands played by the heuristic, ``count`` of them."""
    found = 0
    deal = first
    cls = GAMES[game_name]
    while found < count:
        game: Any = cls.deal(deal)
        step = 0
        while not game.over and found < count:
            if step % every == deal % every:
                yield game_name, game.start, tuple(game.actions)
                found += 1
            game.apply(choose(game, game.to_move, level="medium"))
            step += 1
        deal += 1


def _v1_ties(obs: object, rollouts: int, seed: int) -> tuple[int, int, int]:
    """strong_v1's (rounds, tied rounds, rollouts) at one decision, by watching its
    evaluations."""
    rounds = tied = evaluations = 0
    original = v1_search.best_candidate

    def watched(candidates: Any, sample: Callable, evaluate: Callable, *rest: Any) -> Any:
        nonlocal rounds, tied
        by_world: dict[int, list[float]] = {}
        keep: list[object] = []  # hold the worlds, so their ids stay unique

        def recorded(world: Any, candidate: Any) -> float:
            nonlocal evaluations
            evaluations += 1
            value = evaluate(world, candidate)
            keep.append(world)
            by_world.setdefault(id(world), []).append(value)
            return value

        choice = original(candidates, sample, recorded, *rest)
        for values in by_world.values():
            if len(values) >= 2:
                rounds += 1
                tied += len(set(values)) == 1
        return choice

    v1_search.best_candidate = watched
    try:
        strong_v1.decide(obs, level="strong", seed=seed, simulations=rollouts)  # type: ignore[arg-type]
    finally:
        v1_search.best_candidate = original
    return rounds, tied, evaluations


def _watched_think(
    obs: Any, seed: int, rollouts: int, seconds: float | None, alpha: float | None = None
) -> tuple[Any, dict[str, int]]:
    """The strong player's hint (cut at ``seconds`` as the bot cuts it, when given; its bar
    ``alpha`` when given, else the Hint button's), with
    its search rounds among candidates counted by whether every candidate was still in (the
    first phase) or only some (after halving)."""
    counts = {"first": 0, "first_tied": 0, "later": 0, "later_tied": 0}
    original = search._round

    def watched(alive: list[int], candidates: Any, *rest: Any) -> float | None:
        played = original(alive, candidates, *rest)
        if played is not None:
            values = rest[2]
            where = "first" if len(alive) == len(candidates) else "later"
            counts[where] += 1
            counts[f"{where}_tied"] += len({values[i][-1] for i in alive}) == 1
        return played

    search._round = watched  # type: ignore[assignment]
    try:
        if seconds is not None and phase_of(obs) != "play":
            seconds *= BIG_FACTOR  # as ``bot.service.thinking`` gives the big decisions
        plan = replace(hint_rollouts(obs), play=rollouts)
        if alpha is not None:
            plan = replace(plan, alpha=alpha)
        hint = think(obs, seed=seed, seconds=seconds, rollouts=plan)
        return hint, counts
    finally:
        search._round = original  # type: ignore[assignment]


def _cost(obs: Any, action: Action, rollouts: int, seed: int) -> float:
    """What ``action`` costs against the strong player's move, by ``engine.ai.judge``."""
    judged = judge(obs, action, rollouts=rollouts, seed=seed)
    return judged.cost if judged is not None else 0.0


def hint_seed(index: int) -> int:
    """The hint's seed at position number ``index``."""
    return 1000 + index


def big_seed(index: int) -> int:
    """The big search's seed at position number ``index`` (its references' key)."""
    return hint_seed(index) + 7919


def _judged(obs: Any, action: Action, task: Task, reference: Reference) -> float:
    """``action``'s cost by the big search's judge, from the references when judged before
    (the judge is the same search at the same seed, so the cost is the same)."""
    cost = reference.cost(action)
    if cost is None:
        cost = _cost(obs, action, task.reference, big_seed(task.index))
        reference.costs[action_key(action)] = cost
    return cost


@dataclass(frozen=True)
class Task:
    """One position to measure, with the hint's budget and the big search's rollouts."""

    position: Position
    index: int  # the position's number: its seeds
    rollouts: int
    seconds: float | None
    reference: int
    ceiling: bool
    known: Reference | None = None  # the big search, from ``--references``
    alpha: float | None = None  # the hint's bar, if not the Hint button's


def measure(task: Task) -> dict[str, Any]:
    game_name, start, actions = task.position
    game: GameBase = GAMES[game_name].replay(start, actions)
    obs = game.observation(game.to_move)  # type: ignore[attr-defined]
    seed = hint_seed(task.index)
    started = time.process_time()
    hint, split = _watched_think(obs, seed, task.rollouts, task.seconds, task.alpha)
    cpu = time.process_time() - started
    big = Rollouts(play=task.reference)
    known = task.known
    if known is None:
        reference = Reference(think(obs, seed=big_seed(task.index), rollouts=big).action)
    else:
        reference = Reference(known.action, dict(known.costs))
    agree = hint.action == reference.action
    cost = 0.0 if agree else _judged(obs, hint.action, task, reference)
    again, again_cost = None, 0.0
    if task.ceiling and hint.stats.candidates > 1:
        other = think(obs, seed=seed + 2 * 7919, rollouts=big).action
        again = other == reference.action
        if not again:  # the same judge: what a big search's move costs by another's values
            again_cost = _judged(obs, other, task, reference)
    found = known is None or reference.costs != known.costs
    started = time.process_time()
    v1_rounds, v1_tied, v1_rollouts = _v1_ties(obs, task.rollouts, seed)
    v1_cpu = time.process_time() - started
    return {
        "cpu": cpu,
        "rollouts": hint.stats.rollouts,
        "v1_cpu": v1_cpu,
        "v1_rollouts": v1_rollouts,
        "phase": hint.stats.phase,
        "candidates": hint.stats.candidates,
        "searched": hint.stats.rollouts > 0,
        "agree": agree,
        "cost": cost,
        "ceiling": again,
        "ceiling_cost": again_cost,
        **split,
        "rounds": hint.stats.rounds,
        "tied": hint.stats.tied_rounds,
        "alike": hint.stats.stop == "alike",
        "v1_rounds": v1_rounds,
        "v1_tied": v1_tied,
        "reference": reference if found else None,  # new to the references
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench ai_search", description=__doc__)
    parser.add_argument("--games", default="qingdun,sankou")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--rollouts", type=int, default=200, help="the hint's rollouts")
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--first-deal", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--seconds", type=float, help="cut the hint at this wall time, as the bot does"
    )
    parser.add_argument(
        "--reference", type=int, help="the big search's rollouts (default: 10 × --rollouts)"
    )
    parser.add_argument(
        "--ceiling", action="store_true", help="also compare two big searches (seeds differ)"
    )
    parser.add_argument(
        "--alpha",
        type=float,
        help="the hint's chance that noise alone overrides the heuristic (default: the Hint's)",
    )
    parser.add_argument(
        "--references", type=Path, metavar="FILE", help="keep the big searches here; reuse them"
    )
    args = parser.parse_args(argv or [])
    if args.alpha is not None and not 0 < args.alpha < 1:
        parser.error(f"--alpha must be between 0 and 1, not {args.alpha:g}")
    reference = args.reference or 10 * args.rollouts
    path: Path | None = args.references
    known = ai_references.load(path) if path is not None else {}
    kept = (
        f"the big searches done so far, in {path}"
        if path is not None
        else "nothing (every position is measured again)"
    )
    for game_name in args.games.split(","):
        found = list(positions(game_name, args.positions, args.every, args.first_deal))
        entries = [ai_references.key(p, reference, big_seed(i)) for i, p in enumerate(found)]
        tasks = [
            Task(
                p,
                i,
                args.rollouts,
                args.seconds,
                reference,
                args.ceiling,
                known.get(entry),
                args.alpha,
            )
            for i, (p, entry) in enumerate(zip(found, entries, strict=True))
        ]
        if path is not None:
            reused = sum(task.known is not None for task in tasks)
            print(f"{game_name}: {reused} of {len(tasks)} big searches from {path}", flush=True)
        random.Random(0).shuffle(tasks)  # mix early and late positions across the workers
        rows = []
        with pool(args.workers, kept) as running:
            for task, row in zip(tasks, running.imap(measure, tasks), strict=True):
                rows.append(row)
                new = row.pop("reference")
                if path is not None and new is not None:
                    ai_references.save(path, entries[task.index], new)
        for line in _report(game_name, args.rollouts, args.seconds, reference, rows, args.alpha):
            print(line, flush=True)


def _spread(costs: list[float]) -> str:
    """Costs summed up: mean, median (the upper middle) and max."""
    middle = sorted(costs)[len(costs) // 2]
    return f"mean {statistics.fmean(costs):.3f}, median {middle:.3f}, max {max(costs):.3f} points"


def _report(
    game_name: str,
    rollouts: int,
    seconds: float | None,
    reference: int,
    rows: list[dict[str, Any]],
    alpha: float | None = None,
) -> Iterator[str]:
    choices = [r for r in rows if r["candidates"] > 1]
    agree = sum(r["agree"] for r in choices) / len(choices) if choices else 0.0
    rounds, tied = sum(r["rounds"] for r in rows), sum(r["tied"] for r in rows)
    v1_rounds, v1_tied = sum(r["v1_rounds"] for r in rows), sum(r["v1_tied"] for r in rows)
    cut = "" if seconds is None else f", cut at {seconds:g} s ({os.getloadavg()[0]:.1f} load)"
    cut += "" if alpha is None else f", alpha {alpha:g}"
    yield (
        f"{game_name}: {len(rows)} positions, {len(choices)} with a choice; "
        f"hint {rollouts} rollouts{cut}"
    )
    if seconds is not None and choices:
        spent = sorted(r["rollouts"] for r in choices)
        middle, mean = spent[len(spent) // 2], statistics.fmean(spent)
        yield f"  the hint's rollouts: median {middle}, mean {mean:.0f}"
    yield f"  hint agrees with {reference} rollouts : {agree:.1%}  (goal ≥ 90%)"
    for phase in sorted({r["phase"] for r in choices}):
        some = [r for r in choices if r["phase"] == phase]
        share = sum(r["agree"] for r in some) / len(some)
        yield f"    {phase:6}: {share:.1%} of {len(some)}"
    differ = [r["cost"] for r in choices if not r["agree"]]
    if differ:
        yield (
            f"  where they differ, the hint's move costs (big search): {_spread(differ)};"
            f" {sum(differ) / len(choices):.3f} a hint on average"
        )
    if choices:
        close = sum(r["agree"] or r["cost"] < INDIFFERENT for r in choices) / len(choices)
        yield f"  agree, or cost < {INDIFFERENT} (indifferent) : {close:.1%}"
    twice = [r for r in choices if r["ceiling"] is not None]
    if twice:
        share = sum(r["ceiling"] for r in twice) / len(twice)
        yield f"  two big searches agree (ceiling)  : {share:.1%} of {len(twice)}"
        apart = [r["ceiling_cost"] for r in twice if not r["ceiling"]]
        if apart:
            yield f"    where they differ, one's move costs by the other's judge: {_spread(apart)}"
    share = tied / rounds if rounds else 0.0
    v1_share = v1_tied / v1_rounds if v1_rounds else 0.0
    yield f"  rounds all tied, strong           : {share:.1%} of {rounds}  (goal < 20%)"
    for where, label in (("first", "every candidate in"), ("later", "after halving")):  # bids aside
        n, t = sum(r[where] for r in rows), sum(r[f"{where}_tied"] for r in rows)
        yield f"    {label:19}: {t / n if n else 0.0:.1%} of {n}"
    open_rows = [r for r in rows if not r["alike"]]  # decided positions left out
    n, t = sum(r["rounds"] for r in open_rows), sum(r["tied"] for r in open_rows)
    decided = len(rows) - len(open_rows)
    share = t / n if n else 0.0
    yield f"    where a move matters: {share:.1%} of {n} ({decided} positions decided)"
    yield f"  rounds all tied, strong_v1        : {v1_share:.1%} of {v1_rounds}"
    play = [r for r in rows if r["phase"] == "play" and r["rollouts"] and r["v1_rollouts"]]
    if play:
        ms = 1000 * sum(r["cpu"] for r in play) / sum(r["rollouts"] for r in play)
        v1_ms = 1000 * sum(r["v1_cpu"] for r in play) / sum(r["v1_rollouts"] for r in play)
        yield (
            f"  CPU per rollout (world, play-out, search; play decisions): strong {ms:.2f} ms,"
            f" strong_v1 {v1_ms:.2f} ms ({v1_ms / ms:.2f}×)"
        )
