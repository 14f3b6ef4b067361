"""Prometheus metrics, served only when ``METRICS_PORT`` is set: interactions, moves, AI, database.

The counters live in a registry of their own and cost a few attribute updates each when no one
reads them. The service and the adapter call the one-line helpers below; ``bot.discord.health``
serves ``REGISTRY`` at ``/metrics``.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

REGISTRY = CollectorRegistry(auto_describe=True)
INTERACTIONS = Histogram(
    "cardtable_interaction_seconds",
    "Interactions handled (commands, buttons, menus, autocomplete) and how long each took",
    ["kind"],
    buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0),
    registry=REGISTRY,
)
MOVES = Counter(
    "cardtable_moves_committed_total",
    "Moves committed to the database",
    ["game"],
    registry=REGISTRY,
)
AI_DECISIONS = Histogram(
    "cardtable_ai_decision_seconds",
    "AI decisions (bots, hints): time from the request to the answer, waiting included",
    buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0),
    registry=REGISTRY,
)
AI_QUEUE = Gauge(
    "cardtable_ai_queue_length",
    "AI decisions asked for and not answered yet (thinking or waiting for a worker)",
    registry=REGISTRY,
)
AI_FALLBACKS = Counter(
    "cardtable_ai_fallbacks_total",
    "AI decisions not made at their level (a worker overran, crashed or was waited for too "
    "long, a move refused): a defect to look at, except 'waited', the load shed on purpose",
    ["reason"],
    registry=REGISTRY,
)
AI_ROLLOUTS = Histogram(
    "cardtable_ai_rollouts",
    "Rollouts a worker's AI decision spent, by phase (play, bid, kitty, trump)",
    ["phase"],
    buckets=(0, 8, 16, 32, 64, 100, 150, 200, 400, 800),
    registry=REGISTRY,
)
AI_REVIEWS = Counter(
    "cardtable_ai_reviews_total",
    "Hand reviews by outcome: 'done', or not done: 'overran', 'crashed' (the worker died), "
    "'error' (the review raised): a defect to look at",
    ["outcome"],
    registry=REGISTRY,
)
FALLBACKS = Counter(
    "cardtable_fallbacks_total",
    "Things done the next best way outside the AI: 'picture' (sent without a picture that "
    "failed to draw), 'repost' (a table message that could not be edited, posted anew), "
    "'earlier_deal' (an earlier-rules hand's deal unreadable: the seed picks the first bidder)",
    ["reason"],
    registry=REGISTRY,
)
DATABASE_ERRORS = Counter(
    "cardtable_database_errors_total",
    "Calls refused because of the database: busy, unavailable, gone, or a table changed",
    ["code"],
    registry=REGISTRY,
)
LEASE = Gauge(
    "cardtable_lease_held",
    "1 while this process may serve its shards (PostgreSQL's lease held, or SQLite), else 0",
    registry=REGISTRY,
)
DATABASE_CODES = frozenset(
    {"database_busy", "database_unavailable", "database_gone", "table_changed"}
)


def moved(game: str) -> None:
    MOVES.labels(game).inc()


def refused(code: str) -> None:
    """A call was refused with ``code``: counted when the database is why."""
    if code in DATABASE_CODES:
        DATABASE_ERRORS.labels(code).inc()


def thinking(future: asyncio.Future[Any]) -> None:
    """An AI decision was handed to a worker: in the queue until ``future`` is done."""
    started = time.monotonic()
    AI_QUEUE.inc()

    def done(_: object) -> None:
        AI_QUEUE.dec()
        AI_DECISIONS.observe(time.monotonic() - started)

    future.add_done_callback(done)


def rollouts(phase: str, spent: int) -> None:
    """A worker made a decision of ``phase`` with ``spent`` rollouts."""
    AI_ROLLOUTS.labels(phase).observe(spent)


def fell_back(reason: str) -> None:
    AI_FALLBACKS.labels(reason).inc()


def reviewed(outcome: str) -> None:
    AI_REVIEWS.labels(outcome).inc()


def made_do(reason: str) -> None:
    """Something was done the next best way (``FALLBACKS``); the caller logs why."""
    FALLBACKS.labels(reason).inc()


def interaction(kind: str, tasks: set[asyncio.Task[Any]]) -> None:
    """An interaction arrived, handled by ``tasks``: timed until the last of them is done."""
    started = time.monotonic()
    waiting = set(tasks)
    if not waiting:
        INTERACTIONS.labels(kind).observe(0.0)
        return

    def done(task: asyncio.Task[Any]) -> None:
        waiting.discard(task)
        if not waiting:
            INTERACTIONS.labels(kind).observe(time.monotonic() - started)

    for task in tasks:
        task.add_done_callback(done)


def watch_lease(held: Callable[[], bool]) -> None:
    LEASE.set_function(lambda: 1.0 if held() else 0.0)
