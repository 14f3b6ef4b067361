"""Crash safety: a player process killed with SIGKILL at random moments loses nothing acknowledged
and leaves nothing half-written; the restarted service continues exactly from the log. On both
backends (on PostgreSQL the killed process also leaves its lease behind, taken at once by the
next one)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot.service.games import RULES
from engine.actions import action_from_json
from engine.records import plain
from tests.service.helpers import Clock, logged, open_service
from tests.sql import execute

ROOT = Path(__file__).parents[2]


def run_and_kill(db: str | Path, run: int, acks: int, rng: random.Random) -> list[str]:
    """Start the child, let it acknowledge ``acks`` actions, kill it at once; its acks."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.service.crash_child", str(db), str(run)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    seen = []
    for line in child.stdout:
        seen.append(line.strip())
        if len(seen) >= acks:
            break
    time.sleep(rng.random() * 0.02)  # land anywhere inside the next action
    child.send_signal(signal.SIGKILL)
    # Read the rest through the same buffered reader: lines it read ahead of the loop above
    # are acknowledgements too (``communicate`` would read the pipe past them and lose them).
    out = child.stdout.read()
    err = child.stderr.read() if child.stderr is not None else ""
    child.wait(timeout=10)
    assert child.returncode == -signal.SIGKILL, err
    return seen + out.split()


async def check_database(db: str | Path, acked: set[str], run: int) -> None:
    """Everything acknowledged is there; every finished hand is whole; the log is gapless.

    Each kill may leave one committed action unacknowledged (committed, killed before it was
    printed): at most one per run, so the check counts only this run's ids.
    """
    ids = {row[0] for row in await execute(db, "SELECT action_id FROM actions")}
    assert acked <= ids, sorted(acked - ids)[:5]
    unacked = {i for i in ids - acked if i.startswith(f"r{run}-")}
    assert len(unacked) <= 1  # at most the action in flight when killed
    for table_id, hand_id, game in await execute(db, "SELECT id, hand_id, game FROM tables"):
        hands = await execute(
            db,
            "SELECT id, number, start, ended_at, outcome, result FROM hands "
            "WHERE table_id = ? ORDER BY number",
            (table_id,),
        )
        assert [h[1] for h in hands] == list(range(1, len(hands) + 1))
        assert hands[-1][0] == hand_id
        for hid, _, start, ended_at, outcome, result in hands:
            log = await execute(
                db, "SELECT seq, action FROM actions WHERE hand_id = ? ORDER BY seq", (hid,)
            )
            assert [seq for seq, _ in log] == list(range(len(log)))
            [(ledger,)] = await execute(db, "SELECT COUNT(*) FROM ledger WHERE hand_id = ?", (hid,))
            replayed = RULES[game].replay(
                json.loads(start), [action_from_json(json.loads(a)) for _, a in log]
            )
            if ended_at is None:
                assert hid == hand_id and ledger == 0 and not replayed.over
            else:
                assert outcome in ("complete", "void") and ledger == 4
                assert json.loads(result) == plain(replayed.result)


async def test_sigkill_at_random_moments_loses_nothing(database: str | Path) -> None:
    db = database
    rng = random.Random(2026)
    acked: set[str] = set()
    for run in range(4):
        acked |= set(run_and_kill(db, run, rng.randrange(20, 150), rng))
        await check_database(db, acked, run)
        service = await open_service(db, Clock(), first_seed=10_000 + run)
        try:
            for table in service.state.tables.values():
                assert table.game is not None
                log = await logged(service, table.hand_id)
                assert [action_from_json(a) for a in log] == list(table.game.actions)
        finally:
            await service.close()
    assert len(acked) > 80
    assert not os.path.exists(str(db) + "-journal")  # (SQLite's rollback journal: WAL only)
