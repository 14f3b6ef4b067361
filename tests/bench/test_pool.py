"""The benchmarks' process pool (``bench.pool``): Ctrl-C or SIGTERM ends a long match with
one line and exit status 130, its workers gone, no traceback from any process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from bench.pool import pool

ROOT = Path(__file__).resolve().parents[2]

#: A "benchmark" whose two workers would run for a minute; it prints their pids first.
SCRIPT = textwrap.dedent(
    """
    import os, sys, time
    from bench.pool import STOPPED, pool

    def pid(_: int) -> int:
        time.sleep(0.5)  # both workers take one
        return os.getpid()

    if __name__ == "__main__":
        try:
            with pool(2) as running:
                print(*set(running.map(pid, range(2))), flush=True)
                running.map(time.sleep, [60, 60])
        except KeyboardInterrupt:
            print("stopped", flush=True)
            raise SystemExit(STOPPED) from None
    """
)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.parametrize("how", ["SIGINT to the group (Ctrl-C)", "SIGTERM to the main process"])
def test_a_signal_stops_the_pool_and_its_workers_quietly(tmp_path: Path, how: str) -> None:
    script = tmp_path / "match.py"
    script.write_text(SCRIPT, encoding="utf-8")

    def own_group() -> None:
        os.setsid()
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # as in a terminal, not a background job

    proc = subprocess.Popen(
        [sys.executable, str(script)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=own_group,
    )
    assert proc.stdout is not None
    workers = [int(p) for p in proc.stdout.readline().split()]
    assert len(workers) == 2
    time.sleep(0.2)  # the workers are asleep in the long task
    if how.startswith("SIGINT"):
        os.killpg(proc.pid, signal.SIGINT)
    else:
        proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=30)
    assert out.strip() == "stopped"
    assert proc.returncode == 130
    assert "Traceback" not in err, err
    deadline = time.monotonic() + 5
    while any(_alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(p) for p in workers)


def _interrupt_handler(_: int) -> str:
    return repr(signal.getsignal(signal.SIGINT))


def test_workers_leave_ctrl_c_to_the_main_process() -> None:
    """Else each prints its own KeyboardInterrupt traceback when the main process ends it."""
    with pool(2) as running:
        assert set(running.map(_interrupt_handler, range(4))) == {repr(signal.SIG_IGN)}
