"""Plain rows of the ratings, boards, statistics and hand history (see ``bot.store.scores``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

DAY = 86400
PERIODS = ("week", "month")  # calendar periods, in UTC: the week starts on Monday
_EPOCH = date(1970, 1, 1)


def day_of(at: float) -> int:
    """The UTC day number of an epoch time."""
    return int(at // DAY)


def period_start(period: str, at: float) -> int:
    """The first UTC day of the calendar ``period`` ("week": from Monday, "month") of ``at``."""
    if period == "week":
        day = day_of(at)
        return day - (day + 3) % 7  # 1970-01-01, day 0, was a Thursday
    if period == "month":
        return (datetime.fromtimestamp(at, UTC).date().replace(day=1) - _EPOCH).days
    raise ValueError(f"unknown period {period!r}")


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat of a settled hand, as the ledger and the hand's summary hold it."""

    seat: int
    user_id: int | None  # None: a bot
    bot_level: str | None  # a bot's level ("simple" …); None for a person
    name: str
    delta: int
    won: bool
    left: bool
    dealer: bool  # 三扣: the dealer (made or failed)


@dataclass(frozen=True, slots=True)
class SettledHand:
    """A hand that ended complete or void, in the order hands were settled (``seq``)."""

    seq: int
    hand_id: int
    guild_id: int
    game: str
    at: float
    void: bool
    seats: tuple[SeatLine, ...]


@dataclass(frozen=True, slots=True)
class HandSeatRow:
    """What a finished hand says about one seat, for statistics (``engine.summary``)."""

    seat: int
    bot_level: str | None
    first_out: bool = False
    team_points: int | None = None
    bid: int | None = None
    contract: int | None = None
    throws: int = 0
    failed_throws: int = 0


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's (or a bot level's) line in one server and game: rating and running totals.

    ``user_id`` is 0 and ``bot_level`` names the level for a bot; ``bot_level`` is "" for a
    person. ``hands`` / ``wins`` / ``points`` count completed hands, ``voids`` /
    ``void_bonus`` / ``void_loss`` the void ones (bonuses and penalties apart).
    ``bonus_counted`` is the part of the bonuses that may count toward point totals: the first
    from each leaver per UTC day (``tally``); it counts only once the player has the server's
    minimum of completed hands. Penalties always count.
    """

    guild_id: int
    game: str
    user_id: int
    bot_level: str
    name: str
    mu: float
    sigma: float
    rating: int  # shown: the conservative estimate, scaled
    hands: int = 0
    wins: int = 0
    points: int = 0
    voids: int = 0
    void_bonus: int = 0
    void_loss: int = 0
    bonus_counted: int = 0
    left_hands: int = 0
    last_at: float = 0.0


@dataclass(frozen=True, slots=True)
class PeriodLine:
    """A person's totals in one server, game and calendar week or month."""

    guild_id: int
    game: str
    period: str  # "week" | "month"
    start_day: int  # its first UTC day
    user_id: int
    hands: int = 0
    wins: int = 0
    points: int = 0
    voids: int = 0
    void_bonus: int = 0
    void_loss: int = 0
    bonus_counted: int = 0


@dataclass(frozen=True, slots=True)
class RatingStep:
    """A holder's rating right after the settled hand ``seq`` (the history behind trends)."""

    seq: int
    guild_id: int
    game: str
    user_id: int
    bot_level: str
    mu: float
    sigma: float
    rating: int
    before: int  # the rating shown before the hand
    at: float


@dataclass(frozen=True, slots=True)
class BoardLine:
    """One line of a board. ``rank`` is None for a bot (shown for reference, never ranked)
    and for a caller who is not on the board (below the minimum, or no hand in the period)."""

    rank: int | None
    user_id: int
    bot_level: str
    name: str
    value: int  # the rating shown, or the points
    hands: int  # completed hands (in the period, on a points board)
    wins: int
    change: int | None = None  # rating boards: the change over the period


@dataclass(frozen=True, slots=True)
class Board:
    game: str
    by: str  # "rating" | "points"
    period: str  # "week" | "month" | "all"
    start_day: int | None  # the period's first UTC day; None: all time
    min_hands: int
    lines: tuple[BoardLine, ...]  # the top, best first (bots among them on rating boards)
    own: BoardLine | None  # the caller's line when it is not among ``lines``
    ranked: int  # how many players the board ranks


@dataclass(frozen=True, slots=True)
class GameStats:
    """One player's statistics in one game of one server."""

    game: str
    hands: int  # completed
    wins: int
    points: int  # completed hands, leaving penalties and the leaving bonuses that count
    voids: int
    left: int
    bonus: int  # every leaving bonus, shown on its own line
    bonus_counted: int  # the part of ``bonus`` in ``points`` (see ``Standing``)
    rating: int | None  # None before the first rated hand
    rating_change: int | None  # over the trend window
    shown: bool  # whether the rating is shown on boards (enough completed hands)
    # 清墩
    first_out: int = 0
    double_kou_for: int = 0
    double_kou_against: int = 0
    team_points: float | None = None  # average
    # 三扣
    dealer_hands: int = 0
    dealer_made: int = 0
    contracts: tuple[tuple[int, int, int], ...] = ()  # (contract, dealer hands, made)
    average_bid: float | None = None
    throws: int = 0
    failed_throws: int = 0


@dataclass(frozen=True, slots=True)
class HandSeat:
    seat: int
    user_id: int | None
    name: str
    delta: int | None  # None: no ledger line (running or abandoned)
    bot_level: str | None


@dataclass(frozen=True, slots=True)
class HandLine:
    """A hand as history lists it."""

    hand_id: int
    guild_id: int
    table_id: int
    number: int
    game: str
    started_at: float
    ended_at: float | None
    outcome: str | None  # None while running
    result: dict[str, Any] | None
    seats: tuple[HandSeat, ...]


@dataclass(frozen=True, slots=True)
class StoredHand:
    """Everything stored about one hand: its line, the start record and the action log."""

    line: HandLine
    start: dict[str, Any]
    actions: tuple[dict[str, Any], ...]
