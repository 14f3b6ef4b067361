"""三扣 engine speed: random legal play of whole hands, next to RLCard's Dou Dizhu.

Two numbers against the goals of issue 3:
- card plays per second of whole hands (deal, bidding, kitty, trump and every play included,
  but only plays counted), and its ratio to RLCard Dou Dizhu steps per second measured in the
  same run (goal ≥ 1.0×);
- the median time to check one follow for legality (goal < 0.2 ms), and the median time of the
  worst case the issue names: a throw, checked against the three other hands.

Run: ``.venv/bin/python -m bench.sankou_engine``.
"""

from __future__ import annotations

import random
import statistics
import time

from bench.rlcard_baseline import doudizhu_steps_per_second
from engine.actions import Play
from engine.cards import Card
from engine.sankou import Game, Kind, classify_lead, random_action, random_play


def sankou_plays_per_second(seconds: float = 3.0, seed: int = 0) -> float:
    """Whole hands of random legal play for about ``seconds``; plays per second."""
    rng = random.Random(seed)
    plays = 0
    hand = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        game = Game.deal(seed * 100_003 + hand)
        hand += 1
        while not game.over:
            action = random_action(game, rng)
            game.apply(action)
            plays += isinstance(action, Play)
        now = time.perf_counter()
        if now >= deadline:
            return plays / (now - start)


def _games_in_play(count: int, seed: int) -> list[Game]:
    """Hands advanced to a random point of the play phase."""
    rng = random.Random(seed)
    games = []
    for n in range(count):
        game = Game.deal(seed + n)
        while game.phase != "play":
            game.apply(random_action(game, rng))
        for _ in range(rng.randrange(0, 60)):
            if game.over:
                break
            game.apply(random_action(game, rng))
        if not game.over:
            games.append(game)
    return games


def follow_check_times(samples: int = 2000, seed: int = 1) -> list[float]:
    """Seconds to check one follow (``is_legal``) at random trick positions."""
    rng = random.Random(seed)
    times = []
    games = _games_in_play(200, seed)
    for i in range(samples):
        game = games[i % len(games)]
        seat = game.to_move
        assert seat is not None
        if game.lead is None:  # make it a follow
            game.apply(Play(seat, tuple(random_play(game, seat, rng))))
            if game.over or game.lead is None:
                continue
            seat = game.to_move
            assert seat is not None
        cards = random_play(game, seat, rng)
        t0 = time.perf_counter()
        ok = game.is_legal(seat, cards)
        times.append(time.perf_counter() - t0)
        assert ok
    return times


def throw_check_times(samples: int = 2000, seed: int = 2) -> list[float]:
    """Seconds to play a throw of 3-6 side cards: classified and checked against three hands."""
    rng = random.Random(seed)
    times = []
    for game in _games_in_play(400, seed):
        seat = game.to_move
        if seat is None or game.lead is not None:
            continue
        order = game.order
        by_suit: dict[int, list[Card]] = {}
        for card in game.hand(seat):
            if not order.is_trump(card):
                by_suit.setdefault(order.suit[card.index], []).append(card)
        suits = [cards for cards in by_suit.values() if len(cards) >= 3]
        if not suits:
            continue
        throw = rng.choice(suits)
        throw = rng.sample(throw, rng.randint(3, min(6, len(throw))))
        if classify_lead(throw, order).kind is not Kind.THROW:
            continue
        t0 = time.perf_counter()
        game.play(seat, throw)  # classify, check against the three hands, play it
        times.append(time.perf_counter() - t0)
        if len(times) >= samples:
            break
    return times


def main() -> None:
    ours = sankou_plays_per_second()
    theirs = doudizhu_steps_per_second()
    print(f"三扣 random legal play:        {ours:>10,.0f} card plays/s")
    print(f"RLCard Dou Dizhu random play:  {theirs:>10,.0f} steps/s")
    print(f"ratio:                         {ours / theirs:>10.2f}×  (goal ≥ 1.0×)")
    follow = statistics.median(follow_check_times()) * 1000
    print(f"median follow legality check:  {follow:>10.4f} ms  (goal < 0.2 ms)")
    throw = statistics.median(throw_check_times()) * 1000
    print(f"median throw vs three hands:   {throw:>10.4f} ms  (goal < 0.2 ms)")


if __name__ == "__main__":
    main()
