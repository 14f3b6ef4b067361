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

With ``--bids-only`` (三扣) the two players must differ in their bidding alone: both seatings
bid first, and a deal whose two auctions are the same call for call is scored 0 without
being played, since the same seeds then play the same cards in both seatings and each side
wins in one what it loses in the other. Only the deals that bid otherwise are played, so a
bidding change is measured for a fraction of the CPU; every tenth deal that bid alike
(``VERIFY_EVERY``) is played anyway, and a difference stops the match (the players differ
elsewhere too).

With ``--records DIR`` every finished deal is appended to a JSON-lines file per game and
match, and a rerun skips the deals already there, so a run of many hours can be stopped and
taken up again (or split across machines with ``--first-deal``) and the report covers every
recorded deal.

With ``--alone`` each deal is played four times instead, the tested player on one seat and
the opponent on the other three, once from each seat: a better player at a table of
others. In 三扣 the pairs of seats put the tested side's partner in defence against its own
dealer, so a change to defence is scored as the step from one changed defender to two;
alone, it is the step from none to one (docs/ai.md "Which part of the deal?"). Its records
are kept apart (``-alone`` in the file's name).
"""

from __future__ import annotations

import argparse
import json
import resource
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bench.ai_players import Player
from bench.ai_report import HandRecord, report
from bench.pool import pool
from engine.actions import Action
from engine.game import GameBase
from engine.qingdun import Game as QingdunGame
from engine.sankou import Game as SankouGame
from engine.sankou.view import Phase

GAMES: dict[str, type[GameBase]] = {"qingdun": QingdunGame, "sankou": SankouGame}
#: The tested player's seats in each seating of a deal: the pairs, or one seat at a time.
PAIRS = ((0, 2), (1, 3))
ALONE = ((0,), (1,), (2,), (3,))
#: The matches of issue 24's goals: (tested, opponent).
SUITE = (
    ("strong:200", "strong_v1:200"),
    ("strong:200", "medium"),
    ("strong:500", "strong:100"),
)


#: With ``--bids-only``, every this many deals one that bid alike is played all the same, to
#: check that the two players do differ in their bidding alone.
VERIFY_EVERY = 10


class DiffersOutsideBidding(Exception):
    """A deal bid alike in both seatings came out differently: ``--bids-only`` does not apply."""


@dataclass
class Seating:
    """One seating of a deal in play: the tested player on ``seats``, the other elsewhere."""

    game: Any
    deal: int
    tested: Player
    other: Player
    seats: tuple[int, ...]
    step: int = 0
    actions: list[Action] = field(default_factory=list)
    record: HandRecord = field(default_factory=lambda: HandRecord(0.0, False))

    def play(self, going: Callable[[Any], bool] = lambda game: not game.over) -> None:
        """Play on while ``going`` holds (by default to the end of the hand). Seeds come from
        the deal and the move number, the same in both seatings."""
        game, record = self.game, self.record
        while going(game):
            seat = game.to_move
            mine = seat in self.seats
            player = self.tested if mine else self.other
            start = time.perf_counter()
            action, stats = player.act(game.observation(seat), self.deal * 1000 + self.step, game)
            if mine:
                record.times.append(time.perf_counter() - start)
                if stats is not None:
                    record.rollouts.append(stats.rollouts)
                    record.rounds += stats.rounds
                    record.tied += stats.tied_rounds
            game.apply(action)
            self.actions.append(action)
            self.step += 1

    def finish(self, game_name: str) -> HandRecord:
        self.play()
        result, record = self.game.result, self.record
        record.delta = sum(result.deltas[s] for s in self.seats) / len(self.seats)
        record.won = record.delta > 0
        if game_name == "sankou":
            record.dealer_tested = result.dealer in self.seats
            record.bid = result.bid
            record.made = result.dealer_points >= result.bid
        return record


def seatings(
    game_name: str, deal: int, tested: Player, other: Player, alone: bool = False
) -> list[Seating]:
    """The deal's seatings: the tested player on seats 0 & 2, then on 1 & 3; ``alone``, on
    each seat in turn."""
    return [
        Seating(GAMES[game_name].deal(deal), deal, tested, other, seats)
        for seats in (ALONE if alone else PAIRS)
    ]


@dataclass(frozen=True)
class Task:
    """One deal of a match, as a worker receives it (``--bids-only``, ``--alone``: see above)."""

    game: str
    deal: int
    tested: Player
    other: Player
    bids_only: bool = False
    alone: bool = False


def play_deal(task: Task) -> tuple[int, list[HandRecord], int]:
    """Every seating of one deal; also the worker's peak memory (KiB)."""
    game_name, deal, tested, other = task.game, task.deal, task.tested, task.other
    seated = seatings(game_name, deal, tested, other, task.alone)
    alike = False
    if task.bids_only:
        for seating in seated:
            seating.play(lambda game: game.phase is Phase.BIDDING)
        alike = seated[0].actions == seated[1].actions
    if alike and deal % VERIFY_EVERY:
        hands = [HandRecord(0.0, False, alike=True) for _ in seated]
    else:
        hands = [seating.finish(game_name) for seating in seated]
        if alike and seated[0].actions != seated[1].actions:
            raise DiffersOutsideBidding(
                f"deal {deal} bid alike in both seatings but was played otherwise: "
                f"{tested.label()} and {other.label()} differ outside their bidding, "
                "so --bids-only cannot measure them"
            )
    return deal, hands, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def run(
    game_name: str,
    deals: int,
    tested: Player,
    other: Player,
    workers: int,
    first: int = 0,
    records: Path | None = None,
    bids_only: bool = False,
    alone: bool = False,
) -> tuple[list[list[HandRecord]], int, float]:
    """Play the deals not yet in ``records`` (if given), appending each one as it finishes."""
    wanted = range(first, first + deals)
    done = _load_records(records, wanted) if records else {}
    tasks = [Task(game_name, d, tested, other, bids_only, alone) for d in wanted if d not in done]
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


def records_path(
    directory: str, game_name: str, tested: Player, other: Player, alone: bool = False
) -> Path:
    path = Path(directory)
    path.mkdir(parents=True, exist_ok=True)
    name = f"{game_name}-{tested.label()}-vs-{other.label()}{'-alone' if alone else ''}.jsonl"
    return path / name.replace(":", "-")


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
    parser.add_argument(
        "--bids-only",
        action="store_true",
        help="三扣, players differing in their bidding alone: play only deals bid otherwise",
    )
    parser.add_argument(
        "--alone",
        action="store_true",
        help="the tested player on one seat against three, each deal from all four seats",
    )
    args = parser.parse_args(argv or [])
    if (args.tested is None) != (args.opponent is None):
        parser.error("give both --tested and --opponent, or neither (the goal suite)")
    oracle = any(p and p.startswith("oracle") for p in (args.tested, args.opponent))
    if oracle and args.games != "sankou":
        parser.error("the oracle plays 三扣 only: --games sankou")
    if args.bids_only and (args.games != "sankou" or args.tested is None):
        parser.error("--bids-only needs --games sankou and a --tested and --opponent pair")
    if args.bids_only and args.alone:
        parser.error("--bids-only compares two seatings: not with --alone")
    matches = [(args.tested, args.opponent)] if args.tested else list(SUITE)
    for game_name in args.games.split(","):
        for tested_text, other_text in matches:
            tested, other = Player.parse(tested_text), Player.parse(other_text)
            records = (
                records_path(args.records, game_name, tested, other, args.alone)
                if args.records
                else None
            )
            if args.report_only:
                if records is None:
                    parser.error("--report-only needs --records")
                done = _load_records(records, range(args.first_deal, args.first_deal + args.deals))
                results = [hands for hands, _ in done.values()]
                peak, wall = max((r for _, r in done.values()), default=0), 0.0
            else:
                try:
                    results, peak, wall = run(
                        game_name,
                        args.deals,
                        tested,
                        other,
                        args.workers,
                        args.first_deal,
                        records,
                        args.bids_only,
                        args.alone,
                    )
                except DiffersOutsideBidding as error:
                    raise SystemExit(f"stopped: {error}") from None
            if not results:
                print(f"{game_name}: {tested.label()} vs {other.label()}: no deals recorded")
                continue
            for line in report(game_name, tested, other, results, peak, wall):
                print(line, flush=True)
