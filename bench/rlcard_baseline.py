"""The yardstick: random legal play of RLCard's Dou Dizhu engine, in steps per second.

Our engines are compared with this number measured in the same run on the same machine, so the
ratio means something even on a busy or slow computer. Needs the ``bench`` extra (``rlcard``).
"""

from __future__ import annotations

import random
import time


def doudizhu_steps_per_second(seconds: float = 3.0, seed: int = 0) -> float:
    """Play whole Dou Dizhu games with random legal actions for about ``seconds``.

    Every step (play or pass) counts; dealing a new game is included in the time, as it is in
    a full-hand measurement of our own engines.
    """
    import numpy as np
    from rlcard.games.doudizhu.game import DoudizhuGame

    rng = random.Random(seed)
    game = DoudizhuGame()
    game.np_random = np.random.RandomState(seed)
    steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state, _ = game.init_game()
        while not game.is_over():
            state, _ = game.step(rng.choice(state["actions"]))
            steps += 1
        now = time.perf_counter()
        if now >= deadline:
            return steps / (now - start)


def main() -> None:
    rate = doudizhu_steps_per_second()
    print(f"RLCard Dou Dizhu, random legal play: {rate:,.0f} steps/s")


if __name__ == "__main__":
    main()
