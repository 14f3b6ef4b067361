"""Adding one settled hand to the standings, inside the transaction that settles it."""

from __future__ import annotations

from collections.abc import Sequence

from bot.ratings.tally import Tally, bonus_key, holder_of, tally
from bot.store import Transaction
from bot.store.score_rows import HandSeatRow, SeatLine, SettledHand
from engine.game import GameBase
from engine.summary import summarize


def summary_rows(game: GameBase, bot_levels: Sequence[str | None]) -> list[HandSeatRow]:
    """The hand's summary rows: the engine's facts per seat, with each bot seat's level."""
    return [
        HandSeatRow(
            seat=seat,
            bot_level=bot_levels[seat],
            first_out=facts.first_out,
            team_points=facts.team_points,
            bid=facts.bid,
            contract=facts.contract,
            throws=facts.throws,
            failed_throws=facts.failed_throws,
        )
        for seat, facts in enumerate(summarize(game))
    ]


async def record_hand(
    tx: Transaction,
    *,
    hand_id: int,
    guild_id: int,
    game: str,
    at: float,
    void: bool,
    seats: Sequence[SeatLine],
    summaries: Sequence[HandSeatRow],
) -> Tally:
    """Settle the hand in order, keep its summary, and move its players' standings."""
    await tx.lock_scores()
    seq = await tx.settle_hand(hand_id, guild_id, game, at)
    await tx.put_hand_seats(hand_id, summaries)
    hand = SettledHand(seq, hand_id, guild_id, game, at, void, tuple(seats))
    before = await tx.standings_of(guild_id, game, [holder_of(line) for line in seats])
    key = bonus_key(hand)
    paid = frozenset() if key is None else await tx.bonuses_paid(*key, before_seq=seq)
    changes = tally(hand, before, paid)
    await tx.put_standings(changes.standings.values())
    await tx.add_periods(changes.periods)
    await tx.add_rating_steps(changes.steps)
    return changes
