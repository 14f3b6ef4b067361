"""How much thinking a decision may use: rollouts per phase (the work) and wall time (a safety).

A decision's work is counted in rollouts (hands played out in sampled worlds): the same
number gives the same choice on every machine with a fixed seed. ``Rollouts`` says how many a
decision may use by phase: an ordinary play, a bid, and the 三扣 dealer's kitty and trump
(searched together) get several times an ordinary play, because they decide the most points.
The search stops sooner when one candidate is clearly best. ``seconds`` stays a wall-time
safety limit on top, as the caller gives it for the decision at hand: on a loaded machine
the search stops there, whatever it has done.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

#: Default wall-time safety of a bot seat, and of the Hint button (seconds).
BOT_SECONDS = 1.0
HINT_SECONDS = 0.3
#: Rollouts of an ordinary decision: the cap, where more stopped paying (docs/ai.md).
PLAY_ROLLOUTS = 200
#: The bid and the kitty with trump get this many times an ordinary decision's rollouts.
#: (Wall time is the caller's: a caller that wants them to get more time too passes a
#: longer ``seconds`` for those phases, ``phase_of`` says which a decision is.)
BIG_FACTOR = 4
#: The least paired worlds before the search may replace the heuristic's choice.
FLOOR = 16
#: The least gain (points of the hand's score, beyond the statistical bar) for which the
#: search replaces the heuristic's choice unless a game sets its own (清墩 does: its
#: ``player.EDGE``): a margin for the bias of the search's model, which does not shrink with
#: more rollouts as the standard error does.
EDGE = 0.0
#: The chance, over all candidates together, that noise alone replaces the heuristic's choice
#: (the search's bar: ``search.override_sigmas``), unless a plan sets its own.
OVERRIDE_ALPHA = 0.1


@dataclass(frozen=True, slots=True)
class Rollouts:
    """Rollouts a decision may use at most, by phase (``None``: ``BIG_FACTOR`` × ``play``).

    ``floor`` is the least number of sampled worlds on which a candidate must have been
    compared with the heuristic's choice before it may replace it, ``edge`` the least gain
    it must surely bring (None: the game's own), and ``alpha`` the chance that noise alone
    replaces it (None: ``OVERRIDE_ALPHA``; the 三扣 hint's is looser: ``hint_rollouts``).
    """

    play: int = PLAY_ROLLOUTS
    bid: int | None = None
    setup: int | None = None  # the 三扣 kitty and trump, searched together
    floor: int = FLOOR
    edge: float | None = None
    alpha: float | None = None

    def __post_init__(self) -> None:
        for name in ("play", "bid", "setup", "floor", "edge"):
            value = getattr(self, name)
            if value is not None and value < 0:
                what = "the edge" if name == "edge" else f"{name} rollouts"
                raise ValueError(f"{what} must be 0 or more, not {value!r}")
        if self.alpha is not None and not 0 < self.alpha < 1:
            raise ValueError(f"alpha must be between 0 and 1, not {self.alpha!r}")

    def of(self, phase: str) -> int:
        """The cap for a decision of ``phase`` (``play``, ``bid``, ``kitty`` or ``trump``)."""
        if phase == "play":
            return self.play
        given = self.bid if phase == "bid" else self.setup
        return given if given is not None else BIG_FACTOR * self.play


#: What a bot seat and a hint use unless told otherwise (measured: docs/ai.md).
BOT_ROLLOUTS = Rollouts()
HINT_ROLLOUTS = Rollouts()


class Budget:
    """One decision's allowance: at most ``cap`` rollouts, and a deadline when given."""

    __slots__ = ("alpha", "cap", "deadline", "edge", "first", "floor", "spent")

    def __init__(
        self,
        cap: int,
        seconds: float | None = None,
        floor: int = FLOOR,
        edge: float = EDGE,
        alpha: float = OVERRIDE_ALPHA,
    ) -> None:
        if cap < 0:
            raise ValueError(f"simulations must be 0 or more, not {cap!r}")
        if seconds is not None and seconds < 0:
            raise ValueError(f"seconds must be 0 or more, not {seconds!r}")
        self.cap = cap
        self.floor = floor
        self.edge = edge
        self.alpha = alpha
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.spent = 0  # rollouts done so far
        self.first: tuple[float, int] | None = None  # when the first charge came, and its size

    @property
    def left(self) -> int:
        return max(0, self.cap - self.spent)

    def affordable(self) -> int:
        """Rollouts left within the cap and, at the pace since the first one, before the
        deadline: what a search can plan its phases on when the wall time binds (a loaded
        machine, a hint). The pace leaves out the setup before the first rollout."""
        left = self.left
        if self.deadline is None or self.first is None or self.spent == self.first[1]:
            return left
        now = time.perf_counter()
        pace = (now - self.first[0]) / (self.spent - self.first[1])  # seconds a rollout
        return max(0, min(left, int((self.deadline - now) / pace))) if pace > 0 else left

    def exhausted(self, reserve: float = 0.0) -> bool:
        """Whether the work is done, or the deadline falls within ``reserve`` seconds (the
        expected length of the next step, so that the last one does not overrun)."""
        if self.spent >= self.cap:
            return True
        return self.deadline is not None and time.perf_counter() + reserve >= self.deadline

    def charge(self, rollouts: int = 1) -> None:
        self.spent += rollouts
        if self.first is None and self.deadline is not None:
            self.first = (time.perf_counter(), self.spent)


@dataclass(frozen=True, slots=True)
class Plan:
    """A decision's rollouts by phase and its wall-time safety, turned into a ``Budget``."""

    rollouts: Rollouts
    seconds: float | None

    def budget(self, phase: str, edge: float = EDGE) -> Budget:
        """The budget of a ``phase`` decision; ``edge`` is the game's own, for a plan that
        does not set one."""
        r = self.rollouts
        edge = edge if r.edge is None else r.edge
        alpha = OVERRIDE_ALPHA if r.alpha is None else r.alpha
        return Budget(r.of(phase), self.seconds, r.floor, edge, alpha)
