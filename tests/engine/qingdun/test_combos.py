"""RULES.md §1.2-1.4: what each set of cards is, and what beats what."""

from __future__ import annotations

import pytest

from engine import IllegalMove
from engine.qingdun import ComboKind, beats, classify
from engine.qingdun.combos import chain_top

from .support import cards, combo

K = ComboKind


@pytest.mark.parametrize(
    ("text", "kind", "key"),
    [
        # 1 single
        ("7H", K.SINGLE, (7,)),
        ("2S", K.SINGLE, (15,)),
        ("SJ", K.SINGLE, (16,)),
        ("BJ", K.SINGLE, (17,)),
        # 2 pair (two identical jokers too; suits free)
        ("7H 7S", K.PAIR, (7,)),
        ("7H 7H", K.PAIR, (7,)),
        ("SJ SJ", K.PAIR, (16,)),
        ("BJ BJ", K.PAIR, (17,)),
        # 3 triple: not all one suit
        ("7H 7S 7D", K.TRIPLE, (7,)),
        ("7H 7H 7S", K.TRIPLE, (7,)),
        # 4 full house: (triple position, pair position)
        ("2S 2H 2D 3S 3H", K.FULL_HOUSE, (2, 3)),
        ("3S 3H 3D 2S 2H", K.FULL_HOUSE, (3, 2)),
        ("AS AH 2S 2H 2D", K.FULL_HOUSE, (15, 14)),
        ("AS AH AD 2S 2H", K.FULL_HOUSE, (14, 15)),
        ("KS KH KD AS AH", K.FULL_HOUSE, (13, 14)),
        ("5S 5H 5D 4S 4H", K.FULL_HOUSE, (5, 4)),
        ("5S 5S 5S 6H 6H", K.FULL_HOUSE, (5, 6)),  # a 清墩 may be the triple part
        # 5 pair chain: top position
        ("AS AH 2S 2H 3S 3H", K.PAIR_CHAIN, (3,)),
        ("2S 2H 3S 3H 4S 4H", K.PAIR_CHAIN, (4,)),
        ("QS QH KS KH AS AH", K.PAIR_CHAIN, (14,)),
        ("KS KH AS AH 2S 2H", K.PAIR_CHAIN, (15,)),
        # 6 triple chain (suits free)
        ("AS AH AD 2S 2H 2D 3S 3H 3D", K.TRIPLE_CHAIN, (3,)),
        ("2S 2H 2D 3S 3H 3D 4S 4H 4D", K.TRIPLE_CHAIN, (4,)),
        ("5S 5S 5S 6H 6H 6D 7C 7C 7C", K.TRIPLE_CHAIN, (7,)),
        # 7 triples with pairs: (triple-chain top, pair-chain top)
        ("3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 7S 7H 8S 8H", K.TRIPLES_WITH_PAIRS, (5, 8)),
        ("3S 3H 4S 4H 5S 5H 6S 6H 6D 7S 7H 7D 8S 8H 8D", K.TRIPLES_WITH_PAIRS, (8, 5)),
        ("KS KH KD AS AH AD 2S 2H 2D 10S 10H JS JH QS QH", K.TRIPLES_WITH_PAIRS, (15, 12)),
        ("AS AH AD 2S 2H 2D 3S 3H 3D 4S 4H 5S 5H 6S 6H", K.TRIPLES_WITH_PAIRS, (3, 6)),
        # 8 straight: exactly 5, not one suit
        ("AS 2H 3D 4C 5S", K.STRAIGHT, (5,)),
        ("2S 3H 4D 5C 6S", K.STRAIGHT, (6,)),
        ("10S JH QD KC AS", K.STRAIGHT, (14,)),
        ("JS QH KD AC 2S", K.STRAIGHT, (15,)),
        # 9 straight flush
        ("3S 4S 5S 6S 7S", K.STRAIGHT_FLUSH, (7,)),
        ("AH 2H 3H 4H 5H", K.STRAIGHT_FLUSH, (5,)),
        # 10 bomb: 4-8 of one rank, key is the rank (size is its rung)
        ("5S 5H 5D 5C", K.BOMB, (5,)),
        ("2S 2H 2D 2C 2S", K.BOMB, (15,)),
        ("5S 5S 5S 5H", K.BOMB, (5,)),
        ("5S 5S 5S 5H 5H 5D", K.BOMB, (5,)),
        ("5S 5S 5S 5H 5H 5H 5D", K.BOMB, (5,)),
        ("5S 5S 5H 5H 5D 5D 5C 5C", K.BOMB, (5,)),
        # 11 bomb chain: (number of bombs, number of cards, top position)
        ("5S 5H 5D 5C 6S 6H 6D 6C", K.BOMB_CHAIN, (2, 8, 6)),
        ("5S 5H 5D 5C 6S 6H 6D 6C 6S", K.BOMB_CHAIN, (2, 9, 6)),
        ("2S 2H 2D 2C 3S 3H 3D 3C", K.BOMB_CHAIN, (2, 8, 3)),
        ("AS AH AD AC 2S 2H 2D 2C", K.BOMB_CHAIN, (2, 8, 15)),
        ("KS KH KD KC AS AH AD AC 2S 2H 2D 2C", K.BOMB_CHAIN, (3, 12, 15)),
        # 12 清墩, three identical jokers too (the two strongest)
        ("5S 5S 5S", K.QINGDUN, (5,)),
        ("2D 2D 2D", K.QINGDUN, (15,)),
        ("SJ SJ SJ", K.QINGDUN, (16,)),
        ("BJ BJ BJ", K.QINGDUN, (17,)),
        # 13 連墩: (number of 清墩, top position)
        ("5S 5S 5S 6H 6H 6H", K.QINGDUN_CHAIN, (2, 6)),
        ("AS AS AS 2H 2H 2H", K.QINGDUN_CHAIN, (2, 15)),
        ("AS AS AS 2H 2H 2H 3C 3C 3C", K.QINGDUN_CHAIN, (3, 3)),
        # 14 兄弟墩: (number of 清墩, rank)
        ("5S 5S 5S 5H 5H 5H", K.QINGDUN_BROTHERS, (2, 5)),
        ("5S 5S 5S 5H 5H 5H 5D 5D 5D", K.QINGDUN_BROTHERS, (3, 5)),
        ("2S 2S 2S 2H 2H 2H 2D 2D 2D 2C 2C 2C", K.QINGDUN_BROTHERS, (4, 15)),
    ],
)
def test_kind_and_key(text: str, kind: ComboKind, key: tuple[int, ...]) -> None:
    found = combo(text)
    assert (found.kind, found.key) == (kind, key)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "5S 6S",  # two different singles
        "SJ BJ",  # a small and a big joker are no pair
        "SJ SJ BJ",
        "SJ SJ SJ SJ",  # no joker bombs
        "5S 5H 5D SJ SJ",  # jokers never in full houses
        "5S 5H 5D 7S 7H",  # pair not adjacent
        "AS AH AD 3S 3H",  # A and 3 are not adjacent
        "5S 5H 6S 6H",  # a pair chain needs 3 pairs
        "5S 5H 6S 6H 8S 8H",  # not consecutive
        "QS QH KS KH AS AH 2S 2H 3S 3H",  # no wrap
        "5S 5H 5D 6S 6H 6D",  # a triple chain needs 3 triples
        "5S 5S 5S 6H 6D 6C",  # one 清墩 and a triple: neither 連墩 nor chain
        "3S 3H 3D 4S 4H 4D 5S 5H 6S 6H",  # triples with pairs: 3+ triples and 3+ pairs
        "3S 3H 3D 4S 4H 4D 5S 5H 5D 7S 7H 8S 8H 9S 9H",  # blocks not adjacent
        "QS KH AD 2C 3S",  # no wrap
        "QS QH QD KS KH KD AS AH AD 2S 2H 3S 3H 4S 4H",  # no wrap
        "3S 4H 5D 6C",  # a straight is exactly 5
        "3S 4H 5D 6C 7S 8H",
        "10S JH QD KC SJ",  # no jokers in straights
        "5S 5H 5D 5C 7S 7H 7D 7C",  # bombs not consecutive
        "5S 5H 5D 5C 6S 6H 6D",  # every bomb of a chain has 4+ cards
        "5S 5S 5S 7H 7H 7H",  # 清墩 not consecutive
        "5S 5S 5S 5H 5H 5H 5D 5D 5D 5C",  # 10 of a rank: no bomb, not 清墩 only
        "5S 5S 5S 5H 5H 5H 5D 5D 5C",  # 9 that do not split into 清墩
        "5S 5S 5S 5H 5H 5H 5D 5D 5D 5C 5C",
    ],
)
def test_not_a_combination(text: str) -> None:
    assert classify(cards(text)) is None


