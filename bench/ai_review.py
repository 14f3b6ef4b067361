"""What a hand review costs: CPU seconds per reviewed hand and seat (issue 24, item 8).

Hands are played by the heuristic (``medium``) in every seat, which costs nothing; each
finished hand is then reviewed for one seat at ``REVIEW_ROLLOUTS`` (``engine.ai.review``),
and the process CPU time of the review is measured (not wall time: the machine is shared).
The bot runs reviews in the background after a hand, so this is the work one review asks of
a worker.

    python -m bench ai_review --hands 10
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from bench.ai_report import percentile
from engine.ai import choose, review
from engine.ai.review import REVIEW_ROLLOUTS
from engine.records import GAMES


def played(game_name: str, deal: int) -> Any:
    game: Any = GAMES[game_name].deal(deal)
    while not game.over:
        game.apply(choose(game, game.to_move, level="medium"))
    return game


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench ai_review", description=__doc__)
    parser.add_argument("--games", default="qingdun,sankou")
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--first-deal", type=int, default=7000)
    args = parser.parse_args(argv or [])
    for game_name in args.games.split(","):
        seconds: list[float] = []
        found: list[int] = []
        for deal in range(args.first_deal, args.first_deal + args.hands):
            game = played(game_name, deal)
            seat = deal % 4
            start = time.process_time()
            mistakes = review(game_name, game.start, game.actions, seat, seed=deal)
            seconds.append(time.process_time() - start)
            found.append(len(mistakes))
        print(
            f"{game_name}: {len(seconds)} hands reviewed for one seat, "
            f"{REVIEW_ROLLOUTS} rollouts a decision\n"
            f"  CPU seconds per review: mean {statistics.fmean(seconds):.1f}, "
            f"p95 {percentile(seconds, 0.95):.1f}, max {max(seconds):.1f}\n"
            f"  costly decisions found: mean {statistics.fmean(found):.1f} (at most 3)",
            flush=True,
        )
