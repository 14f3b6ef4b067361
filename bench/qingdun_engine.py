"""Speed of the 清墩 engine, side by side with RLCard's Dou Dizhu measured in the same run.

Throughput: whole hands from ``Game.deal(seed)``, each step a uniform random choice among the
full ``list(game.legal_plays(seat))`` plus passing when allowed, applied with ``game.play`` /
``game.pass_turn`` (which re-verify every play). Dealing is inside the timed loop, as RLCard's
``init_game`` is. Goals: Qingdun steps/s ≥ Dou Dizhu steps/s; ``legal_plays`` < 2 ms.
"""

from __future__ import annotations

import random
import statistics
import time

from bench.rlcard_baseline import doudizhu_steps_per_second
from engine.qingdun import Game

APPROACH = "uniform choice from the fully listed legal_plays + pass, applied via play/pass_turn"


def qingdun_steps_per_second(seconds: float = 3.0, seed: int = 0) -> float:
    """Random legal play of whole 清墩 hands for about ``seconds``; every play and pass counts."""
    rng = random.Random(seed)
    steps = 0
    hand = seed
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        game = Game.deal(hand)
        hand += 1
        while not game.over:
            seat = game.to_move
            assert seat is not None
            options: list[list | None] = list(game.legal_plays(seat))
            if game.may_pass(seat):
                options.append(None)
            choice = rng.choice(options)
            if choice is None:
                game.pass_turn(seat)
            else:
                game.play(seat, choice)
            steps += 1
        now = time.perf_counter()
        if now >= deadline:
            return steps / (now - start)


def legal_plays_median_ms(hands: int = 300) -> tuple[float, float]:
    """Median time (ms) and mean count of fully consuming ``legal_plays`` on a 41-card lead."""
    times, counts = [], []
    seed = 0
    while len(times) < hands:
        game = Game.deal(seed)
        seed += 1
        seat = game.to_move
        assert seat is not None
        if game.hand_sizes[seat] != 41:
            continue
        start = time.perf_counter()
        plays = list(game.legal_plays(seat))
        times.append(time.perf_counter() - start)
        counts.append(len(plays))
    return statistics.median(times) * 1000, statistics.fmean(counts)


def main() -> None:
    doudizhu = doudizhu_steps_per_second()
    qingdun = qingdun_steps_per_second()
    median, count = legal_plays_median_ms()
    print(f"RLCard Dou Dizhu, random legal play : {doudizhu:9,.0f} steps/s")
    print(f"清墩 Qingdun, random legal play      : {qingdun:9,.0f} steps/s  ({APPROACH})")
    print(f"ratio Qingdun / Dou Dizhu           : {qingdun / doudizhu:9.2f}   (goal ≥ 1)")
    print(f"legal_plays, full 41-card lead       : {median:9.3f} ms median  (goal < 2 ms)")
    print(f"  plays listed on such a lead        : {count:9.0f} on average")


if __name__ == "__main__":
    main()
