"""The 三扣 players: simple (the engine's hint), medium (the card-counting heuristic), strong.

The strong player decides every phase by playing the hand out many times in sampled worlds
(``sampling``) with the heuristic (``policy``) in every seat, each world valued by the
expected score under the spread of the points taken (``value``):

- bidding (``bidding``): what each bid would bring as dealer, against what passing brings;
- kitty and trump together: a few burials for each likely trump, each played on with the
  trump it was made for; that trump is then named (``committed``);
- play: the heuristic's choice and the plausible alternatives (other leads, cashing a throw
  that is sure to stand, winning high or low, feeding points or not), compared on shared
  worlds with successive halving (``search``).

Bids and the kitty get several times an ordinary decision's rollouts (``budget``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from engine.actions import DeclareTrump, Discard, Play
from engine.ai import search
from engine.ai.budget import Budget, Plan
from engine.ai.clone import clone
from engine.ai.decision import Decision, Stats
from engine.ai.sankou import bidding, policy
from engine.ai.sankou.reasons import play_reason, setup_reason, trump_reason
from engine.ai.sankou.rollout import finish
from engine.ai.sankou.sampling import Sampler
from engine.ai.sankou.seen import Memory, Position, Seen
from engine.ai.sankou.setup import best_trumps, burial
from engine.cards import JACK, Card, Suit
from engine.sankou import combos, moves
from engine.sankou.combos import Lead
from engine.sankou.game import Game
from engine.sankou.observation import SankouObservation
from engine.sankou.order import LEVEL, TRUMP
from engine.sankou.view import Phase

MAX_CANDIDATES = 10
#: Whether the search's first candidate is the heuristic's move leading low pairs, as
#: ``medium`` plays (since 3 December 2026: +0.08 a seat a hand head to head against the
#: same player starting from the single; against strong_v1 no gain shows, docs/ai.md), or
#: the rollouts' (``policy.ROLLOUTS_PAIRS``).
FIRST_PAIRS = True
#: Trump suits whose burials the kitty search tries.
KITTY_TRUMPS = 3
#: The hint's chance that noise alone replaces the heuristic's choice (``Rollouts.alpha``;
#: bot seats keep ``OVERRIDE_ALPHA``, 0.1). Where the hint and a search of ten times its
#: rollouts differed, the hint had mostly kept the heuristic's move short of the bar; with
#: 0.3 the bot's 0.3 s hint agreed with the big search on 160 of 187 positions instead of
#: 157, and on 96 of 109 fresh ones instead of 94, its differing moves costing less (0.024
#: and 0.026 points a hint instead of 0.029 and 0.043); 0.5 agreed less. At the table the
#: looser bar plays no better nor worse (docs/ai.md "The bar"), so bots keep 0.1.
HINT_ALPHA = 0.3

A = TypeVar("A")
World = tuple[Game, Memory]
Option = tuple[tuple[Card, ...], Suit]  # a burial and the trump it is laid for


def think(
    obs: SankouObservation, level: str, plan: Plan, rng: random.Random, explain: bool
) -> Decision:
    if level == "simple":
        return Decision(Sampler(obs).world(rng).hint(obs.seat), Stats(obs.phase.value))
    strong = level == "strong"
    phase = obs.phase
    if phase is Phase.BIDDING:
        return bidding.decide(obs, strong, plan.budget("bid"), rng, explain)
    if phase is Phase.KITTY:
        return _discard(obs, strong, plan.budget("kitty"), rng, explain)
    if phase is Phase.TRUMP:
        return _trump(obs, strong, plan.budget("trump"), rng, explain)
    return _play(obs, strong, plan.budget("play"), rng, explain)


def _stats(phase: str, outcome: search.Outcome, options: int) -> Stats:
    return Stats(
        phase, outcome.rollouts, options, outcome.rounds, outcome.tied_rounds, outcome.stop
    )


def run_search(
    obs: SankouObservation,
    options: Sequence[A],
    evaluate: Callable[[World, A], float],
    budget: Budget,
    rng: random.Random,
    protected: Sequence[int] = (0,),
) -> search.Outcome:
    """The option with the best mean value over shared sampled worlds."""
    sampler = Sampler(obs)

    def sample(r: random.Random) -> World:
        world = sampler.world(r)
        return world, Memory.of(world) if world.phase is Phase.PLAY else Memory.empty()

    return search.best_candidate(options, sample, evaluate, budget, rng, protected)


# ---------------------------------------------------------------------------------------
# Kitty and trump


def kitty_options(hand: list[Card], *, whole: bool = False) -> list[Option]:
    """Burials for the likeliest trumps (whole short side suits first; with or without point
    cards; keeping aces or not), one trump per burial, the heuristic's own first: with
    ``whole`` the middle level's, which lays short suits whole whatever they hold (the
    search's candidates are without it: with it no hand changed in 39 deals, docs/ai.md).
    The same cards in any order give the same list (the trump phase finds the burial in it
    again)."""
    hand = sorted(hand)
    options: list[Option] = []
    laid_seen: set[tuple[Card, ...]] = set()
    for trump in best_trumps(hand)[:KITTY_TRUMPS]:
        for points, aces in ((False, True), (True, True), (True, False), (False, False)):
            whole_too = whole and not points and aces
            laid = tuple(
                sorted(burial(hand, trump, points=points, keep_aces=aces, whole=whole_too))
            )
            if laid not in laid_seen:
                laid_seen.add(laid)
                options.append((laid, trump))
    return options


def _discard(
    obs: SankouObservation, strong: bool, budget: Budget, rng: random.Random, explain: bool
) -> Decision:
    seat = obs.seat
    hand = list(obs.hand)
    options = kitty_options(hand, whole=not strong)
    stats = Stats("kitty", candidates=len(options))
    choice = options[0]
    if strong and budget.cap:

        def evaluate(world: World, option: Option) -> float:
            game = clone(world[0])
            game.discard(seat, list(option[0]))
            game.declare_trump(seat, option[1])
            return finish(game, Memory.empty(), seat)

        outcome = run_search(obs, options, evaluate, budget, rng)
        choice = options[outcome.index]
        stats = _stats("kitty", outcome, len(options))
    reason = setup_reason(hand, choice[0], choice[1]) if explain else None
    return Decision(Discard(seat, choice[0]), stats, reason)


def _trump(
    obs: SankouObservation, strong: bool, budget: Budget, rng: random.Random, explain: bool
) -> Decision:
    """The trump the kitty was laid for; if the kitty is none of ours (a person laid it),
    the suits compared by playing on."""
    seat = obs.seat
    laid = tuple(sorted(obs.kitty or ()))
    full = [*obs.hand, *laid]
    for option in [*kitty_options(full), *kitty_options(full, whole=True)]:
        if option[0] == laid:
            return _declared(seat, option[1], Stats("trump", stop="committed"), explain, full)
    suits = best_trumps(obs.hand)
    if not strong or not budget.cap:
        return _declared(seat, suits[0], Stats("trump", candidates=4), explain, full)

    def evaluate(world: World, suit: Suit) -> float:
        game = clone(world[0])
        game.declare_trump(seat, suit)
        return finish(game, Memory.empty(), seat)

    outcome = run_search(obs, suits, evaluate, budget, rng)
    return _declared(seat, suits[outcome.index], _stats("trump", outcome, 4), explain, full)


def _declared(seat: int, suit: Suit, stats: Stats, explain: bool, full: list[Card]) -> Decision:
    reason = trump_reason(suit, full) if explain else None
    return Decision(DeclareTrump(seat, suit), stats, reason)


# ---------------------------------------------------------------------------------------
# Play


def _play(
    obs: SankouObservation, strong: bool, budget: Budget, rng: random.Random, explain: bool
) -> Decision:
    seat = obs.seat
    position = Position(obs)
    memory = Memory.of(position)
    options = candidates(position, seat, memory, pairs=FIRST_PAIRS or not strong)
    stats = Stats("play", candidates=len(options))
    index = 0
    if strong and len(options) > 1 and budget.cap:
        outcome = run_search(obs, options, play_evaluator(seat), budget, rng)
        index = outcome.index
        stats = _stats("play", outcome, len(options))
    elif len(options) == 1:
        stats = Stats("play", stop="single")
    cards = options[index]
    reason = play_reason(position, seat, memory, cards, searched=index != 0) if explain else None
    return Decision(Play(seat, tuple(cards)), stats, reason)


def play_evaluator(
    seat: int, end: Callable[[Game, Memory, int], float] = finish
) -> Callable[[World, list[Card]], float]:
    """A candidate's value in a world: played there, then the rest played out by ``end``
    (the bench's cut rollouts replace it: ``bench/ai_leaf.py``)."""

    def evaluate(world: World, cards: list[Card]) -> float:
        game = clone(world[0])
        mem = world[1].copy()
        lead = game.lead
        mem.record(seat, game.play(seat, cards), lead, game)
        return end(game, mem, seat)

    return evaluate


def candidates(
    game: policy.Game, seat: int, memory: Memory, *, pairs: bool = True
) -> list[list[Card]]:
    """The heuristic's play first, then plausible alternatives, deduplicated.

    Every one is legal by construction: leads of one suit class, follows that play the led
    suit as far as the hand allows.
    """
    first = policy.play(game, seat, memory, pairs=pairs)
    found: dict[tuple[Card, ...], list[Card]] = {tuple(sorted(first)): first}
    seen = Seen(game, seat, memory)
    order = seen.order
    lead = game.lead
    more: list[list[Card]] = []
    if lead is None:
        more += policy.cashable(seen)
        for suit in (*range(4), TRUMP):
            cards = seen.suit_cards(suit)
            if not cards:
                continue
            more.append([policy.cheapest(cards, order)])
            more.append([cards[-1]])
            pairs = [c for c in dict.fromkeys(cards) if seen.held[c.index] == 2]
            if pairs:
                more.append([pairs[0], pairs[0]])
                more.append([pairs[-1], pairs[-1]])
        tractors = sorted(moves.tractors(seen.hand), key=len, reverse=True)
        more += tractors[:2]
    else:
        best = game.winning_key()
        assert best is not None
        beating = policy.beating(seen, lead, best)
        if beating:
            more += [beating[0], beating[-1]]
        more.append(policy.fill(seen, lead, feed=False))
        more.append(policy.fill(seen, lead, feed=True))
        for n, cards in enumerate(moves.follows(seen.hand, lead, order)):
            more.append(cards)
            if n >= 1:
                break
    # plays alike once each card is read as the weakest of those interchangeable with it
    same = seen.interchangeable(c for play in game.trick for c in play.cards)
    alike = {tuple(sorted(same.get(c, c) for c in first))}
    shapes = {shape(first, seen, lead, game)}
    for cards in more:
        reading = tuple(sorted(same.get(c, c) for c in cards))  # the same cards read alike
        form = shape(cards, seen, lead, game)
        if reading not in alike and form not in shapes:
            found[tuple(sorted(cards))] = cards
            alike.add(reading)
            shapes.add(form)
        if len(found) >= MAX_CANDIDATES:
            break
    return list(found.values())


def shape(cards: list[Card], seen: Seen, lead: Lead | None, game: policy.Game) -> tuple:
    """What tells two follows apart: whether it takes the trick, the points, the trumps and
    strong trumps it spends, the high side cards, the pairs it breaks. Two follows alike in
    all that (a 3 or an 8 thrown away) are the same candidate: comparing them would spend
    rollouts on worlds that cannot tell them apart (``bench ai_departures`` names a search's
    follow by how its shape differs from the heuristic's). A lead is its own shape."""
    if lead is None:
        return tuple(sorted(cards))
    order = seen.order
    best = game.winning_key()
    key = combos.play_key(lead, cards, order)
    wins = key is not None and best is not None and key > best
    trumps = sum(1 for c in cards if order.suit[c.index] == TRUMP)
    strong = sum(1 for c in cards if c.suit is None or c.rank == LEVEL)
    high = sum(1 for c in cards if order.suit[c.index] != TRUMP and c.rank >= JACK)
    broken = sum(1 for c in set(cards) if seen.held[c.index] == 2 and cards.count(c) == 1)
    return (wins, sum(c.points for c in cards), trumps, strong, high, broken)
