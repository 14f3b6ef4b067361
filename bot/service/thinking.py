"""The AI players' decisions, made off the event loop and never starved: ``Thinker`` runs
``engine.ai`` in worker processes of its own, interactive hints first.

A strong decision is pure-Python search for up to a few seconds. On the event loop it would
stop every table (and every answer to Discord) meanwhile; in a thread the GIL would slow the
loop as much. So it runs in a worker process, spawned (not forked: no copy of the bot's
threads, sockets or database connections) and sent only the seat's observation (a plain
picklable value) for ``engine.ai.think``, and sends back the ``Decision`` (the action, its
``Stats``, and for a hint its ``Reason``): a worker cannot see another seat's cards because it
is never sent them. Each worker runs one decision at a time, so the Thinker knows which worker
runs which decision. Every decision made is logged in one line without cards (phase,
rollouts, why the search stopped, seconds, level) and its rollouts counted by phase:

- **Hints first.** Hints (a person waits for them) have a worker of their own
  (``HINT_WORKERS``) and go before every bot decision on the others too; bot workers run at a
  lower CPU priority (``BOT_NICENESS``), so the event loop and hints get the cores first.
- **Fair shares.** Bot and timeout decisions wait in one queue per server and per table, taken
  in turn (a server with many busy tables does not starve one with a single table).
- **Budgets shrink under load.** A bot decision thinks for its budget times the share of the
  workers it has (``workers`` / decisions waiting or running), never past the time it is due:
  ``HINT_WITHIN`` × its budget for a hint, ``BOT_WITHIN`` × for a bot. One that waited so long
  that less than ``MIN_SECONDS`` is left is made at once at the ``medium`` level.
- **Big decisions get more.** A 三扣 bid, kitty or trump (``engine.ai.phase_of``) thinks for
  ``BIG_FACTOR`` × the table's seconds, and its due time and hard limit follow from that.
- **A hard limit.** A running decision that passes its budget plus a margin (``hard_limit``)
  has its worker killed and replaced, and the ``medium`` move is played at once.
- **Trouble never stalls a table.** A worker that dies or a player that raises: the ``medium``
  move at once, too. Every such fallback is counted by reason in ``fallbacks`` and logged
  (the kind of error only: an error's text may name the cards of the hand it thought about).
- **Hand reviews last.** ``review`` runs ``engine.ai.review`` in a worker of its own at the
  lowest priority (``bot.service.reviewing``): no bot decision or hint ever waits for one.
- ``close()`` kills the workers and returns within a few seconds, whatever they do; workers
  also end with the bot when it is killed (``bot.workers.die_with_parent``).
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections import Counter, OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, Protocol, TypeVar

import engine.ai
from bot import metrics
from bot import workers as worker_side
from bot.service.executors import error_kind, kill, reap, spawned
from bot.service.reviewing import REVIEW_ROLLOUTS, Reviewer
from engine.actions import Action
from engine.ai import Decision, Mistake, Rollouts

log = logging.getLogger(__name__)
T = TypeVar("T")
MAX_WORKERS = 32
HINT_WORKERS = 1  # workers that only take hints (besides ``workers`` that take hints first)
HINT_WITHIN = 1.25  # a hint is answered within this many times its budget
BOT_WITHIN = 2.5  # a bot's (or the timeout rule's) move within this many times its budget
MIN_SECONDS = 0.05  # the least budget worth a search: with less left, the medium move at once
START_SECONDS = 60.0  # a worker not ready after this long is replaced
CLOSE_SECONDS = 2.0  # how long ``close`` waits for killed workers to be gone
MEDIUM = engine.ai.think  # the fallback player, on the spot (medium decides in a millisecond)
BOT_NICENESS = 5  # bot workers yield the cores to the event loop and the hints' worker


def hard_limit(seconds: float) -> float:
    """How long a running decision may take before its worker is killed: its budget plus a
    margin of half the budget, at least a second (a busy machine may hold a worker back that
    long; a killed worker costs a new process)."""
    return seconds + max(1.0, seconds / 2)


def default_workers() -> int:
    """Two workers where there are two cores or more: a decision at a time per core, the event
    loop's own work being light (pictures are drawn in threads that mostly wait on Pillow)."""
    return max(1, min(2, os.cpu_count() or 1))


