"""The AI players: always legal, deterministic with a seed and a fixed amount of work, and
blind to everything their seat may not know."""

from __future__ import annotations

import pickle
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Action, Bid, DeclareTrump, Discard, Pass, Play
from engine.ai import (
    BIG_FACTOR,
    BOT_SECONDS,
    HINT_ROLLOUTS,
    HINT_SECONDS,
    LEVELS,
    REASONS,
    choose,
    decide,
    hint_rollouts,
    think,
)
from engine.ai.clone import clone
from engine.ai.decision import Reason
from engine.ai.qingdun import policy as qingdun_policy
from engine.ai.qingdun.decompose import decompose
from engine.ai.qingdun.player import Plans, Trick, step, torn, trick_points
from engine.ai.qingdun.reasons import explain
from engine.ai.sankou import policy as rollout_policy
from engine.ai.sankou.player import kitty_options
from engine.ai.sankou.seen import Memory
from engine.cards import parse_cards
from engine.qingdun import Game as QingdunGame
from engine.sankou import Game as SankouGame
from engine.sankou import random_action
from engine.sankou.view import Phase

SIMS = 3  # rollouts per decision: enough to run the search, cheap enough for tests


def qingdun_step(game: QingdunGame, rng: random.Random) -> None:
    """Mostly the hint, sometimes any legal play or a pass: varied but realistic hands."""
    seat = game.to_move
    assert seat is not None
    if rng.random() < 0.7:
        game.apply(game.hint(seat))
        return
    options: list[Any] = list(game.legal_plays(seat))
    if game.may_pass(seat):
        options.append(None)
    choice = rng.choice(options)
    game.apply(Pass(seat) if choice is None else Play(seat, tuple(choice)))


def qingdun_at(seed: int, steps: int) -> QingdunGame:
    """After ``steps`` actions, or the last position before the end if it ends sooner."""
    rng = random.Random(seed)
    game = QingdunGame.deal(seed)
    for _ in range(steps):
        qingdun_step(game, rng)
        if game.over:
            return QingdunGame.replay(game.start, game.actions[:-1])
    return game


def sankou_at(seed: int, steps: int) -> SankouGame:
    """After ``steps`` random actions, or one before the end if the hand ends sooner."""
    rng = random.Random(seed)
    game = SankouGame.deal(seed)
    for _ in range(steps):
        game.apply(random_action(game, rng))
        if game.over:
            return SankouGame.replay(game.start, game.actions[:-1])
    return game


def accepted(game: Any, action: Action) -> None:
    """``action`` is legal: a replayed copy of the game takes it."""
    copy = type(game).replay(game.start, game.actions)
    copy.apply(action)
    assert copy.actions[-1] == action


@settings(max_examples=12)
@given(st.integers(0, 10_000), st.integers(0, 160))
def test_qingdun_every_level_plays_legally(seed: int, steps: int) -> None:
    game = qingdun_at(seed, steps)
    if game.over:
        return
    seat = game.to_move
    assert seat is not None
    for level in LEVELS:
        action = choose(game, seat, level=level, seed=seed, simulations=SIMS)
        assert action.seat == seat and isinstance(action, Play | Pass)
        accepted(game, action)


@settings(max_examples=20)
@given(st.integers(0, 10_000), st.integers(0, 110))
def test_sankou_every_level_acts_legally_in_every_phase(seed: int, steps: int) -> None:
    game = sankou_at(seed, steps)
    if game.over:
        return
    seat = game.to_move
    assert seat is not None
    expected = {
        Phase.BIDDING: Bid | Pass,
        Phase.KITTY: Discard,
        Phase.TRUMP: DeclareTrump,
        Phase.PLAY: Play,
    }[game.phase]
    for level in LEVELS:
        action = choose(game, seat, level=level, seed=seed, simulations=SIMS)
        assert action.seat == seat and isinstance(action, expected)
        accepted(game, action)


def test_simple_is_the_engines_hint() -> None:
    for seed in range(3):
        sankou = sankou_at(seed, 40 * seed)
        qingdun = qingdun_at(seed, 40 * seed)
        for game in (sankou, qingdun):
            seat = game.to_move
            assert seat is not None
            assert choose(game, seat, level="simple", seed=seed) == game.hint(seat)


