"""Players for both games that decide only from what their seat may know.

``choose(game, seat)`` reduces the game to ``game.observation(seat)`` at once and decides
from that alone: the other hands and the kitty are never looked at. ``decide(observation)``
is the same player for a caller that holds only the observation (a worker process is sent
nothing else: the observation is a picklable value). Levels:

- ``"simple"``: the engine's plain policy (exactly ``game.hint``);
- ``"medium"``: a card-counting heuristic, instant;
- ``"strong"``: that heuristic inside a search over sampled deals (``engine.ai.search``),
  using the budget given: ``seconds`` of wall time, or a fixed number of ``simulations``
  (rollouts); with a fixed ``seed`` and ``simulations`` the choice is always the same.
  Without either it thinks for ``BOT_SECONDS``; hints should pass ``HINT_SECONDS``.

See ``docs/ai.md`` for how the players work and how strong they are.
"""

from __future__ import annotations

import random

from engine.actions import Action
from engine.ai import qingdun, sankou
from engine.ai.budget import BOT_SECONDS, HINT_SECONDS, Budget
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
