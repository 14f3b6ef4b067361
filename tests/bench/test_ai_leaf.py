"""The learned leaf value (``bench ai_leaf``, issue 24 item 7): its counts, its fit, and cut
rollouts that agree with the real ones wherever they are not cut."""

from __future__ import annotations

import random

import pytest

from bench import ai_leaf
from bench.ai_handvalue import ridge
from bench.ai_leaf import (
    FEATURES,
    MODELS,
    STAGES,
    features,
    finish,
    leaf_value,
    one_deal,
    set_up,
)
from bench.ai_players import Player, ablated
from engine.ai import budget
from engine.ai.clone import clone
from engine.ai.sankou import player as sankou_player
from engine.ai.sankou.rollout import finish as full_finish
from engine.ai.sankou.seen import Memory
from engine.sankou.order import TRUMP


def test_the_counts_at_the_first_lead() -> None:
    game = set_up(30000)
    x = features(game)
    assert len(x) == len(FEATURES) and all(len(w) == len(FEATURES) for w, _ in MODELS)
    dealer = game.dealer
    assert dealer is not None
    hand = game.hand(dealer)
    trumps = sum(1 for c in hand if game.order.suit[c.index] == TRUMP)
    kitty = sum(c.points for c in game.kitty)
    assert x[0] == 1.0
    assert x[1] + kitty == 200  # every point card is in a hand or the kitty
    assert x[2] == kitty
    assert x[3] == sum(c.points for c in hand)
    assert x[4] == trumps
    assert x[12] == 25 and x[13] == 1.0  # the dealer leads the first trick


def test_each_stage_has_its_model_and_the_stages_cover_every_hand() -> None:
    assert len(MODELS) == len(STAGES) and STAGES[-1] == 25
    assert [ai_leaf.stage(n) for n in (1, 4, 5, 8, 9, 13, 14, 19, 20, 25)] == [
        0, 0, 1, 1, 2, 2, 3, 3, 4, 4,
    ]  # fmt: skip


def test_the_ridge_fit_recovers_a_noiseless_linear_model() -> None:
    rng = random.Random(3)
    truth = [10.0, 2.0, -3.0]
    samples = []
    for _ in range(3000):
        x = (1.0, float(rng.randrange(10)), float(rng.randrange(4)))
        samples.append((x, round(sum(w * v for w, v in zip(truth, x, strict=True)))))
    assert ridge(samples) == pytest.approx(truth, abs=0.02)


def test_a_deals_samples_count_the_points_still_to_come() -> None:
    samples = one_deal(30001)
    assert len(samples) >= 13  # a lead for each trick, 25 cards a hand
    for x, points in samples:
        assert 0 <= points <= x[1] + x[2] and points % 5 == 0


def test_uncut_rollouts_are_the_real_ones_and_cut_ones_are_the_model() -> None:
    game = set_up(30002)
    dealer = game.dealer
    assert dealer is not None
    for seat in range(4):
        memory = Memory.of(game)
        whole = full_finish(clone(game), memory.copy(), seat)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(ai_leaf, "DEPTH", 99)
            assert finish(clone(game), memory.copy(), seat) == whole
        cut = finish(clone(game), memory.copy(), seat)
        assert cut != whole or seat != dealer  # three tricks in, the model values the rest
    at_once = {s: leaf_value(game, s) for s in range(4)}
    for seat in range(4):
        if seat != dealer:
            assert at_once[seat] == pytest.approx(-at_once[dealer] / 3)


def test_strong_leaf_cuts_play_rollouts_and_halves_the_big_factor_while_it_decides() -> None:
    player = Player.parse("strong-leaf:40")
    assert player.label() == "strong-leaf:40"
    with ablated("leaf"):
        assert sankou_player.play_evaluator is ai_leaf.evaluator
        assert budget.BIG_FACTOR == 2
    assert sankou_player.play_evaluator is not ai_leaf.evaluator and budget.BIG_FACTOR == 4
    game = set_up(30003)
    seat = game.to_move
    assert seat is not None
    action, stats = player.act(game.observation(seat), 7)
    assert game.is_legal(seat, action.cards)  # type: ignore[attr-defined]
    assert stats is not None and stats.rollouts <= 40
