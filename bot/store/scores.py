"""The SQL of ratings, boards and statistics (migrations 4 and 8); history: ``hand_history``.

Written once for both databases, in the SQL both accept (``bot/store/dialect.py``).

Two mixins: ``ScoreWrites`` joins ``Transaction`` (what a settled hand adds, in the hand's own
transaction) and ``ScoreReads`` joins ``Store``. Boards read ``standings`` (one row per player
and game: rating and all-time totals) and ``standing_periods`` (per calendar week and month),
both kept up to date
by the same transaction that writes the ledger, so a board costs one small indexed query however
long the ledger grows. Statistics read the ledger and ``hand_seats`` of one player through the
``ledger_player`` index. ``python -m bot.ratings rebuild`` recomputes every derived row.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from bot.store.hand_history import HandReads
from bot.store.score_rows import (
    DAY,
    Board,
    BoardLine,
    GameStats,
    HandSeatRow,
    PeriodLine,
    RatingStep,
    SeatLine,
    SettledHand,
    Standing,
)

Holder = tuple[int, str]
_STANDING = (
    "guild_id, game, user_id, bot_level, name, mu, sigma, rating, hands, wins, points, voids, "
    "void_bonus, void_loss, bonus_counted, left_hands, last_at"
)
_STANDING_VALUES = (
    "name", "mu", "sigma", "rating", "hands", "wins", "points", "voids", "void_bonus",
    "void_loss", "bonus_counted", "left_hands", "last_at",
)  # fmt: skip
_PERIOD_COUNTS = ("hands", "wins", "points", "voids", "void_bonus", "void_loss", "bonus_counted")
_PERIOD = (
    "guild_id, game, period, start_day, user_id, hands, wins, points, voids, void_bonus, "
    "void_loss, bonus_counted"
)


def counted(table: str = "", hands: str = "hands") -> str:
    """A points total: completed hands and leaving penalties always; the leaving bonuses that
    count (the first from each leaver per day, ``bonus_counted``) only once the player has
    ``:min`` completed hands (``hands``). So leaving never pays and bonuses cannot be farmed."""
    return (
        f"{table}points + {table}void_loss "
        f"+ CASE WHEN {hands} >= :min THEN {table}bonus_counted ELSE 0 END"
    )


_RANKED = """
    ranked AS (
        SELECT *, RANK() OVER (ORDER BY value DESC) AS rank,
               ROW_NUMBER() OVER (ORDER BY value DESC, hands DESC, user_id) AS row
        FROM lines WHERE hands > 0 OR value != 0
    )
    SELECT rank, user_id, name, value, hands, wins, row, (SELECT COUNT(*) FROM ranked)
    FROM ranked WHERE row <= :top OR user_id = :me ORDER BY row
