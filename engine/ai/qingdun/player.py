"""The 清墩 players: simple (the engine's hint), medium (the split-based heuristic), strong.

The strong player takes the heuristic's play and the plausible alternatives (each kind's
weakest lead, a low single for a partner about to go out, passing, the smallest and largest
answers even if they tear a unit, a bomb) and compares them by playing the hand out in
sampled worlds with the heuristic in every seat, small endings solved exactly, each world
valued by its settlement, team points and going-out order (``value``, ``search``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from engine.actions import Action, Pass, Play
from engine.ai import search
from engine.ai.budget import Budget, Plan
from engine.ai.clone import clone
from engine.ai.decision import Decision, Stats
from engine.ai.qingdun import policy
from engine.ai.qingdun.decompose import decompose
from engine.ai.qingdun.endgame import ENDGAME_CARDS, solve
from engine.ai.qingdun.policy import ROLLOUTS_FULL, Table, decide, weakness
from engine.ai.qingdun.reasons import explain as reason_for
from engine.ai.qingdun.sampling import Sampler
from engine.ai.qingdun.value import value
from engine.cards import Card
from engine.qingdun.combos import Combo, classify
from engine.qingdun.game import Game
from engine.qingdun.moves import Hand, Move
from engine.qingdun.observation import QingdunObservation

MAX_CANDIDATES = 8
#: The least gain in points (beyond the statistical bar) for which the search replaces the
#: heuristic's play: gains the search sees below it are as likely its model's bias, and
#: acting on them made five times the rollouts worse, not better (docs/ai.md "Strength").
EDGE = 1.0
#: Whether the search's first candidate (kept unless another surely gains the edge) tears a
#: unit to beat an opponent, as ``medium`` does, or plays as the rollouts do
#: (``policy.ROLLOUTS_FULL``): with the torn plays the player read 2.2 below the one before
#: against strong_v1 and 1.0 below itself without them head to head, neither surely
#: (docs/ai.md "The heuristics").
FIRST_TEARS = False
#: Whether the first candidate takes over a partner's low play, as ``medium`` does:
#: strong:100 read +0.60 [−0.70, +1.90] against itself without (deals 0-199), strong:200
#: −0.60 [−2.00, +0.80] (deals 200-399): no gain.
FIRST_TAKES_OVER = False
#: After an ending too big to solve, the exact search is tried again this many cards later.
RETRY_CARDS = 3

Choice = tuple[Card, ...] | None  # cards to play, or None to pass


class Plans:
    """Each seat's split in a world, kept up to date while the seat plays its units."""

    __slots__ = ("units",)

    def __init__(self, units: list[list[Combo] | None]) -> None:
        self.units = units

    @classmethod
    def of(cls, game: Game, known: dict[int, list[Combo]] | None = None) -> Plans:
        """Each seat's split in ``game``; ``known``: splits already made (hands the deciding
        seat sees, the same in every world)."""
        known = known or {}
        return cls(
            [
                known[seat][:] if seat in known else decompose(hand) if hand else []
                for seat, hand in enumerate(game.hands)
            ]
        )

    def copy(self) -> Plans:
        return Plans([None if u is None else u[:] for u in self.units])

    def get(self, game: Game, seat: int) -> list[Combo]:
        units = self.units[seat]
        if units is None:
            units = self.units[seat] = decompose(game.hands[seat])
        return units

    def played(self, seat: int, cards: tuple[Card, ...], unit: Combo | None = None) -> None:
        units = self.units[seat]
        if units is None:
            return
        for n, candidate in enumerate(units):
            if candidate is unit:
                del units[n]
                return
        if unit is None:
            wanted = sorted(cards)
            for n, candidate in enumerate(units):
                if sorted(candidate.cards) == wanted:
                    del units[n]
                    return
        self.units[seat] = torn(units, cards)


