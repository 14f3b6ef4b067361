"""The hand-value fitter (``bench ai_handvalue``): it recovers a known linear model, and
each deal gives four dealers' hands played out."""

from __future__ import annotations

import random

import pytest

from bench.ai_handvalue import explained, fit, one_deal
from engine.ai.sankou import handvalue


def test_the_fit_recovers_a_noiseless_linear_model() -> None:
    rng = random.Random(5)
    truth = [30.0, 12.0, -3.0, 7.5]
    samples = []
    for _ in range(5000):
        x = (1.0, *(float(rng.randrange(6)) for _ in range(3)))
        samples.append((x, 0.0, sum(w * v for w, v in zip(truth, x, strict=True))))
    assert fit(samples) == pytest.approx(truth, abs=0.01)  # the ridge is negligible here


def test_explained_is_one_for_exact_predictions_and_zero_for_the_mean() -> None:
    points = [40.0, 80.0, 120.0]
    assert explained(points, points) == 1.0
    assert explained([80.0] * 3, points) == 0.0


def test_a_deal_gives_each_seat_as_dealer() -> None:
    samples = one_deal(20000)
    assert len(samples) == 4
    for features, _, points in samples:
        assert len(features) == len(handvalue.FEATURES) == len(handvalue.WEIGHTS)
        assert 0 <= points <= 200 and points % 5 == 0
