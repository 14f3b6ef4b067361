"""Whether the 三扣 bidding's expectation fits what a dealer then takes, every seat searching.

The bidding values a contract by playing sampled worlds out with the heuristic in every seat
(its burial, its trump, its play) and adds ``SEARCH_BONUS`` for what searching adds. Here
every seat is the strong player at ``--rollouts``: once the auction of a deal is over, the
hand is played on twice from there, (A) by the strong players (kitty, trump and play) and
(B) by the heuristic in every seat, as a bidding world is, on the true cards. A - B is what
searching adds for a dealer against defenders who search too, which ``SEARCH_BONUS``
stands for; A less the dealer's own expectation at its last bidding decision (which
includes the bonus) says whether the bids aim right.

    python -m bench ai_bidding --deals 120
"""

from __future__ import annotations

import argparse
import copy
import multiprocessing
import statistics
from collections import Counter
from typing import Any

from bench.ai_report import mean_ci
from engine.ai import Rollouts, think
from engine.ai.sankou.bidding import SEARCH_BONUS
from engine.ai.sankou.rollout import playout
from engine.ai.sankou.seen import Memory
from engine.sankou import Game
from engine.sankou.view import Phase

Row = dict[str, Any]


def one_deal(task: tuple[int, int]) -> Row:
    """Deal ``deal`` bid and played by strong players at ``rollouts``, and by the
    heuristic from the end of the auction on."""
    deal, rollouts = task
    budget = Rollouts(play=rollouts)
    game = Game.deal(deal)
    step = 0
    expected: dict[int, int] = {}
    while game.phase is Phase.BIDDING:
        seat = game.to_move
        assert seat is not None
        decision = think(
            game.observation(seat), seed=deal * 1000 + step, rollouts=budget, explain=True
        )
        if decision.reason is not None and "expected" in decision.reason.params:
            expected[seat] = int(decision.reason.params["expected"])  # type: ignore[call-overload]
        game.apply(decision.action)
        step += 1
    heuristic = copy.deepcopy(game)
    playout(heuristic, Memory.empty())
    while not game.over:
        seat = game.to_move
        assert seat is not None
        game.apply(think(game.observation(seat), seed=deal * 1000 + step, rollouts=budget).action)
        step += 1
    result, plain = game.result, heuristic.result
    assert result is not None and plain is not None and result.bid is not None
    return {
        "bid": result.bid,
        "searched": result.dealer_points,
        "heuristic": plain.dealer_points,
        "expected": expected.get(result.dealer),
    }


def interval(values: list[float]) -> str:
    mean, low, high = mean_ci(values)
    return f"{mean:+.1f} [{low:+.1f}, {high:+.1f}]"


def report(rows: list[Row], rollouts: int) -> str:
    gains = [r["searched"] - r["heuristic"] for r in rows]
    aim = [r["searched"] - r["expected"] for r in rows if r["expected"] is not None]
    made = sum(r["searched"] >= r["bid"] for r in rows)
    made_plain = sum(r["heuristic"] >= r["bid"] for r in rows)
    doubled = [r for r in rows if r["bid"] >= 115]
    bids = ", ".join(f"{b}: {n}" for b, n in sorted(Counter(r["bid"] for r in rows).items()))
    lines = [
        f"三扣, {len(rows)} deals, every seat strong at {rollouts} rollouts a decision",
        f"  dealer points, searched - heuristic from the auction on: {interval(gains)} "
        f"(median {statistics.median(gains):+.0f}; the bidding assumes +{SEARCH_BONUS})",
        f"  dealer points less its own expectation when bidding: "
        f"{interval(aim) if aim else 'n/a'} over {len(aim)} contracts",
        f"  contracts made: searched {made}, heuristic {made_plain} of {len(rows)}; "
        f"≥ 115 bid {len(doubled)}, made {sum(r['searched'] >= r['bid'] for r in doubled)}",
        f"  bids: {bids}",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench ai_bidding", description=__doc__)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--rollouts", type=int, default=200)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv or [])
    tasks = [(d, args.rollouts) for d in range(args.first_deal, args.first_deal + args.deals)]
    with multiprocessing.Pool(args.workers) as pool:
        rows = pool.map(one_deal, tasks, chunksize=1)
    print(report(rows, args.rollouts), flush=True)