def test_strongest_kind_it_fits() -> None:
    assert combo("5S 5S 5S").kind is K.QINGDUN
    assert combo("5S 5S 5S 5H 5H 5H").kind is K.QINGDUN_BROTHERS
    assert combo("5S 5S 5S 5H 5H 5D").kind is K.BOMB
    assert combo("9D 10D JD QD KD").kind is K.STRAIGHT_FLUSH
    assert combo("5S 5S 5S 6S 6S 6S 7S 7S 7S").kind is K.QINGDUN_CHAIN


@pytest.mark.parametrize(
    ("ranks", "top"),
    [("A23", 3), ("234", 4), ("KA2", 15), ("A2", 15), ("QKA", 14), ("QKA23", None),
     ("A2345", 5), ("JQKA2", 15), ("3579", None),
     ("A23456789TJQK", 15)],  # all thirteen ranks: the highest placement, 3 … A 2
)  # fmt: skip
def test_sequence_positions(ranks: str, top: int | None) -> None:
    values = [c.rank for c in cards(" ".join(r + "S" for r in ranks))]
    assert chain_top(values) == top


# --- comparison -----------------------------------------------------------------------


def b(play: str, top: str, led: bool = False) -> bool:
    return beats(combo(play), combo(top), top_led=led)


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("8S", "7S"),
        ("2S", "AS"),
        ("SJ", "2S"),
        ("BJ", "SJ"),
        ("9S 9H", "7S 7D"),
        ("2S 2H", "AS AH"),
        ("BJ BJ", "SJ SJ"),
        ("KS KH KD", "10S 10H 10D"),
        ("3S 3H 3D 2S 2H", "2S 2H 2D 3S 3H"),
        ("AS AH 2S 2H 2D", "AS AH AD 2S 2H"),
        ("AS AH AD 2S 2H", "KS KH KD AS AH"),
        ("2S 2H 3S 3H 4S 4H", "AS AH 2S 2H 3S 3H"),
        ("KS KH AS AH 2S 2H", "QS QH KS KH AS AH"),
        ("2S 2H 2D 3S 3H 3D 4S 4H 4D", "AS AH AD 2S 2H 2D 3S 3H 3D"),
        ("3S 4H 5D 6C 7S", "AS 2H 3D 4C 5S"),
        ("JS QH KD AC 2S", "10S JH QD KC AS"),
        ("3S 3H 4S 4H 5S 5H 6S 6H 6D 7S 7H 7D 8S 8H 8D",
         "3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 7S 7H 8S 8H"),
        ("4S 4H 4D 5S 5H 5D 6S 6H 6D 7S 7H 8S 8H 9S 9H",
         "3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 7S 7H 8S 8H"),
        ("4S 4H 5S 5H 6S 6H 7S 7H 7D 8S 8H 8D 9S 9H 9D",
         "3S 3H 4S 4H 5S 5H 6S 6H 6D 7S 7H 7D 8S 8H 8D"),
        ("4S 5S 6S 7S 8S", "3H 4H 5H 6H 7H"),
        ("6S 6H 6D 6C", "5S 5H 5D 5C"),
        ("6S 6H 6D 6C 7S 7H 7D 7C", "5S 5H 5D 5C 6S 6H 6D 6C"),
        ("5S 5H 5D 5C 6S 6H 6D 6C 7S 7H 7D 7C", "JS JH JD JC QS QH QD QC"),
        # 排炮: bombs, then cards, then top position
        ("5S 5H 5D 5C 5S 6S 6H 6D 6C 6S", "5S 5H 5D 5C 6S 6H 6D 6C"),
        ("5S 5H 5D 5C 6S 6H 6D 6C 6D", "JS JH JD JC QS QH QD QC"),
        ("3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C",
         "AS AH AD AC AS AH AD AC 2S 2H 2D 2C 2S 2H 2D 2C"),
        ("6S 6S 6S", "5S 5S 5S"),
        ("SJ SJ SJ", "2S 2S 2S"),
        ("BJ BJ BJ", "SJ SJ SJ"),
        ("5S 5S 5S 6H 6H 6H 7D 7D 7D", "QS QS QS KH KH KH"),
        ("6S 6S 6S 7H 7H 7H", "5S 5S 5S 6H 6H 6H"),
        ("5S 5S 5S 5H 5H 5H 5D 5D 5D", "AS AS AS AH AH AH"),
        ("6S 6S 6S 6H 6H 6H", "5S 5S 5S 5H 5H 5H"),
    ],
)  # fmt: skip
def test_same_kind_by_strength(higher: str, lower: str) -> None:
    assert b(higher, lower)
    assert not b(lower, higher)
    assert not b(higher, higher)  # equal strength never beats
    assert not b(lower, lower)


