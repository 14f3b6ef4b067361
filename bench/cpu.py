"""CPU spent during a benchmark phase, read from Linux's /proc: the whole machine, the bot
processes and PostgreSQL's, so a figure can say how much of the machine other work took."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass
class CpuUse:
    """Cores busy during a phase (Linux /proc; zeros elsewhere): whole machine, bot
    processes, PostgreSQL's processes; the rest is other work on the machine."""

    machine: float = 0.0
    bots: float = 0.0
    postgres: float = 0.0
    cores: int = os.cpu_count() or 1

    def __str__(self) -> str:
        other = max(0.0, self.machine - self.bots - self.postgres)
        return (f"CPU busy {self.machine:.2f} of {self.cores} cores: bots {self.bots:.2f}, "
                f"PostgreSQL {self.postgres:.2f}, other work {other:.2f}")  # fmt: skip


def _jiffies(pid: int) -> int:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])  # utime, stime


def _machine_jiffies() -> tuple[int, int]:
    try:
        fields = [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except OSError:
        return 0, 0
    return sum(fields) - fields[3] - fields[4], sum(fields)  # busy, total


def _server_pids(postmaster: int) -> list[int]:
    pids = [postmaster]
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == postmaster:
                    pids.append(int(entry.name))
            except (OSError, IndexError, ValueError):
                continue
    return pids


class CpuMeter:
    """Counts what the machine, the bots and the PostgreSQL server spent between two marks."""

    def __init__(self, bots: list[int], postmaster: int) -> None:
        self.bots, self.postmaster = bots, postmaster
        self.start = self._now()

    def _now(self) -> tuple[int, int, int, int]:
        busy, total = _machine_jiffies()
        bots = sum(_jiffies(pid) for pid in self.bots)
        server = sum(_jiffies(pid) for pid in _server_pids(self.postmaster))
        return busy, total, bots, server

    def stop(self) -> CpuUse:
        busy, total, bots, server = (b - a for a, b in zip(self.start, self._now(), strict=True))
        if not total:
            return CpuUse()
        cores = os.cpu_count() or 1
        return CpuUse(busy / total * cores, bots / total * cores, server / total * cores, cores)