@pytest.mark.parametrize("steps", [0, 7, 30, 70])
def test_same_seed_and_simulations_same_choice(steps: int) -> None:
    for game in (sankou_at(5, steps), qingdun_at(5, steps * 2)):
        seat = game.to_move
        assert seat is not None
        first = choose(game, seat, seed=11, simulations=12)
        assert choose(game, seat, seed=11, simulations=12) == first


@pytest.mark.parametrize("steps", [0, 9, 40])
def test_the_observation_alone_decides_after_a_trip_through_pickle(steps: int) -> None:
    """What a worker process gets: the observation, pickled; it decides as ``choose`` does."""
    for game in (sankou_at(2, steps), qingdun_at(2, steps * 2)):
        seat = game.to_move
        assert seat is not None
        sent = pickle.loads(pickle.dumps(game.observation(seat)))
        for level in LEVELS:
            mine = decide(sent, level=level, seed=4, simulations=SIMS)
            assert mine == choose(game, seat, level=level, seed=4, simulations=SIMS)
    with pytest.raises(ValueError, match="nothing to do"):
        decide(game.observation((seat + 1) % 4))


def test_a_time_budget_is_kept_roughly() -> None:
    game = qingdun_at(3, 0)
    seat = game.to_move
    assert seat is not None
    accepted(game, choose(game, seat, seconds=0.05))
    assert 0 < HINT_SECONDS < BOT_SECONDS


def test_the_hint_thinks_as_the_bots_do_but_for_the_sankou_bar() -> None:
    qingdun_game, sankou_game = QingdunGame.deal(3), SankouGame.deal(4)
    qingdun_obs = qingdun_game.observation(qingdun_game.to_move)
    sankou_obs = sankou_game.observation(sankou_game.to_move)
    assert hint_rollouts(qingdun_obs) == HINT_ROLLOUTS
    assert hint_rollouts(sankou_obs) == replace(HINT_ROLLOUTS, alpha=0.3)


def test_refusals() -> None:
    game = sankou_at(1, 0)
    seat = game.to_move
    assert seat is not None
    with pytest.raises(ValueError, match="nothing to do"):
        choose(game, (seat + 1) % 4)
    with pytest.raises(ValueError, match="unknown level"):
        choose(game, seat, level="genius")
    with pytest.raises(ValueError, match="simulations"):
        choose(game, seat, simulations=-1)


# ---------------------------------------------------------------------------------------
# No peeking: games that look the same from a seat get the same answer.


def _twin_sankou(game: SankouGame, seat: int) -> SankouGame:
    """The same deal with two unplayed cards of one suit class swapped between two other
    seats: every action stays legal and the seat sees exactly the same."""
    order = game.order
    others = [s for s in range(4) if s != seat]
    for a in others:
        for b in others:
            if a >= b:
                continue
            for x in set(game.hand(a)):
                for y in set(game.hand(b)):
                    if x != y and order.suit[x.index] == order.suit[y.index]:
                        if x in game.hand(b) or y in game.hand(a):
                            continue
                        start = game.start
                        deal = SankouGame.from_start(start)
                        hands = [list(h) for h in deal.hands]
                        hands[a][hands[a].index(x)] = y
                        hands[b][hands[b].index(y)] = x
                        twin = SankouGame.from_deal(hands, deal.kitty, deal.first_bidder)
                        for action in game.actions:
                            twin.apply(action)
                        return twin
    raise AssertionError("no pair of cards to swap")


def _twin_qingdun(game: QingdunGame, seat: int) -> QingdunGame:
    others = [s for s in range(4) if s != seat and game.hand_sizes[s]]
    a, b = others[0], others[1]
    x = next(c for c in game.hands[a] if c not in game.hands[b])
    y = next(c for c in game.hands[b] if c != x and c not in game.hands[a])
    hands = [list(h) for h in QingdunGame.from_start(game.start).hands]
    hands[a][hands[a].index(x)] = y
    hands[b][hands[b].index(y)] = x
    public = game.view(None)
    first = game.actions[0].seat if game.actions else public.leader
    twin = QingdunGame(hands, first, face_up=public.face_up)
    for action in game.actions:
        twin.apply(action)
    return twin


