"""The 清墩 players: simple (the engine's hint), medium (the split-based heuristic), strong.

The strong player takes the heuristic's play and the plausible alternatives (each kind's
weakest lead, passing, the smallest answer even if it tears a unit, a bomb) and compares them
by playing the hand out in sampled worlds with the heuristic in every seat, each world
scored by the engine's own settlement (``search``).
"""

from __future__ import annotations

import random

from bench.baselines.strong_v1 import search
from bench.baselines.strong_v1.budget import Budget
from bench.baselines.strong_v1.clone import clone
from bench.baselines.strong_v1.qingdun.decompose import decompose
from bench.baselines.strong_v1.qingdun.policy import Table, decide, weakness
from bench.baselines.strong_v1.qingdun.sampling import Sampler
from engine.actions import Action, Pass, Play
from engine.cards import Card
from engine.qingdun.combos import Combo
from engine.qingdun.game import Game
from engine.qingdun.moves import Hand, Move
from engine.qingdun.observation import QingdunObservation

MAX_CANDIDATES = 8

Choice = tuple[Card, ...] | None  # cards to play, or None to pass


class Plans:
    """Each seat's split in a world, kept up to date while the seat plays its units."""

    __slots__ = ("units",)

    def __init__(self, units: list[list[Combo] | None]) -> None:
        self.units = units

    @classmethod
    def of(cls, game: Game) -> Plans:
        return cls([decompose(hand) if hand else [] for hand in game.hands])

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
        self.units[seat] = None


class Trick:
    """The current trick's owner and points, followed along a rollout."""

    __slots__ = ("points", "top_seat")

    def __init__(self, top_seat: int | None, points: int) -> None:
        self.top_seat = top_seat
        self.points = points


def step(
    game: Game, plans: Plans, trick: Trick, seat: int, cards: Choice, unit: Combo | None = None
) -> None:
    """``seat`` plays ``cards`` (None: passes), keeping its plan and the trick up to date."""
    if cards is None:
        game.pass_turn(seat)
    else:
        game.play(seat, cards)
        plans.played(seat, cards, unit)
        trick.top_seat = seat
        trick.points += sum(card.points for card in cards)
    if game.top is None:
        trick.top_seat, trick.points = None, 0


def playout(game: Game, plans: Plans, trick: Trick) -> None:
    """Play ``game`` to its end with the heuristic in every seat."""
    while not game.over:
        seat = game.to_move
        assert seat is not None
        units = plans.get(game, seat)
        table = Table(seat, game.hand_sizes, game.top, game.top_led, trick.top_seat, trick.points)
        unit = decide(units, table)
        step(game, plans, trick, seat, None if unit is None else unit.cards, unit)


def _trick_points(obs: QingdunObservation) -> int:
    return sum(card.points for play in obs.trick for card in play.cards)


def choose(obs: QingdunObservation, level: str, budget: Budget, rng: random.Random) -> Action:
    sampler = Sampler(obs)
    seat = obs.seat
    if level == "simple":
        return sampler.world(rng).hint(seat)
    units = decompose(obs.hand)
    points = _trick_points(obs)
    table = Table(seat, obs.hand_sizes, obs.top, obs.top_led, obs.top_seat, points)
    unit = decide(units, table)
    first: Choice = None if unit is None else unit.cards
    if level == "medium" or (first is not None and len(first) == len(obs.hand)):
        return _action(seat, first)
    options = candidates(obs, units, first)
    if len(options) == 1 or budget.exhausted():
        return _action(seat, options[0])

    def sample(r: random.Random) -> tuple[Game, Plans]:
        w = sampler.world(r)
        return w, Plans.of(w)

    def evaluate(w: tuple[Game, Plans], choice: Choice) -> float:
        game = clone(w[0])
        plans = w[1].copy()
        trick = Trick(obs.top_seat, points)
        step(game, plans, trick, seat, choice)
        playout(game, plans, trick)
        assert game.result is not None
        return float(game.result.deltas[seat])

    return _action(seat, search.best_candidate(options, sample, evaluate, budget, rng))


def _action(seat: int, choice: Choice) -> Action:
    return Pass(seat) if choice is None else Play(seat, tuple(choice))


def candidates(obs: QingdunObservation, units: list[Combo], first: Choice) -> list[Choice]:
    """The heuristic's choice first, then plausible alternatives, all legal, deduplicated."""
    found: dict[tuple[Card, ...] | None, Choice] = {_key(first): first}
    more: list[Choice] = []
    if obs.top is None:
        by_kind: dict[object, Combo] = {}
        for unit in sorted(units, key=weakness):
            by_kind.setdefault((unit.kind, unit.shape if not unit.is_bomb else ()), unit)
        more += [u.cards for u in by_kind.values()]
    else:
        more.append(None)
        answers = sorted(_answers(obs), key=lambda m: (m.rung, m.key))
        plain = [m for m in answers if m.rung < 0]
        bombs = [m for m in answers if m.rung >= 0]
        if plain:
            more += [tuple(plain[0].cards), tuple(plain[-1].cards)]
        if bombs:
            more.append(tuple(bombs[0].cards))
    for choice in more:
        key = _key(choice)
        if key not in found:
            found[key] = choice
        if len(found) >= MAX_CANDIDATES:
            break
    return list(found.values())


def _answers(obs: QingdunObservation) -> list[Move]:
    """Every distinct play of the seat's hand that beats the top play (the engine's list)."""
    assert obs.top is not None
    cnt = [0] * 54
    rc = [0] * 17
    for card in obs.hand:
        cnt[card.index] += 1
        rc[card.rank] += 1
    return list(Hand(cnt, rc).answers(obs.top, obs.top_led))


def _key(choice: Choice) -> tuple[Card, ...] | None:
    return None if choice is None else tuple(sorted(choice))
