"""``Lobby``: tables and seats, settings, votes and ending (everything around the hands).

Seat changes take the service-wide ``seating`` lock besides the table's, because "one table per
channel per user" spans tables. Ending a table mid-hand never lets anyone erase a hand's result
(docs/discord.md, fairness rules): a vote of every player, or the hand is played out.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from bot.service import events as ev
from bot.service.errors import refuse
from bot.service.games import RULES
from bot.service.live import LiveTable, Seat
from bot.service.lookups import Lookups, info_of, own_seat, update_of
from bot.service.recovery import Recovery
from bot.service.serving import Serving
from bot.service.settings import TableSettings
from bot.service.state import ServiceState
from bot.service.writes import Step, Writes
from bot.store import Transaction

VOTE_SECONDS = 30 * 60  # how long the players have to answer a vote on ending mid-hand
NAME_LIMIT = 32  # characters of a player's name kept (Discord's display names are at most 32)


def clean_name(name: str) -> str:
    """A name as tables show it: line breaks and control characters as spaces, runs of space
    squeezed, at most ``NAME_LIMIT`` characters (emoji joiners and the like are kept)."""
    spaced = "".join(" " if unicodedata.category(ch) in ("Cc", "Zl", "Zp") else ch for ch in name)
    return " ".join(spaced.split())[:NAME_LIMIT].strip() or "?"


def _may_manage(table: LiveTable, user_id: int, is_manager: bool) -> None:
    """The host (the creator while seated, else the first seated player) or a manager.
    A creator who left has no rights over the table."""
    if is_manager:
        return
    host = table.host()
    if host is None or table.seat_of(user_id) != host:
        raise refuse("not_host", seat=host)


def _may_change_bots(table: LiveTable, user_id: int, is_manager: bool) -> None:
    if table.seat_of(user_id) is None:
        _may_manage(table, user_id, is_manager)


def _check_waiting(table: LiveTable) -> None:
    if table.status != "waiting":
        raise refuse("table_not_waiting", table_id=table.id)


def _check_seat(seat: int) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise refuse("no_such_seat_number", seat=seat)


def _free_seat(table: LiveTable, seat: int | None) -> int:
    if seat is None:
        for index, occupant in enumerate(table.seats):
            if occupant is None:
                return index
        raise refuse("table_full", table_id=table.id)
    _check_seat(seat)
    if table.seats[seat] is not None:
        raise refuse("seat_taken", seat=seat)
    return seat


def closing_vote(table: LiveTable, outcome: str, seat: int | None) -> Step:
    """The step that closes a failed vote: the hand is played out, then the table ends."""

    async def step(tx: Transaction, now: float) -> list[ev.Announcement]:
        table.end_vote, table.closing = None, True
        await tx.update_table(table.id, end_vote=None, closing=True)
        return [ev.EndVoteClosed(outcome, seat)]

    return step


class Lobby:
    """Creating tables, taking and leaving seats, bots, settings, starting, ending."""

    def __init__(
        self,
        state: ServiceState,
        recovery: Recovery,
        serving: Serving,
        lookups: Lookups,
        writes: Writes,
    ) -> None:
        self.state = state
        self.recovery = recovery
        self.serving = serving
        self.lookups = lookups
        self.writes = writes

    async def create_table(
        self,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        creator_name: str,
        game: str,
        settings: TableSettings | dict[str, Any] | None = None,
        language: str | None = None,
    ) -> ev.Update:
        """A new waiting table with its creator in seat 0.

        Refused while a table of the channel is unavailable (its write failed and reading it
        back did too): its players must not end up with a second table there.
        """
        rules = RULES.get(game) if isinstance(game, str) else None
        if rules is None:
            raise refuse("unknown_game", game=game)
        if not isinstance(settings, TableSettings):
            settings = TableSettings().changed(**(settings or {}))
        if language is not None:
            settings = settings.changed(language=language)
        creator_name = clean_name(creator_name)
        if self.state.gone:
            raise refuse("database_gone")
        if not self.state.shards.owns(guild_id):
            raise refuse("guild_not_served")
        await self.serving.serving()
        async with self.state.seating:
            await self.recovery.retry_unavailable(channel_id)
            for other_table in self.state.tables.values():
                if other_table.channel_id == channel_id and other_table.unavailable:
                    raise refuse("table_unavailable", table_id=other_table.id)
            other = self.lookups.seated_elsewhere(channel_id, creator_id, None)
            if other is not None:
                raise refuse("already_seated_here", table_id=other)
            now = self.state.now()
            async with self.serving.transaction() as tx:
                table_id = await tx.insert_table(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    game=game,
                    settings=settings.to_json(),
                    language=settings.language,
                    creator_id=creator_id,
                    created_at=now,
                )
                await tx.put_seat(table_id, 0, creator_id, creator_name)
            table = LiveTable(
                id=table_id,
                guild_id=guild_id,
                channel_id=channel_id,
                thread_id=None,
                message_id=None,
                rules=rules,
                settings=settings,
                status="waiting",
                creator_id=creator_id,
                seats=[Seat(creator_id, creator_name), None, None, None],
            )
            self.state.tables[table_id] = table
            return update_of(table, [ev.SeatTaken(0, creator_id, creator_name)])

    async def set_message(
        self, table_id: int, *, thread_id: int | None = None, message_id: int | None = None
    ) -> None:
        """Remember where the front end shows this table (kept across restarts)."""
        async with self.state.lock(table_id):
            table = await self.serving.table(table_id)
            async with self.serving.transaction(table) as tx:
                await tx.update_table(table_id, thread_id=thread_id, message_id=message_id)
            table.thread_id, table.message_id = thread_id, message_id

    async def join(
        self, table_id: int, user_id: int, name: str, seat: int | None = None
    ) -> ev.Update:
        """Sit down at a waiting table (the first free seat unless ``seat`` is given)."""
        name = clean_name(name)
        async with self.state.seating, self.state.lock(table_id):
            table = await self.serving.table(table_id)
            _check_waiting(table)
            own = table.seat_of(user_id)
            if own is not None:
                raise refuse("already_seated", seat=own)
            other = self.lookups.seated_elsewhere(table.channel_id, user_id, table.id)
            if other is not None:
                raise refuse("already_seated_here", table_id=other)
            seat = _free_seat(table, seat)
            async with self.serving.transaction(table) as tx:
                await tx.put_seat(table.id, seat, user_id, name)
            table.seats[seat] = Seat(user_id, name)
            return update_of(table, [ev.SeatTaken(seat, user_id, name)])

    async def choose_seat(self, table_id: int, user_id: int, seat: int) -> ev.Update:
        """Move to another free seat of a waiting table."""
        async with self.state.lock(table_id):
            table = await self.serving.table(table_id)
            _check_waiting(table)
            own = own_seat(table, user_id)
            if own == seat:
                return update_of(table)
            seat = _free_seat(table, seat)
            occupant = table.seats[own]
            assert occupant is not None
            async with self.serving.transaction(table) as tx:
                await tx.clear_seat(table.id, own)
                await tx.put_seat(table.id, seat, user_id, occupant.name)
            table.seats[own], table.seats[seat] = None, occupant
            return update_of(
                table,
                [ev.SeatOpened(own, user_id, "moved"), ev.SeatTaken(seat, user_id, occupant.name)],
            )

    async def add_bot(
        self, table_id: int, user_id: int, seat: int | None = None, *, is_manager: bool = False
    ) -> ev.Update:
        """A bot takes a free seat (any seated player, the creator or a manager may ask)."""
        async with self.state.lock(table_id):
            table = await self.serving.table(table_id)
            _may_change_bots(table, user_id, is_manager)
            _check_waiting(table)
            seat = _free_seat(table, seat)
            name = f"Bot {seat}"
            async with self.serving.transaction(table) as tx:
                await tx.put_seat(table.id, seat, None, name)
            table.seats[seat] = Seat(None, name)
            return update_of(table, [ev.SeatTaken(seat, None, name)])

    async def remove_bot(
        self, table_id: int, user_id: int, seat: int, *, is_manager: bool = False
    ) -> ev.Update:
        async with self.state.lock(table_id):
            table = await self.serving.table(table_id)
            _may_change_bots(table, user_id, is_manager)
            _check_waiting(table)
            _check_seat(seat)
            occupant = table.seats[seat]
            if occupant is None or not occupant.is_bot:
                raise refuse("not_a_bot", seat=seat)
            async with self.serving.transaction(table) as tx:
                await tx.clear_seat(table.id, seat)
            table.seats[seat] = None
            return update_of(table, [ev.SeatOpened(seat, None, "removed_bot")])

    async def start(self, table_id: int, user_id: int, *, is_manager: bool = False) -> ev.Update:
        """Deal the next hand once four seats are filled (creator or manager only)."""
        async with self.state.lock(table_id):
            table = await self.serving.table(table_id)
            _may_manage(table, user_id, is_manager)
            _check_waiting(table)
            seated = sum(1 for s in table.seats if s is not None)
            if seated < 4:
                raise refuse("need_four_players", seated=seated)
            return await self.writes.write(table, lambda tx, now: self.writes.deal(table, tx, now))

    async def next_hand(self, table_id: int, user_id: int) -> ev.Update:
        """Deal the next hand at a table that does not deal by itself (``auto_deal`` off).

        Any seated player may, once the hand before has ended; a table that lost a player in
        the meantime waits for four and its host's Start instead.
        """
        async with self.state.lock(table_id):
            table = await self.serving.table(table_id)
            own_seat(table, user_id)
            if table.status == "waiting":
                raise refuse("table_waiting", table_id=table.id)
            if table.running:
                raise refuse("hand_not_over", table_id=table.id, number=table.hand_number)
            return await self.writes.write(table, lambda tx, now: self.writes.deal(table, tx, now))

    async def play_again(self, table_id: int, user_id: int) -> ev.Update:
        """A new table like ended table ``table_id``: same game, settings, place and seats.

        Asked by a player who sat there at its end. Bots keep their seats; a player now
        seated at another table of the channel leaves a free seat. The new table waits for
        its host (the one who asked) to start, so nobody is dealt in unasked, unless everyone
        else is a bot: then the first hand is dealt at once. One new table per thread.
        """
        async with self.state.seating:
            if table_id in self.state.tables:
                await self.serving.table(table_id)  # refused if unavailable
                raise refuse("table_not_ended", table_id=table_id)
            if self.state.gone:
                raise refuse("database_gone")
            record = await self.state.store.table_record(table_id)
            if record is None:
                raise refuse("table_not_found", table_id=table_id)
            row = record.table
            if not self.state.shards.owns(row.guild_id):
                raise refuse("guild_not_served")
            await self.serving.serving()
            if not any(seat.user_id == user_id for seat in record.seats):
                raise refuse("not_seated", table_id=table_id)
            for live in self.state.tables.values():
                if row.thread_id is not None and live.thread_id == row.thread_id:
                    raise refuse("rematch_open", table_id=live.id)
            other = self.lookups.seated_elsewhere(row.channel_id, user_id, None)
            if other is not None:
                raise refuse("already_seated_here", table_id=other)
            seats: list[Seat | None] = [None] * 4
            for old in record.seats:
                taken = old.user_id is not None and old.user_id != user_id
                if taken and self.lookups.seated_elsewhere(row.channel_id, old.user_id, None):
                    continue
                seats[old.seat] = Seat(old.user_id, old.name)
            settings = TableSettings.from_json(row.settings)
            table = LiveTable(
                id=0,
                guild_id=row.guild_id,
                channel_id=row.channel_id,
                thread_id=row.thread_id,
                message_id=None,
                rules=RULES[row.game],
                settings=settings,
                status="waiting",
                creator_id=user_id,
                seats=seats,
            )
            solo = all(s is not None and (s.is_bot or s.user_id == user_id) for s in seats)
            now = self.state.now()
            events: list[ev.Announcement] = []
            # nothing is kept in memory before it commits
            async with self.serving.transaction() as tx:
                table.id = await tx.insert_table(
                    guild_id=row.guild_id,
                    channel_id=row.channel_id,
                    game=row.game,
                    settings=settings.to_json(),
                    language=settings.language,
                    creator_id=user_id,
                    created_at=now,
                )
                await tx.update_table(table.id, thread_id=row.thread_id)
                for index, seat in enumerate(seats):
                    if seat is not None:
                        await tx.put_seat(table.id, index, seat.user_id, seat.name)
                        events.append(ev.SeatTaken(index, seat.user_id, seat.name))
                if solo:
                    events += await self.writes.deal(table, tx, now)
                    await self.writes.set_deadline(table, tx, now)
            self.state.tables[table.id] = table
            self.state.lock(table.id)
            return update_of(table, events)

    async def leave(self, table_id: int, user_id: int) -> ev.Update:
        """Stand up. During a hand: the leaving penalty, the hand is void (RULES §1.7 / §2.9)."""
        async with self.state.lock(table_id):
            table = await self.serving.table(table_id)
            seat = own_seat(table, user_id)
            return await self.writes.unseat(table, seat, "left")

    async def kick(
        self, table_id: int, user_id: int, target_id: int, *, is_manager: bool = False
    ) -> ev.Update:
        """Remove a player (host or manager only); in a hand, with the leaving penalty.

        During a hand only a player whose turn timed out (the timeout rule has run) and who
        has not played since may be removed: nobody can void a hand by removing an opponent.
        """
        async with self.state.lock(table_id):
            table = await self.serving.table(table_id)
            _may_manage(table, user_id, is_manager)
            seat = table.seat_of(target_id)
            if seat is None:
                raise refuse("target_not_seated", table_id=table.id)
            occupant = table.seats[seat]
            if table.running and occupant is not None and not occupant.missed:
                raise refuse("kick_needs_missed_turn", seat=seat)
            return await self.writes.unseat(table, seat, "kicked")

    async def update_settings(
        self, table_id: int, user_id: int, *, is_manager: bool = False, **changes: Any
    ) -> ev.TableInfo:
        """Change settings (creator or manager); a new turn limit or thinking time applies from
        the next turn. The bot level changes only between hands: a hand's bot seats are rated
        at the level they played it at."""
        async with self.state.lock(table_id):
            table = await self.serving.table(table_id)
            _may_manage(table, user_id, is_manager)
            settings = table.settings.changed(**changes)
            if settings.bot_level != table.settings.bot_level and table.running:
                raise refuse("bot_level_in_hand", table_id=table.id, number=table.hand_number)
            async with self.serving.transaction(table) as tx:
                await tx.update_table(
                    table.id, settings=settings.to_json(), language=settings.language
                )
            table.settings = settings
            return info_of(table)

    async def end_table(
        self, table_id: int, user_id: int, *, is_manager: bool = False
    ) -> ev.Update:
        """End the table (host or manager), without letting anyone erase a hand's result.

        Between hands it ends at once. During a hand:
        - a server manager who does not sit at the table ends it at once (moderation); the
          hand is abandoned, which changes nobody's score;
        - the only player among bots forfeits: the leaving penalty, then the table ends;
        - otherwise a vote opens (``EndVoteOpened``): if every seated player agrees
          (``vote_end``) the hand is abandoned and the table ends; if one refuses or the vote
          expires, the hand is played out and the table ends after it.
        """
        async with self.state.lock(table_id):
            table = await self.serving.table(table_id)
            seat = table.seat_of(user_id)
            if table.running and seat is None and is_manager:
                return await self.writes.write(table, self._abandoning(table, "ended_by_manager"))
            _may_manage(table, user_id, is_manager)
            if not table.running:
                return await self.writes.write(table, self._abandoning(table, "ended_by_host"))
            assert seat is not None  # the host sits; a manager who does not was handled above
            if table.humans() == 1:
                return await self.writes.unseat(table, seat, "left")
            if table.closing:
                raise refuse("table_closing", table_id=table.id)
            if table.end_vote is not None:
                raise refuse("vote_open", table_id=table.id)
            voters = tuple(i for i, s in enumerate(table.seats) if s is not None and not s.is_bot)

            async def step(tx: Transaction, now: float) -> list[ev.Announcement]:
                vote = {
                    "hand": table.hand_number,
                    "by": user_id,
                    "agreed": [user_id],
                    "expires": now + VOTE_SECONDS,
                }
                table.end_vote = vote
                await tx.update_table(table.id, end_vote=vote)
                return [ev.EndVoteOpened(seat, table.hand_number, vote["expires"], voters)]

            return await self.writes.write(table, step)

    async def vote_end(
        self, table_id: int, user_id: int, hand_number: int, agree: bool
    ) -> ev.Update:
        """A seated player's answer to the vote on ending hand ``hand_number`` now."""
        async with self.state.lock(table_id):
            table = await self.serving.table(table_id)
            seat = own_seat(table, user_id)
            vote = table.end_vote
            if vote is None or vote["hand"] != hand_number or not table.running:
                raise refuse("no_vote", table_id=table.id)
            if not agree:
                return await self.writes.write(table, closing_vote(table, "refused", seat))
            if user_id in vote["agreed"]:
                return update_of(table)
            agreed = [*vote["agreed"], user_id]
            players = {s.user_id for s in table.seats if s is not None and not s.is_bot}
            if players <= set(agreed):
                return await self.writes.write(
                    table,
                    self._abandoning(table, "ended_by_vote", ev.EndVoteClosed("agreed")),
                )

            async def step(tx: Transaction, now: float) -> list[ev.Announcement]:
                table.end_vote = {**vote, "agreed": agreed}
                await tx.update_table(table.id, end_vote=table.end_vote)
                return [ev.EndVoteCast(seat)]

            return await self.writes.write(table, step)

    def _abandoning(self, table: LiveTable, reason: str, *first: ev.Announcement) -> Step:
        """The step that ends the table now; a running hand is abandoned (no scores)."""

        async def step(tx: Transaction, now: float) -> list[ev.Announcement]:
            if table.running and table.hand_id is not None:
                await tx.finish_hand(table.hand_id, "abandoned", None, now)
            return [*first, *await self.writes.end(table, tx, now, reason)]

        return step

    async def expire_vote(self, table: LiveTable | None, now: float) -> ev.Update | None:
        """(The deadline pass, under the table's lock.) Close a vote nobody finished in time."""
        if table is None or table.end_vote is None or table.end_vote["expires"] > now:
            return None
        return await self.writes.write(table, closing_vote(table, "expired", None))
