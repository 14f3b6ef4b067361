"""How much thinking a decision may use: a fixed number of rollouts, wall time, or both.

With ``simulations`` alone the work is fixed, so a fixed seed gives the same choice every
time. With ``seconds`` the search stops at the deadline (the choice then depends on the
machine's speed). With both, whichever runs out first.
"""

from __future__ import annotations

import time

#: Default thinking time of a bot seat, and of the Hint button (seconds).
BOT_SECONDS = 1.0
HINT_SECONDS = 0.3


class Budget:
    __slots__ = ("deadline", "simulations", "spent")

    def __init__(self, simulations: int | None = None, seconds: float | None = None) -> None:
        if simulations is None and seconds is None:
            seconds = BOT_SECONDS
        if simulations is not None and simulations < 0:
            raise ValueError(f"simulations must be 0 or more, not {simulations!r}")
        if seconds is not None and seconds < 0:
            raise ValueError(f"seconds must be 0 or more, not {seconds!r}")
        self.simulations = simulations
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.spent = 0  # rollouts done so far

    def exhausted(self, reserve: float = 0.0) -> bool:
        """Whether the work is done, or the deadline falls within ``reserve`` seconds (the
        expected length of the next step, so that the last one does not overrun)."""
        if self.simulations is not None and self.spent >= self.simulations:
            return True
        return self.deadline is not None and time.perf_counter() + reserve >= self.deadline

    def charge(self, rollouts: int = 1) -> None:
        self.spent += rollouts