def torn(units: list[Combo], cards: Sequence[Card]) -> list[Combo] | None:
    """The split once ``cards`` are played across its units: the units untouched, and what
    is left of those the cards were taken from split again (plain units are torn before
    bombs, as the heuristic tears them). Cheaper than splitting the whole hand again, and
    the plan stays the one the seat was playing. None if the cards are not all in the split.
    """
    needed = Counter(cards)
    touched: set[int] = set()
    leftover: list[Card] = []
    for n in sorted(range(len(units)), key=lambda n: units[n].is_bomb):
        if not any(needed[card] > 0 for card in units[n].cards):
            continue
        touched.add(n)
        for card in units[n].cards:
            if needed[card] > 0:
                needed[card] -= 1
            else:
                leftover.append(card)
    if any(count > 0 for count in needed.values()):
        return None
    kept = [unit for n, unit in enumerate(units) if n not in touched]
    if len({card.rank for card in leftover}) == 1:  # mostly: a single or a pair of a triple
        alone = classify(leftover)
        if alone is not None:
            return [*kept, alone]
    return kept + decompose(leftover)


class Trick:
    """The current trick's owner and points, followed along a rollout."""

    __slots__ = ("points", "top_seat")

    def __init__(self, top_seat: int | None, points: int) -> None:
        self.top_seat = top_seat
        self.points = points


def step(
    game: Game, plans: Plans, trick: Trick, seat: int, cards: Choice, unit: Combo | None = None
) -> None:
    """``seat`` plays ``cards`` (None: passes), keeping its plan and the trick up to date.

    A ``unit`` comes from the seat's own split and beats the top play: it is played without
    the engine's checks. Other cards (a searched candidate) go through them.
    """
    if cards is None:
        game.pass_turn(seat)
    else:
        if unit is not None:
            game.play_combo(seat, unit)
        else:
            game.play(seat, cards)
        plans.played(seat, cards, unit)
        trick.top_seat = seat
        trick.points += sum(card.points for card in cards)
    if game.top is None:
        trick.top_seat, trick.points = None, 0


def playout(game: Game, plans: Plans, trick: Trick, seat: int) -> float:
    """Play ``game`` to its end with the heuristic in every seat (a small ending solved
    exactly); its value for ``seat``."""
    tried = 10**9  # cards in play when the exact search last gave up
    own_full = policy.ROLLOUTS_OWN_FULL
    while not game.over:
        cards = sum(game.hand_sizes)
        if cards <= ENDGAME_CARDS and cards <= tried - RETRY_CARDS:
            exact = solve(game, seat)
            if exact is not None:
                return exact
            tried = cards
        mover = game.to_move
        assert mover is not None
        units = plans.get(game, mover)
        table = Table(mover, game.hand_sizes, game.top, game.top_led, trick.top_seat, trick.points)
        full = ROLLOUTS_FULL or (own_full and mover % 2 == seat % 2)
        unit = decide(units, table, tear=full, overtake=full)
        step(game, plans, trick, mover, None if unit is None else unit.cards, unit)
    assert game.result is not None
    return value(game.result, seat)


def trick_points(obs: QingdunObservation) -> int:
    return sum(card.points for play in obs.trick for card in play.cards)


def table_of(obs: QingdunObservation) -> Table:
    return Table(obs.seat, obs.hand_sizes, obs.top, obs.top_led, obs.top_seat, trick_points(obs))


def heuristic(
    obs: QingdunObservation, *, tear: bool = True, overtake: bool = True
) -> tuple[list[Combo], Choice]:
    """The seat's split and the heuristic's choice (``tear``, ``overtake``: see
    ``policy.decide``)."""
    units = decompose(obs.hand)
    unit = decide(units, table_of(obs), tear=tear, overtake=overtake)
    return units, None if unit is None else unit.cards


def first_choice(obs: QingdunObservation, level: str = "strong") -> tuple[list[Combo], Choice]:
    """The split and the move a level starts from: the middle level's own, or the strong
    search's first candidate (``FIRST_TEARS``, ``FIRST_TAKES_OVER``)."""
    if level != "strong":
        return heuristic(obs)
    return heuristic(obs, tear=FIRST_TEARS, overtake=FIRST_TAKES_OVER)


