"""``legal_plays``: exactly one play per distinct strength the hand can make.

The generator is checked against a slow brute force (every sub-multiset of a small hand,
classified) and pinned on full 41-card hands by counts, like chess perft numbers.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from itertools import product

import pytest

from engine.cards import ALL_CARDS, Card
from engine.qingdun import Combo, Game, beats, classify
from engine.qingdun.moves import Hand

from .support import cards, combo, game, run

Signature = tuple[object, ...]


def all_combos(hand: list[Card]) -> list[Combo]:
    """Every combination in ``hand``, by brute force over its sub-multisets."""
    faces = list(Counter(hand).items())
    found = []
    for choice in product(*(range(n + 1) for _, n in faces)):
        chosen = [card for (card, _), k in zip(faces, choice, strict=True) for _ in range(k)]
        result = classify(chosen)
        if result is not None:
            found.append(result)
    return found


def counts(hand: Iterable[Card]) -> tuple[list[int], list[int]]:
    cnt, rc = [0] * 54, [0] * 17
    for card in hand:
        cnt[card.index] += 1
        rc[card.rank] += 1
    return cnt, rc


def signatures(hand: list[Card], plays: Iterable[list[Card]]) -> list[Signature]:
    held = Counter(hand)
    sigs = []
    for play in plays:
        assert not Counter(play) - held, f"{play} is not in the hand"
        result = classify(play)
        assert result is not None, f"{play} is not a combination"
        sigs.append(result.signature)
    return sigs


# Rank windows that stress A and 2 at both ends of sequences.
WINDOWS = [(14, 2, 3, 4, 5), (11, 12, 13, 14, 2), (12, 13, 14, 2, 3), (3, 4, 5, 6), (5, 6, 7, 8, 9)]


def random_hand(rng: random.Random) -> list[Card]:
    ranks = rng.choice(WINDOWS)
    suits = rng.sample(range(4), rng.choice((1, 2, 2, 3)))
    pool = [ALL_CARDS[s * 13 + r - 2] for r in ranks for s in suits] * 3
    if rng.random() < 0.3:
        pool += [ALL_CARDS[52], ALL_CARDS[53]] * 3
    return rng.sample(pool, rng.randint(5, 12))


@pytest.mark.parametrize("seed", range(40))
def test_generator_matches_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    hand = random_hand(rng)
    everything = all_combos(hand)
    generated = Hand(*counts(hand))

    leads = signatures(hand, (m.cards for m in generated.leads()))
    assert len(leads) == len(set(leads)), "one play per distinct strength"
    assert set(leads) == {c.signature for c in everything}

    tops = [m.combo() for m in Hand(*counts(random_hand(rng))).leads()]
    for top in rng.sample(tops, min(8, len(tops))):
        led = rng.random() < 0.5
        answers = signatures(hand, (m.cards for m in generated.answers(top, led)))
        assert len(answers) == len(set(answers))
        expected = {c.signature for c in everything if beats(c, top, top_led=led)}
        assert set(answers) == expected, f"answers to {top.cards} (led={led})"


def test_generated_moves_carry_their_classification() -> None:
    rng = random.Random(7)
    for _ in range(20):
        hand = random_hand(rng)
        for move in Hand(*counts(hand)).leads():
            assert classify(move.cards) == move.combo()


def test_a_hand_that_can_only_make_a_qingdun_chain_lists_no_triple_chain() -> None:
    hand = cards("5S 5S 5S 6S 6S 6S 7S 7S 7S")
    kinds = Counter(classify(m.cards).kind.name for m in Hand(*counts(hand)).leads())
    assert "TRIPLE_CHAIN" not in kinds and "TRIPLE" not in kinds
    assert kinds["QINGDUN_CHAIN"] == 3  # 5-6, 6-7, 5-6-7
    assert kinds["QINGDUN"] == 3


def test_suit_variants_are_merged_but_kinds_kept() -> None:
    # Six 5s as two 清墩 plus one more: a 6-bomb and a 兄弟墩 are both listed.
    hand = cards("5S 5S 5S 5H 5H 5H 5D")
    kinds = Counter(classify(m.cards).kind.name for m in Hand(*counts(hand)).leads())
    assert kinds == Counter(
        {"SINGLE": 1, "PAIR": 1, "TRIPLE": 1, "QINGDUN": 1, "BOMB": 4, "QINGDUN_BROTHERS": 1}
    )


@pytest.mark.parametrize(
    "text",
    [
        "5S 5H 5D 5C 5S 6S 6H 6D 6C 6S 6H",  # 2 bombs, 8 to 11 cards
        "AS AH AD AC AS 2S 2H 2D 2C 3S 3H 3D 3C 3S",  # A-2-3: 2 or 3 bombs, 8 to 14 cards
        "SJ SJ SJ BJ BJ BJ 2S 2S 2S",  # joker 清墩 next to a 清墩 of 2s
    ],
)
def test_bomb_chains_and_joker_qingdun_match_brute_force(text: str) -> None:
    hand = cards(text)
    everything = all_combos(hand)
    generated = Hand(*counts(hand))
    leads = signatures(hand, (m.cards for m in generated.leads()))
    assert len(leads) == len(set(leads)) and set(leads) == {c.signature for c in everything}
    for top in ("2S 2H 2D 2C", "2S 2S 2S", "5S 5H 5D 5C 6S 6H 6D 6C 6S"):
        for led in (False, True):
            answers = signatures(hand, (m.cards for m in generated.answers(combo(top), led)))
            expected = {c.signature for c in everything if beats(c, combo(top), top_led=led)}
            assert set(answers) == expected, f"answers to {top} (led={led})"


def test_bomb_chains_are_listed_by_number_of_cards() -> None:
    hand = cards("5S 5H 5D 5C 5S 6S 6H 6D 6C 6S 6H")
    chains = [m.key for m in Hand(*counts(hand)).leads() if m.kind.name == "BOMB_CHAIN"]
    assert chains == [(2, 8, 6), (2, 9, 6), (2, 10, 6), (2, 11, 6)]


# Regression anchors: counts of legal plays of the leader of some full deals (41/40 cards).
PERFT = {1: 75, 2: 130, 3: 93, 4: 123, 5: 120}  # bomb chains: one per size


@pytest.mark.parametrize(("seed", "count"), PERFT.items())
def test_perft_leads(seed: int, count: int) -> None:
    g = Game.deal(seed)
    plays = g.legal_plays(g.to_move)
    assert iter(plays) is plays, "legal_plays is lazy"
    listed = list(plays)
    assert len(listed) == count
    sigs = signatures(list(g.hands[g.to_move]), listed)
    assert len(set(sigs)) == count


def test_perft_answers() -> None:
    g = Game.deal(1)
    g.play(g.to_move, "6H")
    answers = list(g.legal_plays(g.to_move))
    assert len(answers) == 28
    top = g.top
    assert top is not None
    assert all(beats(combo(" ".join(map(str, a))), top, top_led=True) for a in answers)


def test_no_plays_when_it_is_not_your_turn() -> None:
    g = game("3S", "4S", "5S", "6S")
    assert list(g.legal_plays(1)) == []
    run(g, "3S")  # goes out
    assert list(g.legal_plays(0)) == []
