"""The positions from real hands that the AI's tests decide (``positions.json``: a deal's
seed, the moves up to the decision and the seat to decide)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.actions import action_from_json
from engine.records import GAMES

POSITIONS: dict[str, dict[str, Any]] = json.loads(
    (Path(__file__).parent / "positions.json").read_text(encoding="utf-8")
)


def replay(name: str, moves: int | None = None) -> Any:
    """The named position's hand after its first ``moves`` moves (None: all of them)."""
    position = POSITIONS[name]
    actions = [action_from_json(a) for a in position["actions"][:moves]]
    return GAMES[position["game"]].replay(position["start"], actions)


def at(name: str) -> tuple[Any, int]:
    """The game at the named position and the seat to decide."""
    game, seat = replay(name), POSITIONS[name]["seat"]
    assert game.to_move == seat
    return game, seat
