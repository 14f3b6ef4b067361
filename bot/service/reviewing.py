"""The hand review's worker: ``engine.ai.review`` behind every decision, at the lowest priority.

A review is seconds of pure CPU work on a hand that is over: nobody plays on while it runs, so
it must never hold up anyone who does. It runs in a worker of its own (spawned like the
Thinker's, started at the first review and kept), ``REVIEW_NICENESS`` steps below the bot,
nicer than the bot workers: bot decisions and hints have their own workers and get the cores
first; a bot decision never waits for a review. Reviews wait in one queue and run one at a time
in the order asked. One that runs past ``REVIEW_LIMIT`` has its worker killed (the next review
starts another) and answers None, as a review whose worker died or that raised (logged with the
kind of error only: an error's text may name cards).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor
from dataclasses import dataclass
from functools import partial
from typing import Any

import engine.ai
from bot import metrics
from bot.service.executors import error_kind, kill, reap, spawned
from engine.actions import Action
from engine.ai import Mistake

log = logging.getLogger(__name__)
REVIEW_NICENESS = 10  # below the bot workers' 5: reviews get what the decisions leave
REVIEW_LIMIT = 600.0  # seconds a review may run before its worker is killed
CLOSE_SECONDS = 2.0  # how long ``close`` waits for a killed worker to be gone
REVIEW_ROLLOUTS = 100  # per reviewed decision (bids and kitties get BIG_FACTOR × as many)
Result = list[Mistake] | None


@dataclass(eq=False)
class Review:
    """One review asked for: the work its worker runs, and who waits for it."""

    work: Callable[[], list[Mistake]]
    future: asyncio.Future[Result]


class Reviewer:
    """Runs hand reviews one at a time in a low-priority worker; owned by the ``Thinker``.

    ``hand`` and ``later`` are the Thinker's ways to hand work to an executor and to call back
    later (tests replace them); ``threads``: a thread instead of a process (tests).
    """

    def __init__(
        self,
        *,
        threads: bool,
        hand: Callable[[Executor, Callable[[], Any]], asyncio.Future[Any]],
        later: Callable[..., Any],
    ) -> None:
        self._threads = threads
        self._hand = hand
        self._later = later
        self._queue: deque[Review] = deque()
        self._executor: Executor | None = None
        self._running: Review | None = None
        self._timer: Any = None
        self._closed = False
        self.reviews = 0  # reviews done
        self.failures = 0  # reviews that could not be done (overran, crashed, raised)

    def waiting(self) -> int:
        """Reviews waiting for the worker now (the one running aside)."""
        return len(self._queue)

    @property
    def busy(self) -> bool:
        return self._running is not None

    def submit(
        self,
        game: str,
        start: dict[str, Any],
        actions: tuple[Action, ...],
        seat: int,
        *,
        rollouts: int = REVIEW_ROLLOUTS,
        seed: int = 0,
    ) -> asyncio.Future[Result]:
        """Queue ``engine.ai.review`` of a finished hand for ``seat``, last; the future gives
        its mistakes (costliest first), or None if it could not be done (or once closed)."""
        future: asyncio.Future[Result] = asyncio.get_running_loop().create_future()
        if self._closed:
            future.set_result(None)
            return future
        work = partial(
            engine.ai.review, game, start, list(actions), seat, rollouts=rollouts, seed=seed
        )
        self._queue.append(Review(work, future))
        self._pump()
        return future

    def _pump(self) -> None:
        """Start the next review if none runs."""
        while self._running is None and self._queue and not self._closed:
            review = self._queue.popleft()
            if review.future.done():
                continue  # nobody waits for it any more
            if self._executor is None:
                self._executor = spawned(threads=self._threads, niceness=REVIEW_NICENESS)
            try:
                running = self._hand(self._executor, review.work)
            except (BrokenExecutor, RuntimeError) as exc:  # its process died while idle
                self._stop()
                self._fail(review, "crashed", error_kind(exc))
                continue
            self._running = review
            self._timer = self._later(REVIEW_LIMIT, self._overran, review)
            running.add_done_callback(partial(self._finished, review))

    def _finished(self, review: Review, running: asyncio.Future[list[Mistake]]) -> None:
        exc = None if running.cancelled() else running.exception()  # always taken: no warning
        if self._running is not review:
            return  # given up already (past its limit, or closed)
        self._running = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if running.cancelled() or isinstance(exc, BrokenExecutor):
            self._stop()
            self._fail(review, "crashed")
        elif exc is not None:
            self._fail(review, "error", error_kind(exc))
        else:
            self.reviews += 1
            metrics.reviewed("done")
            if not review.future.done():
                review.future.set_result(running.result())
        self._pump()

    def _overran(self, review: Review) -> None:
        """Past ``REVIEW_LIMIT``: the worker is killed (the next review starts another)."""
        if self._running is not review:
            return
        self._running, self._timer = None, None
        self._stop()
        self._fail(review, "overran")
        self._pump()

    def _fail(self, review: Review, reason: str, kind: str = "") -> None:
        self.failures += 1
        metrics.reviewed(reason)
        log.error("a hand review could not be done (%s)", f"{reason}: {kind}" if kind else reason)
        if not review.future.done():
            review.future.set_result(None)

    def _stop(self) -> list[Any]:
        """Kill the worker (a new one starts at the next review); its processes."""
        executor, self._executor = self._executor, None
        return kill(executor) if executor is not None else []

    async def close(self) -> None:
        """Answer every review waiting or running with None and kill the worker."""
        if self._closed:
            return
        self._closed = True
        if self._timer is not None:
            self._timer.cancel()
        running, self._running = self._running, None
        for review in [*([running] if running else []), *self._queue]:
            if not review.future.done():
                review.future.set_result(None)
        self._queue.clear()
        processes = self._stop()
        if processes:
            await asyncio.to_thread(reap, processes, CLOSE_SECONDS)
