"""Process pools for the long benchmarks that stop cleanly on Ctrl-C or SIGTERM.

Without this, Ctrl-C reaches every worker of a pool (they share the terminal's process
group) and each prints its own ``KeyboardInterrupt`` traceback, and SIGTERM kills the main
process alone, leaving its workers to die later on a broken pipe. Here the workers ignore
Ctrl-C, the main process turns SIGTERM into ``KeyboardInterrupt``, and ``pool`` then
terminates the workers, says in one line what was kept and exits with ``STOPPED``.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.pool import Pool

#: The exit status of a benchmark stopped by a signal (as a shell reports SIGINT).
STOPPED = 130


def _ignore_interrupt() -> None:
    """A worker leaves Ctrl-C to the main process, which ends it (with SIGTERM, which a
    worker must therefore keep: it dies of it without a word)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def pool(workers: int, kept: str) -> Iterator[Pool]:
    """A spawn pool of ``workers`` processes. On Ctrl-C or SIGTERM in the main process the
    workers are terminated at once, ``stopped: <kept>`` is printed (what the benchmark keeps
    of the work done) and the process exits with ``STOPPED``."""
    workers_pool = multiprocessing.get_context("spawn").Pool(workers, _ignore_interrupt)
    before = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        yield workers_pool
        workers_pool.close()
    except KeyboardInterrupt:
        workers_pool.terminate()
        print(f"\nstopped: {kept}", flush=True)
        raise SystemExit(STOPPED) from None
    except BaseException:
        workers_pool.terminate()
        raise
    finally:
        workers_pool.join()
        signal.signal(signal.SIGTERM, before)
