"""Boards over a big ledger: 1,000,000 ledger rows (250,000 hands) in one busy server.

One server, 2,000 players, a year of 清墩 and 三扣 (about 680 hands a day), so every board
reads the largest possible share of the ledger; the last hand is on Sunday 31 January, so the
week and month boards cover a whole calendar week and month. Set-up writes the rows straight
into the tables, as the service would have: hands, the ledger, the settled order, the hand
summaries, the week and month totals and the standings (summed from the ledger in SQL), and
one rating step per player per hand. The ratings themselves are drawn at random: their values
do not change what a query reads.

Printed: the median and p99 time of ``Store.board`` (the real query, through aiosqlite) for
each order and period, the caller inside and outside the top ten, and of a player's statistics
and history. Goal: every board < 50 ms.

``python -m bench board_load`` (also run at the end of ``service_load``).
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from bot.ratings.model import shown
from bot.store import Store
from bot.store.score_rows import period_start

HANDS = 250_000
PLAYERS = 2_000
DAYS = 365
END = 1_801_436_400.0  # Sunday 31 January 2027, 23:00 UTC
GUILD = 1
RUNS = 40
GOAL_MS = 50.0
# Leaving bonuses; the last column (``bonus_counted``) takes them all: the bench times the
# queries, not the once-a-day rule (tests/ratings/test_leaving_bonuses.py checks that).
_BONUS = "SUM(CASE WHEN void AND delta > 0 THEN delta ELSE 0 END)"
_VOID_SUMS = f"{_BONUS}, SUM(CASE WHEN void AND delta < 0 THEN delta ELSE 0 END)"


def populate(path: Path) -> None:
    """Write a year of settled hands and everything derived from them (see the docstring)."""
    rng = random.Random(2026)
    con = sqlite3.connect(path)
    con.execute("PRAGMA synchronous = OFF")
    con.execute("PRAGMA cache_size = -262144")  # 256 MB: bulk inserts into random index spots
    con.execute("PRAGMA temp_store = MEMORY")
    con.executemany(
        "INSERT INTO tables (id, guild_id, channel_id, game, settings, language, status, "
        "creator_id, created_at) VALUES (?, ?, ?, ?, '{}', 'en', 'ended', 1, 0)",
        [(1, GUILD, 1, "qingdun"), (2, GUILD, 2, "sankou")],
    )
    start = END - DAYS * 86400
    hands, ledger, settled, seats = [], [], [], []
    for hand_id in range(1, HANDS + 1):
        at = start + hand_id * DAYS * 86400 / HANDS
        game = "qingdun" if hand_id % 2 else "sankou"
        table = 1 if game == "qingdun" else 2
        players = rng.sample(range(1, PLAYERS + 1), 4)
        void = rng.random() < 0.03
        leaver = rng.randrange(4) if void else None
        dealer = rng.randrange(4)
        winners = {0, 2} if rng.random() < 0.5 else {1, 3}
        hands.append((hand_id, table, hand_id, '{"seed": 1}', at, at,
                      "void" if void else "complete"))  # fmt: skip
        for seat, user in enumerate(players):
            if void:
                won, delta = False, -9 if seat == leaver else 3
            elif game == "qingdun":
                won = seat in winners
                delta = 10 if won else -10
            else:
                made = hand_id % 3 != 0
                won = made == (seat == dealer)
                delta = (3 if won else -3) * (3 if seat == dealer else 1)
            is_dealer = game == "sankou" and not void and seat == dealer
            ledger.append((hand_id, seat, table, user, f"player {user}", game, GUILD, delta,
                           "left" if void else "normal", void, won, seat == leaver, 0, 0,
                           is_dealer and won, is_dealer and not won, at))  # fmt: skip
            seats.append((hand_id, seat, None, seat == 0, 100 if game == "qingdun" else None,
                          85 if is_dealer else None, 85 if is_dealer else None, 0, 0))  # fmt: skip
        settled.append((hand_id, hand_id, GUILD, game, at))
    con.executemany(
        "INSERT INTO hands (id, table_id, number, start, started_at, ended_at, outcome) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        hands,
    )
    con.executemany(f"INSERT INTO ledger VALUES ({', '.join('?' * 17)})", ledger)
    con.executemany("INSERT INTO settled_hands VALUES (?, ?, ?, ?, ?)", settled)
    con.executemany(f"INSERT INTO hand_seats VALUES ({', '.join('?' * 9)})", seats)
    day = "CAST(at / 86400 AS INTEGER)"
    starts = {
        "week": f"{day} - ({day} + 3) % 7",
        "month": "CAST(julianday(date(at, 'unixepoch', 'start of month')) - 2440587.5 AS INTEGER)",
    }
    for period, start_day in starts.items():
        con.execute(
            f"INSERT INTO standing_periods SELECT guild_id, game, '{period}', {start_day}, "
            "user_id, SUM(NOT void), SUM(won AND NOT void), "
            f"SUM(CASE WHEN void THEN 0 ELSE delta END), SUM(void), {_VOID_SUMS}, {_BONUS} "
            "FROM ledger "
            f"GROUP BY guild_id, game, {start_day}, user_id"
        )
    standings = con.execute(
        "SELECT guild_id, game, user_id, MAX(name), SUM(NOT void), SUM(won AND NOT void), "
        f"SUM(CASE WHEN void THEN 0 ELSE delta END), SUM(void), {_VOID_SUMS}, SUM(left_hand), "
        f"MAX(at), {_BONUS} FROM ledger "
        "GROUP BY guild_id, game, user_id"
    ).fetchall()
    rows = []
    for guild, game, user, name, *counts, last, counted in standings:
        mu, sigma = rng.gauss(25, 3), rng.uniform(1.5, 3)
        rows.append((guild, game, user, "", name, mu, sigma, shown(mu, sigma), *counts, last,
                     counted))  # fmt: skip
    con.executemany(f"INSERT INTO standings VALUES ({', '.join('?' * 17)})", rows)
    steps = sorted(
        (GUILD, game, user, at, hand_id, 25.0, 2.0, 1000 + seat, 1000)
        for hand_id, seat, _, user, _, game, *_, at in ledger
    )  # in key order: the table is filled front to back
    con.executemany("INSERT INTO rating_steps VALUES (?, ?, ?, '', ?, ?, ?, ?, ?, ?)", steps)
    con.commit()
    con.close()


def percentile(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


async def timed(label: str, call) -> float:  # type: ignore[no-untyped-def]
    await call()  # warm the page cache and the statement cache
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        await call()
        times.append((time.perf_counter() - started) * 1000)
    median, p99 = statistics.median(times), percentile(times, 99)
    print(f"  {label:<44} median {median:6.2f} ms   p99 {p99:6.2f} ms", flush=True)
    return p99


async def run() -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "boards.db"
        await (await Store.open(path)).close()
        started = time.perf_counter()
        populate(path)
        print(f"set-up: {HANDS:,} hands, {4 * HANDS:,} ledger rows, {PLAYERS:,} players in one "
              f"server, in {time.perf_counter() - started:.0f} s", flush=True)  # fmt: skip
        store = await Store.open(path)
        worst = 0.0
        try:
            for by in ("rating", "points"):
                for period in ("all", "month", "week"):
                    start = None if period == "all" else period_start(period, END)
                    for me, where in ((17, "caller anywhere"), (PLAYERS + 1, "caller new")):

                        async def board(by=by, period=period, start=start, me=me) -> None:  # type: ignore[no-untyped-def]
                            await store.board(GUILD, "qingdun", by=by, period=period,
                                              start_day=start, min_hands=5, me=me)  # fmt: skip

                        label = f"board {by:<6} {period:<5} ({where})"
                        worst = max(worst, await timed(label, board))
            await timed("statistics of one player (both games)", lambda: _stats(store))
            await timed("history of one player", lambda: store.recent_hands(
                guild_id=GUILD, user_id=17, limit=10))  # fmt: skip
        finally:
            await store.close()
    ok = worst < GOAL_MS
    print(f"  {'board p99 (worst)':>18}: {worst:7.2f} ms  goal < {GOAL_MS:g} ms  "
          f"ratio {worst / GOAL_MS:4.2f}  {'ok' if ok else 'MISSED'}")  # fmt: skip


async def _stats(store: Store) -> None:
    for game in ("qingdun", "sankou"):
        await store.game_stats(GUILD, 17, game, min_hands=5, trend_since=END - 7 * 86400)


def main() -> None:
    asyncio.run(run())


if __name__ == "__main__":
    main()
