"""A process holding AI workers, for the tests that kill it: its workers must die with it.

``python -m tests.service.thinker_child thinker`` starts a ``Thinker`` of worker processes,
has it decide once, prints the workers' process ids and waits to be killed.
``python -m tests.service.thinker_child watch`` starts one child that watches its parent by
polling (``bot.workers.watch_parent``, where there is no prctl), prints its id and waits.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import sys
import time

from bot import workers
from bot.service.thinking import Thinker
from engine import qingdun


async def thinker() -> None:
    made = Thinker(1, hint_workers=1, simulations=5)
    game = qingdun.Game.deal(1)
    observation = game.observation(game.to_move)
    await made.choose(observation, level="strong", seconds=0.05, seed=0)
    await made.choose(observation, level="strong", seconds=0.05, seed=1, interactive=True)
    while len(made.worker_pids()) < 2:
        await asyncio.sleep(0.05)
    print(" ".join(str(pid) for pid in made.worker_pids()), flush=True)
    await asyncio.sleep(600)


def watched(parent: int) -> None:
    workers.watch_parent(parent, every=0.05)


def watch() -> None:
    child = multiprocessing.get_context("spawn").Process(target=watched, args=(os.getpid(),))
    child.start()
    print(child.pid, flush=True)
    time.sleep(600)


if __name__ == "__main__":
    if sys.argv[1:] == ["thinker"]:
        asyncio.run(thinker())
    else:
        watch()
