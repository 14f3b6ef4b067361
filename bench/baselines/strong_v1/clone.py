"""A cheap copy of a sampled game, so each rollout starts from the same position.

Both engines keep their state in plain attributes: immutable values, lists, and lists of
lists (hands, counts). Copying those containers one level deep gives an independent game at
a small fraction of the cost of a replay or ``copy.deepcopy``. Only sampled games (worlds
built from an observation) are ever cloned.
"""

from __future__ import annotations

from typing import TypeVar

G = TypeVar("G")


def clone(game: G) -> G:
    copy = object.__new__(type(game))
    state = copy.__dict__
    for name, value in game.__dict__.items():
        if type(value) is list:
            value = [inner[:] for inner in value] if value and type(value[0]) is list else value[:]
        elif type(value) is dict:
            value = dict(value)
        state[name] = value
    return copy
