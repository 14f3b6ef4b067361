"""``Lookups``: finding tables and seats, and what a table shows (``Update``, ``TableInfo``).

``update_of`` and ``info_of`` turn a live table into the plain records front ends get back;
every part answers through them, so one table reads the same whoever changed it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.service import events as ev
from bot.service.errors import refuse
from bot.service.live import LiveTable, rebuild
from bot.service.serving import Serving
from bot.service.state import ServiceState
from engine.actions import Action


def update_of(
    table: LiveTable,
    announcements: Sequence[ev.Announcement] = (),
    action: Action | None = None,
) -> ev.Update:
    """What a call changed, as the front end is told: the table now, and what to announce."""
    to_move = table.to_move
    occupant = table.seats[to_move] if to_move is not None else None
    itself = occupant is not None and occupant.plays_itself
    return ev.Update(
        table_id=table.id,
        status=table.status,
        hand_number=table.hand_number or None,
        to_move=to_move,
        to_move_user=occupant.user_id if occupant is not None and not itself else None,
        bot_to_move=itself and table.take_back is None,
        announcements=tuple(announcements),
        action=action,
    )


def info_of(table: LiveTable) -> ev.TableInfo:
    return ev.TableInfo(
        id=table.id,
        guild_id=table.guild_id,
        channel_id=table.channel_id,
        thread_id=table.thread_id,
        message_id=table.message_id,
        game=table.rules.name,
        status=table.status,
        creator_id=table.creator_id,
        settings=table.settings,
        seats=tuple(  # type: ignore[arg-type]
            None if s is None else ev.SeatInfo(i, s.user_id, s.name, s.autoplay)
            for i, s in enumerate(table.seats)
        ),
        hand_number=table.hand_number,
        hands_done=table.hands_done,
        to_move=table.to_move,
        deadline=table.deadline,
        host=table.host(),
        closing=table.closing,
        end_vote_hand=None if table.end_vote is None else table.end_vote["hand"],
        moves=moves_of(table),
        waiting=tuple(name for _, name in table.queue),
    )


def moves_of(table: LiveTable) -> int:
    """The entries in the latest hand's log (take-backs too: the count only grows)."""
    return len(table.game.actions) if table.game is not None else 0


def own_seat(table: LiveTable, user_id: int) -> int:
    """The user's seat at the table, or the refusal ``not_seated``."""
    seat = table.seat_of(user_id)
    if seat is None:
        raise refuse("not_seated", table_id=table.id)
    return seat


class Lookups:
    """Which tables there are, where, and who sits at them."""

    def __init__(self, state: ServiceState, serving: Serving) -> None:
        self.state = state
        self.serving = serving

    def seated_elsewhere(self, channel_id: int, user_id: int, table_id: int | None) -> int | None:
        """The table of the channel other than ``table_id`` where the user sits, if any."""
        for other in self.state.tables.values():
            if (
                other.channel_id == channel_id
                and other.id != table_id
                and other.seat_of(user_id) is not None
            ):
                return other.id
        return None

    async def table_info(self, table_id: int) -> ev.TableInfo:
        return info_of(await self.serving.table(table_id))

    def live_tables(self) -> list[int]:
        """The ids of the unfinished tables this process serves (its shards' guilds)."""
        return sorted(self.state.tables)

    def tables_in_channel(self, channel_id: int) -> list[ev.TableInfo]:
        """The channel's tables that have not ended, oldest first."""
        return [info_of(t) for t in self.state.tables.values() if t.channel_id == channel_id]

    async def table_for_thread(self, thread_id: int) -> ev.TableInfo | None:
        """The table shown in this thread (the newest one), also after it ended."""
        for table in self.state.tables.values():
            if table.thread_id == thread_id:
                return info_of(table)
        return await self._stored_info(await self.state.store.latest_table_id(thread_id=thread_id))

    async def latest_table_in_channel(self, channel_id: int) -> ev.TableInfo | None:
        """The newest table created in this channel, also after it ended."""
        latest = await self.state.store.latest_table_id(channel_id=channel_id)
        return await self._stored_info(latest)

    async def _stored_info(self, table_id: int | None) -> ev.TableInfo | None:
        if table_id is None:
            return None
        live = self.state.tables.get(table_id)
        if live is not None:
            return info_of(live)
        record = await self.state.store.table_record(table_id)
        return None if record is None else info_of(rebuild(record))

    async def ended_table(self, table_id: int) -> tuple[ev.TableInfo, Any] | None:
        """A table that has ended, as stored: its info (every hand counted) and the public
        view of its last hand at its end (None: no hand was dealt)."""
        if table_id in self.state.tables:
            return None
        record = await self.state.store.table_record(table_id)
        if record is None:
            return None
        table = rebuild(record)
        return info_of(table), None if table.game is None else table.game.view(None)

    def table_for_user(self, channel_id: int, user_id: int) -> int | None:
        """The table of this channel where the user sits, if any."""
        return self.seated_elsewhere(channel_id, user_id, None)