@pytest.mark.parametrize(
    ("play", "top"),
    [
        ("9S 9H", "7S"),  # different kinds
        ("7S 7H 8S 8H 9S 9H 10S 10H", "3S 3H 4S 4H 5S 5H"),  # lengths differ
        ("3S 3H 4S 4H 5S 5H", "7S 7H 8S 8H 9S 9H 10S 10H"),
        ("3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 6D", "7S 7H 7D 8S 8H 8D 9S 9H 9D"),
        ("9S 10H JD QC KS", "2S 2H 2D 3S 3H"),
    ],
)
def test_category_one_needs_same_kind_and_shape(play: str, top: str) -> None:
    assert not b(play, top)


# The ladder, weakest first, each rung given by its weakest and strongest member.
LADDER = [
    ("3S 3H 3D 3C", "2S 2H 2D 2C"),  # 4-bomb
    ("3S 3H 3D 3C 3S", "2S 2H 2D 2C 2S"),  # 5-bomb
    ("AS 2S 3S 4S 5S", "JS QS KS AS 2S"),  # straight flush
    ("3S 3H 3D 3C 3S 3H", "2S 2H 2D 2C 2S 2H"),  # 6-bomb
    ("3S 3H 3D 3C 3S 3H 3D", "2S 2H 2D 2C 2S 2H 2D"),  # 7-bomb
    ("2S 2H 2D 2C 3S 3H 3D 3C", "3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C 6S 6H 6D 6C"),  # bomb chain
    ("3S 3S 3S", "2S 2S 2S"),  # 清墩
    ("3S 3H 3D 3C 3S 3H 3D 3C", "2S 2H 2D 2C 2S 2H 2D 2C"),  # 8-bomb
    ("2S 2S 2S 3H 3H 3H", "3S 3S 3S 4S 4S 4S 5S 5S 5S 6S 6S 6S"),  # 連墩
    ("3S 3S 3S 3H 3H 3H", "2S 2S 2S 2H 2H 2H 2D 2D 2D 2C 2C 2C"),  # 兄弟墩
]


