"""The AI worker processes' own side: ending with the bot, even when it is killed, and warming up.

A worker is a spawned process (``bot.service.thinking``); what it runs is here and in
``engine``, so this module imports nothing of the service, the store or Discord.
``start_worker`` is the initializer of every worker: it first calls ``die_with_parent``, so
that no worker outlives the bot, not even after a ``SIGKILL`` that gives the bot no chance to
stop them.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

import engine.ai  # noqa: F401  (imported here, not at the first decision)

PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
POLL_SECONDS = 0.5  # how often a worker without prctl looks for its parent


def die_with_parent(parent: int) -> None:
    """End this process as soon as process ``parent`` ends, however it ends (call it first).

    On Linux the kernel sends ``SIGKILL`` when the parent dies (``prctl(PR_SET_PDEATHSIG)``);
    elsewhere a daemon thread polls ``os.getppid()`` (``watch_parent``). A parent already gone
    before we asked ends this process at once.
    """
    if not _kernel_kills_orphans():
        threading.Thread(target=watch_parent, args=(parent,), name="parent", daemon=True).start()
    if os.getppid() != parent:
        os._exit(1)


def _kernel_kills_orphans() -> bool:
    """Ask the kernel for ``SIGKILL`` at the parent's death; False where there is no prctl."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def watch_parent(parent: int, every: float = POLL_SECONDS) -> None:
    """Until process ``parent`` is no longer this one's parent (it died: the process was
    handed to another), look every ``every`` seconds; then end this process at once."""
    while os.getppid() == parent:
        time.sleep(every)
    os._exit(1)


def start_worker(parent: int, niceness: int = 0) -> None:
    """The initializer of every AI worker: die with the bot (``die_with_parent``); a worker for
    bots runs ``niceness`` steps below the bot and the hints' worker, so that what people wait
    for (the event loop, hints) gets the cores first."""
    die_with_parent(parent)
    if niceness:
        os.nice(niceness)


def ready() -> int:
    """A worker's first task: it has started and imported the players; its process id."""
    return os.getpid()
