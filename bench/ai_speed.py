"""The rollout core's speed: dealing a world and playing it out, strong_v1 against today's.

Positions come from hands played by the heuristic, early, in the middle and late in a hand.
At each, both players' samplers deal ``--worlds`` worlds and their rollout policies play each
out (CPU time: the machine is shared). Dealing includes what each sampler does per world
(strong_v1 replays the history; today's redeals one replayed game and weighs a few deals by
likelihood); playing out includes today's exact endings and point-aware value.

    python -m bench ai_speed
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from bench.baselines.strong_v1.qingdun import player as v1_qingdun
from bench.baselines.strong_v1.qingdun import sampling as v1_qingdun_sampling
from bench.baselines.strong_v1.sankou import player as v1_sankou
from bench.baselines.strong_v1.sankou import policy as v1_sankou_policy
from bench.baselines.strong_v1.sankou import sampling as v1_sankou_sampling
from engine.ai import choose
from engine.ai.clone import clone
from engine.ai.qingdun import player as qingdun
from engine.ai.qingdun import sampling as qingdun_sampling
from engine.ai.sankou import rollout as sankou
from engine.ai.sankou import sampling as sankou_sampling
from engine.ai.sankou.seen import Memory
from engine.records import GAMES

#: Moves into a hand at which positions are taken (三扣: its play phase).
STAGES = {
    "qingdun": {"early": (8, 9, 10), "middle": (60, 61), "late": (100, 101)},
    "sankou": {"early": (20, 21, 22), "middle": (55, 56), "late": (85, 86)},
}
Make = Callable[[Any, random.Random], Any]
Run = Callable[[Any, Any], object]


def positions(game_name: str, moves: tuple[int, ...], deals: int) -> list[Any]:
    found = []
    for deal in range(400, 400 + deals):
        game: Any = GAMES[game_name].deal(deal)
        step = 0
        while not game.over and step <= max(moves):
            playing = game_name == "qingdun" or game.phase.value == "play"
            if step in moves and playing:
                found.append(game.observation(game.to_move))
            game.apply(choose(game, game.to_move, level="medium"))
            step += 1
    return found


def timed(observations: list[Any], sampler: Callable, make: Make, run: Run, n: int) -> str:
    rng = random.Random(0)
    dealing = playing = 0.0
    count = 0
    for obs in observations:
        s = sampler(obs)
        for _ in range(n):
            started = time.process_time()
            world = make(s, rng)
            dealing += time.process_time() - started
            started = time.process_time()
            run(obs, world)
            playing += time.process_time() - started
            count += 1
    if not count:
        return "no position: every hand was over before this stage"
    return f"{1000 * dealing / count:.2f} / {1000 * playing / count:.2f} ms ({count} worlds)"


def _players(game_name: str) -> list[tuple[str, Callable, Make, Run]]:
    if game_name == "qingdun":

        def v1_world(s: Any, r: random.Random) -> Any:
            world = s.world(r)
            return world, v1_qingdun.Plans.of(world)

        def v1_run(obs: Any, w: Any) -> object:
            trick = v1_qingdun.Trick(obs.top_seat, v1_qingdun._trick_points(obs))
            return v1_qingdun.playout(clone(w[0]), w[1].copy(), trick)

        def world(s: Any, r: random.Random) -> Any:
            w = s.world(r)
            return w, qingdun.Plans.of(w)

        def run(obs: Any, w: Any) -> object:
            trick = qingdun.Trick(obs.top_seat, qingdun.trick_points(obs))
            return qingdun.playout(clone(w[0]), w[1].copy(), trick, obs.seat)

        return [
            ("strong_v1", v1_qingdun_sampling.Sampler, v1_world, v1_run),
            ("strong", qingdun_sampling.Sampler, world, run),
        ]

    def v1_deal(s: Any, r: random.Random) -> Any:
        w = s.world(r)
        return w, v1_sankou_policy.Memory.of(w)

    def deal(s: Any, r: random.Random) -> Any:
        w = s.world(r)
        return w, Memory.of(w)

    return [
        (
            "strong_v1",
            v1_sankou_sampling.Sampler,
            v1_deal,
            lambda o, w: v1_sankou.finish(clone(w[0]), w[1].copy(), o.seat),
        ),
        (
            "strong",
            sankou_sampling.Sampler,
            deal,
            lambda o, w: sankou.finish(clone(w[0]), w[1].copy(), o.seat),
        ),
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench ai_speed", description=__doc__)
    parser.add_argument("--games", default="qingdun,sankou")
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--worlds", type=int, default=30, help="per position")
    args = parser.parse_args(argv or [])
    for game_name in args.games.split(","):
        print(f"{game_name}: dealing a world / playing it out, CPU time per world", flush=True)
        for stage, moves in STAGES[game_name].items():
            observations = positions(game_name, moves, args.deals)
            for label, sampler, make, run in _players(game_name):
                result = timed(observations, sampler, make, run, args.worlds)
                print(f"  {stage:6} {label:9}: {result}", flush=True)
