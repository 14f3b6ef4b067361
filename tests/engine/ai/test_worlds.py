"""Sampled worlds keep what the table has shown: the 清墩 face-up card stays with its holder
until played, and worlds are weighed by how likely the others' recent decisions were."""

from __future__ import annotations

import random

from engine.ai.qingdun.inference import MISMATCH, Likelihood
from engine.ai.qingdun.policy import Table
from engine.ai.qingdun.sampling import Sampler
from engine.cards import parse_card, parse_cards
from engine.qingdun import Game as QingdunGame
from engine.qingdun.combos import classify


def test_the_face_up_card_stays_with_its_holder_until_played() -> None:
    hands = [parse_cards(h) for h in ("5S 7H 9D", "3C 4C 8S", "6D JD QD", "KS KH 2C")]
    game = QingdunGame(hands, 0, face_up=parse_card("5S"))  # seat 0 got it, and leads
    game.play(0, "7H")
    sampler = Sampler(game.observation(1))
    rng = random.Random(3)
    assert all(parse_card("5S") in sampler.world(rng).hands[0] for _ in range(30))
    game.play(1, "8S")
    game.pass_turn(2)
    game.pass_turn(3)
    game.pass_turn(0)
    game.play(1, "3C")
    game.pass_turn(2)
    game.pass_turn(3)
    game.play(0, "5S")  # played: from now on any copy may lie anywhere
    assert Sampler(game.observation(1)).pinned is None


def test_a_pass_the_heuristic_would_not_make_weighs_a_world_down() -> None:
    top = classify([parse_card("9S")])
    table = Table(1, (5, 5, 5, 5), top, True, 0, 0)
    likelihood = Likelihood()
    likelihood.add(1, table, None, [])  # seat 1 passed on a led 9
    beats = [[], parse_cards("10H 4S 4D 6C 7C"), [], []]  # a loose 10: it would have played
    cannot = [[], parse_cards("3H 4S 4D 6C 7C"), [], []]  # nothing above 9: a pass
    assert likelihood.weight(cannot) == 1.0
    assert likelihood.weight(beats) == MISMATCH
