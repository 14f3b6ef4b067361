"""A 三扣 defender's worlds: the dealer buries low side cards and keeps aces and point cards,
so sampled kitties hold few points and the dealer's hand the rest; it holds many trumps but
spends its jokers early (``sampling``)."""

from __future__ import annotations

import random

import pytest

from engine.ai.sankou import sampling
from engine.ai.sankou.sampling import KITTY, Sampler
from engine.cards import ACE, ALL_CARDS, parse_card
from engine.sankou.game import Game
from engine.sankou.order import TRUMP
from tests.hands import sankou_in_play


def kitty_and_dealer(game: Game, seat: int, worlds: int = 200) -> tuple[float, float]:
    """Over sampled worlds of ``seat``: the kitty's points, and the dealer's side aces."""
    sampler = Sampler(game.observation(seat))
    rng = random.Random(7)
    points = aces = 0
    suit_of = game.order.suit
    for _ in range(worlds):
        slots = sampler.deal(rng)
        points += sum(card.points for card in slots[KITTY])
        aces += sum(1 for c in slots[game.dealer] if c.rank == ACE and suit_of[c.index] != TRUMP)
    return points / worlds, aces / worlds


def test_a_defender_weighs_side_cards_by_rank_in_the_kitty_and_the_dealers_hand() -> None:
    game = sankou_in_play(3)
    dealer = game.dealer
    defender = (dealer + 1) % 4
    weight = Sampler(game.observation(defender)).weight
    tokens = ("AS", "KS", "5S", "QS", "2S", "AH", "9D", "AC")
    side = [t for t in tokens if game.order.suit[parse_card(t).index] != TRUMP]
    assert side
    for token in side:
        card = parse_card(token)
        kitty = sampling.KITTY_RANK_WEIGHT.get(card.rank, sampling.KITTY_RANK_WEIGHT[0])
        held = sampling.DEALER_RANK_WEIGHT.get(card.rank, sampling.DEALER_RANK_WEIGHT[0])
        assert weight[KITTY][card.index] == kitty
        assert weight[dealer][card.index] == held
    assert sampling.KITTY_RANK_WEIGHT[ACE] < 1 < sampling.KITTY_RANK_WEIGHT[0]
    assert sampling.DEALER_RANK_WEIGHT[ACE] > 1 > sampling.DEALER_RANK_WEIGHT[0]
    # The dealer itself knows the kitty: its worlds weigh nothing by rank.
    own = Sampler(game.observation(dealer)).weight
    assert all(own[s][parse_card(t).index] == 1.0 for s in range(4) for t in side)


def test_a_defenders_kitties_hold_fewer_points_and_the_dealer_more_aces(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = sankou_in_play(3)
    defender = (game.dealer + 1) % 4
    points, aces = kitty_and_dealer(game, defender)
    monkeypatch.setattr(sampling, "KITTY_RANK_WEIGHT", {0: 1.0})
    monkeypatch.setattr(sampling, "DEALER_RANK_WEIGHT", {0: 1.0})
    blind_points, blind_aces = kitty_and_dealer(game, defender)
    assert points < 0.6 * blind_points
    assert aces > 1.2 * blind_aces


def test_a_defender_gives_the_dealer_its_trumps_readily_and_its_jokers_not() -> None:
    game = sankou_in_play(3)
    dealer = game.dealer
    weight = Sampler(game.observation((dealer + 1) % 4)).weight
    suit_of = game.order.suit
    trumps = [i for i in range(54) if suit_of[i] == TRUMP]
    jokers = [i for i in trumps if ALL_CARDS[i].suit is None]
    assert len(jokers) == 2
    for i in trumps:
        expected = sampling.DEALER_JOKER_WEIGHT if i in jokers else sampling.DEALER_TRUMP_WEIGHT
        assert weight[dealer][i] == expected
        assert weight[KITTY][i] == sampling.KITTY_TRUMP_WEIGHT
    assert sampling.DEALER_JOKER_WEIGHT < sampling.DEALER_TRUMP_WEIGHT
