"""Suggested follows: a handful of legal plays by groups, never the millions of subsets."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Card, deck, parse_cards
from engine.sankou import Game, order_for, random_action
from engine.sankou.combos import play_key
from engine.sankou.follows import (
    best_key,
    completions,
    follow_rule,
    kitty_choices,
    lead_of,
    menu,
    suggestions,
)
from engine.sankou.view import Phase

from .deals import KITTY, playing

SPADE_TRACTOR = "3S 3S 4S 4S 5S 5S 6S 6S 7S 7S"
# Seat 1 holds no spade (trump is H; 10S would be a trump): 25 cards, five pairs among them.
VOID = "2H 2H 3H 4H 5H 5D 7D 7D 8D 9D 9D JD QD KD 5C 7C 8C 8C 9C JC JC QC AC BJ SJ"


def deal(given: dict[int, str]) -> list[str]:
    """Four hands of 25: the ``given`` cards, each seat filled up from what is left."""
    left = Counter(deck(2)) - Counter(parse_cards(KITTY))
    hands = {seat: parse_cards(text) for seat, text in given.items()}
    for cards in hands.values():
        left -= Counter(cards)
    rest = sorted(left.elements())
    out = []
    for seat in range(4):
        cards = hands.get(seat, [])
        need = 25 - len(cards)
        cards, rest = cards + rest[:need], rest[need:]
        out.append(" ".join(map(str, cards)))
    return out


def void_follower(lead: str) -> Game:
    """Seat 0 leads ``lead`` (all spades); seat 1, void in spades, is to follow."""
    game = playing(deal({0: lead, 1: VOID}), trump="H")
    game.play(0, lead)
    return game


def test_a_void_follower_gets_a_few_sensible_follows_not_millions() -> None:
    game = void_follower(SPADE_TRACTOR)
    view = game.view(1)
    order = order_for(view.trump)
    rule = follow_rule(list(view.hand), lead_of(view), order)
    assert rule is not None and rule.forced == () and rule.free == 10 and len(rule.pool) == 25
    offered = list(suggestions(view))
    assert 3 <= len(offered) <= 12
    assert all(game.is_legal(1, play) for play in offered)
    assert len({tuple(sorted(c.index for c in play)) for play in offered}) == len(offered)
    lowest = Counter(offered[0])
    assert lowest == Counter(parse_cards("7D 7D 7C 8D 8C 8C 9D 9D 9C JD"))  # no points, pairs kept
    trumps = Counter(c for c in view.hand if order.is_trump(c))
    assert trumps.total() == 7 and any(trumps <= Counter(p) for p in offered)  # every trump


def test_a_void_follower_with_enough_trumps_is_offered_to_ruff() -> None:
    ruffer = "2H 2H 3H 4H 6H 7H 7H 9H BJ SJ 5D 7D 8D 9D JD QD KD AD 5C 7C 8C 9C JC QC KC"
    lead = "3S 3S 4S 4S 5S 5S 6S 6S"
    game = playing(deal({0: lead, 1: ruffer}), trump="H")
    game.play(0, lead)
    order = order_for(game.trump)
    ruffs = [p for p in suggestions(game.view(1)) if all(order.is_trump(c) for c in p)]
    assert Counter(parse_cards("7H 7H 2H 2H BJ SJ 9H 6H")) in [Counter(p) for p in ruffs]
    assert Counter(parse_cards("2H 2H 3H 4H 6H 7H 7H 9H")) in [Counter(p) for p in ruffs]


def test_the_forced_part_is_in_every_follow() -> None:
    # seat 1 holds two spades: both must follow the 8-card tractor, six more are free
    game = playing(deal({0: "3S 3S 4S 4S 5S 5S 6S 6S", 1: "KS 2S " + VOID[:-6]}), trump="H")
    game.play(0, "3S 3S 4S 4S 5S 5S 6S 6S")
    view = game.view(1)
    rule = follow_rule(list(view.hand), lead_of(view), order_for(view.trump))
    assert rule is not None and Counter(rule.forced) == Counter(parse_cards("KS 2S"))
    assert rule.free == 6
    for play in suggestions(view):
        assert Counter(parse_cards("KS 2S")) <= Counter(play) and game.is_legal(1, play)


def test_typed_cards_stay_and_impossible_ones_give_nothing() -> None:
    view = void_follower(SPADE_TRACTOR).view(1)
    order, hand, lead = order_for(view.trump), list(view.hand), lead_of(view)
    chosen = parse_cards("BJ SJ")
    for play in completions(hand, lead, order, chosen):
        assert play[:2] == chosen and len(play) == 10
    assert list(completions(hand, lead, order, parse_cards("AS"))) == []  # not held
    assert list(completions(hand, lead, order, parse_cards("BJ BJ"))) == []  # only one held
    assert list(completions(hand, lead, order, list(hand)[:11])) == []  # too many


def test_leads_are_filtered_by_what_was_typed() -> None:
    game = playing(["AS AS 2S 2S 3S", "4S 5S 6S 7S 8S", "7D 8D 9D JD QD", "7C 8C 9C JC QC"])
    leads = list(suggestions(game.view(0), parse_cards("2S")))
    assert [sorted(map(str, p)) for p in leads] == [["2S"], ["2S", "2S"], ["2S", "2S", "AS", "AS"]]
    assert list(suggestions(game.view(1))) == []  # not seat 1's turn


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 60), st.data())
def test_every_legal_follow_can_be_reached_by_typing_it(seed: int, steps: int, data) -> None:
    """Completions are legal; a whole legal follow, typed, is offered back as itself."""
    rng = random.Random(seed)
    game = Game.deal(seed)
    for _ in range(steps + 12):
        if game.over:
            return
        if game.phase is Phase.PLAY and game.trick and game.to_move is not None:
            break
        game.apply(random_action(game, rng))
    else:
        return
    seat = game.to_move
    assert seat is not None and game.lead is not None
    view = game.view(seat)
    order, hand = order_for(view.trump), list(view.hand)
    for play in suggestions(view):
        assert game.is_legal(seat, play)
    legal = list(itertools.islice(game.legal_plays(seat), 200))
    typed: list[Card] = data.draw(st.sampled_from(legal))
    back = list(completions(hand, game.lead, order, typed))
    assert len(back) == 1 and Counter(back[0]) == Counter(typed)
    part = typed[: data.draw(st.integers(0, len(typed)))]
    for play in completions(hand, game.lead, order, part):
        assert play[: len(part)] == part and game.is_legal(seat, play)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32))
def test_the_menu_holds_legal_plays_winning_ones_first(seed: int) -> None:
    rng = random.Random(seed)
    game = Game.deal(seed)
    while not game.over:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        if game.phase is Phase.KITTY:
            choices = kitty_choices(view)
            hint = game.hint(seat)
            assert Counter(choices[0][1]) == Counter(hint.cards)
            assert len({suit for suit, _ in choices}) == len(choices)
            for _, kitty in choices:
                assert len(kitty) == 8 and not Counter(kitty) - Counter(view.hand)
            assert kitty_choices(game.view((seat + 1) % 4)) == []
            other = sorted(view.hand)[-8:]  # another kitty (the AI's, say) comes first
            offered = kitty_choices(view, other)
            assert Counter(offered[0][1]) == Counter(other)
            assert len({suit for suit, _ in offered}) == len(offered)
            assert kitty_choices(view, other[:5]) == choices  # not a whole kitty: ignored
        if game.phase is Phase.PLAY:
            hint = list(game.hint(seat).cards)
            plays = menu(view, hint)
            assert 0 < len(plays) <= 25 and Counter(plays[0]) == Counter(hint)
            assert len({tuple(sorted(p)) for p in plays}) == len(plays)
            assert all(game.is_legal(seat, p) for p in plays)
            lead = lead_of(view)
            if lead is not None:
                order = order_for(view.trump)
                best = best_key(view, lead, order)
                wins = [
                    (play_key(lead, p, order) or (-1, -1)) > best for p in plays[1:]
                ]  # winners, then the rest
                assert wins == sorted(wins, reverse=True)
        game.apply(random_action(game, rng))
