"""AI decisions for the tests: quick and the same on every run.

The service and the bot take a ``Thinker``; the tests give them this one unless a test is
about thinking itself: a thread instead of worker processes (nothing to spawn) and no search
(``simulations=0``: the strong level plays its heuristic's choice, in well under a
millisecond), so that a table full of bots plays out as fast as before. It still runs every
decision through the worker path: a snapshot under the lock, the decision off the event loop,
the re-check before the commit.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from bot.service.thinking import Thinker


def quick_thinker(simulations: int = 0) -> Thinker:
    return Thinker(executor=ThreadPoolExecutor(1, thread_name_prefix="ai"), simulations=simulations)
