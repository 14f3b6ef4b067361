"""The players the AI bench pits against each other, each with its budget: ``level[:budget]``.

- ``simple``, ``medium``: the engine's hint and the heuristic (``engine.ai``), no budget;
- ``strong:N`` / ``strong:Xs``: today's strong player with N rollouts per ordinary decision
  (bids and kitties get ``BIG_FACTOR`` times as many), or X seconds per decision;
  ``strong:N:E``: with N rollouts and ``E`` points, instead of the game's own, as the least
  edge over the heuristic's choice for which the search replaces it (``Rollouts.edge``;
  ``strong:200:0`` is the 清墩 player before its edge); ``strong:N/K``: with K rollouts for
  the 三扣 dealer's kitty with its trump instead of ``BIG_FACTOR`` × N;
- ``strong_v1:N`` / ``strong_v1:Xs``: the strong player before issue 24, frozen in
  ``bench/baselines/strong_v1`` (N rollouts for every decision, as it counted them);
- ``medium_v1``: strong_v1's heuristic alone (its ``medium`` level);
- ``rules``: the short rule-based player of ``bench/baselines/rules.py``;
- ``strong-FEATURE:N``: the strong player without one of its parts, to measure what that
  part is worth (``ABLATIONS``: ``inference``, the weighing of worlds by the recent plays;
  ``first``, the search's first candidate from the rollouts' heuristic: in 三扣 a single
  where the strong player leads a low pair (``FIRST_PAIRS``); in 清墩 no change unless
  ``FIRST_TEARS`` (a torn play) or ``FIRST_TAKES_OVER`` (a partner's play taken over) is
  switched on); ``narrow``,
  the 清墩 weighing as it was before 3 December 2026 (the likelier of 3 deals, judged on 4
  decisions of hands up to 15 cards, where it is now 6 deals, 8 decisions, 20 cards);
  ``sharp``, the 清墩 weighing with a decision the heuristic would not have made 0.2 times
  as likely, not 0.35 (measured and not kept, 3 December 2026); ``soft``, the same at 0.5
  (−0.58 [−1.40, +0.25], not kept); ``eager``, the 三扣 bidding that bids when its plan
  beats passing by the margin on average, without also a standard error
  (``bidding.BID_SIGMAS`` 0, not 1: +0.021 [−0.004, +0.046] over 400 deals with
  ``--bids-only``, not kept);
  ``ownfull``, the 清墩 search whose rollouts play the middle level's full rules (torn
  plays, taking over) for the deciding seat's team, the lean ones for the other
  (``policy.ROLLOUTS_OWN_FULL``: −1.12 [−2.51, +0.26] over 196 deals, not kept);
  ``burial``, the 三扣 defenders' worlds as they were before 7 December 2026, every side
  card as likely in the kitty and the dealer's hand whatever its rank
  (``sampling.KITTY_RANK_WEIGHT``, ``DEALER_RANK_WEIGHT``); ``jokers``, the same defenders'
  worlds giving the dealer its jokers as readily as its other trumps (×2.8 both, as before
  7 December 2026 late morning; ``DEALER_TRUMP_WEIGHT``, ``DEALER_JOKER_WEIGHT``);
  ``leaf``, the 三扣 play decisions' rollouts cut after three leads and the rest valued by
  a learned model (``bench/ai_leaf.py``), with ``BIG_FACTOR`` 2: ``strong-leaf:2N`` against
  ``strong:N`` is a match at about equal CPU, bids and kitty alike (issue 24, item 7);
- ``medium-overtake``: the middle level before it took over a partner's low play (清墩, 6
  December 2026; the strong player's rollouts and first candidate never take over);
- ``oracle:N``: the strong 三扣 player whose play-phase worlds are the true deal
  (``bench/ai_oracle.py``): a diagnostic that peeks, never a player of the bot;
  ``oracle-dealer:N`` peeks only as the dealer; ``oracle-dealerhand:N`` as a defender
  only, at the dealer's hand and the kitty; ``oracle-partners:N`` as a defender only, at
  the other defenders' hands.

Every player but the oracle decides from the seat's observation only.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from types import ModuleType

from bench import ai_leaf
from bench.ai_oracle import peeking
from bench.baselines import rules, strong_v1
from engine.actions import Action
from engine.ai import Rollouts, Stats, think
from engine.ai import budget as ai_budget
from engine.ai.qingdun import inference as qingdun_inference
from engine.ai.qingdun import player as qingdun_player
from engine.ai.qingdun import policy as qingdun_policy
from engine.ai.sankou import bidding as sankou_bidding
from engine.ai.sankou import inference as sankou_inference
from engine.ai.sankou import player as sankou_player
from engine.ai.sankou import policy as sankou_policy
from engine.ai.sankou import sampling as sankou_sampling
from engine.sankou.game import Game as SankouGame

#: What each ablation turns off: (module, constant, value) set while the player decides.
ABLATIONS: dict[str, list[tuple[ModuleType, str, object]]] = {
    "inference": [(qingdun_inference, "CANDIDATES", 1), (sankou_inference, "CANDIDATES", 1)],
    "first": [
        (qingdun_player, "FIRST_TEARS", False),
        (qingdun_player, "FIRST_TAKES_OVER", False),
        (sankou_player, "FIRST_PAIRS", False),
    ],
    "eager": [(sankou_bidding, "BID_SIGMAS", 0.0)],
    "leaf": [(sankou_player, "play_evaluator", ai_leaf.evaluator), (ai_budget, "BIG_FACTOR", 2)],
    "ownfull": [(qingdun_policy, "ROLLOUTS_OWN_FULL", True)],
    "burial": [
        (sankou_sampling, "KITTY_RANK_WEIGHT", {0: 1.0}),
        (sankou_sampling, "DEALER_RANK_WEIGHT", {0: 1.0}),
    ],
    "jokers": [
        (sankou_sampling, "DEALER_TRUMP_WEIGHT", 2.8),
        (sankou_sampling, "DEALER_JOKER_WEIGHT", 2.8),
    ],
    "nofeed": [(sankou_policy, "FEED_BEHIND", None)],
    "sharp": [(qingdun_inference, "MISMATCH", 0.2)],
    "soft": [(qingdun_inference, "MISMATCH", 0.5)],
    "narrow": [
        (qingdun_inference, "CANDIDATES", 3),
        (qingdun_inference, "RECENT", 4),
        (qingdun_inference, "SMALL_HAND", 15),
    ],
}
#: The same for the middle level: ``medium-overtake``.
MEDIUM_ABLATIONS: dict[str, list[tuple[ModuleType, str, object]]] = {
    "overtake": [(qingdun_policy, "OVERTAKE_RANK", 0), (qingdun_policy, "OVERTAKE_PLAYS", 0)],
    "nofeed": [(sankou_policy, "FEED_BEHIND", None)],
}
LEVELS = (
    "simple",
    "medium",
    "medium_v1",
    "strong",
    "strong_v1",
    "rules",
    "oracle",
    "oracle-dealer",
    "oracle-dealerhand",
    "oracle-partners",
    *(f"strong-{a}" for a in ABLATIONS),
    *(f"medium-{a}" for a in MEDIUM_ABLATIONS),
)
UNBOUNDED = 10**9


@contextmanager
def ablated(name: str) -> Iterator[None]:
    """The strong or middle player without the part ``name`` while the block runs."""
    changes = (ABLATIONS | MEDIUM_ABLATIONS)[name]
    saved = [(module, attr, getattr(module, attr)) for module, attr, _ in changes]
    for module, attr, value in changes:
        setattr(module, attr, value)
    try:
        yield
    finally:
        for module, attr, value in saved:
            setattr(module, attr, value)


@dataclass(frozen=True)
class Player:
    level: str
    simulations: int | None = None
    seconds: float | None = None
    edge: float | None = None
    setup: int | None = None  # rollouts of the 三扣 kitty with trump (None: the default)

    @classmethod
    def parse(cls, text: str) -> Player:
        """``level``, ``level:N`` (rollouts), ``level:N:E`` (and an edge), ``level:N/K``
        (and K rollouts for the kitty) or ``level:Xs`` (seconds)."""
        level, _, budget = text.partition(":")
        budget, _, edge = budget.partition(":")
        budget, _, setup = budget.partition("/")
        if level not in LEVELS:
            raise ValueError(f"unknown player {level!r}: choose from {', '.join(LEVELS)}")
        searching = level.startswith(("strong", "oracle"))
        if not searching:
            if budget:
                raise ValueError(f"{level} takes no budget")
            return cls(level)
        if not budget:
            raise ValueError(f"{level} needs a budget: {level}:200 or {level}:0.5s")
        if budget.endswith("s"):
            if edge or setup:
                raise ValueError("an edge or a kitty budget goes with rollouts: strong:500:0.5")
            return cls(level, seconds=float(budget[:-1]))
        if (edge or setup) and level != "strong":
            raise ValueError(f"{level} takes no edge nor kitty budget")
        return cls(
            level,
            simulations=int(budget),
            edge=float(edge) if edge else None,
            setup=int(setup) if setup else None,
        )

    def label(self) -> str:
        if self.simulations is not None:
            setup = f"/{self.setup}" if self.setup is not None else ""
            edge = f":{self.edge:g}" if self.edge is not None else ""
            return f"{self.level}:{self.simulations}{setup}{edge}"
        if self.seconds is not None:
            return f"{self.level}:{self.seconds:g}s"
        return self.level

    def act(self, obs: object, seed: int, game: object = None) -> tuple[Action, Stats | None]:
        """The player's action for the observing seat, and its stats when it reports them
        (``game``: the real game, which only the oracle looks at)."""
        if self.level == "rules":
            return rules.decide(obs), None  # type: ignore[arg-type]
        if self.level == "medium_v1":
            return strong_v1.decide(obs, level="medium", seed=seed), None  # type: ignore[arg-type]
        if self.level == "strong_v1":
            action = strong_v1.decide(
                obs,  # type: ignore[arg-type]
                level="strong",
                seed=seed,
                simulations=self.simulations,
                seconds=self.seconds,
            )
            return action, None
        # a time budget alone: as many rollouts as the time allows
        rollouts = Rollouts(play=UNBOUNDED) if self.seconds is not None else None
        simulations = self.simulations
        if (self.edge is not None or self.setup is not None) and simulations is not None:
            rollouts = Rollouts(play=simulations, setup=self.setup, edge=self.edge)
            simulations = None
        level, _, ablation = self.level.partition("-")
        if level == "oracle":
            if not isinstance(game, SankouGame):
                raise ValueError("the oracle plays 三扣 only, and needs the real game")
            level, watching = "strong", peeking(game, sees=ablation or "all")
        else:
            watching = ablated(ablation) if ablation else nullcontext()
        with watching:
            decision = think(
                obs,  # type: ignore[arg-type]
                level=level,
                seed=seed,
                simulations=simulations,
                seconds=self.seconds,
                rollouts=rollouts,
            )
        return decision.action, decision.stats