"""


class ScoreWrites:
    """Writes of a settled hand; mixed into ``Transaction`` (inside its open transaction)."""

    # Given by ``Transaction``: statements in its open transaction, on either database.
    _run: Callable[..., Awaitable[None]]
    _one: Callable[..., Awaitable[Any]]
    _rows: Callable[..., Awaitable[list[Any]]]
    _many: Callable[..., Awaitable[None]]

    async def last_settled(self) -> int:
        """The ``seq`` of the hand settled last (0: none)."""
        row = await self._one("SELECT MAX(seq) FROM settled_hands")
        return int(row[0] or 0)

    async def settle_hand(self, hand_id: int, guild_id: int, game: str, at: float) -> int:
        """Put the hand next in the settled order; returns its ``seq``."""
        row = await self._one(
            "INSERT INTO settled_hands (hand_id, guild_id, game, at) VALUES (?, ?, ?, ?) "
            "RETURNING seq",
            (hand_id, guild_id, game, at),
        )
        return int(row[0])

    async def bonuses_paid(
        self, guild_id: int, game: str, day: int, leaver: int, *, before_seq: int
    ) -> frozenset[int]:
        """Who was paid a leaving bonus when ``leaver`` left a hand of this server and game
        settled on UTC ``day`` before the hand ``before_seq`` (the rule ``tally`` applies)."""
        rows = await self._rows(
            "SELECT DISTINCT b.user_id FROM ledger l "
            "JOIN settled_hands s ON s.hand_id = l.hand_id "
            "JOIN ledger b ON b.hand_id = l.hand_id "
            "WHERE l.guild_id = ? AND l.user_id = ? AND l.game = ? AND l.void AND l.left_hand "
            "AND s.seq < ? AND s.at >= ? AND s.at < ? AND b.delta > 0 AND b.user_id IS NOT NULL",
            (guild_id, leaver, game, before_seq, day * DAY, (day + 1) * DAY),
        )
        return frozenset(user_id for (user_id,) in rows)

    async def put_hand_seats(self, hand_id: int, seats: Iterable[HandSeatRow]) -> None:
        await self._many(
            "INSERT INTO hand_seats (hand_id, seat, bot_level, first_out, team_points, bid, "
            "contract, throws, failed_throws) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (hand_id, seat) DO UPDATE SET bot_level = excluded.bot_level, "
            "first_out = excluded.first_out, team_points = excluded.team_points, "
            "bid = excluded.bid, contract = excluded.contract, throws = excluded.throws, "
            "failed_throws = excluded.failed_throws",
            [
                (
                    hand_id,
                    s.seat,
                    s.bot_level,
                    bool(s.first_out),
                    s.team_points,
                    s.bid,
                    s.contract,
                    s.throws,
                    s.failed_throws,
                )
                for s in seats
            ],
        )

    async def standings_of(
        self, guild_id: int, game: str, holders: Iterable[Holder]
    ) -> dict[Holder, Standing]:
        wanted = sorted(set(holders))
        found: dict[Holder, Standing] = {}
        for user_id, level in wanted:
            row = await self._one(
                f"SELECT {_STANDING} FROM standings "
                "WHERE guild_id = ? AND game = ? AND user_id = ? AND bot_level = ?",
                (guild_id, game, user_id, level),
            )
            if row is not None:
                found[(user_id, level)] = Standing(*row)
        return found

    async def put_standings(self, standings: Iterable[Standing]) -> None:
        await self._many(
            f"INSERT INTO standings ({_STANDING}) VALUES ({', '.join('?' * 17)}) "
            "ON CONFLICT (guild_id, game, user_id, bot_level) DO UPDATE SET "
            + ", ".join(f"{column} = excluded.{column}" for column in _STANDING_VALUES),
            [_standing_values(s) for s in standings],
        )

    async def add_periods(self, lines: Iterable[PeriodLine]) -> None:
        await self._many(
            f"INSERT INTO standing_periods ({_PERIOD}) VALUES ({', '.join('?' * 12)}) "
            "ON CONFLICT (guild_id, game, period, start_day, user_id) DO UPDATE SET "
            + ", ".join(f"{c} = standing_periods.{c} + excluded.{c}" for c in _PERIOD_COUNTS),
            [_period_values(line) for line in lines],
        )

    async def add_rating_steps(self, steps: Iterable[RatingStep]) -> None:
        await self._many(
            "INSERT INTO rating_steps (guild_id, game, user_id, bot_level, at, seq, mu, sigma, "
            "rating, before) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    s.guild_id,
                    s.game,
                    s.user_id,
                    s.bot_level,
                    s.at,
                    s.seq,
                    s.mu,
                    s.sigma,
                    s.rating,
                    s.before,
                )
                for s in steps
            ],
        )

    async def replace_scores(
        self,
        standings: Iterable[Standing],
        periods: Iterable[PeriodLine],
        steps: Iterable[RatingStep],
    ) -> None:
        """Drop every derived row and write these instead (the rebuild)."""
        for table in ("standings", "standing_periods", "rating_steps"):
            await self._run(f"DELETE FROM {table}")
        await self.put_standings(standings)
        await self.add_periods(periods)
        await self.add_rating_steps(steps)


def _standing_values(s: Standing) -> tuple[Any, ...]:
    return (
        s.guild_id,
        s.game,
        s.user_id,
        s.bot_level,
        s.name,
        s.mu,
        s.sigma,
        s.rating,
        s.hands,
        s.wins,
        s.points,
        s.voids,
        s.void_bonus,
        s.void_loss,
        s.bonus_counted,
        s.left_hands,
        s.last_at,
    )


def _period_values(p: PeriodLine) -> tuple[Any, ...]:
    return (
        p.guild_id, p.game, p.period, p.start_day, p.user_id, p.hands, p.wins, p.points,
        p.voids, p.void_bonus, p.void_loss, p.bonus_counted,
    )  # fmt: skip


class ScoreReads(HandReads):
    """Reads for boards, statistics, history, replays and the rebuild; mixed into ``Store``."""

    _all: Callable[..., Awaitable[list[Any]]]

    # -- boards ------------------------------------------------------------------------------

    async def board(
        self,
        guild_id: int,
        game: str,
        *,
        by: str,
        period: str,
        start_day: int | None,
        min_hands: int,
        me: int,
        top: int = 10,
    ) -> Board:
        """The top ``top`` players and the caller ``me``, ranked with ties ("1, 2, 2, 4").

        ``period`` is "all", or "week" / "month" starting on UTC day ``start_day``. By rating:
        players with ``min_hands`` completed hands who played in the period, by the rating
        shown, with the bot levels among them as unranked references. By points: the points of
        the period (``counted``: leaving bonuses only with ``min_hands`` completed hands).
        """
        params = {
            "g": guild_id,
            "game": game,
            "min": min_hands,
            "me": me,
            "top": top,
            "period": period,
            "day": start_day,
            "since": None if start_day is None else start_day * DAY,
        }
        if by == "rating":
            lines_sql = (
                "SELECT user_id, name, rating AS value, hands, wins FROM standings "
                "WHERE guild_id = :g AND game = :game AND bot_level = '' AND hands >= :min "
                "AND (last_at >= :since OR :since IS NULL)"
            )
        elif start_day is None:
            lines_sql = (
                f"SELECT user_id, name, {counted()} AS value, hands, wins FROM standings "
                "WHERE guild_id = :g AND game = :game AND bot_level = ''"
            )
        else:
            lines_sql = (
                f"SELECT p.user_id, s.name, {counted('p.', 's.hands')} AS value, p.hands, p.wins "
                "FROM standing_periods p "
                "JOIN standings s ON s.guild_id = p.guild_id AND s.game = p.game "
                "AND s.user_id = p.user_id AND s.bot_level = '' "
                "WHERE p.guild_id = :g AND p.game = :game AND p.period = :period "
                "AND p.start_day = :day"
            )
        rows = await self._all(f"WITH lines AS ({lines_sql}), {_RANKED}", params)
        ranked = rows[0][7] if rows else 0
        lines = [BoardLine(r[0], r[1], "", *r[2:6]) for r in rows if r[6] <= top]
        own = next((BoardLine(r[0], r[1], "", *r[2:6]) for r in rows if r[6] > top), None)
        if own is None and not any(line.user_id == me for line in lines):
            own = await self._unranked(guild_id, game, by, me)
        if by == "rating":
            lines = await self._with_bots(params, lines, top)
            if start_day is not None:
                lines, own = await self._changes(guild_id, game, start_day * DAY, lines, own)
        return Board(game, by, period, start_day, min_hands, tuple(lines), own, ranked)

    async def _with_bots(
        self, params: dict[str, Any], lines: list[BoardLine], top: int
    ) -> list[BoardLine]:
        """The bot levels' lines among the players' (above the last shown unless few are shown)."""
        bots = await self._all(
            "SELECT bot_level, rating, hands, wins FROM standings "
            "WHERE guild_id = :g AND game = :game AND bot_level != '' AND hands >= :min "
            "AND (last_at >= :since OR :since IS NULL)",
            params,
        )
        floor = lines[-1].value if len(lines) >= top else None
        merged = list(lines)
        for level, rating, hands, wins in bots:
            if floor is None or rating >= floor:
                merged.append(BoardLine(None, 0, level, level, rating, hands, wins))
        merged.sort(key=lambda line: (-line.value, line.rank is None))
        return merged

    async def _changes(
        self,
        guild_id: int,
        game: str,
        since: float,
        lines: list[BoardLine],
        own: BoardLine | None,
    ) -> tuple[list[BoardLine], BoardLine | None]:
        """The lines with their rating's change since ``since`` (one query for all of them)."""
        shown = [*lines, *([own] if own is not None else [])]
        changes = await self.rating_changes(
            guild_id, game, [(line.user_id, line.bot_level) for line in shown], since
        )

        def changed(line: BoardLine) -> BoardLine:
            return replace(line, change=changes.get((line.user_id, line.bot_level)))

        return [changed(line) for line in lines], None if own is None else changed(own)

    async def _unranked(self, guild_id: int, game: str, by: str, me: int) -> BoardLine | None:
        """The caller's line when the board does not rank them (or None: never played)."""
        standing = await self.standing(guild_id, game, (me, ""))
        if standing is None:
            return None
        if by == "rating":
            return BoardLine(
                None, me, "", standing.name, standing.rating, standing.hands, standing.wins
            )
        return BoardLine(None, me, "", standing.name, 0, 0, 0)

    async def standing(self, guild_id: int, game: str, holder: Holder) -> Standing | None:
        rows = await self._all(
            f"SELECT {_STANDING} FROM standings "
            "WHERE guild_id = ? AND game = ? AND user_id = ? AND bot_level = ?",
            (guild_id, game, *holder),
        )
        return Standing(*rows[0]) if rows else None

    async def rating_changes(
        self, guild_id: int, game: str, holders: Sequence[Holder], since: float
    ) -> dict[Holder, int]:
        """How much each holder's shown rating moved since ``since`` (absent: no rated hand)."""
        if not holders:
            return {}
        wanted = ", ".join("(CAST(? AS BIGINT), CAST(? AS TEXT))" for _ in holders)
        key = "r.guild_id = ? AND r.game = ? AND r.user_id = w.u AND r.bot_level = w.b"
        rows = await self._all(
            f"WITH w (u, b) AS (VALUES {wanted}) SELECT w.u, w.b, "
            f"(SELECT rating FROM rating_steps r WHERE {key} ORDER BY r.at DESC, r.seq DESC "
            f"LIMIT 1), (SELECT before FROM rating_steps r WHERE {key} AND r.at >= ? "
            "ORDER BY r.at, r.seq LIMIT 1) FROM w",
            (*(part for holder in holders for part in holder), guild_id, game, guild_id, game,
             since),
        )  # fmt: skip
        return {(u, b): now - before for u, b, now, before in rows if before is not None}

    # -- statistics ----------------------------------------------------------------------------

    async def game_stats(
        self, guild_id: int, user_id: int, game: str, *, min_hands: int, trend_since: float
    ) -> GameStats | None:
        """One player's numbers in one game (None: never played it here). Its points are those
        of the points board (``counted``), the leaving bonuses apart."""
        rows = await self._all(
            "SELECT COUNT(*), SUM(NOT l.void), SUM(l.won), "
            "SUM(CASE WHEN NOT l.void OR l.delta < 0 THEN l.delta ELSE 0 END), "
            "SUM(CASE WHEN l.void AND l.delta > 0 THEN l.delta ELSE 0 END), SUM(l.void), "
            "SUM(l.left_hand), SUM(l.double_kou_for), SUM(l.double_kou_against), "
            "SUM(CASE WHEN NOT l.void THEN hs.first_out END), "
            "AVG(CASE WHEN NOT l.void THEN hs.team_points END), "
            "SUM(l.dealer_made OR l.dealer_failed), SUM(l.dealer_made), AVG(hs.bid), "
            "SUM(hs.throws), SUM(hs.failed_throws) "
            "FROM ledger l LEFT JOIN hand_seats hs ON hs.hand_id = l.hand_id AND hs.seat = l.seat "
            "WHERE l.guild_id = ? AND l.user_id = ? AND l.game = ?",
            (guild_id, user_id, game),
        )
        total, hands, wins, points, bonus, voids, left, dk_for, dk_against, first, team, *rest = (
            rows[0]
        )
        if not total:
            return None
        shown = (hands or 0) >= min_hands
        dealer_hands, dealer_made, average_bid, throws, failed = rest
        contracts = await self._all(
            "SELECT hs.contract, COUNT(*), SUM(l.dealer_made) FROM ledger l "
            "JOIN hand_seats hs ON hs.hand_id = l.hand_id AND hs.seat = l.seat "
            "WHERE l.guild_id = ? AND l.user_id = ? AND l.game = ? AND NOT l.void "
            "AND hs.contract IS NOT NULL GROUP BY hs.contract",
            (guild_id, user_id, game),
        )
        standing = await self.standing(guild_id, game, (user_id, ""))
        changes = await self.rating_changes(guild_id, game, [(user_id, "")], trend_since)
        counts = standing.bonus_counted if standing is not None and shown else 0
        return GameStats(
            game=game,
            hands=hands or 0,
            wins=wins or 0,
            points=(points or 0) + counts,
            voids=voids or 0,
            left=left or 0,
            bonus=bonus or 0,
            bonus_counted=counts,
            rating=standing.rating if standing is not None else None,
            rating_change=changes.get((user_id, "")),
            shown=shown,
            first_out=first or 0,
            double_kou_for=dk_for or 0,
            double_kou_against=dk_against or 0,
            team_points=team,
            dealer_hands=dealer_hands or 0,
            dealer_made=dealer_made or 0,
            contracts=tuple((c, n, m) for c, n, m in contracts),
            average_bid=average_bid,
            throws=throws or 0,
            failed_throws=failed or 0,
        )

    # -- the rebuild ------------------------------------------------------------------------

    async def settled_hands(self, after_seq: int, limit: int) -> list[SettledHand]:
        """Up to ``limit`` settled hands after ``after_seq``, in order, with their seats."""
        rows = await self._all(
            "SELECT s.seq, s.hand_id, s.guild_id, s.game, s.at, l.void, l.seat, l.user_id, "
            "hs.bot_level, l.name, l.delta, l.won, l.left_hand, "
            "l.dealer_made OR l.dealer_failed "
            "FROM (SELECT * FROM settled_hands WHERE seq > ? ORDER BY seq LIMIT ?) s "
            "JOIN ledger l ON l.hand_id = s.hand_id "
            "LEFT JOIN hand_seats hs ON hs.hand_id = l.hand_id AND hs.seat = l.seat "
            "ORDER BY s.seq, l.seat",
            (after_seq, limit),
        )
        hands: list[SettledHand] = []
        lines: list[SeatLine] = []
        for index, row in enumerate(rows):
            lines.append(
                SeatLine(
                    row[6],
                    row[7],
                    row[8],
                    row[9],
                    row[10],
                    bool(row[11]),
                    bool(row[12]),
                    bool(row[13]),
                )
            )
            if index + 1 == len(rows) or rows[index + 1][0] != row[0]:
                hands.append(
                    SettledHand(row[0], row[1], row[2], row[3], row[4], bool(row[5]), tuple(lines))
                )
                lines = []
        return hands

    async def unrated_hands(self) -> bool:
        """Whether hands were settled but nobody has a standing (a database from before
        ratings: the migration lists its settled hands, the rebuild rates them)."""
        rows = await self._all(
            "SELECT EXISTS (SELECT 1 FROM settled_hands) AND NOT EXISTS (SELECT 1 FROM standings)"
        )
        return bool(rows[0][0])

    async def hands_without_seats(self) -> list[int]:
        """Settled hands with no summary rows (settled before summaries were kept)."""
        rows = await self._all(
            "SELECT s.hand_id FROM settled_hands s WHERE NOT EXISTS "
            "(SELECT 1 FROM hand_seats hs WHERE hs.hand_id = s.hand_id) ORDER BY s.seq"
        )
        return [hand_id for (hand_id,) in rows]

    async def all_standings(self) -> dict[tuple[int, str, Holder], Standing]:
        rows = await self._all(f"SELECT {_STANDING} FROM standings")
        return {(r[0], r[1], (r[2], r[3])): Standing(*r) for r in rows}

    async def all_periods(self) -> set[PeriodLine]:
        rows = await self._all(f"SELECT {_PERIOD} FROM standing_periods")
        return {PeriodLine(*r) for r in rows}

    async def all_rating_steps(self) -> set[RatingStep]:
        rows = await self._all(
            "SELECT seq, guild_id, game, user_id, bot_level, mu, sigma, rating, before, at "
            "FROM rating_steps"
        )
        return {RatingStep(*r) for r in rows}
