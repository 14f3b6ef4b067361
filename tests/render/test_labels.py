"""The words in the pictures: all three languages, the games' own vocabulary."""

from __future__ import annotations

import pytest

from engine.cards import Card, Suit
from engine.qingdun.kinds import ComboKind
from render import demo, labels
from render.demo import cards
from render.hand import qingdun_groups, sankou_groups
from render.result import tally_notes


def test_every_label_exists_in_every_language() -> None:
    for key in labels._CATALOGUE:
        texts = [labels.label(key, lang) for lang in labels.LANGS]
        assert all(texts), key
    for kind in ComboKind:
        assert all(labels.kind_label(kind, 6, 3, lang) for lang in labels.LANGS)


@pytest.mark.parametrize(
    ("kind", "size", "ranks", "lang", "text"),
    [
        (ComboKind.PAIR_CHAIN, 6, 3, "zh-TW", "連對 ×3"),
        (ComboKind.PAIR_CHAIN, 6, 3, "en", "Pair chain ×3"),
        (ComboKind.BOMB, 6, 1, "zh-TW", "炸彈 6"),
        (ComboKind.BOMB, 6, 1, "zh-CN", "炸弹 6"),
        (ComboKind.BOMB, 6, 1, "en", "Bomb 6"),
        (ComboKind.BOMB_CHAIN, 8, 2, "zh-CN", "排炮 ×2"),
        (ComboKind.QINGDUN_BROTHERS, 9, 1, "zh-TW", "兄弟墩 ×3"),
        (ComboKind.QINGDUN_CHAIN, 6, 2, "zh-CN", "连墩 ×2"),
        (ComboKind.STRAIGHT_FLUSH, 5, 5, "zh-TW", "同花順"),
        (ComboKind.FULL_HOUSE, 5, 2, "zh-CN", "葫芦"),
    ],
)
def test_kind_captions(kind: ComboKind, size: int, ranks: int, lang: str, text: str) -> None:
    assert labels.kind_label(kind, size, ranks, lang) == text


def test_game_vocabulary() -> None:
    assert [labels.label(f"place_{i}", "zh-TW") for i in range(1, 5)] == [
        "頭家", "二家", "三家", "末家",
    ]  # fmt: skip
    assert labels.label("result_double_kou", "zh-TW") == "雙扣"
    assert labels.label("result_double_kou", "zh-CN") == "双扣"
    assert labels.label("dealer", "zh-CN") == "庄家"
    assert labels.label("failed_throw", "zh-CN") == "甩牌失败"
    assert labels.label("passed", "en") == "Passed"


def test_unknown_language_falls_back_to_english() -> None:
    assert labels.normalize("de") == "en"
    assert labels.label("dealer", "de") == "Dealer"


def test_qingdun_hand_groups_by_rank_in_given_order() -> None:
    hand = cards("3S 3S 3H 4D 2S 2C SJ BJ BJ")
    assert qingdun_groups(hand) == [
        list(cards("3S 3S 3H")),
        list(cards("4D")),
        list(cards("2S 2C")),
        list(cards("SJ")),
        list(cards("BJ BJ")),
    ]


def test_sankou_hand_groups_trumps_first_then_each_suit() -> None:
    hand = cards("BJ SJ 10H 10S AH 3H AS 7S KD 2C")
    assert sankou_groups(hand, Suit.HEARTS) == [
        list(cards("BJ SJ 10H 10S AH 3H")),
        list(cards("AS 7S")),
        list(cards("KD")),
        list(cards("2C")),
    ]
    # before trump is named, jokers and 10s are still trumps
    assert sankou_groups(cards("BJ 10S AS"), None) == [[Card(16), Card(10, "S")], [Card(14, "S")]]


def test_result_notes_show_who_contributed_what() -> None:
    results = demo.qingdun_results()
    assert tally_notes(results["result_normal"], demo.NAMES, "en") == [
        "1st out 王小明: score 85 (35 of it from the partner)",
        "Last Bob the Builder from Ningbo: 25 captured + 25 in hand go to the other team; "
        "Team A −30",
    ]
    assert tally_notes(results["result_early_end"], demo.NAMES, "zh-CN") == [
        "头家 Alice：得分 170（含对家的 60 分）",
        "二家 🀄 麻將王 🐉：自己得分 35",
    ]
    assert tally_notes(results["result_double_kou"], demo.NAMES, "zh-TW") == [
        "頭家 Alice：得分 120（含對家的 50 分）"
    ]
    assert tally_notes(results["result_left"], demo.NAMES, "en") == []