@pytest.mark.parametrize("steps", [0, 5, 9, 40, 75])
def test_sankou_hidden_cards_do_not_change_the_choice(steps: int) -> None:
    rng = random.Random(steps)
    game = SankouGame.deal(17)
    for _ in range(steps):
        game.apply(game.hint(game.to_move))  # the hint never throws: swaps stay legal
    seat = game.to_move
    assert seat is not None
    twin = _twin_sankou(game, seat)
    assert twin.hands != game.hands
    assert twin.observation(seat) == game.observation(seat)
    for level in LEVELS:
        seed = rng.randrange(1000)
        mine = choose(game, seat, level=level, seed=seed, simulations=8)
        assert choose(twin, seat, level=level, seed=seed, simulations=8) == mine
    seen = think(game.observation(seat), seed=5, simulations=20, explain=True)
    other = think(twin.observation(seat), seed=5, simulations=20, explain=True)
    assert (seen.action, seen.reason, seen.stats.rollouts) == (
        other.action,
        other.reason,
        other.stats.rollouts,
    )


@pytest.mark.parametrize("steps", [0, 20, 90])
def test_qingdun_hidden_cards_do_not_change_the_choice(steps: int) -> None:
    game = QingdunGame.deal(23)
    for _ in range(steps):
        game.apply(game.hint(game.to_move))
    seat = game.to_move
    assert seat is not None
    twin = _twin_qingdun(game, seat)
    assert twin.hands != game.hands
    assert twin.observation(seat) == game.observation(seat)
    for level in LEVELS:
        mine = choose(game, seat, level=level, seed=steps, simulations=8)
        assert choose(twin, seat, level=level, seed=steps, simulations=8) == mine


# ---------------------------------------------------------------------------------------
# Whole hands


@pytest.mark.parametrize("game_type", [QingdunGame, SankouGame])
def test_four_strong_players_finish_their_hands(game_type: Any) -> None:
    for seed in range(50):
        game = game_type.deal(seed)
        step = 0
        while not game.over:
            seat = game.to_move
            # Rollouts in a few hands; the rest decides with the search's candidates only.
            sims = 1 if seed < 2 else 0
            game.apply(choose(game, seat, seed=step, simulations=sims))
            step += 1
            assert step < 1000
        assert sum(game.result.deltas) == 0


# ---------------------------------------------------------------------------------------
# What a decision reports: rollouts by phase, why it stopped, and a reason as data.


@settings(max_examples=10)
@given(st.integers(0, 10_000), st.integers(0, 110))
def test_think_reports_its_work_and_a_registered_reason(seed: int, steps: int) -> None:
    for game in (sankou_at(seed, steps), qingdun_at(seed, steps)):
        if game.over:
            continue
        obs = game.observation(game.to_move)
        decision = think(obs, seed=seed, simulations=SIMS, explain=True)
        accepted(game, decision.action)
        stats = decision.stats
        cap = SIMS if stats.phase == "play" else BIG_FACTOR * SIMS
        assert 0 <= stats.rollouts <= cap and stats.tied_rounds <= stats.rounds
        reason = decision.reason
        assert reason is not None and reason.code in REASONS
        names = set(REASONS[reason.code])
        if reason.code == "found_by_search":
            names |= set(REASONS[str(reason.params["move"])])
        assert set(reason.params) == names


def test_bids_get_several_times_an_ordinary_decision() -> None:
    game = SankouGame.deal(4)
    decision = think(game.observation(game.to_move), seed=1, simulations=10)
    assert decision.stats.phase == "bid"
    assert 10 < decision.stats.rollouts <= BIG_FACTOR * 10


def test_the_trump_named_is_the_one_the_kitty_was_laid_for() -> None:
    for seed in range(3):
        game = SankouGame.deal(seed)
        while game.phase is Phase.BIDDING:
            game.apply(choose(game, game.to_move, level="medium"))
        dealer = game.to_move
        hand = list(game.hand(dealer))
        laid = think(game.observation(dealer), seed=seed, simulations=6)
        assert isinstance(laid.action, Discard) and laid.stats.phase == "kitty"
        game.apply(laid.action)
        named = think(game.observation(dealer), seed=seed, simulations=6)
        assert named.stats.stop == "committed"
        option = (tuple(sorted(laid.action.cards)), named.action.suit)  # type: ignore[union-attr]
        assert option in kitty_options(hand)


@pytest.mark.parametrize("deal", range(8))
def test_the_burials_tried_do_not_depend_on_the_order_of_the_cards(deal: int) -> None:
    # The trump phase looks the kitty up among the burials of the hand and kitty together,
    # which come in another order than at the kitty phase: the burials once depended on it
    # (ties in the weakest side cards), and 160 of 2,357 burials on 400 deals then named
    # another trump or none.
    game = SankouGame.deal(deal)
    for seat in range(4):
        full = [*game.hand(seat), *game.kitty]
        shuffled = random.Random(deal).sample(full, len(full))
        for whole in (False, True):
            assert kitty_options(full, whole=whole) == kitty_options(shuffled, whole=whole)


