"""A clock that only moves when a test says so: the service's time source, or
``time.perf_counter`` under the AI's wall-time budgets."""

from __future__ import annotations

START = 1_800_000_000.0


class Clock:
    """Epoch seconds that only move when a test says so."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
