"""The hand review: a seat's costliest decisions of a finished hand, by the strong player.

``review`` replays a finished hand and, at every decision the seat made (moves later taken
back aside), asks the strong player's search what it would have played, with the move that
was played kept among the candidates to the end, so both are valued on the same sampled
worlds. The cost of a decision is the difference of their mean values (in points of the
hand's score, per seat); the three costliest come back with what the strong player would
have played and why (a ``Reason``). The search sees only the seat's observation at that
moment, as the player did.

It is meant to run after the hand, in the background: a hand's review costs about as much
thinking as the seat's own decisions at the same rollouts (docs/ai.md gives the figures).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.actions import Action, DeclareTrump, Discard, TakeBack
from engine.ai.decision import Judgement, Reason
from engine.ai.qingdun.judge import judge as judge_qingdun
from engine.ai.sankou.judge import judge as judge_sankou
from engine.cards import Suit
from engine.qingdun.observation import QingdunObservation
from engine.records import GAMES
from engine.sankou.observation import SankouObservation

#: Rollouts per reviewed decision (bids and kitties get ``BIG_FACTOR`` times as many).
REVIEW_ROLLOUTS = 100
#: How many decisions a review returns at most.
TOP = 3


@dataclass(frozen=True, slots=True)
class Mistake:
    """One costly decision: the ``index`` of the move in the hand's action list, what was
    played, what the strong player would have played, the expected cost in points of the
    hand's score for the seat, and the reason for the better move."""

    index: int
    played: Action
    better: Action
    cost: float
    reason: Reason | None


def review(
    game: str,
    start: dict,
    actions: list[Action] | tuple[Action, ...],
    seat: int,
    *,
    rollouts: int = REVIEW_ROLLOUTS,
    seed: int = 0,
    top: int = TOP,
) -> list[Mistake]:
    """The ``top`` costliest decisions of ``seat`` in a finished hand (costliest first, only
    those where the strong player would have played otherwise); ``ValueError`` if the hand
    is not over or the game unknown."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
    cls = GAMES[game]
    if not cls.replay(start, actions).over:
        raise ValueError("a hand can be reviewed only once it is over")
    standing = _standing(actions)
    current = cls.from_start(start)
    found: list[Mistake] = []
    for index, action in enumerate(actions):
        if index in standing and action.seat == seat and current.to_move == seat:
            obs = current.observation(seat)  # type: ignore[attr-defined]
            trump = _named_with(actions, standing, index) if isinstance(action, Discard) else None
            judged = judge(obs, action, rollouts=rollouts, seed=seed * 100_003 + index, trump=trump)
            if judged is not None and judged.cost > 0:
                found.append(Mistake(index, action, judged.better, judged.cost, judged.reason))
        current.apply(action)
    found.sort(key=lambda m: (-m.cost, m.index))
    return found[:top]


def judge(
    observation: QingdunObservation | SankouObservation,
    action: Action,
    *,
    rollouts: int = REVIEW_ROLLOUTS,
    seed: int = 0,
    trump: Suit | None = None,
) -> Judgement | None:
    """The strong player's move at ``observation`` against ``action`` (kept among the
    candidates to the end, both valued on the same worlds): None when there was nothing to
    choose or ``action`` is as good, else the better move and what ``action`` costs.

    ``trump``: for a 三扣 kitty, the trump its dealer named after laying it, when known (a
    finished hand); the burial is priced with it, as the strong player weighs a burial with
    the trump it is laid for. Without it, the trump best for the cards kept."""
    rng = random.Random(seed)
    if isinstance(observation, QingdunObservation):
        return judge_qingdun(observation, action, rollouts, rng)
    return judge_sankou(observation, action, rollouts, rng, trump)


def _named_with(
    actions: list[Action] | tuple[Action, ...], standing: set[int], kitty: int
) -> Suit | None:
    """The trump the seat named after the kitty laid at ``kitty`` (its next move that stands)."""
    seat = actions[kitty].seat
    for index in range(kitty + 1, len(actions)):
        action = actions[index]
        if index in standing and action.seat == seat:
            return action.suit if isinstance(action, DeclareTrump) else None
    return None


def _standing(actions: list[Action] | tuple[Action, ...]) -> set[int]:
    """Indices of the moves that stand (a ``TakeBack`` removes the move before it)."""
    kept: list[int] = []
    for index, action in enumerate(actions):
        if isinstance(action, TakeBack):
            kept.pop()
        else:
            kept.append(index)
    return set(kept)
