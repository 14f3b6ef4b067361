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


def at(name: str) -> tuple[Any, int]:
    """The game at the named position and the seat to decide."""
    position = POSITIONS[name]
    actions = [action_from_json(a) for a in position["actions"]]
    game = GAMES[position["game"]].replay(position["start"], actions)
    assert game.to_move == position["seat"]
    return game, position["seat"]
