"""What one settled hand changes: each holder's standing, period totals and rating steps.

One pure function, used both when a hand ends (the service writes its output in the hand's
own transaction) and by the rebuild (which folds it over every settled hand in order), so the
two cannot drift apart. Leaving bonuses are counted apart: ``bonus_counted`` holds only the
first bonus from each leaver per UTC day (``BonusKey``), so re-joining and leaving again pays
nothing more on the server's point totals (docs/ratings.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from bot.ratings.model import Holder, Place, Rating, bot, person, rate_hand
from bot.store.score_rows import (
    PERIODS,
    PeriodLine,
    RatingStep,
    SeatLine,
    SettledHand,
    Standing,
    day_of,
    period_start,
)

DEFAULT_BOT_LEVEL = "simple"  # the only level before levels were recorded


def holder_of(line: SeatLine) -> Holder:
    if line.user_id is None:
        return bot(line.bot_level or DEFAULT_BOT_LEVEL)
    return person(line.user_id)


#: A leaving bonus counts at most once per (server, game, UTC day, leaver's user id).
BonusKey = tuple[int, str, int, int]


def bonus_key(hand: SettledHand) -> BonusKey | None:
    """The key of the hand's leaving bonuses; None: no bonus of it can count (a completed
    hand, or a void one that no person left)."""
    leaver = next((line.user_id for line in hand.seats if line.left), None)
    if not hand.void or leaver is None:
        return None
    return (hand.guild_id, hand.game, day_of(hand.at), leaver)


def paid_bonus(hand: SettledHand) -> frozenset[int]:
    """The people a void hand pays a leaving bonus."""
    return frozenset(
        line.user_id
        for line in hand.seats
        if hand.void and line.delta > 0 and line.user_id is not None
    )


@dataclass(frozen=True, slots=True)
class Tally:
    standings: dict[Holder, Standing]  # the new standing of every holder seated in the hand
    periods: tuple[PeriodLine, ...]  # amounts to add to the people's week and month totals
    steps: tuple[RatingStep, ...]  # the new ratings, one per holder whose rating moved


def tally(hand: SettledHand, before: Mapping[Holder, Standing], paid: AbstractSet[int]) -> Tally:
    """The changes ``hand`` makes, given the standings of its holders (missing: new) and
    ``paid``: who had a leaving bonus under the hand's ``bonus_key`` in an earlier hand."""
    holders = [holder_of(line) for line in hand.seats]
    key = bonus_key(hand)
    counted = [  # the bonuses that count: people only (bot levels are on no points board)
        _bonus(line, hand) if key and line.user_id is not None and line.user_id not in paid else 0
        for line in hand.seats
    ]
    standings: dict[Holder, Standing] = {}
    for h, line, bonus in zip(holders, hand.seats, counted, strict=True):
        standing = standings.get(h) or before.get(h) or _fresh(hand, h, line)
        standings[h] = _count(standing, line, hand, bonus)
    places = [
        Place(h, won=line.won, left=line.left, dealer=line.dealer)
        for h, line in zip(holders, hand.seats, strict=True)
    ]
    ratings = {h: Rating(s.mu, s.sigma) for h, s in standings.items()}
    moved = rate_hand(hand.game, places, hand.void, ratings)
    steps = []
    for h, new in moved.items():
        was = standings[h]
        shown = new.shown
        standings[h] = Standing(
            was.guild_id, was.game, was.user_id, was.bot_level, was.name, new.mu, new.sigma, shown,
            was.hands, was.wins, was.points, was.voids, was.void_bonus, was.void_loss,
            was.bonus_counted, was.left_hands, was.last_at,
        )  # fmt: skip
        steps.append(
            RatingStep(hand.seq, hand.guild_id, hand.game, h[0], h[1], new.mu, new.sigma, shown,
                       was.rating, hand.at)
        )  # fmt: skip
    starts = [(period, period_start(period, hand.at)) for period in PERIODS]
    periods = tuple(
        _period(hand, line, period, start, bonus)
        for h, line, bonus in zip(holders, hand.seats, counted, strict=True)
        if not h[1]
        for period, start in starts
    )
    return Tally(standings, periods, tuple(steps))


def _fresh(hand: SettledHand, h: Holder, line: SeatLine) -> Standing:
    start = Rating()
    return Standing(
        hand.guild_id, hand.game, h[0], h[1], line.name, start.mu, start.sigma, start.shown
    )


def _bonus(line: SeatLine, hand: SettledHand) -> int:
    """The leaving bonus ``line`` is paid (0: none, or a completed hand)."""
    return max(line.delta, 0) if hand.void else 0


def _count(s: Standing, line: SeatLine, hand: SettledHand, counted: int) -> Standing:
    """``s`` with the hand counted (built directly: this runs for every seat of every hand)."""
    void = hand.void
    return Standing(
        s.guild_id, s.game, s.user_id, s.bot_level, line.name, s.mu, s.sigma, s.rating,
        s.hands + (not void),
        s.wins + (line.won and not void),
        s.points + (0 if void else line.delta),
        s.voids + void,
        s.void_bonus + _bonus(line, hand),
        s.void_loss + (min(line.delta, 0) if void else 0),
        s.bonus_counted + counted,
        s.left_hands + (line.left and void),
        hand.at,
    )  # fmt: skip


def _period(hand: SettledHand, line: SeatLine, period: str, start: int, counted: int) -> PeriodLine:
    assert line.user_id is not None
    key = (hand.guild_id, hand.game, period, start, line.user_id)
    if hand.void:
        return PeriodLine(*key, 0, 0, 0, 1, _bonus(line, hand), min(line.delta, 0), counted)
    return PeriodLine(*key, 1, int(line.won), line.delta)
