"""Scripted settled hands written the way the service writes them, on a real SQLite file."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.ratings import Tally, record_hand
from bot.store import LedgerEntry, Store
from bot.store.score_rows import HandSeatRow, SeatLine

T0 = 1_800_000_000.0  # a Friday, 08:00 UTC
DAY = 86400.0


@dataclass(frozen=True, slots=True)
class Seat:
    user_id: int | None  # None: a bot
    delta: int
    won: bool = False
    left: bool = False
    dealer: bool = False
    name: str | None = None
    level: str | None = None  # a bot's level


class Scripted:
    """Writes settled hands: a table per (guild, game), hands numbered in order."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: dict[tuple[int, str], int] = {}
        self.numbers: dict[int, int] = {}

    async def hand(
        self, game: str, seats: Sequence[Seat], *, at: float, guild: int = 1, void: bool = False
    ) -> Tally:
        async with self.store.transaction() as tx:
            table = self.tables.get((guild, game))
            if table is None:
                table = await tx.insert_table(
                    guild_id=guild, channel_id=5, game=game, settings={}, language="en",
                    creator_id=1, created_at=at,
                )  # fmt: skip
                self.tables[(guild, game)] = table
            number = self.numbers[table] = self.numbers.get(table, 0) + 1
            hand_id = await tx.insert_hand(table, number, {"seed": number}, at)
            await tx.finish_hand(hand_id, "void" if void else "complete", {}, at)
            names = [s.name or (f"u{s.user_id}" if s.user_id else f"Bot {i}")
                     for i, s in enumerate(seats)]  # fmt: skip
            await tx.add_ledger(
                hand_id=hand_id, table_id=table, game=game, guild_id=guild, at=at,
                entries=[
                    LedgerEntry(seat=i, user_id=s.user_id, name=names[i], delta=s.delta,
                                kind="left" if void else "normal", void=void, won=s.won,
                                left_hand=s.left, dealer_made=s.dealer and s.won,
                                dealer_failed=s.dealer and not s.won)
                    for i, s in enumerate(seats)
                ],
            )  # fmt: skip
            levels = [s.level or ("simple" if s.user_id is None else None) for s in seats]
            return await record_hand(
                tx,
                hand_id=hand_id,
                guild_id=guild,
                game=game,
                at=at,
                void=void,
                seats=[
                    SeatLine(i, s.user_id, levels[i], names[i], s.delta, s.won, s.left, s.dealer)
                    for i, s in enumerate(seats)
                ],
                summaries=[HandSeatRow(i, levels[i]) for i in range(len(seats))],
            )

    async def qingdun(
        self, team_a: tuple[int | None, int | None], team_b: tuple[int | None, int | None],
        *, a_wins: bool = True, delta: int = 10, at: float = T0, guild: int = 1,
    ) -> Tally:  # fmt: skip
        """Seats 0 & 2 are ``team_a``, 1 & 3 ``team_b``."""
        sign = 1 if a_wins else -1
        seats = [
            Seat(team_a[0], sign * delta, a_wins),
            Seat(team_b[0], -sign * delta, not a_wins),
            Seat(team_a[1], sign * delta, a_wins),
            Seat(team_b[1], -sign * delta, not a_wins),
        ]
        return await self.hand("qingdun", seats, at=at, guild=guild)
