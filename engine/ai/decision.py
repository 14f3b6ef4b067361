"""What a decision returns besides its action: how much it thought, and why (as data).

``Stats`` is for logs and the bench (rollouts spent, the search's rounds and how many of them
could not tell the candidates apart); ``Reason`` is a code with parameters that a front end
turns into a sentence in the reader's language (the codes are listed in docs/ai.md). All
are plain picklable values: a worker process sends them back with the action.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.actions import Action

#: Every reason code and the names of its parameters (docs/ai.md says what each means).
#: ``found_by_search`` carries the code of the move it describes as ``move``, and that
#: code's parameters.
REASONS: dict[str, tuple[str, ...]] = {
    # 清墩
    "goes_out": ("kind",),
    "lets_partner_win": ("points",),
    "saves_points": ("points",),
    "keeps_bomb": ("points", "bombs"),
    "keeps_split": ("kind",),
    "cannot_beat": (),
    "blocks_opponent": ("cards", "kind"),
    "leads_for_partner": ("cards",),
    "leads_weakest": ("kind",),
    "bombs_to_stop": ("cards", "bombs"),
    "bombs_to_finish": ("plays",),
    "bombs_for_points": ("points", "bombs"),
    "beats_cheaply": ("kind", "points"),
    "takes_over_low": ("kind",),
    "takes_over_to_finish": ("plays",),
    # 三扣
    "bids": ("expected", "bid"),
    "passes_bid": ("expected",),
    "buries": ("voids", "points", "trump"),
    "names_trump": ("suit", "cards"),
    "draws_trumps": ("out",),
    "cashes_masters": ("cards",),
    "leads_to_partner_ruff": ("suit",),
    "leads_pair": ("suit",),
    "leads_suit": ("suit", "cards"),
    "ruffs": ("points",),
    "wins_trick": ("points",),
    "feeds_partner": ("points",),
    "feeds_behind": ("points",),
    "gives_points": ("points",),
    "gives_least": ("points",),
    # both
    "found_by_search": ("move",),
}


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a move was chosen: ``code`` (docs/ai.md lists them) and its parameters (ints,
    strings, card notations), e.g. ``Reason("draws_trumps", {"out": 6})``."""

    code: str
    params: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Stats:
    """How a decision was made.

    ``stop`` says why the search ended: ``heuristic`` (no search: a level without it, or no
    rollouts allowed), ``single`` (one sensible candidate), ``budget`` (the rollouts were
    spent), ``clear`` (one candidate was clearly best, or all were alike, before that),
    ``deadline`` (the wall-time safety stopped it), ``committed`` (the 三扣 trump the kitty
    was laid for).
    """

    phase: str
    rollouts: int = 0
    candidates: int = 1
    rounds: int = 0  # sampled worlds on which every remaining candidate was played out
    tied_rounds: int = 0  # of those, rounds where every candidate scored the same
    stop: str = "heuristic"
    seconds: float = 0.0


@dataclass(frozen=True, slots=True)
class Judgement:
    """A decision judged for the hand review: the strong player's move, how much the played
    one loses against it (points of the hand's score), and why."""

    better: Action
    cost: float
    reason: Reason | None


@dataclass(frozen=True, slots=True)
class Decision:
    """The action, how it was found, and (when asked for) why."""

    action: Action
    stats: Stats
    reason: Reason | None = None
