"""Players for both games that decide only from what their seat may know.

``choose(game, seat)`` reduces the game to ``game.observation(seat)`` at once and decides
from that alone: the other hands and the kitty are never looked at. ``decide(observation)``
is the same player for a caller that holds only the observation (a worker process is sent
nothing else: the observation is a picklable value), and ``think(observation)`` returns the
action with how it was found (``Stats``: rollouts, rounds, why it stopped) and, with
``explain=True``, why (``Reason``). Levels:

- ``"simple"``: the engine's plain policy (exactly ``game.hint``);
- ``"medium"``: a card-counting heuristic, instant;
- ``"strong"``: that heuristic inside a search over sampled deals (``engine.ai.search``).

The strong level's work is counted in rollouts: ``rollouts`` (a ``Rollouts``, by phase), or
``simulations`` (the rollouts of an ordinary decision; the bid and the kitty with trump get
``BIG_FACTOR`` times as many), else ``BOT_ROLLOUTS``. ``seconds`` is a wall-time safety on
top, for this decision as given (``phase_of`` tells a caller which decisions are the big
ones, should it give them more time). With a fixed ``seed`` and no
``seconds`` the choice is always the same. Neither ``simulations``, ``rollouts`` nor
``seconds`` given: ``BOT_ROLLOUTS`` with ``BOT_SECONDS`` as the safety. A hint thinks with
``hint_rollouts(observation)``.

See ``docs/ai.md`` for how the players work and how strong they are.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace

from engine.actions import Action
from engine.ai import qingdun, sankou
from engine.ai.budget import (
    BIG_FACTOR,
    BOT_ROLLOUTS,
    BOT_SECONDS,
    HINT_ROLLOUTS,
    HINT_SECONDS,
    Plan,
    Rollouts,
)
from engine.ai.decision import REASONS, Decision, Judgement, Reason, Stats
from engine.ai.review import Mistake, judge, review
from engine.game import GameBase
from engine.qingdun.observation import QingdunObservation
from engine.sankou.observation import SankouObservation

LEVELS = ("simple", "medium", "strong")
Observation = QingdunObservation | SankouObservation


def choose(
    game: GameBase,
    seat: int,
    *,
    level: str = "strong",
    seed: int = 0,
    simulations: int | None = None,
    seconds: float | None = None,
    rollouts: Rollouts | None = None,
) -> Action:
    """A legal action for ``seat`` now, in any phase; ``ValueError`` if it has nothing to do."""
    if game.over or game.to_move != seat:
        raise ValueError(f"seat {seat} has nothing to do now")
    observation = game.observation(seat)  # type: ignore[attr-defined]
    del game  # from here on, only what the seat may know
    return decide(
        observation,
        level=level,
        seed=seed,
        simulations=simulations,
        seconds=seconds,
        rollouts=rollouts,
    )


def decide(
    observation: Observation,
    *,
    level: str = "strong",
    seed: int = 0,
    simulations: int | None = None,
    seconds: float | None = None,
    rollouts: Rollouts | None = None,
) -> Action:
    """``choose`` from what the observing seat knows: a legal action for it now."""
    return think(
        observation,
        level=level,
        seed=seed,
        simulations=simulations,
        seconds=seconds,
        rollouts=rollouts,
    ).action


def think(
    observation: Observation,
    *,
    level: str = "strong",
    seed: int = 0,
    simulations: int | None = None,
    seconds: float | None = None,
    rollouts: Rollouts | None = None,
    explain: bool = False,
) -> Decision:
    """``decide``, with the decision's ``Stats`` (log them: rollouts per decision) and, with
    ``explain``, its ``Reason`` (a code and parameters for a hint's one-line explanation)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose from {', '.join(LEVELS)}")
    if observation.over or observation.to_move != observation.seat:
        raise ValueError(f"seat {observation.seat} has nothing to do now")
    plan = _plan(simulations, seconds, rollouts)
    rng = random.Random(seed)
    started = time.perf_counter()
    if isinstance(observation, QingdunObservation):
        decision = qingdun.think(observation, level, plan, rng, explain)
    elif isinstance(observation, SankouObservation):
        decision = sankou.think(observation, level, plan, rng, explain)
    else:
        raise TypeError(f"no player for {type(observation).__name__}")
    stats = decision.stats
    timed = Stats(
        stats.phase,
        stats.rollouts,
        stats.candidates,
        stats.rounds,
        stats.tied_rounds,
        stats.stop,
        time.perf_counter() - started,
    )
    return Decision(decision.action, timed, decision.reason)


def hint_rollouts(observation: Observation) -> Rollouts:
    """What the Hint button thinks with: ``HINT_ROLLOUTS``, and in 三扣 a looser bar for
    leaving the heuristic's move (``sankou.HINT_ALPHA``), with which the hint agrees more
    often with a search of ten times its rollouts."""
    if isinstance(observation, SankouObservation):
        return replace(HINT_ROLLOUTS, alpha=sankou.HINT_ALPHA)
    return HINT_ROLLOUTS


def phase_of(observation: Observation) -> str:
    """The phase of the decision ``observation`` asks for: ``play``, or in 三扣 ``bid``,
    ``kitty`` or ``trump`` (which get ``BIG_FACTOR`` times the rollouts of a play)."""
    if isinstance(observation, SankouObservation) and observation.phase.value != "play":
        return "bid" if observation.phase.value == "bidding" else observation.phase.value
    return "play"


def _plan(simulations: int | None, seconds: float | None, rollouts: Rollouts | None) -> Plan:
    if simulations is not None and simulations < 0:
        raise ValueError(f"simulations must be 0 or more, not {simulations!r}")
    if rollouts is None:
        rollouts = BOT_ROLLOUTS if simulations is None else Rollouts(play=simulations)
        if simulations is None and seconds is None:
            seconds = BOT_SECONDS
    return Plan(rollouts, seconds)


__all__ = [
    "BIG_FACTOR",
    "BOT_ROLLOUTS",
    "BOT_SECONDS",
    "HINT_ROLLOUTS",
    "HINT_SECONDS",
    "LEVELS",
    "REASONS",
    "Decision",
    "Judgement",
    "Mistake",
    "Observation",
    "Reason",
    "Rollouts",
    "Stats",
    "choose",
    "decide",
    "hint_rollouts",
    "judge",
    "phase_of",
    "review",
    "think",
]
