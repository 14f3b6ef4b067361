"""``Writes``: the write path, every change to a table committed in one transaction.

A change follows one pattern: check, let the engine verify and apply, write everything the step
implies (action, hand result, ledger, next deal, deadline) in ONE transaction, and only after
the commit return the ``Update``. If the write fails the table is rebuilt from disk, so memory
never runs ahead of the database. The steps here are the ones several parts share: applying an
action, settling a hand, dealing, ending the table, the turn's deadline, freeing a seat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from bot import metrics
from bot.service import events as ev
from bot.service.errors import ServiceError
from bot.service.live import LiveTable, Seat
from bot.service.lookups import update_of
from bot.service.recovery import Recovery
from bot.service.scores import record_settled
from bot.service.serving import READ_BACK, Serving
from bot.service.state import ServiceState
from bot.service.waiting_list import seat_from_line
from bot.store import LedgerEntry, Transaction
from engine.actions import Action, TakeBack, action_to_json
from engine.game import versioned_start
from engine.records import plain

RECENT = 8  # results kept per table to answer a repeated action id with the first answer
Step = Callable[[Transaction, float], Any]  # what a write does in its transaction, at ``now``


def unearned_seat(table: LiveTable, seat: int, user_id: int | None) -> bool:
    """Whether ``user_id`` took ``seat`` after the hand was dealt: a late joiner (or a bot)
    earns no leaving bonus (docs/discord.md, fairness rules)."""
    return table.seated is not None and user_id != table.seated[seat]


def _unearned(table: LiveTable, entry: LedgerEntry) -> bool:
    return unearned_seat(table, entry.seat, entry.user_id)


def auto_id(table: LiveTable, kind: str) -> str:
    """Deterministic ids for moves the service makes itself, so retries stay idempotent."""
    assert table.game is not None
    return f"{kind}:{table.hand_id}:{len(table.game.actions)}"


class Writes:
    """Runs a table's steps in one transaction each, and the steps every part needs."""

    def __init__(self, state: ServiceState, recovery: Recovery, serving: Serving) -> None:
        self.state = state
        self.recovery = recovery
        self.serving = serving

    async def write(
        self,
        table: LiveTable,
        step: Step,
        announcements: Sequence[ev.Announcement] = (),
        action: Action | None = None,
    ) -> ev.Update:
        """Run ``step`` in one transaction, then the deadline; rebuild from disk on failure."""
        now = self.state.now()
        try:
            async with self.serving.transaction(table) as tx:
                more = await step(tx, now)
                if table.status != "ended":
                    await self.set_deadline(table, tx, now)
        except ServiceError as exc:
            if exc.code not in READ_BACK:
                await self.recovery.reload(table.id)  # a database gone: read through its handle
            raise
        except BaseException:
            await self.recovery.reload(table.id)
            raise
        if table.status == "ended":
            self.state.tables.pop(table.id, None)
        return update_of(table, [*announcements, *more], action)

    async def apply(
        self,
        table: LiveTable,
        action: Action,
        action_id: str,
        flags: dict[int, tuple[bool, bool]] | None = None,
    ) -> ev.Update:
        """Engine first (a refusal changes nothing), then log, settle and commit.

        ``flags`` gives seats new (missed, autoplay) marks, written with the action.
        """
        game = table.game
        assert game is not None and table.hand_id is not None
        game.apply(action)
        recorded = game.actions[-1]
        after = game.view(None)
        events = table.rules.announce(table.public, after, recorded)
        table.public = after
        hand_id, seq = table.hand_id, len(game.actions) - 1
        asked, table.take_back = table.take_back, None  # any move ends a take-back request
        if asked is not None and not isinstance(recorded, TakeBack):
            events.append(ev.TakeBackClosed("lapsed"))
        flags = flags or {}
        for seat, (missed, autoplay) in flags.items():
            occupant = table.seats[seat]
            assert occupant is not None
            occupant.missed, occupant.autoplay = missed, autoplay

        async def step(tx: Transaction, now: float) -> list[ev.Announcement]:
            await tx.append_action(
                hand_id, seq, action_id, recorded.seat, action_to_json(recorded), now
            )
            for seat, (missed, autoplay) in flags.items():
                await tx.set_seat_flags(table.id, seat, missed=missed, autoplay=autoplay)
            if asked is not None:
                await tx.update_table(table.id, take_back=None)
            return await self.settle(table, tx, now) if game.over else []

        if table.story is not None:  # before the write: settling may deal a new hand
            table.story.append((recorded.seat, tuple(events)))
        update = await self.write(table, step, events, recorded)
        metrics.moved(table.rules.name)
        table.recent[action_id] = update
        if len(table.recent) > RECENT:
            del table.recent[next(iter(table.recent))]
        return update

    async def settle(self, table: LiveTable, tx: Transaction, now: float) -> list[ev.Announcement]:
        """A hand just ended: result and ledger, then the next deal or the end of the table."""
        game = table.game
        assert game is not None and table.hand_id is not None
        result = game.result
        entries = table.rules.ledger(result, table.seats)  # type: ignore[arg-type]
        void = entries[0].void
        if void:
            entries = self._bonus_to_starters(table, entries)
        await tx.finish_hand(table.hand_id, "void" if void else "complete", plain(result), now)
        await tx.add_ledger(
            hand_id=table.hand_id,
            table_id=table.id,
            game=table.rules.name,
            guild_id=table.guild_id,
            at=now,
            entries=entries,
        )
        await record_settled(
            tx,
            hand_id=table.hand_id,
            guild_id=table.guild_id,
            game_name=table.rules.name,
            game=game,
            seats=table.seats,
            settings=table.settings,
            entries=entries,
            at=now,
        )
        if not void:
            table.hands_done += 1
            await tx.update_table(table.id, hands_done=table.hands_done)
        deltas = tuple(e.delta for e in entries)
        users = tuple(e.user_id for e in entries)
        events: list[ev.Announcement] = [
            ev.HandEnded(table.hand_number, result, deltas, void, users)
        ]
        if table.take_back is not None:  # a player left while a take-back was asked
            table.take_back = None
            await tx.update_table(table.id, take_back=None)
            events.append(ev.TakeBackClosed("hand_over"))
        if table.closing or table.end_vote is not None:
            if table.end_vote is not None:
                table.end_vote = None
                events.append(ev.EndVoteClosed("hand_over"))
            return events + await self.end(table, tx, now, "closed_after_hand")
        limit = table.settings.hands
        if limit is not None and table.hands_done >= limit:
            return events + await self.end(table, tx, now, "hands_done")
        if void:
            return events  # the caller seats a bot and deals, or the table waits for a player
        if not table.settings.auto_deal:
            return events  # a player deals the next hand (``next_hand``)
        return events + await self.deal(table, tx, now)

    @staticmethod
    def _bonus_to_starters(table: LiveTable, entries: list[LedgerEntry]) -> list[LedgerEntry]:
        """A void hand's leaving bonus goes only to the players who sat there when the hand was
        dealt: a seat taken since (a late joiner, a bot) gets nothing. The engine's result is
        kept as it is; only the ledger, which scores count, is adjusted."""
        return [
            replace(e, delta=0) if e.delta > 0 and not e.left_hand and _unearned(table, e) else e
            for e in entries
        ]

    async def deal(self, table: LiveTable, tx: Transaction, now: float) -> list[ev.Announcement]:
        """The next hand: first the line's head takes a free seat or a bot's (``waiting_list``)."""
        seated = await seat_from_line(table, tx)
        if None in table.seats:  # nobody took the seat that opened: the table waits
            return seated
        rules = table.rules
        previous = table.game if table.game is not None else table.earlier_deal
        start = self.state.dealer(rules.name, self.state.seed(), rules.first_bidder(previous))
        game = rules.from_start(start)
        number = table.hand_number + 1
        table.seated = tuple(None if s is None else s.user_id for s in table.seats)
        start = versioned_start(game)  # the rules version too: an old hand is never re-scored
        table.hand_id = await tx.insert_hand(table.id, number, start, now, table.seated)
        table.game, table.hand_number, table.public = game, number, game.view(None)
        table.story, table.earlier_deal = [], None
        table.status = "playing"
        await tx.update_table(table.id, status="playing", hand_id=table.hand_id)
        return [*seated, ev.HandDealt(number, game.to_move)]

    async def renew_rules(self, table: LiveTable) -> ev.Update:
        """(Under the table's lock.) A table whose latest hand was dealt under earlier rules
        (``earlier_rules``) goes on under today's: a hand still running is void without penalty
        (recorded ``abandoned``: no result, no scores), a finished one keeps its stored result;
        then the next hand is dealt at once, or a table that was closing ends."""
        assert table.hand_id is not None and table.earlier_rules is not None
        running = table.earlier_rules == "running"

        async def step(tx: Transaction, now: float) -> list[ev.Announcement]:
            if running:
                await tx.finish_hand(table.hand_id, "abandoned", None, now)
            table.earlier_rules, table.take_back, table.end_vote = None, None, None
            await tx.update_table(table.id, take_back=None, end_vote=None)
            out: list[ev.Announcement] = [ev.RulesChanged(table.hand_number, running)]
            if table.closing:
                return out + await self.end(table, tx, now, "closed_after_hand")
            return out + await self.deal(table, tx, now)

        return await self.write(table, step)

    @staticmethod
    async def end(
        table: LiveTable, tx: Transaction, now: float, reason: str
    ) -> list[ev.Announcement]:
        table.status, table.take_back = "ended", None
        await tx.update_table(table.id, status="ended", ended_at=now, deadline=None, take_back=None)
        return [ev.TableEnded(reason)]

    @staticmethod
    async def set_deadline(table: LiveTable, tx: Transaction, now: float) -> None:
        """The turn's time limit runs for a human to move; bots and waiting tables have none."""
        seat = table.to_move
        occupant = table.seats[seat] if seat is not None else None
        if occupant is None or occupant.plays_itself:
            deadline = reminder = None
        else:
            deadline = now + table.settings.turn_seconds
            reminder = now + table.settings.reminder_seconds
        if (deadline, reminder, False) == (table.deadline, table.reminder_at, table.reminder_sent):
            return  # e.g. one bot move after another: nothing to write
        table.deadline, table.reminder_at, table.reminder_sent = deadline, reminder, False
        await tx.update_table(
            table.id, deadline=deadline, reminder_at=reminder, reminder_sent=False
        )

    async def unseat(self, table: LiveTable, seat: int, reason: str) -> ev.Update:
        """Free ``seat``; in a running hand first the leaving penalty and a void hand."""
        occupant = table.seats[seat]
        assert occupant is not None
        leave: tuple[int, int, str, Action] | None = None  # hand, seq, action id, record
        if table.running:
            assert table.game is not None and table.hand_id is not None
            leave_id = auto_id(table, "leave")
            table.game.leave(seat)
            actions = table.game.actions
            leave = (table.hand_id, len(actions) - 1, leave_id, actions[-1])
            table.public = table.game.view(None)
        replace_by_bot = leave is not None and table.settings.bot_replaces_leaver

        async def step(tx: Transaction, now: float) -> list[ev.Announcement]:
            out: list[ev.Announcement] = []
            if leave is not None:
                hand_id, seq, action_id, recorded = leave
                await tx.append_action(hand_id, seq, action_id, seat, action_to_json(recorded), now)
                out += await self.settle(table, tx, now)
            out.append(ev.SeatOpened(seat, occupant.user_id, reason))
            table.seats[seat] = None
            await tx.clear_seat(table.id, seat)
            if table.status != "ended":  # the line's head sits down first, else a bot may
                out += await seat_from_line(table, tx)
            if replace_by_bot and table.seats[seat] is None:
                name = f"Bot {seat}"
                table.seats[seat] = Seat(None, name)
                await tx.put_seat(table.id, seat, None, name)
                out.append(ev.SeatTaken(seat, None, name))
            if table.status == "ended":
                return out
            if table.humans() == 0:
                return out + await self.end(table, tx, now, "no_players")
            full = None not in table.seats
            if full and (replace_by_bot or table.settings.auto_deal):
                return out + await self.deal(table, tx, now)
            if table.status == "playing":
                table.status = "waiting"
                await tx.update_table(table.id, status="waiting")
                out.append(ev.WaitingForPlayers())
            return out

        return await self.write(table, step)
