"""The big searches of ``bench ai_search``, kept in a file across runs (``--references``).

A hint is judged against one big search per position (thousands of rollouts), which costs
far more than the hint itself. Two runs that compare hint budgets, plannings or cuts should
meet the same big searches, and need not pay for them twice: each position's big move, and
what the search judged each differing hint move to cost, are appended to a JSON-lines file
as they are found, and a later run reads them back instead of searching again.

An entry is keyed by the position (game, start, actions), the big search's rollouts and its
seed, so a run with other positions or another reference simply adds entries. It holds
what the code of its run computed: after changing the AI, start a new file for today's
references, or keep the old one to compare today's hints with yesterday's judge.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.actions import Action, action_from_json, action_to_json
from engine.records import plain

Position = tuple[str, dict[str, Any], tuple[Action, ...]]


def key(position: Position, rollouts: int, seed: int) -> str:
    """The cache key of a big search of ``rollouts`` with ``seed`` at ``position``."""
    game_name, start, actions = position
    text = json.dumps(
        [game_name, plain(start), [action_to_json(a) for a in actions], rollouts, seed],
        sort_keys=True,
    )
    return hashlib.sha1(text.encode()).hexdigest()


def action_key(action: Action) -> str:
    """An action as one string (the judged costs are looked up by it)."""
    return json.dumps(action_to_json(action), sort_keys=True)


@dataclass
class Reference:
    """What one big search said at one position: its move, and the cost of other moves."""

    action: Action
    costs: dict[str, float] = field(default_factory=dict)  # by ``action_key``

    def cost(self, action: Action) -> float | None:
        """The judged cost of ``action``, if it has been judged (the big move costs 0)."""
        if action == self.action:
            return 0.0
        return self.costs.get(action_key(action))

    def to_json(self, entry: str) -> dict[str, Any]:
        return {"key": entry, "action": action_to_json(self.action), "costs": self.costs}


def load(path: Path) -> dict[str, Reference]:
    """The references in ``path`` (none if it does not exist; a later line wins). A line
    that cannot be read stops the run with its line number rather than be searched again
    silently."""
    found: dict[str, Reference] = {}
    if not path.exists():
        return found
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
                costs = {str(k): float(v) for k, v in data["costs"].items()}
                found[str(data["key"])] = Reference(action_from_json(data["action"]), costs)
            except (ValueError, KeyError, TypeError, AttributeError) as error:
                raise SystemExit(f"{path}:{number}: not a reference line ({error})") from None
    return found


def save(path: Path, entry: str, reference: Reference) -> None:
    """Append ``reference`` under ``entry`` (a whole line at once, flushed)."""
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(reference.to_json(entry), ensure_ascii=False) + "\n")