def test_a_take_back_leaves_nothing_of_the_move_in_what_the_ai_decides_on() -> None:
    game = SankouGame.deal(6)
    while game.phase is not Phase.PLAY or not game.trick:
        game.apply(game.hint(game.to_move))
    seat = game.to_move
    clean = SankouGame.replay(game.start, game.actions)
    game.apply(game.hint(seat))
    game.take_back(seat)
    assert game.observation(seat) == clean.observation(seat)
    assert choose(game, seat, seed=2, simulations=8) == choose(clean, seat, seed=2, simulations=8)
    qingdun = qingdun_at(4, 30)
    seat = qingdun.to_move
    clean_q = QingdunGame.replay(qingdun.start, qingdun.actions)
    qingdun.apply(qingdun.hint(seat))
    if qingdun.may_take_back(seat):
        qingdun.take_back(seat)
        assert choose(qingdun, seat, seed=2, simulations=8) == choose(
            clean_q, seat, seed=2, simulations=8
        )


@settings(max_examples=8)
@given(st.integers(0, 10_000), st.integers(0, 100))
def test_the_rollout_policy_plays_legally(seed: int, steps: int) -> None:
    """Rollouts skip the engine's checks (``play_trusted``): the policy must be legal."""
    game = sankou_at(seed, steps)
    if game.over or game.phase is not Phase.PLAY:
        return
    seat = game.to_move
    cards = rollout_policy.play(game, seat, Memory.of(game))
    assert game.is_legal(seat, cards)


def test_a_torn_split_keeps_its_other_units_and_splits_what_is_left() -> None:
    units = decompose(parse_cards("4S 4H 4D 9C KS KH 6S 6S 6S"))  # 清墩 6S, 444, 9C, KK
    after = torn(units, parse_cards("4S 4H"))  # a pair torn from the triple
    assert after is not None
    assert [u.cards for u in after] == [u.cards for u in units if u.kind.name != "TRIPLE"] + [
        tuple(parse_cards("4D"))
    ]
    assert torn(units, parse_cards("6S KS"))[-1].cards == tuple(parse_cards("6S 6S KH"))[2:]
    assert torn(units, parse_cards("AS")) is None  # not in the split: split the hand again


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 120))
def test_the_qingdun_rollout_plays_legally_and_its_plans_hold_the_hands(
    seed: int, steps: int
) -> None:
    """A rollout plays the heuristic's units unchecked (``play_combo``): each must be a legal
    play, torn ones too (the heuristic's own, with ``tear``), and a plan repaired after a
    torn play must hold exactly the cards of the hand."""
    game = qingdun_at(seed, steps)
    plans = Plans.of(game)
    obs = game.observation(game.to_move)
    trick = Trick(obs.top_seat, trick_points(obs))
    while not game.over:
        mover = game.to_move
        units = plans.get(game, mover)
        assert sorted(c for u in units for c in u.cards) == sorted(game.hands[mover])
        table = qingdun_policy.Table(
            mover, game.hand_sizes, game.top, game.top_led, trick.top_seat, trick.points
        )
        unit = qingdun_policy.decide(units, table)
        if unit is not None:
            assert clone(game).play(mover, unit.cards) == unit  # the engine's checks pass
        step(game, plans, trick, mover, None if unit is None else unit.cards, unit)


def test_a_pass_where_only_a_torn_play_beats_keeps_the_split_not_cannot_beat() -> None:
    """The search may pass where the heuristic tears a unit: its reason must not say that
    nothing beats."""
    game = QingdunGame.from_hands(["4S 4H", "9S 9H 9D 5C", "6D 7D", "8C JC"], leader=0)
    game.play(0, "4S 4H")
    obs = game.observation(1)
    units = decompose(obs.hand)
    assert [u.kind.name for u in units] == ["SINGLE", "TRIPLE"]  # no pair unit to answer with
    table = qingdun_policy.Table(1, obs.hand_sizes, obs.top, obs.top_led, obs.top_seat, 0)
    assert qingdun_policy.decide(units, table).cards == tuple(parse_cards("9S 9H"))
    assert explain(obs, units, None, None) == Reason("keeps_split", {"kind": "pair"})
