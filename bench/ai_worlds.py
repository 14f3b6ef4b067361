"""How true a 三扣 defender's worlds are: the hidden cards it samples beside the true deal.

Each deal is played by the strong player at 20 rollouts while the seats bid, bury and name
trump, and by the middle level in play. At each defender's first decision after 1, 4, 8,
12, 16 and 20 tricks, its sampler (``engine.ai.sankou.sampling``) deals ``--worlds`` worlds,
and they are set beside the real hands and kitty:

- the squared error of each card's expected copies (sampled against true), summed over the
  54 cards, a position, in the dealer's hand and in the kitty;
- the kitty's points: sampled, true, and the mean error of a world;
- by kind of card (jokers, other trumps, side aces, kings, 5s, jacks and queens, the low
  ranks), the copies a world holds in the dealer's hand, the kitty and the other
  defenders' hands, against the true ones.

``--without NAME[,NAME]`` measures the worlds of the strong player's ablations
(``bench.ai_players.ABLATIONS``: ``burial``, ``jokers``; ``burial,jokers`` are the worlds
before 7 December 2026) for comparison.

    python -m bench ai_worlds --first-deal 150 --deals 150
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Sequence
from contextlib import ExitStack

from bench.ai_players import ABLATIONS, ablated
from bench.pool import pool
from engine.ai import decide
from engine.ai.sankou.sampling import KITTY, Sampler
from engine.cards import ACE, ALL_CARDS, JACK, KING, QUEEN, Card
from engine.sankou.game import Game
from engine.sankou.order import TRUMP, CardOrder
from engine.sankou.view import Phase

TRICKS = (1, 4, 8, 12, 16, 20)
SETUP_ROLLOUTS = 20
KINDS = ("jokers", "trumps", "aces", "kings", "5s", "jacks, queens", "2-9")
SIDE = {ACE: "aces", KING: "kings", 5: "5s", JACK: "jacks, queens", QUEEN: "jacks, queens"}
SLOTS = ("dealer", "kitty", "defenders")


def kind(card: Card, order: CardOrder) -> str:
    if card.suit is None:
        return "jokers"
    if order.suit[card.index] == TRUMP:
        return "trumps"
    return SIDE.get(card.rank, "2-9")


def tally(into: list[list[float]], slots: list[Sequence[Card]], share: float) -> None:
    """Add ``share`` a copy to ``into`` (one row a slot of ``SLOTS``) for the cards of the
    dealer's hand, the kitty and each other defender's hand, in that order."""
    for n, held in enumerate(slots):
        row = into[min(n, len(SLOTS) - 1)]
        for card in held:
            row[card.index] += share


def measure(game: Game, seat: int, worlds: int, rng: random.Random) -> Counter[str]:
    """The sums for one position: ``seat`` (a defender) samples ``worlds`` worlds."""
    dealer = game.dealer
    assert dealer is not None
    others = [s for s in range(4) if s not in (seat, dealer)]
    sampler = Sampler(game.observation(seat))
    expected = [[0.0] * 54 for _ in SLOTS]
    points = error = 0.0
    true_points = sum(card.points for card in game.kitty)
    for _ in range(worlds):
        hidden = sampler.hidden(rng)
        tally(expected, [hidden[dealer], hidden[KITTY], *(hidden[s] for s in others)], 1 / worlds)
        kitty_points = sum(card.points for card in hidden[KITTY])
        points += kitty_points / worlds
        error += abs(kitty_points - true_points) / worlds
    truth = [[0.0] * 54 for _ in SLOTS]
    tally(truth, [game.hand(dealer), game.kitty, *(game.hand(s) for s in others)], 1)
    sums: Counter[str] = Counter(positions=1, points=points, true_points=true_points, error=error)
    for n, slot in enumerate(SLOTS):
        for i in range(54):
            sums[f"squared {slot}"] += (expected[n][i] - truth[n][i]) ** 2
            sort = kind(ALL_CARDS[i], game.order)
            sums[f"sampled {slot} {sort}"] += expected[n][i]
            sums[f"true {slot} {sort}"] += truth[n][i]
    return sums


def deal_sums(job: tuple[int, int, tuple[str, ...]]) -> Counter[str]:
    """Deal ``deal`` played out, and the sums of every position measured in it."""
    deal, worlds, without = job
    game = Game.deal(deal)
    sums: Counter[str] = Counter()
    measured = set()
    with ExitStack() as stack:
        for name in without:
            stack.enter_context(ablated(name))
        while not game.over:
            seat = game.to_move
            assert seat is not None
            obs = game.observation(seat)
            tricks = len(game.tricks)
            playing = obs.phase is Phase.PLAY
            if (
                playing
                and seat != game.dealer
                and tricks in TRICKS
                and (tricks, seat) not in measured
            ):
                measured.add((tricks, seat))
                rng = random.Random(deal * 100 + tricks * 4 + seat)
                sums += measure(game, seat, worlds, rng)
            seed = deal * 1000 + len(game.actions)
            level = "medium" if playing else "strong"
            game.apply(decide(obs, level=level, seed=seed, simulations=SETUP_ROLLOUTS))
    return sums


def report(sums: Counter[str]) -> str:
    n = sums["positions"]
    if not n:
        return "no positions measured"
    squared = ", ".join(f"{slot} {sums[f'squared {slot}'] / n:.3f}" for slot in SLOTS)
    lines = [
        f"{n:.0f} positions; squared error of the expected copies a position: {squared}",
        f"kitty points: sampled {sums['points'] / n:.2f}, true {sums['true_points'] / n:.2f}, "
        f"mean error of a world {sums['error'] / n:.2f}",
        "copies a world holds, sampled / true:",
        f"  {'':14}" + "".join(f"{slot:>16}" for slot in SLOTS),
    ]
    for sort in KINDS:
        cells = [
            f"{sums[f'sampled {s} {sort}'] / n:.2f} / {sums[f'true {s} {sort}'] / n:.2f}"
            for s in SLOTS
        ]
        lines.append(f"  {sort:14}" + "".join(f"{cell:>16}" for cell in cells))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench ai_worlds", description=__doc__)
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--first-deal", type=int, default=150)
    parser.add_argument("--worlds", type=int, default=30)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--without", default="", help="ablations, e.g. burial,jokers")
    args = parser.parse_args(argv)
    without = tuple(name for name in args.without.split(",") if name)
    unknown = [name for name in without if name not in ABLATIONS]
    if unknown:
        parser.error(f"unknown ablation {unknown[0]!r}: choose from {', '.join(ABLATIONS)}")
    jobs = [(d, args.worlds, without) for d in range(args.first_deal, args.first_deal + args.deals)]
    total: Counter[str] = Counter()
    with pool(args.workers, "nothing (the figures need every deal)") as workers:
        for sums in workers.imap_unordered(deal_sums, jobs):
            total += sums
    label = f" without {', '.join(without)}" if without else ""
    last = args.first_deal + args.deals - 1
    print(f"三扣 defenders' worlds{label}, deals {args.first_deal}-{last}:")
    print(report(total))
