"""What one seat (or the public) may know of a 清墩 hand: plain frozen data for front ends.

``render/`` and the service read these; they never see the ``Game`` itself. A public view
(``seat is None``) holds no cards of any hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.cards import Card
from engine.qingdun.kinds import ComboKind


def team_of(seat: int) -> int:
    """Seats 0 & 2 are team 0, seats 1 & 3 team 1."""
    return seat % 2


def partner_of(seat: int) -> int:
    return (seat + 2) % 4


class ResultKind(Enum):
    DOUBLE_KOU = "double_kou"  # 雙扣: partners went out 1st and 2nd
    EARLY_END = "early_end"  # §1.6.3: 165/30 or 30/170 after 二家 went out
    NORMAL = "normal"  # third player out, no negative team
    NEGATIVE = "negative"  # a team's final score is below zero
    LEFT = "left"  # a player left or was removed; the hand is void (§1.7)


@dataclass(frozen=True, slots=True)
class Tally:
    """Where a hand's team points come from (§1.6), so a player can check a result by hand.

    ``points`` are each seat's points when the hand ended: for 頭家 its score (its own
    captured points, plus ``merged``: the partner's captured points taken in when 頭家 went
    out, plus what 頭家 won afterwards), for everyone else their own captured points (頭家's
    partner restarts from 0 when 頭家 goes out). When the hand runs to its end, 末家
    (``last``) forfeits its captured points and the points left in its hand to the other team,
    and 末家's team loses ``penalty``.
    """

    points: tuple[int, int, int, int]  # by seat
    lead: int | None  # 頭家 (None: nobody went out)
    merged: int  # the partner's captured points in 頭家's score
    last: int | None = None  # 末家 (None: the hand ended before the third player went out)
    forfeit_captured: int = 0  # 末家's captured points, to the other team
    forfeit_in_hand: int = 0  # the points left in 末家's hand, to the other team
    penalty: int = 0  # taken from 末家's team

    @property
    def lead_score(self) -> int:
        """頭家's score (0 when nobody went out)."""
        return 0 if self.lead is None else self.points[self.lead]

    def team_points(self) -> tuple[int, int]:
        """Each team's points: its members' points, 末家's forfeit and penalty applied."""
        totals = [0, 0]
        for seat, points in enumerate(self.points):
            if seat != self.last:
                totals[team_of(seat)] += points
        if self.last is not None:
            loser = team_of(self.last)
            totals[1 - loser] += self.forfeit_captured + self.forfeit_in_hand
            totals[loser] -= self.penalty
        return (totals[0], totals[1])


@dataclass(frozen=True, slots=True)
class QingdunResult:
    order: tuple[int, ...]  # finishing order as far as it got (頭家 first)
    team_points: tuple[int, int]  # final points of team 0 and team 1 (``tally.team_points()``)
    kind: ResultKind
    winner_team: int | None  # None only when a player left
    deltas: tuple[int, int, int, int]  # by seat
    tally: Tally  # how the team points came about
    leaver: int | None = None


@dataclass(frozen=True, slots=True)
class TrickPlay:
    """One turn in a trick: ``cards`` empty means a pass."""

    seat: int
    cards: tuple[Card, ...]
    kind: ComboKind | None  # None for a pass

    @property
    def is_pass(self) -> bool:
        return not self.cards


@dataclass(frozen=True, slots=True)
class FinishedTrick:
    winner: int  # who owned the top play (and captured the points)
    points: int
    plays: tuple[TrickPlay, ...]


@dataclass(frozen=True, slots=True)
class QingdunView:
    seat: int | None  # whose view this is; None = public
    hand: tuple[Card, ...] | None  # own cards (None in the public view)
    partner_hand: tuple[Card, ...] | None  # only once ``seat`` has gone out
    hand_sizes: tuple[int, int, int, int]
    to_move: int | None
    leader: int  # who led the current trick
    trick: tuple[TrickPlay, ...]  # the current trick's turns in order
    top_seat: int | None  # owner of the current top play
    points: tuple[int, int, int, int]  # by seat: captured (暫得分); 頭家: 頭家's score
    finished: tuple[int, ...]  # seats that went out, in order
    face_up: Card | None  # the 明牌 that chose the first leader (None for a given deal)
    face_up_seat: int | None
    last_trick: FinishedTrick | None
    over: bool
    result: QingdunResult | None
