"""The 清墩 settlement's numbers and rules (RULES.md §1.6-1.7): who wins a hand, by how much.

Pure functions of the points and hand sizes, used by ``game.Game`` as the hand ends.
"""

from __future__ import annotations

from engine.cards import ALL_CARDS
from engine.qingdun.view import ResultKind, partner_of

DOUBLE_KOU_DELTA = 30
WIN_DELTA = 10
NEGATIVE_DELTA = 20
LAST_PENALTY = 30  # 末家's team loses 30
LEAVE_PENALTY = -50
LEAVE_BONUS = 10
LEAVE_BONUS_BELOW = 10  # the bonus applies when someone holds fewer cards than this
EARLY_FIRST = (165, 30)  # (頭家's score ≥, 二家's own points ≥): 頭家's team wins at once
EARLY_SECOND = (30, 170)  # (頭家's score ≥, 二家's own points ≥): 二家's team wins at once


def points_held(counts: list[int]) -> int:
    """The points of the cards a hand still holds (``counts`` by card index)."""
    return sum(card.points * counts[card.index] for card in ALL_CARDS if card.points)


def early_winner(first_score: int, second_points: int) -> int | None:
    """Once 二家 is out: 0 when 頭家's team wins at once, 1 when 二家's does, else None."""
    if first_score >= EARLY_FIRST[0] and second_points >= EARLY_FIRST[1]:
        return 0
    if first_score >= EARLY_SECOND[0] and second_points >= EARLY_SECOND[1]:
        return 1
    return None


def final(team_points: tuple[int, int], first_team: int) -> tuple[ResultKind, int, int]:
    """The end of a hand played out: its kind, the winning team and each winner's delta. A
    team below 0 loses by 20; else more points win by 10, a tie going to 頭家's team."""
    if min(team_points) < 0:
        return ResultKind.NEGATIVE, 1 if team_points[0] < 0 else 0, NEGATIVE_DELTA
    a, b = team_points
    return ResultKind.NORMAL, first_team if a == b else (0 if a > b else 1), WIN_DELTA


def leave_deltas(seat: int, sizes: list[int]) -> tuple[int, int, int, int]:
    """§1.7: the leaver −50, its partner 0, each opponent +10 when someone holds fewer than
    10 cards (else 0)."""
    bonus = LEAVE_BONUS if min(sizes) < LEAVE_BONUS_BELOW else 0
    d = [LEAVE_PENALTY if s == seat else 0 if s == partner_of(seat) else bonus for s in range(4)]
    return (d[0], d[1], d[2], d[3])
