"""A learned leaf value for 三扣 rollouts (issue 24, item 7): fit it, and play with it.

A rollout plays a sampled world to its end. This cuts it after ``DEPTH`` tricks have been
led and values the rest with a linear model of what the dealer still takes, fitted on the
heuristic's own play (DouZero's recipe scaled to this machine: counts of a position, a
ridge fit in pure Python on CPU): a play-out of about half the CPU (``bench ai_search``
reads 0.89 against 1.89 ms a rollout), so at equal time the search sees twice the worlds.
The exact endings still apply when a world reaches one before the cut.

The data: deals played by the middle level (its auction, kitty and trump), then by the
rollouts' heuristic in every seat on the true cards; at each trick's lead, the counts of
``FEATURES`` (every hand is known, as in a sampled world) and the points the dealer takes
from there to the end (its kitty's 保底 included). One model for each stage of the hand
(``STAGES``: cards left in the dealer's hand), three quarters of the deals fit, a quarter
judges. The value of a cut rollout is the contract's expected score under a spread of the
predicted points that adds the model's error to the rollouts' own (``value.SIGMA``).

``strong-leaf:2N`` (``bench/ai_players.py``) is the strong player with it in its play
decisions and ``BIG_FACTOR`` 2, so that at twice the play rollouts of ``strong:N`` its bids
and kitty get the same ``4N``. Measured, and not kept: docs/ai.md ("A learned leaf value").

    python -m bench ai_leaf --deals 20000 --first-deal 30000 --workers 2
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
from collections.abc import Callable, Sequence
from functools import lru_cache

from bench.ai_handvalue import ridge
from engine.ai import choose
from engine.ai.sankou import policy
from engine.ai.sankou.endgame import ENDGAME_CARDS, solve
from engine.ai.sankou.player import World, play_evaluator
from engine.ai.sankou.seen import Memory
from engine.ai.sankou.value import SIGMA, spread_value, value
from engine.ai.value import kernel
from engine.cards import Card
from engine.sankou import Game
from engine.sankou.order import TRUMP
from engine.sankou.view import Phase

#: Tricks led in a rollout before the model values the rest.
DEPTH = 3
#: The counts the model reads (every hand known), in ``features`` order.
FEATURES = (
    "constant",
    "points in the hands",
    "points in the kitty",
    "points in the dealer's hand",
    "dealer's trumps",
    "defenders' trumps",
    "most trumps of a defender",
    "dealer's trumps above every defender's",
    "dealer's jokers and 10s",
    "defenders' jokers and 10s",
    "side suits the dealer lacks and a defender holds",
    "dealer's side cards above every defender's",
    "cards in the dealer's hand",
    "the dealer leads",
    "points in the hands × the dealer's share of trumps",
    "points in the kitty × the dealer's share of trumps",
    "points in the hands × the dealer's top trumps a card",
    "points in the kitty, the defenders out of trumps",
    "points in the hands × the dealer's voids / 3",
    "points in the dealer's hand × its share of trumps",
)
#: Where ``features`` holds the points still in play and the stage's count.
HANDS_POINTS = FEATURES.index("points in the hands")
KITTY_POINTS = FEATURES.index("points in the kitty")
CARDS = FEATURES.index("cards in the dealer's hand")
#: The stages, by the most cards in the dealer's hand: one model each.
STAGES = (4, 8, 13, 19, 25)
#: Per stage: the weights of ``FEATURES`` and the error of the points predicted (fitted on
#: deals 30000-49999 by this module, 393,727 positions).
MODELS: tuple[tuple[tuple[float, ...], float], ...] = (
    (
        (
            -1.2564520259342036,
            0.16169597087634552,
            -0.12275096928044069,
            0.015301196577422854,
            3.2140063591069143,
            1.1335708223246546,
            -1.484492829026212,
            -2.5889264739184377,
            0.9165752333788807,
            -4.263516901876929,
            -0.27351057161775233,
            2.8925568481256034,
            -0.6184344933999043,
            1.929603098358235,
            0.35929612625978435,
            1.2850436268314105,
            0.4129319513573596,
            -0.17709610044990007,
            0.08191454223903497,
            -0.037793838484219584,
        ),
        5.142515298994033,
    ),
    (
        (
            -1.9588960657948324,
            0.26509139404160487,
            -0.3003278478592073,
            0.15793830713094645,
            3.1876483010615164,
            1.487528714136836,
            -3.7873328763227625,
            -3.1279100272307403,
            1.2243534550881363,
            -4.904928261600766,
            1.5126452214903188,
            3.1470964728554134,
            -0.6173028492960394,
            1.7347965544921178,
            0.17763377771636257,
            1.6924339577597327,
            0.3488403979626739,
            -0.4692965119683422,
            0.0639551926892058,
            0.007728407677742894,
        ),
        9.88976987083141,
    ),
    (
        (
            -9.100315488069642,
            0.3830878771731138,
            -0.12469422310804659,
            0.29974173186965875,
            2.931751433803312,
            0.613498553667142,
            -4.4552721020484904,
            -3.015026385754273,
            1.519035464833911,
            -4.042473087571539,
            5.270640982036036,
            3.596004028217852,
            -0.24473237076935603,
            1.429100452237014,
            -0.08479219230229026,
            1.3464685320847694,
            0.27167433449460626,
            -0.34805120524995253,
            0.028289125629554,
            0.14078525315508794,
        ),
        13.89316494582713,
    ),
    (
        (
            -19.7182610070394,
            0.469425840805906,
            0.34360771417557034,
            0.5862395150814799,
            4.676932254923924,
            -0.9126453755013441,
            -5.51684924150018,
            -2.717848189191527,
            1.340865725357887,
            -2.566273579602106,
            2.28982949860586,
            3.717504647088028,
            -0.1458283475681908,
            2.70509157390348,
            -0.3318354522503946,
            0.6447179127908855,
            0.21386894258966238,
            -0.10555448928436559,
            0.2410624451001011,
            -0.049449530455132576,
        ),
        18.67022031919279,
    ),
    (
        (
            -5.310146330564976,
            0.41035133871697954,
            0.2297151983971308,
            0.9755551369640189,
            8.761554796467975,
            -2.722300192292413,
            -5.973793221966543,
            -12.270792412063773,
            1.6560097355703756,
            -1.017302066750756,
            -18.18447158924542,
            3.7062692518362566,
            -1.05915162435417,
            1.7718484397961585,
            -0.402776352991152,
            1.1821954711674176,
            1.9331133234918212,
            0.0,
            0.5867480466569089,
            -0.9612169032157974,
        ),
        24.712006078815335,
    ),
)

Sample = tuple[tuple[float, ...], int]  # features, the points the dealer takes from here


def stage(cards: int) -> int:
    """The index in ``STAGES`` of a dealer's hand of ``cards`` cards."""
    return next(i for i, most in enumerate(STAGES) if cards <= most)


