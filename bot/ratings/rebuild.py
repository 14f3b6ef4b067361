"""Recomputing every rating and standing from the event log, and comparing with the stored.

The log is the settled hands in their order (``settled_hands``), the ledger and the hands'
summaries; ``tally`` is folded over it exactly as the service applied it hand by hand, so the
result must equal what is stored, float for float. Hands settled before summaries were kept
get theirs by re-playing their actions (their bot seats played the one level there was then).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from bot.ratings.record import summary_rows
from bot.ratings.tally import DEFAULT_BOT_LEVEL, BonusKey, bonus_key, holder_of, paid_bonus, tally
from bot.store import Store
from bot.store.score_rows import PeriodLine, RatingStep, Standing
from engine.actions import action_from_json
from engine.records import GAMES

log = logging.getLogger(__name__)
CHUNK = 2000  # settled hands read at a time


@dataclass(slots=True)
class Rebuilt:
    hands: int = 0  # settled hands folded
    summaries_added: int = 0  # hands whose summary was rebuilt by re-playing them
    standings: int = 0
    differences: list[str] = field(default_factory=list)  # stored vs recomputed, first few
    computed: tuple[list[Standing], list[PeriodLine], set[RatingStep]] = field(
        default_factory=lambda: ([], [], set())
    )  # what a rewrite stores

    @property
    def equal(self) -> bool:
        return not self.differences


async def rebuild(store: Store, *, write: bool) -> Rebuilt:
    """Recompute everything; with ``write``, also add missing summaries and store the result.

    A hand settled meanwhile (by a bot still running) is not lost: the rewrite happens only
    if no hand was settled since the recomputation read the log, else it starts again.
    """
    summaries_added = await _add_missing_summaries(store) if write else 0
    while True:
        report, folded = await _recompute(store)
        report.summaries_added = summaries_added
        if not (write and report.differences):
            return report
        async with store.transaction() as tx:
            await tx.lock_scores()
            if await tx.last_settled() != folded:
                continue  # settled meanwhile: fold again, then write
            await tx.replace_scores(*report.computed)
        return report


async def _recompute(store: Store) -> tuple[Rebuilt, int]:
    """Everything recomputed and compared; and the ``seq`` of the last hand folded."""
    report = Rebuilt()
    standings: dict[tuple[int, str, tuple[int, str]], Standing] = {}
    periods: dict[tuple[int, str, str, int, int], PeriodLine] = {}
    steps: set[RatingStep] = set()
    paid: dict[BonusKey | None, frozenset[int]] = {}  # who had a bonus from each leaver, day
    seq = 0
    while chunk := await store.settled_hands(seq, CHUNK):
        for hand in chunk:
            key = (hand.guild_id, hand.game)
            holders = {holder_of(line) for line in hand.seats}
            before = {h: standings[(*key, h)] for h in holders if (*key, h) in standings}
            bonus = bonus_key(hand)
            changes = tally(hand, before, paid.get(bonus, frozenset()))
            if bonus is not None:
                paid[bonus] = paid.get(bonus, frozenset()) | paid_bonus(hand)
            for h, standing in changes.standings.items():
                standings[(*key, h)] = standing
            for line in changes.periods:
                at = (line.guild_id, line.game, line.period, line.start_day, line.user_id)
                periods[at] = _add(periods.get(at), line)
            steps.update(changes.steps)
            seq = hand.seq
        report.hands += len(chunk)
    report.standings = len(standings)
    report.differences = _compare(
        await store.all_standings(),
        standings,
        await store.all_periods(),
        set(periods.values()),
        await store.all_rating_steps(),
        steps,
    )
    report.computed = (list(standings.values()), list(periods.values()), steps)
    return report, seq


async def _add_missing_summaries(store: Store) -> int:
    """Summaries of hands settled before they were kept, by re-playing each hand; returns how
    many were added. A hand whose log no longer re-plays (the rules changed since) keeps none:
    its ratings need only the ledger."""
    added = 0
    for hand_id in await store.hands_without_seats():
        stored = await store.stored_hand(hand_id)
        assert stored is not None
        line = stored.line
        try:
            actions = [action_from_json(action) for action in stored.actions]
            game = GAMES[line.game].replay(stored.start, actions)
        except (ValueError, KeyError, TypeError) as exc:
            log.warning("hand %s does not re-play (%s): no summary", hand_id, type(exc).__name__)
            continue
        levels = [DEFAULT_BOT_LEVEL if seat.user_id is None else None for seat in line.seats]
        async with store.transaction() as tx:
            await tx.put_hand_seats(hand_id, summary_rows(game, levels))
        added += 1
    if added:
        log.info("added the summaries of %d hands settled before summaries were kept", added)
    return added


def _add(total: PeriodLine | None, more: PeriodLine) -> PeriodLine:
    if total is None:
        return more
    return PeriodLine(
        total.guild_id, total.game, total.period, total.start_day, total.user_id,
        total.hands + more.hands, total.wins + more.wins, total.points + more.points,
        total.voids + more.voids, total.void_bonus + more.void_bonus,
        total.void_loss + more.void_loss, total.bonus_counted + more.bonus_counted,
    )  # fmt: skip


def _compare(
    stored: dict[tuple[int, str, tuple[int, str]], Standing],
    computed: dict[tuple[int, str, tuple[int, str]], Standing],
    stored_periods: set[PeriodLine],
    computed_periods: set[PeriodLine],
    stored_steps: set[RatingStep],
    computed_steps: set[RatingStep],
) -> list[str]:
    """Human-readable differences (at most a few of each kind)."""
    out: list[str] = []
    for key in sorted(set(stored) | set(computed), key=repr):
        if stored.get(key) != computed.get(key):
            out.append(f"standing {key}: stored {stored.get(key)}, recomputed {computed.get(key)}")
            if len(out) >= 5:
                break
    extra, missing = stored_periods - computed_periods, computed_periods - stored_periods
    if extra or missing:
        out.append(f"period totals: {len(extra)} stored rows differ, {len(missing)} recomputed")
    extra_steps, missing_steps = stored_steps - computed_steps, computed_steps - stored_steps
    if extra_steps or missing_steps:
        out.append(
            f"rating steps: {len(extra_steps)} stored rows differ, {len(missing_steps)} recomputed"
        )
    return out
