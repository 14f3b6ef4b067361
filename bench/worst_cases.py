"""The worst cases of both games for a player's choices, shared by ``bench.autocomplete`` and
``bench.hand_menus``: tables of a real ``TableService`` brought to where the legal plays are most.

- 三扣: a player void in the led suit, after an 8-card and after a 10-card lead (a tractor of
  spades): C(25, 8) ≈ 1.1 million and C(25, 10) ≈ 3.3 million legal follows;
- 清墩: a 41-card hand leading, and a 41-card hand answering a single.

Each case is made from a seed, so every deal differs. Not a benchmark itself (no ``main``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Awaitable, Callable, Sequence
from types import SimpleNamespace
from typing import Any

from bot.service import DiscardCards, MakeBid, NameTrump, PassTurn, PlayCards, TableService
from engine.cards import deck, format_cards, parse_cards
from engine.qingdun import Game as Qingdun
from engine.sankou import Game as Sankou
from engine.sankou import order_for

LEADS = {8: "3S 3S 4S 4S 5S 5S 6S 6S", 10: "3S 3S 4S 4S 5S 5S 6S 6S 7S 7S"}
USERS = (1, 2, 3, 4)


def void_deal(seed: int, lead: str) -> dict[str, Any]:
    """Seat 0 holds ``lead`` (spades); seat 1 holds 25 cards and no spade (trump: hearts)."""
    rng = random.Random(seed)
    rest = deck(2)
    for card in parse_cards(lead):
        rest.remove(card)
    rng.shuffle(rest)
    spades = order_for(None).suit  # before trump, only 10s and jokers are trumps
    follower = [c for c in rest if spades[c.index] != 0][:25]
    for card in follower:
        rest.remove(card)
    kitty, rest = rest[:8], rest[8:]
    first = parse_cards(lead) + rest[: 25 - len(parse_cards(lead))]
    rest = rest[len(first) - len(parse_cards(lead)) :]
    hands = [first, follower, rest[:25], rest[25:50]]
    return Sankou.from_deal([format_cards(h) for h in hands], format_cards(kitty)).start


def big_qingdun(seed: int) -> int:
    """The next seed from ``seed`` whose first leader and the seat after it hold 41 cards."""
    while True:
        game = Qingdun.deal(seed)
        leader = game.to_move
        assert leader is not None
        if game.hand_sizes[leader] == 41 and game.hand_sizes[(leader + 1) % 4] == 41:
            return seed
        seed += 1


class Tables:
    """One service; each table dealt from the start record queued for it."""

    def __init__(self) -> None:
        self.starts: list[dict[str, Any]] = []
        self.service: TableService = None  # type: ignore[assignment]
        self.channel = 100

    def deal(self, game: str, seed: int, first_bidder: int | None) -> dict[str, Any]:
        return self.starts.pop(0)

    async def open(self, game: str, start: dict[str, Any]) -> int:
        self.channel += 1
        self.starts.append(start)
        update = await self.service.create_table(1, self.channel, 1, "p1", game, {"hands": 1})
        for user in USERS[1:]:
            await self.service.join(update.table_id, user, f"p{user}")
        await self.service.start(update.table_id, 1)
        return update.table_id

    async def act(self, table_id: int, user: int, request: Any) -> None:
        await self.service.act(table_id, user, request, f"{table_id}:{time.perf_counter_ns()}")


def interaction(tables: Tables, table_id: int, user: int) -> Any:
    """What the handler reads of a Discord interaction: the client, the channel, the user."""
    info = tables.service.tables_in_channel(tables.channel)[0]
    assert info.id == table_id
    return SimpleNamespace(
        client=SimpleNamespace(play_verbs=SimpleNamespace(service=tables.service)),
        channel=None,
        channel_id=info.channel_id,
        user=SimpleNamespace(id=user),
        locale="en-US",
    )


async def sankou_case(tables: Tables, seed: int, size: int) -> Any:
    lead = LEADS[size]
    table = await tables.open("sankou", void_deal(seed, lead))
    await tables.act(table, 1, MakeBid(80))
    for user in USERS[1:]:
        await tables.act(table, user, PassTurn())
    dealer = await tables.service.view_for(table, 1)  # the dealer sees the kitty
    await tables.act(table, 1, DiscardCards(list(dealer.kitty)))
    await tables.act(table, 1, NameTrump("H"))
    await tables.act(table, 1, PlayCards(parse_cards(lead)))
    return interaction(tables, table, 2)


async def qingdun_case(tables: Tables, seed: int, answering: bool) -> Any:
    seed = big_qingdun(seed)
    table = await tables.open("qingdun", {"seed": seed})
    info = await tables.service.table_info(table)
    leader = info.seats[info.to_move].user_id
    if not answering:
        return interaction(tables, table, leader)
    view = await tables.service.view_for(table, leader)
    await tables.act(table, leader, PlayCards([view.hand[-1]]))  # its weakest single
    info = await tables.service.table_info(table)
    return interaction(tables, table, info.seats[info.to_move].user_id)


def worst_cases(tables: Tables) -> list[tuple[str, Callable[[int], Awaitable[Any]], bool]]:
    """(name, the case made from a seed, whether it is 三扣) of each worst case."""
    return [
        ("三扣 void follower, 8-card lead", lambda s: sankou_case(tables, s, 8), True),
        ("三扣 void follower, 10-card lead", lambda s: sankou_case(tables, s, 10), True),
        ("清墩 41-card hand leading", lambda s: qingdun_case(tables, s, False), False),
        ("清墩 41-card hand answering", lambda s: qingdun_case(tables, s, True), False),
    ]


def report(rows: Sequence[tuple[str, float, float, float]], goal_ms: float, counted: str) -> None:
    """Print each case's p50 and p99 in ms and its mean of ``counted``, then whether the worst
    p99 meets ``goal_ms``."""
    worst = 0.0
    print(f"{'case':34} {'p50 ms':>8} {'p99 ms':>8} {counted:>8}  (mean {counted} per answer)")
    for name, p50, p99, offered in rows:
        worst = max(worst, p99)
        print(f"{name:34} {p50:8.2f} {p99:8.2f} {offered:8.1f}")
    verdict = "meets" if worst < goal_ms else "MISSES"
    print(f"worst p99 {worst:.2f} ms: {verdict} the goal (< {goal_ms:.0f} ms)")