def features(game: Game) -> tuple[float, ...]:
    """The counts of ``FEATURES`` in a play-phase position where every hand is known."""
    suit, strength = game.order.suit, game.order.strength
    dealer = game.dealer
    assert dealer is not None
    hands = game.hands
    own = hands[dealer]
    defenders = [hands[s] for s in range(4) if s != dealer]
    points = sum(c.points for hand in hands for c in hand)
    kitty = sum(c.points for c in game.kitty)
    own_points = sum(c.points for c in own)
    trumps = [c for c in own if suit[c.index] == TRUMP]
    theirs = [[c for c in hand if suit[c.index] == TRUMP] for hand in defenders]
    their_count = sum(len(t) for t in theirs)
    top = max((strength[c.index] for t in theirs for c in t), default=0)
    masters = sum(1 for c in trumps if strength[c.index] > top)
    voids = side_masters = 0
    for s in range(4):
        mine = [c for c in own if suit[c.index] == s]
        held = [strength[c.index] for hand in defenders for c in hand if suit[c.index] == s]
        if not mine and held:
            voids += 1
        best = max(held, default=0)
        side_masters += sum(1 for c in mine if strength[c.index] > best)
    share = len(trumps) / (len(trumps) + their_count) if trumps or their_count else 0.5
    cards = len(own)
    return (
        1.0,
        points,
        kitty,
        own_points,
        len(trumps),
        their_count,
        max(len(t) for t in theirs),
        masters,
        sum(1 for c in trumps if strength[c.index] >= 20),
        sum(1 for t in theirs for c in t if strength[c.index] >= 20),
        voids,
        side_masters,
        cards,
        1.0 if game.to_move == dealer else 0.0,
        points * share,
        kitty * share,
        points * masters / max(1, cards),
        kitty * (1.0 if their_count == 0 else 0.0),
        points * voids / 3,
        own_points * share,
    )


def predicted(game: Game) -> tuple[int, int]:
    """The points the dealer is expected to have at the end, and the stage's model."""
    counts = features(game)
    index = stage(int(counts[CARDS]))
    weights, _ = MODELS[index]
    rest = sum(w * x for w, x in zip(weights, counts, strict=True))
    left = counts[HANDS_POINTS] + counts[KITTY_POINTS]
    return game.dealer_points + round(min(left, max(0.0, rest))), index


