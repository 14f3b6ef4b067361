"""What solving 三扣 endings exactly costs, and how often it changes a result, by their size.

A rollout solves the rest of a hand exactly once every hand holds ``ENDGAME_CARDS`` cards or
fewer (``engine.ai.sankou.endgame``). Here hands are played by the heuristic in every seat;
at the first lead where every hand is down to ``--cards``, the ending is solved (CPU time
measured) and compared with the heuristic playing it out: how often the search was too big
(``NODES``), and how often, and by how much, the exact value differs from the heuristic's.

    python -m bench ai_endgame --cards 2,3,4 --hands 100
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine.ai import choose
from engine.ai.sankou import endgame, policy
from engine.ai.sankou.endgame import NODES
from engine.ai.sankou.rollout import playout
from engine.ai.sankou.seen import Memory
from engine.ai.sankou.value import value
from engine.sankou import Game
from engine.sankou.view import Phase


def heuristic_step(game: Game, memory: Memory) -> None:
    """One play by the heuristic (``playout``'s step, stopped by the caller)."""
    mover = game.to_move
    assert mover is not None
    lead = game.lead
    played = game.play_trusted(mover, policy.play(game, mover, memory, pairs=policy.ROLLOUTS_PAIRS))
    memory.record(mover, played, lead, game)


def reach(deal: int, cards: int) -> tuple[Game, Memory] | None:
    """Deal ``deal`` played by the heuristic to its first lead with ``cards`` or fewer in
    each hand, with the heuristic's memory of it; None when the hand ends before (its last
    trick led with more cards than that, a throw or a tractor)."""
    game = Game.deal(deal)
    while game.phase is not Phase.PLAY:
        game.apply(choose(game, game.to_move, level="medium"))
    memory = Memory.empty()
    while not game.over:
        if game.lead is None and len(game.hand(game.to_move)) <= cards:  # type: ignore[arg-type]
            return game, memory
        heuristic_step(game, memory)
    return None


def ending(deal: int, cards: int) -> tuple[float, float | None, float] | None:
    """The ending of ``reach``: the CPU seconds of the exact search, its value for the
    dealer (None: too big) and the heuristic's value of playing the ending out."""
    reached = reach(deal, cards)
    if reached is None:
        return None
    game, memory = reached
    assert game.dealer is not None
    start = time.process_time()
    exact = endgame.solve(game, game.dealer)
    seconds = time.process_time() - start
    playout(game, memory)  # the heuristic plays the ending out, as a rollout would
    assert game.result is not None
    return seconds, exact, value(game.result, game.dealer)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench ai_endgame", description=__doc__)
    parser.add_argument("--cards", default="2,3,4")
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--first-deal", type=int, default=0)
    args = parser.parse_args(argv or [])
    deals = range(args.first_deal, args.first_deal + args.hands)
    for cards in (int(c) for c in args.cards.split(",")):
        found = [ending(deal, cards) for deal in deals]
        runs = [run for run in found if run is not None]
        if not runs:
            print(f"三扣 endings of {cards} cards a hand: none of {len(found)} hands reached one")
            continue
        solved = [(exact, plain) for _, exact, plain in runs if exact is not None]
        differ = [abs(exact - plain) for exact, plain in solved if abs(exact - plain) > 1e-9]
        print(
            f"三扣 endings of {cards} cards a hand, {len(runs)} hands "
            f"({len(found) - len(runs)} more ended before): "
            f"CPU ms per search median {1000 * statistics.median(r[0] for r in runs):.1f}, "
            f"mean {1000 * statistics.fmean(r[0] for r in runs):.1f}; "
            f"too big (> {NODES} positions) {len(runs) - len(solved)}; "
            f"the exact value differs from the heuristic's play in {len(differ)} "
            f"(by {statistics.fmean(differ) if differ else 0:.2f} points for the dealer)",
            flush=True,
        )
