"""AI decisions for the tests: quick and the same on every run.

The service and the bot take a ``Thinker``; the tests give them this one unless a test is
about thinking itself: a thread instead of worker processes (nothing to spawn) and no search
(``simulations=0``: the strong level plays its heuristic's choice, in well under a
millisecond), so that a table full of bots plays out as fast as before. It still runs every
decision through the worker path: a snapshot under the lock, the decision off the event loop,
the re-check before the commit. ``Brain`` stands in for the player in those threads.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any

import engine.ai
from bot.service.thinking import Thinker
from engine.actions import Action
from engine.ai import Decision, Stats


def quick_thinker(simulations: int = 0, workers: int = 1, hint_workers: int = 1) -> Thinker:
    return Thinker(workers, hint_workers=hint_workers, threads=True, simulations=simulations)


class Brain:
    """Stands in for ``engine.ai.think`` in the worker: records each call (and the thread it
    ran in), may hold it until the test releases it, and answers with ``answer`` if set (an
    action, sent back as a ``Decision``), else with the real player."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []
        self.answers: list[Action] = []
        self.entered = threading.Semaphore(0)
        self.gate: threading.Event | None = None
        self.answer: Callable[[Any], Action] | None = None
        self.delay = 0.0  # seconds each decision takes at least
        self._real = engine.ai.think

    def think(self, observation: Any, **budget: Any) -> Decision:
        self.calls.append({"observation": observation, "thread": threading.get_ident(), **budget})
        self.entered.release()
        if self.gate is not None:
            assert self.gate.wait(10)
        time.sleep(self.delay)
        if self.answer is not None:
            decision = Decision(self.answer(observation), Stats(engine.ai.phase_of(observation)))
        else:
            decision = self._real(observation, **budget)
        self.answers.append(decision.action)
        return decision

    def forget(self) -> None:
        """Start the record afresh (after the moves that set the scene)."""
        self.calls.clear()
        self.answers.clear()

    async def thinking(self) -> None:
        """Wait until a decision has started in the worker."""
        assert await asyncio.to_thread(self.entered.acquire, True, 10)
