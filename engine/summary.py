"""What a finished hand says about each seat, for statistics (頭家, team points, bids, throws).

Pure facts read off the engine's own records of the hand, so the bot writes them when a hand
ends and a rebuild derives the same ones by re-playing the log.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import qingdun, sankou
from engine.game import GameBase
from engine.sankou.combos import Kind, classify_lead
from engine.sankou.view import FinishedTrick


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """One seat's part in one hand; fields the game does not have stay empty."""

    first_out: bool = False  # 清墩: went out first (頭家)
    team_points: int | None = None  # 清墩: the seat's team's final points
    bid: int | None = None  # 三扣: the seat's highest bid (None: it only passed)
    contract: int | None = None  # 三扣: the contract, on the dealer's seat only
    throws: int = 0  # 三扣: throws led
    failed_throws: int = 0  # 三扣: throws that did not stand


def summarize(game: GameBase) -> tuple[SeatSummary, ...]:
    """The four seats' summaries of a hand (over, or as far as it went)."""
    if isinstance(game, qingdun.Game):
        return _qingdun(game)
    if isinstance(game, sankou.Game):
        return _sankou(game)
    raise TypeError(f"not a game of ours: {game!r}")


def _qingdun(game: qingdun.Game) -> tuple[SeatSummary, ...]:
    result = game.result
    if result is None or result.winner_team is None:  # running, or void: nothing to count
        return tuple(SeatSummary() for _ in range(4))
    first = result.order[0] if result.order else None
    return tuple(
        SeatSummary(first_out=seat == first, team_points=result.team_points[seat % 2])
        for seat in range(4)
    )


def _sankou(game: sankou.Game) -> tuple[SeatSummary, ...]:
    view = game.view(None)
    bids: dict[int, int] = {}
    for entry in view.bids:
        if entry.amount is not None:
            bids[entry.seat] = max(entry.amount, bids.get(entry.seat, 0))
    throws, failed = [0] * 4, [0] * 4
    for trick in game.tricks:
        if _thrown(game, trick):
            throws[trick.leader] += 1
            failed[trick.leader] += trick.failed_throw is not None
    dealer = game.dealer
    return tuple(
        SeatSummary(
            bid=bids.get(seat),
            contract=game.contract if seat == dealer else None,
            throws=throws[seat],
            failed_throws=failed[seat],
        )
        for seat in range(4)
    )


def _thrown(game: sankou.Game, trick: FinishedTrick) -> bool:
    """Whether the trick was led by a throw (a failed one shows only its forced cards)."""
    if trick.failed_throw is not None:
        return True
    lead = list(trick.plays[0].cards)
    return classify_lead(lead, game.order).kind is Kind.THROW
