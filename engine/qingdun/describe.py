"""Plays in English words for the engine's refusals: "a pair of 7s", "a straight (3S 4H …)".

Front ends translate refusals by code and params; these words fill the English text only
(``errors.MESSAGES``: params ending in ``_desc``).
"""

from __future__ import annotations

from engine.cards import format_cards
from engine.errors import IllegalMove
from engine.qingdun.combos import Combo, sort_hand, top_key
from engine.qingdun.errors import refuse


def not_beating(combo: Combo, top: Combo, top_led: bool) -> IllegalMove:
    """The refusal of ``combo`` played on ``top``: too low, or of another kind."""
    params = {
        "play": format_cards(combo.cards),
        "play_kind": combo.kind.name.lower(),
        "top": format_cards(top.cards),
        "top_kind": top.kind.name.lower(),
    }
    english = {"play_desc": describe(combo), "top_desc": describe(top, top_led)}
    same = combo.rung >= 0 or (combo.kind is top.kind and combo.shape == top.shape)
    return refuse("does_not_beat" if same else "wrong_kind", english, **params)


_RANK_WORDS = {11: "J", 12: "Q", 13: "K", 14: "A", 15: "small joker", 16: "big joker"}


def rank_name(rank: int) -> str:
    return _RANK_WORDS.get(rank, str(rank))


def describe(combo: Combo, led: bool = False) -> str:
    """A short English description for refusals: "a pair of 7s", "a straight (3S 4H …)"."""
    rank = rank_name(combo.cards[0].rank)
    plural = rank + "s"
    kind = combo.kind.name
    low = " (led, so lowest)" if led and top_key(combo, True) != combo.key else ""
    if kind == "SINGLE":
        return f"a single {rank}{low}"
    if kind == "PAIR":
        return f"a pair of {plural}{low}"
    if kind == "TRIPLE":
        return f"a triple of {plural}{low}"
    if kind == "BOMB":
        return f"a {len(combo.cards)}-card bomb of {plural}{low}"
    if kind == "QINGDUN":
        return f"a qingdun of {plural}{low}"
    if kind == "QINGDUN_BROTHERS":
        return f"qingdun brothers of {plural}, {len(combo.cards) // 3} qingdun{low}"
    names = {
        "FULL_HOUSE": "a full house",
        "PAIR_CHAIN": f"a chain of {len(combo.cards) // 2} pairs",
        "TRIPLE_CHAIN": f"a chain of {len(combo.cards) // 3} triples",
        "TRIPLES_WITH_PAIRS": "triples with pairs",
        "STRAIGHT": "a straight",
        "STRAIGHT_FLUSH": "a straight flush",
        "BOMB_CHAIN": "a bomb chain",
        "QINGDUN_CHAIN": "a qingdun chain",
    }
    return f"{names[kind]} ({format_cards(sort_hand(combo.cards))})"
