"""The search bench's kept big searches (``--references``): a run reads back the big move
and the judged costs instead of searching again, and keeps what it newly judged."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import ai_references, ai_search
from bench.ai_references import Reference, action_key
from engine.actions import Action
from engine.ai import choose
from engine.records import GAMES


def _task(known: Reference | None = None) -> ai_search.Task:
    position = next(ai_search.positions("qingdun", 1, 1, 5000))
    return ai_search.Task(position, 0, 8, None, 16, False, known)


def _legal_other(task: ai_search.Task, but: Action) -> Action:
    game_name, start, actions = task.position
    game = GAMES[game_name].replay(start, actions)
    for level in ("simple", "medium"):
        action = choose(game, game.to_move, level=level)
        if action != but:
            return action
    raise AssertionError("no second move to test with")


def test_a_known_big_move_is_used_and_a_new_cost_is_kept() -> None:
    first = ai_search.measure(_task())
    fresh = first["reference"]
    assert isinstance(fresh, Reference) and first["candidates"] > 1
    # Read back, the big move is not searched again: nothing new to keep.
    again = ai_search.measure(_task(fresh))
    assert again["reference"] is None and again["agree"] == first["agree"]
    # A kept big move the hint does not play: the row disagrees and judges the hint's move
    # once, which the run keeps; read back, that cost comes from the references.
    other = _legal_other(_task(), fresh.action)
    second = ai_search.measure(_task(Reference(other)))
    assert second["agree"] is False
    kept = second["reference"]
    assert isinstance(kept, Reference) and kept.action == other and len(kept.costs) == 1
    third = ai_search.measure(_task(kept))
    assert third["reference"] is None and third["cost"] == second["cost"]


def test_references_survive_a_file_and_a_later_line_wins(tmp_path: Path) -> None:
    task = _task()
    entry = ai_references.key(task.position, 16, ai_search.big_seed(0))
    assert entry != ai_references.key(task.position, 32, ai_search.big_seed(0))
    assert entry != ai_references.key(task.position, 16, ai_search.big_seed(1))
    game_name, start, actions = task.position
    game = GAMES[game_name].replay(start, actions)
    move = choose(game, game.to_move, level="medium")
    path = tmp_path / "refs.jsonl"
    ai_references.save(path, entry, Reference(move))
    ai_references.save(path, entry, Reference(move, {action_key(move): 0.0, "x": 1.5}))
    loaded = ai_references.load(path)
    assert list(loaded) == [entry]
    assert loaded[entry].action == move and loaded[entry].costs["x"] == 1.5
    assert loaded[entry].cost(move) == 0.0
    assert ai_references.load(tmp_path / "absent.jsonl") == {}


def test_a_broken_line_names_itself(tmp_path: Path) -> None:
    path = tmp_path / "refs.jsonl"
    path.write_text('{"key": "a", "action": {"type": "pass", "seat": 9}, "costs": {}}\n')
    with pytest.raises(SystemExit, match=r"refs.jsonl:1: not a reference line"):
        ai_references.load(path)
