"""Stopping cleanly, with real processes and real signals (``bot.discord.stopping``).

A child process (``tests/discord/stop_child.py``) runs the shutdown code of ``python -m bot``
around a real ``TableService`` whose strong bots and hints think in two spawned worker
processes, while players' moves come in as interactions. SIGTERM: it exits 0, its workers
gone, every move it acknowledged in the database (and on PostgreSQL the lease free at once).
Two signals at once: it exits at once (128 + the one handled second), its workers killed.
SIGKILL: no worker may outlive it; that needs the workers' own parent-death check (issue
21), hence the mark.
The time from SIGTERM to exit is printed (``-s`` shows it), not asserted.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot.store import Shards, Store
from tests.processes import alive, children, gone_within
from tests.sql import execute

ROOT = Path(__file__).resolve().parents[2]


class Child:
    """The stop child, started and read up to its workers and a few acknowledged moves."""

    def __init__(self, database: str | Path, acks: int = 3) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.discord.stop_child", str(database)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        self.acked: list[str] = []
        self.workers: set[int] = set()
        for line in self.process.stdout:
            if line.startswith("workers "):
                self.workers = {int(p) for p in line.split()[1:]}
            else:
                self.acked.append(line.strip())
            if self.workers and len(self.acked) >= acks:
                break
        self.descendants = children(self.process.pid) | self.workers

    def signal(self, *signums: int) -> tuple[int, float, list[str], str]:
        """Send these signals at once; exit code, seconds to exit, the rest of the output
        (none after SIGKILL: orphaned workers would hold the pipes open)."""
        sent = time.monotonic()
        for signum in signums:
            self.process.send_signal(signum)
        code = self.process.wait(timeout=60)
        seconds = time.monotonic() - sent
        if signal.SIGKILL in signums:
            return code, seconds, [], ""
        out, err = self.process.communicate(timeout=60)
        return code, seconds, out.split(), err

    def kill_leftovers(self) -> None:
        for pid in alive(self.descendants):
            os.kill(pid, signal.SIGKILL)


async def test_sigterm_while_bots_think_and_moves_are_in_flight_exits_0_losing_nothing(
    database: str | Path,
) -> None:
    child = Child(database)
    try:
        assert len(child.workers) == 2
        code, seconds, rest, err = child.signal(signal.SIGTERM)
        print(f"SIGTERM to exit: {seconds:.2f} s")
        assert code == 0, err[-3000:]
        assert rest[-2:] == ["stopped", "SIGTERM"]
        acked = set(child.acked) | set(rest[:-2])
        assert "stopping: " in err and "Traceback" not in err
        assert gone_within(child.descendants, 5.0) == set()
    finally:
        child.kill_leftovers()
    stored = {row[0] for row in await execute(database, "SELECT action_id FROM actions")}
    assert acked <= stored, sorted(acked - stored)
    store = await Store.open(database)
    try:
        lease = await store.lease(Shards.of(1))
        if lease is not None:  # PostgreSQL: the child gave its lease up as it closed
            assert await lease.try_acquire() is None
            await lease.release()
    finally:
        await store.close()


def test_a_second_signal_exits_at_once_killing_the_workers(tmp_path: Path) -> None:
    child = Child(tmp_path / "cardtable.db", acks=1)
    try:
        code, _, _, err = child.signal(signal.SIGTERM, signal.SIGHUP)
        # Both may be pending before the child runs a handler; Python then runs them in
        # signal-number order (SIGHUP first), so either may be the one that comes second.
        handled = [s for s in (signal.SIGTERM, signal.SIGHUP) if f"{s.name} again:" in err]
        assert len(handled) == 1, err[-3000:]
        second = handled[0]
        first = signal.SIGHUP if second is signal.SIGTERM else signal.SIGTERM
        assert f"{first.name}: stopping cleanly" in err
        assert f"{second.name} again: exiting at once" in err
        assert code == 128 + second, err[-3000:]
        assert gone_within(child.workers, 5.0) == set()
    finally:
        child.kill_leftovers()


def test_after_sigkill_no_worker_outlives_the_bot(tmp_path: Path) -> None:
    child = Child(tmp_path / "cardtable.db", acks=1)
    try:
        code, _, _, _ = child.signal(signal.SIGKILL)
        assert code == -signal.SIGKILL
        assert gone_within(child.workers, 5.0) == set()
    finally:
        child.kill_leftovers()
