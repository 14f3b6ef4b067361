"""Players for both games that decide only from what their seat may know.

``choose(game, seat)`` reduces the game to ``game.observation(seat)`` at once and decides
from that alone: the other hands and the kitty are never looked at. Levels:

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
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose from {', '.join(LEVELS)}")
    if game.over or game.to_move != seat:
        raise ValueError(f"seat {seat} has nothing to do now")
    observation = game.observation(seat)  # type: ignore[attr-defined]
    del game  # from here on, only what the seat may know
    budget = Budget(simulations, seconds)
    rng = random.Random(seed)
    if isinstance(observation, QingdunObservation):
        return qingdun.choose(observation, level, budget, rng)
    if isinstance(observation, SankouObservation):
        return sankou.choose(observation, level, budget, rng)
    raise TypeError(f"no player for {type(observation).__name__}")


__all__ = ["BOT_SECONDS", "HINT_SECONDS", "LEVELS", "choose"]
