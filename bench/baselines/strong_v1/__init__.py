"""strong_v1: the strong player as it was before issue 24, frozen as a bench baseline.

A verbatim copy of ``engine/ai`` at commit 3097325 (the start of the ``ai-strength``
branch), changed only in its import paths (``engine.ai`` → ``bench.baselines.strong_v1``).
It is the one intended duplicate of the tree: the bench measures the new strong player
against it (``python -m bench ai --opponent strong_v1:200``), so it must not follow later
changes to ``engine/ai``. The bot never uses it.

Levels as in the original: ``simple``, ``medium`` (its heuristic) and ``strong`` (flat Monte
Carlo with ``simulations`` rollouts per decision or ``seconds`` of wall time).
"""

from __future__ import annotations

import random

from bench.baselines.strong_v1 import qingdun, sankou
from bench.baselines.strong_v1.budget import BOT_SECONDS, HINT_SECONDS, Budget
from engine.actions import Action
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
) -> Action:
    """A legal action for ``seat`` now, in any phase; ``ValueError`` if it has nothing to do."""
    if game.over or game.to_move != seat:
        raise ValueError(f"seat {seat} has nothing to do now")
    observation = game.observation(seat)  # type: ignore[attr-defined]
    del game  # from here on, only what the seat may know
    return decide(observation, level=level, seed=seed, simulations=simulations, seconds=seconds)


def decide(
    observation: Observation,
    *,
    level: str = "strong",
    seed: int = 0,
    simulations: int | None = None,
    seconds: float | None = None,
) -> Action:
    """``choose`` from what the observing seat knows: a legal action for it now."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose from {', '.join(LEVELS)}")
    if observation.over or observation.to_move != observation.seat:
        raise ValueError(f"seat {observation.seat} has nothing to do now")
    budget = Budget(simulations, seconds)
    rng = random.Random(seed)
    if isinstance(observation, QingdunObservation):
        return qingdun.choose(observation, level, budget, rng)
    if isinstance(observation, SankouObservation):
        return sankou.choose(observation, level, budget, rng)
    raise TypeError(f"no player for {type(observation).__name__}")


__all__ = ["BOT_SECONDS", "HINT_SECONDS", "LEVELS", "Observation", "choose", "decide"]