@pytest.mark.parametrize("rung", range(len(LADDER) - 1))
def test_ladder(rung: int) -> None:
    strongest_below = LADDER[rung][1]
    weakest_above = LADDER[rung + 1][0]
    assert b(weakest_above, strongest_below)
    assert not b(strongest_below, weakest_above)


@pytest.mark.parametrize("bomb", [low for low, _ in LADDER])
@pytest.mark.parametrize(
    "plain",
    ["BJ", "BJ BJ", "2S 2H 2D", "JS QH KD AC 2S", "KS KH AS AH 2S 2H",
     "KS KH KD AS AH AD 2S 2H 2D 10S 10H JS JH QS QH"],
)  # fmt: skip
def test_any_bomb_beats_any_category_one(bomb: str, plain: str) -> None:
    assert b(bomb, plain, led=True)
    assert not b(plain, bomb)


def test_led_twos_count_lowest() -> None:
    assert b("3H", "2S", led=True)
    assert b("3H 3D", "2S 2H", led=True)
    assert b("3H 3D 3C", "2S 2H 2D", led=True)
    assert b("2H", "2S", led=True)  # a 2 played to beat counts high
    assert not b("3H", "2S", led=False)  # 2s played to beat something stay high
    assert not b("2H", "2S", led=False)
    assert not b("AH AD", "2S 2H", led=False)