def think(
    obs: QingdunObservation, level: str, plan: Plan, rng: random.Random, explain: bool
) -> Decision:
    seat = obs.seat
    if level == "simple":
        return Decision(Sampler(obs).world(rng).hint(seat), Stats("play"))
    units, first = first_choice(obs, level)
    stats = Stats("play")
    choice = first
    if level == "strong" and not (first is not None and len(first) == len(obs.hand)):
        options = candidates(obs, units, first)
        budget = plan.budget("play", EDGE)
        if len(options) == 1 or budget.cap == 0:
            stop = "single" if len(options) == 1 else "heuristic"
            stats = Stats("play", 0, len(options), stop=stop)
        else:
            outcome = search_options(obs, options, budget, rng)
            choice = options[outcome.index]
            stats = Stats(
                "play", outcome.rollouts, len(options), outcome.rounds, outcome.tied_rounds,
                outcome.stop,
            )  # fmt: skip
    action = to_action(seat, choice)
    return Decision(action, stats, reason_for(obs, units, choice, first) if explain else None)


def search_options(
    obs: QingdunObservation,
    options: Sequence[Choice],
    budget: Budget,
    rng: random.Random,
    protected: Sequence[int] = (0,),
) -> search.Outcome:
    """The search over ``options`` (the heuristic's choice first) in sampled worlds."""
    sampler = Sampler(obs)
    seat = obs.seat
    points = trick_points(obs)
    known = {s: decompose(cards) for s, cards in sampler.known.items()}

    def sample(r: random.Random) -> tuple[Game, Plans]:
        w = sampler.world(r)
        return w, Plans.of(w, known)

    def evaluate(w: tuple[Game, Plans], choice: Choice) -> float:
        game = clone(w[0])
        plans = w[1].copy()
        trick = Trick(obs.top_seat, points)
        step(game, plans, trick, seat, choice)
        return playout(game, plans, trick, seat)

    return search.best_candidate(options, sample, evaluate, budget, rng, protected)


def to_action(seat: int, choice: Choice) -> Action:
    return Pass(seat) if choice is None else Play(seat, tuple(choice))


def candidates(obs: QingdunObservation, units: list[Combo], first: Choice) -> list[Choice]:
    """The heuristic's choice first, then plausible alternatives, all legal, deduplicated."""
    found: dict[tuple[Card, ...] | None, Choice] = {key(first): first}
    more: list[Choice] = []
    if obs.top is None:
        by_kind: dict[object, Combo] = {}
        for unit in sorted(units, key=weakness):
            by_kind.setdefault((unit.kind, unit.shape if not unit.is_bomb else ()), unit)
        more += [u.cards for u in by_kind.values()]
        singles = sorted((m for m in _hand(obs).singles()), key=lambda m: m.key)
        if singles:  # a single torn from a unit: feeds a partner, or keeps the split whole
            more += [tuple(singles[0].cards), tuple(singles[-1].cards)]
    else:
        more.append(None)
        answers = sorted(_answers(obs), key=lambda m: (m.rung, m.key))
        plain = [m for m in answers if m.rung < 0]
        bombs = [m for m in answers if m.rung >= 0]
        if plain:
            more += [tuple(plain[0].cards), tuple(plain[-1].cards)]
            if len(plain) > 2:
                more.append(tuple(plain[1].cards))
        if bombs:
            more.append(tuple(bombs[0].cards))
    for choice in more:
        k = key(choice)
        if k not in found:
            found[k] = choice
        if len(found) >= MAX_CANDIDATES:
            break
    return list(found.values())


def _hand(obs: QingdunObservation) -> Hand:
    return Hand.of(obs.hand)


def _answers(obs: QingdunObservation) -> list[Move]:
    """Every distinct play of the seat's hand that beats the top play (the engine's list)."""
    assert obs.top is not None
    return list(_hand(obs).answers(obs.top, obs.top_led))


def key(choice: Choice) -> tuple[Card, ...] | None:
    return None if choice is None else tuple(sorted(choice))
