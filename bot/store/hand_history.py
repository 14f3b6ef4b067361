"""The SQL of hand history and replays, for both databases (a part of ``ScoreReads``)."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from bot.store.score_rows import HandLine, HandSeat, StoredHand

_HAND = (
    "h.id, t.guild_id, h.table_id, h.number, t.game, h.started_at, h.ended_at, h.outcome, h.result"
)


class HandReads:
    """A table's or a player's latest hands, and everything stored about one hand."""

    _all: Callable[..., Awaitable[list[Any]]]

    async def recent_hands(
        self,
        *,
        table_id: int | None = None,
        guild_id: int | None = None,
        user_id: int | None = None,
        limit: int = 10,
    ) -> list[HandLine]:
        """A table's latest hands (running ones too), or a player's latest settled hands."""
        if table_id is not None:
            rows = await self._all(
                f"SELECT {_HAND} FROM hands h JOIN tables t ON t.id = h.table_id "
                "WHERE h.table_id = ? ORDER BY h.number DESC LIMIT ?",
                (table_id, limit),
            )
        else:
            rows = await self._all(
                f"SELECT {_HAND} FROM (SELECT hand_id, at FROM ledger "
                "WHERE guild_id = ? AND user_id = ? ORDER BY at DESC LIMIT ?) l "
                "JOIN hands h ON h.id = l.hand_id JOIN tables t ON t.id = h.table_id "
                "ORDER BY l.at DESC, h.id DESC",
                (guild_id, user_id, limit),
            )
        return await self._hand_lines(rows)

    async def stored_hand(self, hand_id: int) -> StoredHand | None:
        rows = await self._all(
            f"SELECT {_HAND}, h.start FROM hands h JOIN tables t ON t.id = h.table_id "
            "WHERE h.id = ?",
            (hand_id,),
        )
        if not rows:
            return None
        [line] = await self._hand_lines([rows[0][:-1]])
        actions = await self._all(
            "SELECT action FROM actions WHERE hand_id = ? ORDER BY seq", (hand_id,)
        )
        return StoredHand(line, json.loads(rows[0][-1]), tuple(json.loads(a) for (a,) in actions))

    async def _hand_lines(self, rows: list[Any]) -> list[HandLine]:
        """Hand rows with their seats: from the ledger once settled, else the table's seats."""
        if not rows:
            return []
        ids = [row[0] for row in rows]
        marks = ",".join("?" * len(ids))
        seats: dict[int, list[HandSeat]] = {}
        for hand_id, seat, user_id, name, delta, level in await self._all(
            "SELECT l.hand_id, l.seat, l.user_id, l.name, l.delta, hs.bot_level FROM ledger l "
            "LEFT JOIN hand_seats hs ON hs.hand_id = l.hand_id AND hs.seat = l.seat "
            f"WHERE l.hand_id IN ({marks}) ORDER BY l.hand_id, l.seat",
            tuple(ids),
        ):
            seats.setdefault(hand_id, []).append(HandSeat(seat, user_id, name, delta, level))
        unsettled = sorted({row[2] for row in rows if row[0] not in seats})
        sitting: dict[int, list[HandSeat]] = {}
        if unsettled:
            table_marks = ",".join("?" * len(unsettled))
            for table_id, seat, user_id, name in await self._all(
                "SELECT table_id, seat, user_id, name FROM seats "
                f"WHERE table_id IN ({table_marks}) ORDER BY table_id, seat",
                tuple(unsettled),
            ):
                sitting.setdefault(table_id, []).append(HandSeat(seat, user_id, name, None, None))
        return [
            HandLine(
                hand_id=row[0],
                guild_id=row[1],
                table_id=row[2],
                number=row[3],
                game=row[4],
                started_at=row[5],
                ended_at=row[6],
                outcome=row[7],
                result=None if row[8] is None else json.loads(row[8]),
                seats=tuple(seats.get(row[0]) or sitting.get(row[2], ())),
            )
            for row in rows
        ]