@lru_cache(maxsize=16384)
def _dealer_value(bid: int, points: int, index: int) -> float:
    return spread_value(bid, points, kernel(math.hypot(SIGMA, MODELS[index][1])))


def leaf_value(game: Game, seat: int) -> float:
    """``seat``'s value of a cut rollout: the contract's expected score at the points the
    model predicts, spread by its error."""
    points, index = predicted(game)
    dealer = _dealer_value(game.contract, points, index)  # type: ignore[arg-type]
    return dealer if seat == game.dealer else -dealer / 3


def finish(game: Game, memory: Memory, seat: int) -> float:
    """``rollout.finish`` cut after ``DEPTH`` leads, the rest valued by the model (a small
    ending met before the cut is solved exactly, as there)."""
    leads = 0
    tried = False
    while not game.over:
        mover = game.to_move
        assert mover is not None
        lead = game.lead
        if lead is None:
            if len(game.hand(mover)) <= ENDGAME_CARDS and not tried:
                tried = True
                exact = solve(game, seat)
                if exact is not None:
                    return exact
            elif leads >= DEPTH:
                return leaf_value(game, seat)
            leads += 1
        cards = policy.play(game, mover, memory, pairs=policy.ROLLOUTS_PAIRS)
        memory.record(mover, game.play_trusted(mover, cards), lead, game)
    assert game.result is not None
    return value(game.result, seat)


def evaluator(seat: int) -> Callable[[World, list[Card]], float]:
    """``player.play_evaluator`` with the cut rollouts (what ``strong-leaf`` puts in its
    place while it decides)."""
    return play_evaluator(seat, finish)


# ---------------------------------------------------------------------------------------
# Fitting


def set_up(deal: int) -> Game:
    """``deal`` bid, buried and trumped by the middle level, at its first lead."""
    game = Game.deal(deal, deal % 4)
    while game.phase is not Phase.PLAY and not game.over:
        game.apply(choose(game, game.to_move, level="medium", seed=deal))  # type: ignore[arg-type]
    return game


def one_deal(deal: int) -> list[Sample]:
    """The positions at each lead of ``deal``, set up by the middle level and played by the
    rollouts' heuristic, with the points the dealer takes from each to the end."""
    game = set_up(deal)
    if game.over:
        return []
    memory = Memory.of(game)
    rows: list[tuple[tuple[float, ...], int]] = []
    while not game.over:
        mover = game.to_move
        assert mover is not None
        lead = game.lead
        if lead is None:
            rows.append((features(game), game.dealer_points))
        cards = policy.play(game, mover, memory, pairs=policy.ROLLOUTS_PAIRS)
        memory.record(mover, game.play_trusted(mover, cards), lead, game)
    assert game.result is not None
    final = game.result.dealer_points
    return [(x, final - before) for x, before in rows]


def error(weights: Sequence[float], samples: Sequence[Sample]) -> float:
    """The root mean square error of the points predicted by ``weights``."""
    errors = [sum(w * v for w, v in zip(weights, x, strict=True)) - y for x, y in samples]
    return math.sqrt(statistics.fmean(e * e for e in errors))


def by_stage(per_deal: Sequence[list[Sample]]) -> list[list[Sample]]:
    staged: list[list[Sample]] = [[] for _ in STAGES]
    for rows in per_deal:
        for row in rows:
            staged[stage(int(row[0][CARDS]))].append(row)
    return staged


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--first-deal", type=int, default=30000)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv or [])
    deals = range(args.first_deal, args.first_deal + args.deals)
    if args.workers > 1:
        with multiprocessing.Pool(args.workers) as pool:
            per_deal = pool.map(one_deal, deals, chunksize=20)
    else:
        per_deal = [one_deal(d) for d in deals]
    cut = len(per_deal) * 3 // 4
    train, test = by_stage(per_deal[:cut]), by_stage(per_deal[cut:])
    print(f"{sum(map(len, train))} positions fit, {sum(map(len, test))} judge")
    print("stage (dealer's cards)   points to come: mean, sd   explained   error")
    for most, fitting, judging in zip(STAGES, train, test, strict=True):
        points = [y for _, y in judging]
        rmse = error(ridge(fitting), judging)
        share = 1 - rmse**2 / statistics.pvariance(points)
        mean, sd = statistics.fmean(points), statistics.pstdev(points)
        print(f"  up to {most:>2}{'':14}{mean:5.1f}, {sd:4.1f}{'':8}{share:.3f}{'':5}{rmse:.1f}")
    print("MODELS, fitted on all the positions:")
    for rows in (a + b for a, b in zip(train, test, strict=True)):
        weights = ridge(rows)
        print(f"    (({', '.join(map(repr, weights))}), {error(weights, rows)!r}),")


if __name__ == "__main__":
    main()
