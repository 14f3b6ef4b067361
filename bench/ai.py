"""Strength of the AI players: duplicate matches between any two players (issue 24).

Each deal is played twice with the same cards: the tested player on seats 0 & 2 against the
opponent on 1 & 3, then the seats swapped, so the luck of the cards cancels. For each game it
reports the tested side's mean delta per seat per hand with a 95 % confidence interval (over
deals, each deal's two hands averaged), its share of hands won, for 三扣 the dealer's success
by bid and how often contracts of 115 or more are bid and made, the decision time p50/p95,
the rollouts per decision and the share of search rounds in which every candidate tied.

Players are ``level[:budget]`` (``bench/ai_players.py``): ``simple``, ``medium``, ``rules``,
``strong:200`` (rollouts per ordinary decision), ``strong:0.5s``, ``strong_v1:200``.

    python -m bench ai                     # the goal suite of issue 24 (long: see docs/ai.md)
    python -m bench ai --tested strong:200 --opponent strong_v1:200 --games sankou --deals 40
    python -m bench ai --tested strong:200 --opponent medium --records /work/ai-records

With ``--records DIR`` every finished deal is appended to a JSON-lines file per game and
match, and a rerun skips the deals already there, so a run of many hours can be stopped and
taken up again (or split across machines with ``--first-deal``) and the report covers every
recorded deal.
"""

from __future__ import annotations

import argparse
import json
import resource
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

from bench.ai_players import Player
from bench.ai_report import HandRecord, report
from bench.pool import pool
from engine.game import GameBase
from engine.qingdun import Game as QingdunGame
from engine.sankou import Game as SankouGame

GAMES: dict[str, type[GameBase]] = {"qingdun": QingdunGame, "sankou": SankouGame}
#: The matches of issue 24's goals: (tested, opponent).
SUITE = (
    ("strong:200", "strong_v1:200"),
    ("strong:200", "medium"),
    ("strong:500", "strong:100"),
)


def play_hand(
    game_name: str, deal: int, tested: Player, other: Player, tested_seats: tuple[int, ...]
) -> HandRecord:
    game: Any = GAMES[game_name].deal(deal)
    record = HandRecord(0.0, False)
    step = 0
    while not game.over:
        seat = game.to_move
        mine = seat in tested_seats
        player = tested if mine else other
        start = time.perf_counter()
        action, stats = player.act(game.observation(seat), deal * 1000 + step)
        if mine:
            record.times.append(time.perf_counter() - start)
            if stats is not None:
                record.rollouts.append(stats.rollouts)
                record.rounds += stats.rounds
                record.tied += stats.tied_rounds
        game.apply(action)
        step += 1
    result = game.result
    record.delta = sum(result.deltas[s] for s in tested_seats) / len(tested_seats)
    record.won = record.delta > 0
    if game_name == "sankou":
        record.dealer_tested = result.dealer in tested_seats
        record.bid = result.bid
        record.made = result.dealer_points >= result.bid
    return record


def play_deal(task: tuple[str, int, Player, Player]) -> tuple[int, list[HandRecord], int]:
    """Both seatings of one deal; also the worker's peak memory (KiB)."""
    game_name, deal, tested, other = task
    hands = [
        play_hand(game_name, deal, tested, other, (0, 2)),
        play_hand(game_name, deal, tested, other, (1, 3)),
    ]
    return deal, hands, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def run(
    game_name: str,
    deals: int,
    tested: Player,
    other: Player,
    workers: int,
    first: int = 0,
    records: Path | None = None,
) -> tuple[list[list[HandRecord]], int, float]:
    """Play the deals not yet in ``records`` (if given), appending each one as it finishes."""
    done = _load_records(records, range(first, first + deals)) if records else {}
    tasks = [(game_name, d, tested, other) for d in range(first, first + deals) if d not in done]
    start = time.perf_counter()
    results: list[list[HandRecord]] = [hands for hands, _ in done.values()]
    peak = max((rss for _, rss in done.values()), default=0)
    if not tasks:
        return results, peak, 0.0
    kept = (
        f"the finished deals are in {records}; the same command goes on from there"
        if records
        else "nothing kept (--records DIR keeps the finished deals)"
    )
    with pool(workers, kept) as running:
        for deal, hands, rss in running.imap_unordered(play_deal, tasks):
            results.append(hands)
            peak = max(peak, rss)
            if records:
                line = {"deal": deal, "rss": rss, "hands": [asdict(h) for h in hands]}
                with records.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(line) + "\n")
    return results, peak, time.perf_counter() - start


def _load_records(path: Path, wanted: range) -> dict[int, tuple[list[HandRecord], int]]:
    if not path.exists():
        return {}
    done: dict[int, tuple[list[HandRecord], int]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        if row["deal"] in wanted:
            done[row["deal"]] = ([HandRecord(**h) for h in row["hands"]], row["rss"])
    return done


def records_path(directory: str, game_name: str, tested: Player, other: Player) -> Path:
    path = Path(directory)
    path.mkdir(parents=True, exist_ok=True)
    return path / f"{game_name}-{tested.label()}-vs-{other.label()}.jsonl".replace(":", "-")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench ai", description=__doc__)
    parser.add_argument("--games", default="qingdun,sankou")
    parser.add_argument("--tested", help="the tested player, e.g. strong:200")
    parser.add_argument("--opponent", help="its opponent, e.g. strong_v1:200 or medium")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--records", metavar="DIR", help="append each deal here; resume from it")
    parser.add_argument("--report-only", action="store_true", help="report the records only")
    args = parser.parse_args(argv or [])
    if (args.tested is None) != (args.opponent is None):
        parser.error("give both --tested and --opponent, or neither (the goal suite)")
    matches = [(args.tested, args.opponent)] if args.tested else list(SUITE)
    for game_name in args.games.split(","):
        for tested_text, other_text in matches:
            tested, other = Player.parse(tested_text), Player.parse(other_text)
            records = records_path(args.records, game_name, tested, other) if args.records else None
            if args.report_only:
                if records is None:
                    parser.error("--report-only needs --records")
                done = _load_records(records, range(args.first_deal, args.first_deal + args.deals))
                results = [hands for hands, _ in done.values()]
                peak, wall = max((r for _, r in done.values()), default=0), 0.0
            else:
                results, peak, wall = run(
                    game_name, args.deals, tested, other, args.workers, args.first_deal, records
                )
            if not results:
                print(f"{game_name}: {tested.label()} vs {other.label()}: no deals recorded")
                continue
            for line in report(game_name, tested, other, results, peak, wall):
                print(line, flush=True)
