"""The AI players' decisions, made off the event loop: ``Thinker`` runs ``engine.ai`` in
worker processes.

A strong decision is pure-Python search for up to a few seconds. On the event loop it would
stop every table (and every answer to Discord) meanwhile; in a thread the GIL would slow the
loop and every other table as much. So it runs in a ``ProcessPoolExecutor`` whose workers are
spawned (not forked: no copy of the bot's threads, sockets or database connections), and each
decision sends a worker only the seat's observation (``game.observation(seat)``, a plain
picklable value) to ``engine.ai.decide``: a worker cannot see another seat's cards because it
is never sent them.

A worker that crashes, raises or hangs never stalls a table: the decision comes back as None
(with a log line) and the service plays the simple policy for that one move; a broken pool is
replaced by a new one for the next decision.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor
from functools import partial

import engine.ai
from bot import metrics
from engine.actions import Action

log = logging.getLogger(__name__)
#: A pool in which no decision finished for this long while one waits is hung (no decision takes
#: more than a few seconds): its workers are stopped and the pool replaced. A decision that only
#: waits for a busy pool (many tables thinking at once) waits on.
HANG_SECONDS = 30.0
MAX_WORKERS = 32


class Hung(Exception):
    """No decision of the pool finished for ``HANG_SECONDS`` while one waited."""

    def __str__(self) -> str:
        return f"no decision finished for {self.args[0]:.0f} s"


def default_workers() -> int:
    """Two workers where there are two cores or more: a decision at a time per core, the event
    loop's own work being light (pictures are drawn in threads that mostly wait on Pillow)."""
    return max(1, min(2, os.cpu_count() or 1))


class Thinker:
    """Runs AI decisions in a worker pool; owned and closed by ``TableService``.

    ``workers``: the size of the process pool (started at the first decision). ``executor``:
    another pool to use instead (tests pass a thread pool). ``simulations``: a fixed number of
    rollouts for every decision, on top of the tables' time budgets (whichever runs out first):
    tests pass a small one so that decisions are quick and the same on every run.
    """

    def __init__(
        self,
        workers: int | None = None,
        *,
        executor: Executor | None = None,
        simulations: int | None = None,
    ) -> None:
        if workers is not None and not 1 <= workers <= MAX_WORKERS:
            raise ValueError(f"workers must be 1 to {MAX_WORKERS}, not {workers!r}")
        self.workers = workers or default_workers()
        self.simulations = simulations
        self._given = executor
        self._pool: Executor | None = executor
        self._closed = False
        self._progress = time.monotonic()  # when a decision last finished (or the pool began)
        self.decisions = 0  # decisions a worker made
        self.failures = 0  # decisions given up (crash, error, hang, closed): simple played

    def _executor(self) -> Executor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn")
            )
            self._progress = time.monotonic()
        return self._pool

    async def choose(
        self, observation: engine.ai.Observation, *, level: str, seconds: float, seed: int
    ) -> Action | None:
        """The decision of ``engine.ai`` for the observing seat, or None if no worker could
        make it (logged; the caller plays the simple policy instead)."""
        if self._closed:
            self.failures += 1
            return None
        work = partial(
            engine.ai.decide,
            observation,
            level=level,
            seed=seed,
            simulations=self.simulations,
            seconds=seconds,
        )
        pool = self._executor()
        future: asyncio.Future[Action] | None = None
        try:
            future = self._run(pool, work)
            metrics.thinking(future)
            future.add_done_callback(self._progressed)
            while not (await asyncio.wait({future}, timeout=HANG_SECONDS))[0]:
                # waiting for a busy pool is no hang: a pool in which nothing finishes is
                if time.monotonic() - self._progress >= HANG_SECONDS:
                    raise Hung(HANG_SECONDS)
            action = future.result()
        except (BrokenExecutor, Hung) as exc:  # a worker died (killed, out of memory) or hangs
            log.error("the AI worker pool failed (%r): the simple policy plays this move", exc)
            self._replace(pool, stop=isinstance(exc, Hung))
        except asyncio.CancelledError:
            if future is None or not future.cancelled():
                raise  # we are cancelled ourselves
            log.error("an AI decision was cancelled (its pool stopped): the simple policy plays")
        except Exception as exc:  # a bug in the player: logged, the table plays on
            # the kind of error only: its text may name cards of the hand it thought about
            kind = " ".join(str(p) for p in (type(exc).__name__, getattr(exc, "code", "")) if p)
            log.error("an AI decision failed (%s): the simple policy plays this move", kind)
        else:
            self.decisions += 1
            return action
        self.failures += 1
        return None

    def _progressed(self, _: object) -> None:
        self._progress = time.monotonic()

    @staticmethod
    def _run(pool: Executor, work: Callable[[], Action]) -> asyncio.Future[Action]:
        """Hand ``work`` to a worker of ``pool``."""
        return asyncio.get_running_loop().run_in_executor(pool, work)

    def _replace(self, pool: Executor, *, stop: bool = False) -> None:
        """Drop a broken or hung pool of our own; the next decision starts a new one."""
        if pool is not self._pool or pool is self._given or self._closed:
            return
        self._pool = None
        if stop:  # a hung worker would keep its core busy: ProcessPoolExecutor has no public way
            for process in list(getattr(pool, "_processes", {}).values()):
                process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)

    async def close(self) -> None:
        """Stop taking decisions and shut the pool down (its workers finish what they are
        doing, at most one budget, without holding up the event loop)."""
        self._closed = True
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)
