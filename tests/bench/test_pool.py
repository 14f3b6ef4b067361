"""The benchmarks' process pool (``bench.pool``): Ctrl-C or SIGTERM ends a long match with
one line saying what was kept and exit status 130, its workers gone, no traceback from any
process."""

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
from tests.processes import gone_within

ROOT = Path(__file__).resolve().parents[2]

#: A "benchmark" whose two workers would run for a minute; it prints their pids first.
SCRIPT = textwrap.dedent(
    """
    import os, time
    from bench.pool import pool

    def pid(_: int) -> int:
        time.sleep(0.5)  # both workers take one
        return os.getpid()

    if __name__ == "__main__":
        with pool(2, "nothing kept") as running:
            print(*set(running.map(pid, range(2))), flush=True)
            running.map(time.sleep, [60, 60])
    """
)


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
    workers = {int(p) for p in proc.stdout.readline().split()}
    assert len(workers) == 2
    time.sleep(0.2)  # the workers are asleep in the long task
    if how.startswith("SIGINT"):
        os.killpg(proc.pid, signal.SIGINT)
    else:
        proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=30)
    assert out.strip() == "stopped: nothing kept"
    assert proc.returncode == 130
    assert "Traceback" not in err, err
    assert gone_within(workers, 5.0) == set()


def _interrupt_handler(_: int) -> str:
    return repr(signal.getsignal(signal.SIGINT))


def test_workers_leave_ctrl_c_to_the_main_process() -> None:
    """Else each prints its own KeyboardInterrupt traceback when the main process ends it."""
    with pool(2, "nothing kept") as running:
        assert set(running.map(_interrupt_handler, range(4))) == {repr(signal.SIG_IGN)}
