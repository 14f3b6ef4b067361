"""Fit the 三扣 hand value (``engine.ai.sankou.handvalue``) on heuristic play-outs.

Each seat of each deal is made dealer at 80 (the others pass) and the hand played to its end
with the heuristic in every seat on the true cards; the model is a ridge least-squares fit
of the dealer's points on the hand's ``FEATURES``. The first three quarters of the deals
fit, the last quarter judges: the share of the points' variance explained by the fit, by
the weights the engine ships, and by the old guess (``rollout.expected_points``).

    python -m bench ai_handvalue --deals 4000 --first-deal 20000
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
from collections.abc import Sequence

from engine.ai.sankou import handvalue
from engine.ai.sankou.rollout import expected_points, playout
from engine.ai.sankou.seen import Memory
from engine.sankou import Game

Sample = tuple[tuple[float, ...], float, float]  # features, old guess, the dealer's points
#: Added to the diagonal (the constant left out): keeps collinear counts' weights small.
RIDGE = 1.0


def one_deal(deal: int) -> list[Sample]:
    """The four seats of ``deal``, each as dealer at 80 played out by the heuristic."""
    samples = []
    for seat in range(4):
        game = Game.deal(deal, seat)
        hand = game.hand(seat)
        game.bid(seat, 80)
        for step in (1, 2, 3):
            game.pass_turn((seat + step) % 4)
        playout(game, Memory.empty())
        samples.append((handvalue.features(hand), expected_points(hand), game.dealer_points))
    return samples


def fit(samples: Sequence[Sample]) -> list[float]:
    """Ridge least squares of the points on the features."""
    return ridge([(x, y) for x, _, y in samples])


def ridge(samples: Sequence[tuple[Sequence[float], float]]) -> list[float]:
    """Ridge least squares of y on x (normal equations; x[0] is the constant, not shrunk)."""
    k = len(samples[0][0])
    rows = [[0.0] * (k + 1) for _ in range(k)]
    for x, y in samples:
        for a in range(k):
            xa, row = x[a], rows[a]
            for b in range(k):
                row[b] += xa * x[b]
            row[k] += xa * y
    for a in range(1, k):
        rows[a][a] += RIDGE
    return _solve(rows)


def _solve(rows: list[list[float]]) -> list[float]:
    """Gauss-Jordan elimination of an augmented k × (k + 1) system."""
    k = len(rows)
    for i in range(k):
        pivot = max(range(i, k), key=lambda r: abs(rows[r][i]))
        rows[i], rows[pivot] = rows[pivot], rows[i]
        for r in range(k):
            if r != i and rows[r][i]:
                f = rows[r][i] / rows[i][i]
                rows[r] = [a - f * b for a, b in zip(rows[r], rows[i], strict=True)]
    return [rows[i][k] / rows[i][i] for i in range(k)]


def explained(predictions: Sequence[float], points: Sequence[float]) -> float:
    """The share of the points' variance the predictions explain (R²)."""
    error = statistics.fmean((p - y) ** 2 for p, y in zip(predictions, points, strict=True))
    return 1 - error / statistics.pvariance(points)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--first-deal", type=int, default=20000)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv or [])
    deals = range(args.first_deal, args.first_deal + args.deals)
    if args.workers > 1:
        with multiprocessing.Pool(args.workers) as pool:
            per_deal = pool.map(one_deal, deals)
    else:
        per_deal = [one_deal(d) for d in deals]
    cut = len(per_deal) * 3 // 4
    train = [s for rows in per_deal[:cut] for s in rows]
    test = [s for rows in per_deal[cut:] for s in rows]
    weights = fit(train)
    points = [y for _, _, y in test]

    def predict(ws: Sequence[float]) -> list[float]:
        return [sum(w * v for w, v in zip(ws, x, strict=True)) for x, _, _ in test]

    mean, sd = statistics.fmean(points), statistics.pstdev(points)
    print(f"{len(train)} hands fit, {len(test)} judge; the points' mean {mean:.1f}, sd {sd:.1f}")
    fitted = explained(predict(weights), points)
    shipped = explained(predict(handvalue.WEIGHTS), points)
    old = explained([guess for _, guess, _ in test], points)
    print(f"variance explained: this fit {fitted:.3f}, shipped {shipped:.3f}, old guess {old:.3f}")
    print(f"weights on all {len(train) + len(test)} hands (handvalue.WEIGHTS):")
    for name, w in zip(handvalue.FEATURES, fit(train + test), strict=True):
        print(f"  {name:<26} {w:+.2f}")


if __name__ == "__main__":
    main()