class Timer(Protocol):
    """A callback to come, as ``_later`` makes it."""

    def cancel(self) -> None: ...


@dataclass(eq=False)
class Job:
    """One decision asked for: what the worker is sent, who asked, and when it is due."""

    observation: engine.ai.Observation
    level: str
    seconds: float
    seed: int
    group: tuple[int, int]  # (server, table): the queue it waits in
    interactive: bool  # a hint: a person waits for it
    due: float  # the loop's time by which it is answered, at the medium level if need be
    future: asyncio.Future[Decision | None]
    timer: Timer | None = None  # its wait bound, while it waits


@dataclass(eq=False)
class Worker:
    """One worker process (a thread in tests), running one decision at a time."""

    hints_only: bool
    executor: Executor
    ready: bool = False  # started, and its players imported
    pid: int | None = None
    job: Job | None = None
    timer: Timer | None = None  # the hard limit of its job (or of its start)


class Thinker:
    """Runs AI decisions in workers of its own; owned and closed by ``TableService``.

    ``workers``: the workers for bot decisions (hints first there too), besides
    ``hint_workers`` that only take hints; all started at the first decision. ``threads``:
    threads instead of processes (tests: quick to start, and ``engine.ai`` can be replaced;
    a thread past its hard limit is abandoned, not killed). ``simulations``: a fixed number of
    rollouts for every decision, on top of the budgets (whichever runs out first): tests pass a
    small one so that decisions are quick and the same on every run.
    """

    def __init__(
        self,
        workers: int | None = None,
        *,
        hint_workers: int = HINT_WORKERS,
        threads: bool = False,
        simulations: int | None = None,
    ) -> None:
        if workers is not None and not 1 <= workers <= MAX_WORKERS:
            raise ValueError(f"workers must be 1 to {MAX_WORKERS}, not {workers!r}")
        if not 0 <= hint_workers <= MAX_WORKERS:
            raise ValueError(f"hint_workers must be 0 to {MAX_WORKERS}, not {hint_workers!r}")
        self.workers = workers or default_workers()
        self.hint_workers = hint_workers
        self.simulations = simulations
        self._threads = threads
        self._pool: list[Worker] = []
        self._hints: deque[Job] = deque()
        self._bots: OrderedDict[int, OrderedDict[int, deque[Job]]] = OrderedDict()
        self._waiting_bots = 0
        self._closed = False
        self.decisions = 0  # decisions a worker made
        self.fallbacks: Counter[str] = Counter()  # decisions not made by a worker, by reason
        self.reviewer = Reviewer(threads=threads, hand=self._hand, later=self._later)
        self.review_rollouts = REVIEW_ROLLOUTS  # per reviewed decision (tests: fewer)

    @property
    def failures(self) -> int:
        """Every decision not made by a worker at its level (the sum of ``fallbacks``)."""
        return sum(self.fallbacks.values())

    def waiting(self) -> tuple[int, int]:
        """Hints and bot decisions waiting for a worker now."""
        return len(self._hints), self._waiting_bots

    def worker_pids(self) -> list[int]:
        """The process ids of the workers started and ready (none with ``threads``)."""
        return [w.pid for w in self._pool if w.pid is not None and not self._threads]

    def fell_back(self, reason: str) -> None:
        """Count and log a decision the caller could not use (e.g. a move the rules refused)."""
        self.fallbacks[reason] += 1
        metrics.fell_back(reason)
        log.error("an AI decision fell back to a simpler player (%s)", reason)

    async def choose(self, observation: engine.ai.Observation, **options: Any) -> Action | None:
        """The action decided for the observing seat (``submit`` takes the same options)."""
        decision = await asyncio.shield(self.submit(observation, **options))
        return None if decision is None else decision.action

    def review(
        self,
        game: str,
        start: dict[str, Any],
        actions: tuple[Action, ...],
        seat: int,
        **options: Any,
    ) -> asyncio.Future[list[Mistake] | None]:
        """``engine.ai.review`` of a finished hand for ``seat``, behind everything else in a
        worker of its own at the lowest priority (``Reviewer``); None if it could not be done."""
        options.setdefault("rollouts", self.review_rollouts)
        return self.reviewer.submit(game, start, actions, seat, **options)

    def submit(
        self,
        observation: engine.ai.Observation,
        *,
        level: str,
        seconds: float,
        seed: int,
        group: tuple[int, int] = (0, 0),
        interactive: bool = False,
    ) -> asyncio.Future[Decision | None]:
        """Ask for the decision of ``engine.ai`` at ``level`` for the observing seat, thought
        for at most ``seconds`` (``BIG_FACTOR`` × for a bid, kitty or trump; less under load);
        ``group`` is (server, table), whose turn in the queue it waits for, and
        ``interactive`` a hint that goes first (and is explained: ``Decision.reason``). The
        future gives the decision (the ``medium`` player's if no worker could make it in
        time), or None once the Thinker is closed (the caller plays the simple policy then)."""
        loop = asyncio.get_running_loop()
        if engine.ai.phase_of(observation) != "play":
            seconds *= engine.ai.BIG_FACTOR
        within = HINT_WITHIN if interactive else BOT_WITHIN
        due = loop.time() + seconds * within
        job = Job(observation, level, seconds, seed, group, interactive, due, loop.create_future())
        metrics.thinking(job.future)
        if self._closed:
            self._fall_back(job, "closed")
            return job.future
        self.start()
        if not self._pool:
            self._fall_back(job, "no workers")
            return job.future
        if interactive:
            self._hints.append(job)
        else:
            guild, table = group
            self._bots.setdefault(guild, OrderedDict()).setdefault(table, deque()).append(job)
            self._waiting_bots += 1
        job.timer = self._later(due - MIN_SECONDS - loop.time(), self._waited, job)
        self._pump()
        return job.future

    # -- the queues ----------------------------------------------------------------------

    def _take(self, worker: Worker) -> Job | None:
        """The next decision for ``worker``: a hint first, else (a bot worker) the next
        server's next table's."""
        if self._hints:
            return self._hints.popleft()
        if worker.hints_only or not self._bots:
            return None
        guild, tables = next(iter(self._bots.items()))
        table, jobs = next(iter(tables.items()))
        job = jobs.popleft()
        self._waiting_bots -= 1
        if jobs:
            tables.move_to_end(table)
        else:
            del tables[table]
        if tables:
            self._bots.move_to_end(guild)
        else:
            del self._bots[guild]
        return job

    def _unqueue(self, job: Job) -> None:
        if job.interactive:
            self._hints.remove(job)
            return
        guild, table = job.group
        tables = self._bots[guild]
        tables[table].remove(job)
        self._waiting_bots -= 1
        if not tables[table]:
            del tables[table]
        if not tables:
            del self._bots[guild]

    def _waited(self, job: Job) -> None:
        """A decision still waiting when only ``MIN_SECONDS`` are left: medium, at once."""
        job.timer = None
        self._unqueue(job)
        self._fall_back(job, "waited")

    # -- the workers ---------------------------------------------------------------------

    def _pump(self) -> None:
        """Give every idle worker the next decision."""
        for worker in list(self._pool):
            while worker.ready and worker.job is None and (job := self._take(worker)):
                self._run(worker, job)

    def _share(self, job: Job) -> float:
        """The part of its budget a decision gets now: all for a hint; for a bot, the bot
        workers' share of the bot decisions waiting or running."""
        if job.interactive:
            return 1.0
        running = sum(1 for w in self._pool if w.job is not None and not w.job.interactive)
        return min(1.0, self.workers / (running + 1 + self._waiting_bots))

    def _run(self, worker: Worker, job: Job) -> None:
        if job.timer is not None:
            job.timer.cancel()
            job.timer = None
        if job.future.done():
            return  # nobody waits for it any more
        loop = asyncio.get_running_loop()
        left = job.due - loop.time()
        if left < MIN_SECONDS:
            self._fall_back(job, "waited")
            return
        budget = min(max(MIN_SECONDS, job.seconds * self._share(job)), left)
        work = partial(
            engine.ai.think,
            job.observation,
            level=job.level,
            seed=job.seed,
            rollouts=self._rollouts(job),
            seconds=budget,
            explain=job.interactive,
        )
        worker.job = job
        try:
            running = self._hand(worker.executor, work)
        except (BrokenExecutor, RuntimeError) as exc:  # its process died while idle
            worker.job = None
            self._replace(worker, error_kind(exc))
            self._fall_back(job, "crashed")
            return
        worker.timer = self._later(hard_limit(budget), self._overran, worker, job)
        running.add_done_callback(partial(self._finished, worker, job))

    def _rollouts(self, job: Job) -> Rollouts:
        """A decision's rollouts: a hint's (``engine.ai.hint_rollouts``) or a bot's, with the
        fixed number given (tests) if any."""
        plan = (
            engine.ai.hint_rollouts(job.observation) if job.interactive else engine.ai.BOT_ROLLOUTS
        )
        if self.simulations is not None:
            return replace(plan, play=self.simulations)
        return plan

    def _finished(self, worker: Worker, job: Job, running: asyncio.Future[Decision]) -> None:
        exc = None if running.cancelled() else running.exception()  # always taken: no warning
        if worker.job is not job:
            return  # given up already (past its hard limit, or closed)
        worker.job = None
        if worker.timer is not None:
            worker.timer.cancel()
        if running.cancelled() or isinstance(exc, BrokenExecutor):
            self._replace(worker, "its worker died" if exc is None else error_kind(exc))
            self._fall_back(job, "crashed")
        elif exc is not None:
            self._fall_back(job, "error", error_kind(exc))
        else:
            self.decisions += 1
            decision = running.result()
            stats = decision.stats
            log.info(
                "AI decision: phase %s, %d rollouts, stop %s, %.3f s, level %s",
                *(stats.phase, stats.rollouts, stats.stop, stats.seconds, job.level),
            )
            metrics.rollouts(stats.phase, stats.rollouts)
            self._answer(job, decision)
        self._pump()

    def _overran(self, worker: Worker, job: Job) -> None:
        """Past its hard limit: the worker is killed and replaced, the medium move played."""
        if worker.job is not job:
            return
        worker.job = None
        self._replace(worker, "past its hard limit")
        self._fall_back(job, "overran")
        self._pump()

    def start(self) -> None:
        """Start the workers (the service does when it opens; else the first decision does),
        so the first decisions need not wait for them (a decision due before any worker is
        ready is the medium move)."""
        if not self._pool and not self._closed:
            kinds = [True] * self.hint_workers + [False] * self.workers
            pool: list[Worker] = []
            try:
                for hints_only in kinds:
                    pool.append(self._new_worker(hints_only))
            except OSError as exc:  # e.g. no process may be spawned: tried at the next decision
                log.error("the AI workers cannot start (%s)", error_kind(exc))
                for worker in pool:
                    if worker.timer is not None:
                        worker.timer.cancel()
                    kill(worker.executor)
                return
            self._pool = pool

    async def ready(self) -> None:
        """Start the workers and wait until every one is ready (benches, tests)."""
        self.start()
        while not all(worker.ready for worker in self._pool):
            await asyncio.sleep(0.01)

    def _new_worker(self, hints_only: bool) -> Worker:
        niceness = 0 if hints_only else BOT_NICENESS
        executor = spawned(threads=self._threads, niceness=niceness)
        worker = Worker(hints_only, executor)
        worker.timer = self._later(START_SECONDS, self._replace, worker, "never ready")
        started = self._hand(executor, worker_side.ready)
        started.add_done_callback(partial(self._started, worker))
        return worker

    @staticmethod
    def _hand(executor: Executor, work: Callable[[], T]) -> asyncio.Future[T]:
        """Hand ``work`` to a worker's executor."""
        return asyncio.get_running_loop().run_in_executor(executor, work)

    @staticmethod
    def _later(delay: float, callback: Callable[..., None], *args: Any) -> Timer:
        """Call ``callback(*args)`` on the event loop in ``delay`` seconds (unless cancelled)."""
        return asyncio.get_running_loop().call_later(delay, callback, *args)

    def _started(self, worker: Worker, started: asyncio.Future[int]) -> None:
        exc = None if started.cancelled() else started.exception()  # always taken: no warning
        if worker not in self._pool or self._closed:
            return
        if worker.timer is not None:
            worker.timer.cancel()
        if started.cancelled() or exc is not None:
            log.error("an AI worker did not start (%s)", error_kind(exc) if exc else "cancelled")
            # tried again in a moment, not in a hot loop
            worker.timer = self._later(1.0, self._replace, worker, "did not start")
            return
        worker.ready, worker.pid = True, started.result()
        self._pump()

    def _replace(self, worker: Worker, why: str) -> None:
        """Kill ``worker`` and start another in its place."""
        if worker not in self._pool or self._closed:
            return
        log.error("an AI worker is replaced (%s)", why)
        kill(worker.executor)
        try:
            self._pool[self._pool.index(worker)] = self._new_worker(worker.hints_only)
        except OSError as exc:  # tried again in a moment, not in a hot loop
            log.error("an AI worker cannot start (%s)", error_kind(exc))
            worker.timer = self._later(1.0, self._replace, worker, "could not start")

    # -- answers -------------------------------------------------------------------------

    def _fall_back(self, job: Job, reason: str, kind: str = "") -> None:
        """Answer ``job`` without a worker: the medium player at once (None once closed)."""
        self.fallbacks[reason] += 1
        metrics.fell_back(reason)
        detail = f"{reason}: {kind}" if kind else reason
        if reason == "closed":
            self._answer(job, None)
            return
        # waiting too long is the load shed on purpose; anything else is a defect to see
        level = logging.WARNING if reason == "waited" else logging.ERROR
        log.log(level, "an AI decision fell back to the medium player (%s)", detail)
        try:  # a hint gets the medium player's reason: it costs nothing more
            decision: Decision | None = MEDIUM(
                job.observation, level="medium", seed=job.seed, explain=job.interactive
            )
        except Exception as exc:  # the caller plays the simple policy
            log.error("the medium player failed too (%s)", error_kind(exc))
            decision = None
        self._answer(job, decision)

    @staticmethod
    def _answer(job: Job, decision: Decision | None) -> None:
        if not job.future.done():
            job.future.set_result(decision)

    async def close(self) -> None:
        """Stop taking decisions, answer those waiting or running with None and kill the
        workers; returns within ``CLOSE_SECONDS`` or so, whatever the workers do."""
        if self._closed:
            return
        self._closed = True
        reviews = asyncio.ensure_future(self.reviewer.close())
        pool, self._pool = self._pool, []
        waiting = [*self._hints, *(j for t in self._bots.values() for q in t.values() for j in q)]
        self._hints.clear()
        self._bots.clear()
        self._waiting_bots = 0
        for job in waiting:
            if job.timer is not None:
                job.timer.cancel()
            self._fall_back(job, "closed")
        processes: list[Any] = []
        for worker in pool:
            if worker.timer is not None:
                worker.timer.cancel()
            if worker.job is not None:
                job, worker.job = worker.job, None
                self._fall_back(job, "closed")
            processes += kill(worker.executor)
        if processes:
            await asyncio.to_thread(reap, processes, CLOSE_SECONDS)
        await reviews
