"""Boards, statistics, history, replays, exports and reviews: the scores side of ``TableService``.

``ScoreQueries`` is the part of ``TableService`` that answers them; ``record_settled`` is
called by the write path in the transaction that settles a hand, so a hand's ledger lines, its
summary and every rating it moves are committed together or not at all.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import groupby
from typing import Any

from bot.ratings import DEFAULT_BOT_LEVEL, Rebuilt, rebuild, record_hand
from bot.ratings.record import summary_rows
from bot.service.errors import refuse
from bot.service.games import RULES
from bot.service.hand_ids import parse_short_id, short_id
from bot.service.serving import Serving
from bot.service.state import ServiceState
from bot.store import LedgerEntry, ScoreLine, Transaction
from bot.store.score_rows import Board, GameStats, HandLine, SeatLine, StoredHand, period_start
from engine.actions import action_from_json
from engine.ai import Mistake
from engine.game import GameBase
from engine.records import HandRecord, Player
from engine.replay import Replay, earlier, replay
from engine.sankou import scoring
from engine.sankou.game import BID_STEP, MAX_BID, MIN_BID

log = logging.getLogger(__name__)
PERIODS = ("week", "month", "all")  # calendar week (from Monday) and month, in UTC
BOARD_ORDERS = ("rating", "points")
TREND_DAYS = 7
DEFAULT_MIN_RANKED_HANDS = 5  # completed hands before void-hand bonuses count for rank
MAX_MIN_RANKED_HANDS = 1000
REVIEWS_KEPT = 256  # hand reviews kept in memory, the latest asked
Reviewed = list[Mistake] | None  # a review's mistakes, or None: it could not be done
Review = tuple[HandLine, int, asyncio.Future[Reviewed]]  # the hand, the seat, the review


def bot_level(settings: Any, seat: Any) -> str:
    """The level a bot seat plays at: the seat's own, else the table's (``bot_level``: strong
    for a new table, simple for one stored before levels, see ``TableSettings.from_json``),
    else "simple". Read when the hand settles; the level cannot change during a hand."""
    return getattr(seat, "level", None) or getattr(settings, "bot_level", None) or DEFAULT_BOT_LEVEL


async def record_settled(
    tx: Transaction,
    *,
    hand_id: int,
    guild_id: int,
    game_name: str,
    game: GameBase,
    seats: Sequence[Any],
    settings: Any,
    entries: Sequence[LedgerEntry],
    at: float,
) -> None:
    """Add a settled hand (its ledger lines just written) to the ratings and standings."""
    levels = [None if s.user_id is not None else bot_level(settings, s) for s in seats]
    lines = [
        SeatLine(
            seat=e.seat,
            user_id=e.user_id,
            bot_level=levels[e.seat],
            name=e.name,
            delta=e.delta,
            won=e.won,
            left=e.left_hand,
            dealer=e.dealer_made or e.dealer_failed,
        )
        for e in entries
    ]
    await record_hand(
        tx,
        hand_id=hand_id,
        guild_id=guild_id,
        game=game_name,
        at=at,
        void=entries[0].void,
        seats=lines,
        summaries=summary_rows(game, levels),
    )


@dataclass(frozen=True, slots=True)
class Band:
    """三扣 dealer hands whose contract lies in one multiplier band, and how many were made."""

    low: int
    high: int
    hands: int
    made: int


def bands(stats: GameStats) -> list[Band]:
    """Dealer hands by contract band: ×1 (80-110), ×2 (115-195), ×3 (200)."""
    bids = range(MIN_BID, MAX_BID + 1, BID_STEP)
    counts = {contract: (hands, made) for contract, hands, made in stats.contracts}
    out = []
    for _, group in groupby(bids, key=scoring.multiplier):
        band = list(group)
        hands = sum(counts.get(bid, (0, 0))[0] for bid in band)
        made = sum(counts.get(bid, (0, 0))[1] for bid in band)
        out.append(Band(band[0], band[-1], hands, made))
    return out


def _iso(at: float | None) -> str | None:
    return None if at is None else datetime.fromtimestamp(at, UTC).isoformat(timespec="seconds")


class ScoreQueries:
    """The score questions front ends ask, and the server's minimum of ranked hands."""

    def __init__(self, state: ServiceState, serving: Serving) -> None:
        self.state = state
        self.serving = serving
        # hand reviews asked for, finished or under way: (hand id, seat) -> its mistakes
        self._reviews: OrderedDict[tuple[int, int], asyncio.Future[Reviewed]] = OrderedDict()

    async def table_score(self, table_id: int) -> list[ScoreLine]:
        if await self.state.store.table(table_id) is None:
            raise refuse("table_not_found", table_id=table_id)
        return await self.state.store.table_score(table_id)

    async def min_ranked_hands(self, guild_id: int) -> int:
        """Completed hands a player needs before being ranked on the server's boards: before
        that, neither their rating is shown nor do void-hand bonuses count for rank."""
        value = await self.state.store.min_ranked_hands(guild_id)
        return DEFAULT_MIN_RANKED_HANDS if value is None else value

    async def set_min_ranked_hands(self, guild_id: int, hands: int, *, is_manager: bool) -> int:
        """Change the server's minimum (server managers only)."""
        if not is_manager:
            raise refuse("not_manager")
        if (
            isinstance(hands, bool)
            or not isinstance(hands, int)
            or not 0 <= hands <= MAX_MIN_RANKED_HANDS
        ):
            raise refuse("bad_min_hands", hands=hands, max=MAX_MIN_RANKED_HANDS)
        async with self.serving.transaction() as tx:
            await tx.set_min_ranked_hands(guild_id, hands)
        return hands

    async def rate_earlier_hands(self) -> Rebuilt | None:
        """At the first start after the upgrade that brought ratings: rate every hand settled
        before it (and give it its summary, by re-playing it). Nothing to do afterwards."""
        if not await self.state.store.unrated_hands():
            return None
        log.info("rating the hands settled before ratings were kept; this runs once")
        report = await rebuild(self.state.store, write=True)
        log.info("rated %d earlier hands (%d players and bot levels)", report.hands,
                 report.standings)  # fmt: skip
        return report

    def _start_day(self, period: str) -> int | None:
        if period not in PERIODS:
            raise refuse("unknown_period", period=period)
        return None if period == "all" else period_start(period, self.state.now())

    async def board(
        self,
        guild_id: int,
        game: str,
        user_id: int,
        *,
        by: str = "rating",
        period: str = "all",
        top: int = 10,
    ) -> Board:
        """A server's board of one game, always with the caller's own line."""
        if game not in RULES:
            raise refuse("unknown_game", game=game)
        if by not in BOARD_ORDERS:
            raise refuse("unknown_board_order", by=by)
        return await self.state.store.board(
            guild_id,
            game,
            by=by,
            period=period,
            start_day=self._start_day(period),
            min_hands=await self.min_ranked_hands(guild_id),
            me=user_id,
            top=top,
        )

    async def game_stats(
        self, guild_id: int, user_id: int, game: str | None = None
    ) -> list[GameStats]:
        """A player's statistics in each game they played in this server."""
        if game is not None and game not in RULES:
            raise refuse("unknown_game", game=game)
        trend_since = self.state.now() - TREND_DAYS * 86400
        minimum = await self.min_ranked_hands(guild_id)
        found = []
        for name in [game] if game is not None else list(RULES):
            stats = await self.state.store.game_stats(
                guild_id, user_id, name, min_hands=minimum, trend_since=trend_since
            )
            if stats is not None:
                found.append(stats)
        return found

    async def recent_hands(
        self,
        guild_id: int,
        *,
        table_id: int | None = None,
        user_id: int | None = None,
        limit: int = 10,
    ) -> list[HandLine]:
        """A table's latest hands, or a player's latest settled hands in this server."""
        if table_id is not None:
            row = await self.state.store.table(table_id)
            if row is None or row.guild_id != guild_id:
                raise refuse("table_not_found", table_id=table_id)
            return await self.state.store.recent_hands(table_id=table_id, limit=limit)
        return await self.state.store.recent_hands(guild_id=guild_id, user_id=user_id, limit=limit)

    async def hand_record(self, guild_id: int, hand: int | str) -> HandRecord:
        """The record of a hand of this server that is over (a running one is refused).

        ``hand`` is the hand's id, or its short id as people type it (``"#2F"``).
        """
        return _record(await self._finished(guild_id, hand))

    async def replay_hand(self, guild_id: int, hand: int | str) -> tuple[HandLine, Replay]:
        """A hand of this server that is over, re-played: its deal and the table at each trick
        (a hand of earlier rules: its deal and its recorded result, ``Replay.earlier``)."""
        stored = await self._finished(guild_id, hand)
        record = _record(stored)
        # a hand of earlier rules is never re-played under today's (nor re-scored): its deal,
        # and the result recorded when it was played
        return stored.line, replay(record) if record.current else earlier(record)

    async def review_hand(self, guild_id: int, user_id: int, hand: int | str) -> Review:
        """The hand review of a player of a hand of this server that is over: the hand, the
        player's seat, and the review (``engine.ai.review``: the seat's costliest decisions by
        the strong player's judgement; None if it could not be done). It runs in the
        background behind every decision (``Thinker.review``); asked again, the same review
        is shared, finished or not (kept for the last ``REVIEWS_KEPT`` asked)."""
        stored = await self._finished(guild_id, hand, review=True)
        line = stored.line
        seat = next((s.seat for s in line.seats if s.user_id == user_id), None)
        if seat is None:
            raise refuse("review_not_player", hand=short_id(line.hand_id))
        record = _record(stored)
        if not record.current:
            raise refuse("review_earlier_rules", hand=short_id(line.hand_id), rules=record.rules)
        if record.outcome != "complete":  # left, removed, abandoned: nothing to judge
            raise refuse("review_not_played_out", hand=short_id(line.hand_id))
        key = (line.hand_id, seat)
        review = self._reviews.get(key)
        if review is None or (review.done() and review.result() is None):  # failed: again
            review = self.state.thinker.review(
                record.game, record.start, record.actions, seat, seed=line.hand_id
            )
            self._reviews[key] = review
        self._reviews.move_to_end(key)
        while len(self._reviews) > REVIEWS_KEPT:
            self._reviews.popitem(last=False)
        return line, seat, review

    async def _finished(
        self, guild_id: int, hand: int | str, *, review: bool = False
    ) -> StoredHand:
        hand_id = parse_short_id(hand) if isinstance(hand, str) else hand
        if hand_id is None:
            raise refuse("bad_hand_id", text=hand)
        stored = await self.state.store.stored_hand(hand_id)
        if stored is None or stored.line.guild_id != guild_id:
            raise refuse("hand_not_found", hand=short_id(hand_id))
        if stored.line.ended_at is None:
            if review:
                raise refuse("review_running", hand=short_id(hand_id))
            raise refuse("hand_running", hand=short_id(hand_id))
        return stored


def _record(stored: StoredHand) -> HandRecord:
    line = stored.line
    players = [
        Player(
            seat.seat,
            seat.name,
            None if seat.user_id is not None else seat.bot_level or DEFAULT_BOT_LEVEL,
        )
        for seat in line.seats
    ]
    return HandRecord(
        game=line.game,
        start=stored.start,
        actions=tuple(action_from_json(action) for action in stored.actions),
        result=line.result,
        outcome=line.outcome,
        players=tuple(players),
        info={
            "id": short_id(line.hand_id),
            "table": line.table_id,
            "number": line.number,
            "started_at": _iso(line.started_at),
            "ended_at": _iso(line.ended_at),
        },
    )
