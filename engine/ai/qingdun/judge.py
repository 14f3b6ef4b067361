"""Judging one 清墩 decision for the hand review: the strong player's move against the one
played, both valued on the same sampled worlds."""

from __future__ import annotations

import random

from engine.actions import Action, Play
from engine.ai.budget import Budget
from engine.ai.decision import Judgement
from engine.ai.qingdun import player
from engine.ai.qingdun.player import (
    EDGE,
    Choice,
    candidates,
    key,
    search_options,
    to_action,
)
from engine.ai.qingdun.reasons import explain
from engine.qingdun.observation import QingdunObservation


def judge(
    obs: QingdunObservation, action: Action, rollouts: int, rng: random.Random
) -> Judgement | None:
    """None when there was nothing to choose or the played move is as good (judged with the
    player's own edge, as the strong player would choose)."""
    units, first = player.first_choice(obs)
    played: Choice = tuple(action.cards) if isinstance(action, Play) else None
    options = candidates(obs, units, first)
    keys = [key(option) for option in options]
    if key(played) not in keys:
        options.append(played)
        keys.append(key(played))
    mine = keys.index(key(played))
    if len(options) == 1:
        return None
    budget = Budget(rollouts, edge=EDGE)
    outcome = search_options(obs, options, budget, rng, protected=(0, mine))
    best = outcome.index
    means = outcome.means
    if best == mine or means[best] is None or means[mine] is None:
        return None
    better = options[best]
    cost = means[best] - means[mine]  # type: ignore[operator]
    return Judgement(to_action(obs.seat, better), cost, explain(obs, units, better, better))
