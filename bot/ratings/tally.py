"""What one settled hand changes: each holder's standing, the day totals, the rating steps.

One pure function, used both when a hand ends (the service writes its output in the hand's
own transaction) and by the rebuild (which folds it over every settled hand in order), so the
two cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from bot.ratings.model import Holder, Place, Rating, bot, person, rate_hand
from bot.store.score_rows import DayLine, RatingStep, SeatLine, SettledHand, Standing, day_of

DEFAULT_BOT_LEVEL = "simple"  # the only level before levels were recorded


def holder_of(line: SeatLine) -> Holder:
    if line.user_id is None:
        return bot(line.bot_level or DEFAULT_BOT_LEVEL)
    return person(line.user_id)


@dataclass(frozen=True, slots=True)
class Tally:
    standings: dict[Holder, Standing]  # the new standing of every holder seated in the hand
    days: tuple[DayLine, ...]  # amounts to add to the people's day totals
    steps: tuple[RatingStep, ...]  # the new ratings, one per holder whose rating moved


def tally(hand: SettledHand, before: Mapping[Holder, Standing]) -> Tally:
    """The changes ``hand`` makes, given the standings of its holders (missing: new)."""
    holders = [holder_of(line) for line in hand.seats]
    standings: dict[Holder, Standing] = {}
    for h, line in zip(holders, hand.seats, strict=True):
        standing = standings.get(h) or before.get(h) or _fresh(hand, h, line)
        standings[h] = _count(standing, line, hand)
    places = [
        Place(h, won=line.won, left=line.left, dealer=line.dealer)
        for h, line in zip(holders, hand.seats, strict=True)
    ]
    ratings = {h: Rating(s.mu, s.sigma) for h, s in standings.items()}
    moved = rate_hand(hand.game, places, hand.void, ratings)
    steps = []
    for h, new in moved.items():
        was = standings[h].rating
        standings[h] = replace(standings[h], mu=new.mu, sigma=new.sigma, rating=new.shown)
        steps.append(
            RatingStep(
                hand.seq,
                hand.guild_id,
                hand.game,
                h[0],
                h[1],
                new.mu,
                new.sigma,
                new.shown,
                was,
                hand.at,
            )
        )
    days = tuple(_day(hand, line) for h, line in zip(holders, hand.seats, strict=True) if not h[1])
    return Tally(standings, days, tuple(steps))


def _fresh(hand: SettledHand, h: Holder, line: SeatLine) -> Standing:
    start = Rating()
    return Standing(
        hand.guild_id, hand.game, h[0], h[1], line.name, start.mu, start.sigma, start.shown
    )


def _count(standing: Standing, line: SeatLine, hand: SettledHand) -> Standing:
    if hand.void:
        return replace(
            standing,
            name=line.name,
            voids=standing.voids + 1,
            void_points=standing.void_points + line.delta,
            left_hands=standing.left_hands + line.left,
            last_at=hand.at,
        )
    return replace(
        standing,
        name=line.name,
        hands=standing.hands + 1,
        wins=standing.wins + line.won,
        points=standing.points + line.delta,
        last_at=hand.at,
    )


def _day(hand: SettledHand, line: SeatLine) -> DayLine:
    assert line.user_id is not None
    base = DayLine(hand.guild_id, hand.game, day_of(hand.at), line.user_id)
    if hand.void:
        return replace(base, voids=1, void_points=line.delta)
    return replace(base, hands=1, wins=int(line.won), points=line.delta)
