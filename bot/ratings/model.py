"""Skill ratings with openskill's Plackett-Luce model: who played whom, and who won.

Why these choices (the long form, with the numbers, is in docs/ratings.md):

- **Plackett-Luce**, openskill's default and best-tested model. Every hand has two sides and
  never a tie, where Plackett-Luce and Thurstone-Mosteller agree closely; Plackett-Luce has
  no extreme tail updates after a big upset.
- **β = 25/3**, twice the library's default performance noise: one hand of cards says less
  about skill than one game of chess, so a single hand moves a rating less.
- **清墩** is two sides of two (seats 0 & 2 against 1 & 3).
- **三扣** is the dealer against three. openskill sums a side's members, so a lone dealer
  would be expected to lose almost every hand (0.2 % at equal ratings) and gain hugely from
  each win. openskill's ``weights`` only share out a side's update among its members (after
  normalising them into ``weight_bounds``); they never enter the side's strength, so they
  cannot repair that. Instead the dealer fills **three places** of its side with three equal
  copies of its rating: at equal ratings each side then has a 50 % chance. A player's new
  rating adds up the updates of all its places, so the dealer takes the whole of its side's
  update, as much as the three defenders together, just as the score table gives the dealer
  ±3 and each defender ∓1.
- A **void hand** updates only the leaver, as a loss of the side it played on (清墩: with its
  partner against the other two; 三扣: alone, in three places, against the other three).
- A **bot level** is one player per server and game ("simple", "strong" …), rated like anyone;
  its many hands make it the anchor that humans are measured against. When one level sits in
  several seats, its updates add up like the dealer's places.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MU = 25.0
SIGMA = MU / 3
BETA = MU / 3
TAU = MU / 300  # openskill's default: ratings keep a little room to move
DEALER_PLACES = 3
SHOWN_BASE, SHOWN_SCALE = 1000, 40

MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)

#: Who holds a rating: ``(user_id, "")`` for a person, ``(0, level)`` for a bot level.
Holder = tuple[int, str]


def person(user_id: int) -> Holder:
    return (user_id, "")


def bot(level: str) -> Holder:
    return (0, level)


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float = MU
    sigma: float = SIGMA

    @property
    def shown(self) -> int:
        """The conservative estimate μ − 3σ as players see it: 1000 at the start, ×40."""
        return shown(self.mu, self.sigma)


def shown(mu: float, sigma: float) -> int:
    return round(SHOWN_BASE + SHOWN_SCALE * (mu - 3 * sigma))


@dataclass(frozen=True, slots=True)
class Place:
    """One seat of a finished hand as the ratings see it."""

    holder: Holder
    won: bool
    left: bool = False
    dealer: bool = False  # 三扣


def sides(game: str, places: Sequence[Place], void: bool) -> tuple[list[int], list[int]] | None:
    """(winning places, losing places) as seats; None: the hand rates nobody.

    The 三扣 dealer (and a 三扣 leaver) stands in ``DEALER_PLACES`` places.
    """
    seats = range(len(places))

    def against(side: list[int]) -> list[int]:
        return [s for s in seats if s not in side]

    if void:
        leaver = next((s for s in seats if places[s].left), None)
        if leaver is None:
            return None
        lost = _team(seats, leaver) if game == "qingdun" else [leaver] * DEALER_PLACES
        return against(lost), lost
    if game == "qingdun":
        winner = next((s for s in seats if places[s].won), None)
        if winner is None:
            return None
        won = _team(seats, winner)
        return won, against(won)
    dealer = next((s for s in seats if places[s].dealer), None)
    if dealer is None:
        return None
    alone = [dealer] * DEALER_PLACES
    return (alone, against(alone)) if places[dealer].won else (against(alone), alone)


def _team(seats: range, seat: int) -> list[int]:
    """清墩 partners sit opposite: seats 0 & 2, 1 & 3."""
    return [s for s in seats if s % 2 == seat % 2]


def rate_hand(
    game: str, places: Sequence[Place], void: bool, ratings: Mapping[Holder, Rating]
) -> dict[Holder, Rating]:
    """New ratings after one hand for those it updates (void: the leaver only).

    ``ratings`` holds the current rating of each holder (missing: a new player).
    """
    split = sides(game, places, void)
    if split is None:
        return {}
    current = {p.holder: ratings.get(p.holder, Rating()) for p in places}
    teams = [
        [MODEL.rating(current[places[s].holder].mu, current[places[s].holder].sigma) for s in side]
        for side in split
    ]
    rated = MODEL.rate(teams, ranks=[0, 1])
    moves: dict[Holder, list[tuple[float, float]]] = {}
    for side, after in zip(split, rated, strict=True):
        for seat, new in zip(side, after, strict=True):
            moves.setdefault(places[seat].holder, []).append((new.mu, new.sigma))
    if void:
        leaver = next(p.holder for p in places if p.left)
        moves = {leaver: moves[leaver]}
    return {holder: _combine(current[holder], found) for holder, found in moves.items()}


def _combine(before: Rating, places: list[tuple[float, float]]) -> Rating:
    """One holder's rating from the updates of its places (one place: exactly the library's).

    μ moves by the sum of the places' moves; σ shrinks by the product of their factors (each
    measured from σ widened by τ, as openskill does before rating).
    """
    if len(places) == 1:
        return Rating(*places[0])
    widened = math.sqrt(before.sigma**2 + TAU**2)
    mu, sigma = before.mu, widened
    for place_mu, place_sigma in places:
        mu += place_mu - before.mu
        sigma *= place_sigma / widened
    return Rating(mu, sigma)