def test_every_led_play_of_only_twos_is_the_lowest_of_its_kind_and_size() -> None:
    assert b("3S 3H 3D 3C", "2S 2H 2D 2C", led=True)  # any 4-bomb beats a led 2222
    assert b("3S 3H 3D 3C 3S", "2S 2H 2D 2C 2S", led=True)
    assert b("3S 3H 3D 3C 3S 3H 3D 3C", "2S 2H 2D 2C 2S 2H 2D 2C", led=True)
    assert b("2H 2D 2C 2S", "2S 2H 2D 2C", led=True)  # 2s played to beat count high
    assert b("3H 3H 3H", "2S 2S 2S", led=True)  # any 清墩 beats a led 2S 2S 2S
    assert b("3S 3S 3S 3H 3H 3H", "2S 2S 2S 2H 2H 2H", led=True)  # same size 兄弟墩
    # Lowest of its kind and size only: a smaller bomb or 兄弟墩 still does not beat it.
    assert not b("3S 3H 3D 3C", "2S 2H 2D 2C 2S", led=True)
    assert not b("3S 3S 3S 3H 3H 3H", "2S 2S 2S 2H 2H 2H 2D 2D 2D", led=True)
    assert not b("3S 3H 3D 3C", "2S 2S 2S", led=True)  # a 清墩 sits above a 4-bomb
    # Not led: 2s stay high.
    assert not b("3S 3H 3D 3C", "2S 2H 2D 2C", led=False)
    assert not b("3H 3H 3H", "2S 2S 2S", led=False)
    assert not b("3S 3S 3S 3H 3H 3H", "2S 2S 2S 2H 2H 2H", led=False)


def test_led_twos_mixed_with_other_ranks_keep_their_place() -> None:
    assert not b("AS AH AD KS KH", "2S 2H 2D AS AH", led=True)
    assert not b("AS AH AD AC KS KH KD KC", "AS AH AD AC 2S 2H 2D 2C", led=True)
    assert not b("JS QH KD AC 2S", "JS QH KD AC 2S", led=True)


def test_joker_qingdun_in_the_ladder() -> None:
    assert b("SJ SJ SJ", "2S 2S 2S") and b("BJ BJ BJ", "SJ SJ SJ")
    assert b("SJ SJ SJ", "2S 2H 2D 2C 2S 2H 2D")  # above every 7-bomb and bomb chain
    assert b("SJ SJ SJ", "AS AH AD AC AS AH AD AC 2S 2H 2D 2C 2S 2H 2D 2C")
    assert b("3S 3H 3D 3C 3S 3H 3D 3C", "BJ BJ BJ")  # below every 8-bomb
    assert not b("BJ BJ BJ", "3S 3H 3D 3C 3S 3H 3D 3C")
    assert b("BJ BJ BJ", "SJ SJ SJ", led=True)  # jokers are no 2s: led, they stay high
    assert not b("3S 3S 3S", "SJ SJ SJ", led=True)


def test_bomb_chain_compares_bombs_then_cards_then_top() -> None:
    five_six = "5S 5H 5D 5C 6S 6H 6D 6C"
    assert b("5S 5H 5D 5C 5S 6S 6H 6D 6C 6S", five_six)  # 55555 66666 beats 5555 6666
    assert b("5S 5H 5D 5C 5S 6S 6H 6D 6C", five_six)  # one card more is enough
    three_bombs = "3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C"
    two_big_bombs = "AS AH AD AC AS AH AD AC 2S 2H 2D 2C 2S 2H 2D 2C"
    assert b(three_bombs, two_big_bombs)  # 3 bombs (12 cards) beat 2 bombs (16 cards)
    assert not b(two_big_bombs, three_bombs)
    assert b("6S 6H 6D 6C 7S 7H 7D 7C", five_six)  # equal bombs and cards: top position
    assert b("6S 6H 6D 6C 6S 7S 7H 7D 7C", "5S 5H 5D 5C 6S 6H 6D 6C 6S")
    assert not b("5S 5H 5D 5C 5S 6S 6H 6D 6C", "5S 5H 5D 5C 6S 6H 6D 6C 6S")  # equal


def test_beats_accepts_card_lists_and_refuses_non_combinations() -> None:
    assert beats(cards("9S 9H"), cards("7S 7H"), top_led=False)
    with pytest.raises(IllegalMove) as refused:
        beats(cards("5S 6S"), cards("7S"), top_led=True)
    assert refused.value.code == "not_a_combination"
    assert str(refused.value) == "5S 6S is not a combination"
