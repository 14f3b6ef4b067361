"""Worker executors of the AI (decisions, reviews): started spawned and niced, stopped at once.

``spawned`` makes a one-process pool whose worker dies with the bot and runs at a given
niceness (``bot.workers.start_worker``), or a thread in tests; ``kill`` stops one now,
whatever it does; ``reap`` waits for killed processes to be gone; ``error_kind`` names an
error as a log line may (its type, never its text: that may name cards).
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from bot import workers as worker_side


def spawned(*, threads: bool, niceness: int) -> Executor:
    """A one-worker executor: a spawned process ``niceness`` steps below the bot, or a thread."""
    if threads:
        return ThreadPoolExecutor(1, thread_name_prefix="ai")
    return ProcessPoolExecutor(
        1,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=worker_side.start_worker,
        initargs=(os.getpid(), niceness),
    )


def error_kind(exc: BaseException) -> str:
    """An error as a log line may name it: its type and code, never its text."""
    return " ".join(str(p) for p in (type(exc).__name__, getattr(exc, "code", "")) if p)


def kill(executor: Executor) -> list[Any]:
    """Stop a worker now, whatever it does; returns its processes (a thread is abandoned)."""
    processes = list((getattr(executor, "_processes", None) or {}).values())
    for process in processes:
        if process.is_alive():
            process.kill()
    executor.shutdown(wait=False, cancel_futures=True)
    return processes


def reap(processes: list[Any], seconds: float) -> None:
    """Wait up to ``seconds`` in all for killed processes to be gone (no zombies left)."""
    for process in processes:
        process.join(seconds / len(processes))
