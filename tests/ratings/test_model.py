"""Rating updates on scripted results, checked by hand against openskill itself."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from bot.ratings.model import (
    BETA,
    MODEL,
    Place,
    Rating,
    bot,
    person,
    rate_hand,
    shown,
)

A, B, C, D = (person(n) for n in (1, 2, 3, 4))
LIBRARY = PlackettLuce(beta=25 / 3)  # the model as documented, built here independently


def places(game: str, winners: set[int] = frozenset(), dealer: int | None = None, left=None):
    return [
        Place(h, won=seat in winners, left=seat == left, dealer=seat == dealer)
        for seat, h in enumerate((A, B, C, D))
    ]


def test_the_model_is_plackett_luce_with_twice_the_default_noise() -> None:
    assert isinstance(MODEL, PlackettLuce)
    assert (MODEL.mu, MODEL.sigma, MODEL.beta) == (25.0, 25 / 3, 25 / 3) == (25, 25 / 3, BETA)
    assert Rating().shown == 1000  # μ − 3σ = 0 at the start


def test_qingdun_two_against_two() -> None:
    new = rate_hand("qingdun", places("qingdun", winners={0, 2}), False, {})
    # hand-checked: each winner +1.7011, each loser -1.7011, σ 8.3333 -> 8.2329
    assert new[A] == new[C] == Rating(26.701147943067404, 8.23289527467601)
    assert new[B] == new[D] == Rating(23.298852056932596, 8.23289527467601)
    [[w1, _], [l1, _]] = LIBRARY.rate(
        [[LIBRARY.rating(), LIBRARY.rating()], [LIBRARY.rating(), LIBRARY.rating()]], ranks=[0, 1]
    )
    assert (new[A].mu, new[A].sigma, new[B].mu) == (w1.mu, w1.sigma, l1.mu)
    assert (new[A].shown, new[B].shown) == (1080, 944)


def test_sankou_dealer_alone_against_three_is_an_even_contest() -> None:
    start = [MODEL.rating() for _ in range(3)]
    assert MODEL.predict_win([start, [MODEL.rating() for _ in range(3)]]) == [0.5, 0.5]
    new = rate_hand("sankou", places("sankou", winners={1}, dealer=1), False, {})
    # the dealer's three places each move +1.4732 (as in a 3 v 3), so the dealer +4.4197,
    # each defender -1.4732: the dealer gains what the three defenders lose together
    assert new[B] == Rating(29.41969358875206, 8.095669305957777)
    assert new[A] == new[C] == new[D] == Rating(23.526768803749313, 8.253621806323844)
    assert new[B].mu - 25 == pytest.approx(3 * (25 - new[A].mu))
    three = LIBRARY.rate(
        [[LIBRARY.rating() for _ in range(3)], [LIBRARY.rating() for _ in range(3)]], ranks=[0, 1]
    )
    assert new[A].mu == three[1][0].mu and new[A].sigma == three[1][0].sigma
    assert new[B].mu == pytest.approx(25 + 3 * (three[0][0].mu - 25))


def test_a_lone_dealer_as_one_place_would_be_expected_to_lose_almost_always() -> None:
    """Why the dealer takes three places: openskill adds up a side's members."""
    alone = MODEL.predict_win([[MODEL.rating()], [MODEL.rating() for _ in range(3)]])
    assert alone[0] < 0.01


def test_a_failed_contract_costs_the_dealer_what_the_defenders_gain() -> None:
    new = rate_hand("sankou", places("sankou", winners={0, 2, 3}, dealer=1), False, {})
    assert new[B] == Rating(20.58030641124794, 8.095669305957777)
    assert new[A] == Rating(26.473231196250687, 8.253621806323844)


def test_a_void_hand_moves_only_the_leaver_as_a_loss() -> None:
    qingdun = rate_hand("qingdun", places("qingdun", left=1), True, {})
    assert list(qingdun) == [B]
    assert qingdun[B] == Rating(23.298852056932596, 8.23289527467601)  # a 2 v 2 loss
    sankou = rate_hand("sankou", places("sankou", left=2), True, {})
    assert list(sankou) == [C]
    assert sankou[C] == Rating(20.58030641124794, 8.095669305957777)  # a lone dealer's loss


def test_a_stronger_side_gains_less_for_the_expected_win() -> None:
    strong = {A: Rating(30, 3), C: Rating(30, 3), B: Rating(22, 3), D: Rating(22, 3)}
    expected = rate_hand("qingdun", places("qingdun", winners={0, 2}), False, strong)
    upset = rate_hand("qingdun", places("qingdun", winners={1, 3}), False, strong)
    assert 0 < expected[A].mu - 30 < upset[B].mu - 22


def test_bot_levels_are_players_of_their_own() -> None:
    simple, strong = bot("simple"), bot("strong")
    seats = [
        Place(A, won=True),
        Place(simple, won=False),
        Place(strong, won=True),
        Place(simple, won=False),
    ]
    new = rate_hand("qingdun", seats, False, {})
    assert set(new) == {A, simple, strong}
    assert new[strong] == new[A]
    # one level in two seats adds up both places' moves: twice a single loser's
    assert new[simple].mu == pytest.approx(25 - 2 * (new[A].mu - 25))
    assert new[simple].sigma < new[A].sigma


def test_a_hand_without_a_result_rates_nobody() -> None:
    assert rate_hand("sankou", places("sankou"), False, {}) == {}
    assert rate_hand("qingdun", places("qingdun"), True, {}) == {}


def test_the_rating_shown_is_the_conservative_estimate_scaled() -> None:
    assert shown(25, 25 / 3) == 1000
    assert shown(30, 2) == 1000 + 40 * 24
    assert shown(20, 8) == 1000 + 40 * -4
