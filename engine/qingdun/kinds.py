"""The 14 kinds of 清墩 combination (RULES.md §1.4), in table order."""

from enum import Enum


class ComboKind(Enum):
    SINGLE = 1
    PAIR = 2
    TRIPLE = 3
    FULL_HOUSE = 4
    PAIR_CHAIN = 5
    TRIPLE_CHAIN = 6
    TRIPLES_WITH_PAIRS = 7
    STRAIGHT = 8
    STRAIGHT_FLUSH = 9
    BOMB = 10
    BOMB_CHAIN = 11
    QINGDUN = 12
    QINGDUN_CHAIN = 13
    QINGDUN_BROTHERS = 14

    @property
    def is_bomb(self) -> bool:
        """Category 2: beats every category-1 play."""
        return self.value >= 9
