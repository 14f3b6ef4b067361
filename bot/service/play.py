"""``Playing``: a player's moves and what each player may see of the hand.

Views wait for the table's lock, so nobody sees an action before it is committed; only
``peek_view`` (autocomplete, which must never wait) reads without it, and gives up when busy.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from itertools import islice
from typing import Any

from bot.service import events as ev
from bot.service.bots import HINT_LEVEL, Bots
from bot.service.errors import ServiceError, refuse
from bot.service.live import LiveTable
from bot.service.lookups import own_seat, update_of
from bot.service.requests import Request, to_action
from bot.service.serving import Serving
from bot.service.state import ServiceState
from bot.service.writes import Writes
from bot.store import DuplicateActionId
from engine import CardParseError, IllegalMove
from engine.actions import Action
from engine.cards import Card

_STORE_TROUBLE = frozenset(
    {
        "database_busy",
        "database_gone",
        "database_unavailable",
        "guild_not_served",
        "table_unavailable",
    }
)


def _check_turn(table: LiveTable, seat: int) -> None:
    if not table.running:
        raise refuse("table_hand_over", table_id=table.id)
    if table.to_move != seat:
        raise refuse("not_your_turn", seat=table.to_move)


def _story(table: LiveTable) -> list[tuple[int, tuple[ev.Announcement, ...]]]:
    """The latest hand's events by action; replayed from the log when memory has none
    (after a restart) or does not match the log (a move recorded another way)."""
    actions = 0 if table.game is None else len(table.game.actions)
    if table.story is None or len(table.story) != actions:
        story: list[tuple[int, tuple[ev.Announcement, ...]]] = []
        if table.game is not None:
            rules = table.rules
            replayed = rules.from_start(table.game.start)
            before = replayed.view(None)
            for action in table.game.actions:
                replayed.apply(action)
                after = replayed.view(None)
                recorded = replayed.actions[-1]
                story.append((recorded.seat, tuple(rules.announce(before, after, recorded))))
                before = after
        table.story = story
    return table.story


class Playing:
    """Acting, hints, catching up, legal plays and the views of the hand."""

    def __init__(self, state: ServiceState, serving: Serving, writes: Writes, bots: Bots) -> None:
        self.state = state
        self.serving = serving
        self.writes = writes
        self.bots = bots

    async def act(self, table_id: int, user_id: int, request: Request, action_id: str) -> ev.Update:
        """Apply a player's request; once per ``action_id`` (a repeat returns ``duplicate``).

        The log's UNIQUE action id is the guard, so the usual path costs no extra query: a
        repeat is answered from memory, or refused by the rules by now (then the log says
        whether it was a repeat), or stopped by the constraint (then memory is rebuilt).
        """
        async with self.state.lock(table_id):
            table = await self.serving.table(table_id)
            earlier = table.recent.get(action_id)
            if earlier is not None:
                return replace(earlier, duplicate=True)
            try:
                seat = own_seat(table, user_id)
                _check_turn(table, seat)
                if not table.rules.accepts(request):
                    raise refuse(
                        "wrong_game", request=type(request).__name__, game=table.rules.name
                    )
                occupant = table.seats[seat]
                assert occupant is not None
                back = {seat: (False, False)} if occupant.missed or occupant.autoplay else {}
                return await self.writes.apply(table, to_action(request, seat), action_id, back)
            except (ServiceError, IllegalMove, CardParseError) as exc:
                trouble = getattr(exc, "code", None) in _STORE_TROUBLE
                if not trouble and await self.state.store.action_exists(action_id):
                    return self._repeated(table_id)
                raise
            except DuplicateActionId:
                return self._repeated(table_id)  # ``Writes.write`` rebuilt the table from disk

    def _repeated(self, table_id: int) -> ev.Update:
        return replace(update_of(self.state.tables[table_id]), duplicate=True)

    async def hint(self, table_id: int, user_id: int) -> Action:
        """A legal action for the player now: the strong player's, at the table's hint budget,
        thought in a worker without holding the table's lock (the engine's simple policy if
        the worker fails)."""
        async with self.state.lock(table_id):
            table = await self.serving.table(table_id)
            seat = own_seat(table, user_id)
            _check_turn(table, seat)
            assert table.game is not None
            thought = self.bots.thought(table, seat, HINT_LEVEL, table.settings.hint_seconds)
            fallback = table.game.hint(seat)
        decision = await asyncio.shield(thought)
        return fallback if decision is None else decision.action

    async def catch_up(self, table_id: int, user_id: int) -> ev.CatchUp:
        """What the user missed in the current hand since their own last move (public events
        only, the whole hand so far if they have not moved yet; a move a bot made for them when
        their time ran out does not count as theirs: it is listed in ``for_you``), and whether
        they are new here."""
        async with self.state.lock(table_id):
            table = await self.serving.table(table_id)
            seat = own_seat(table, user_id)
            story = list(_story(table))
        own = [
            i for i, (actor, group) in enumerate(story) if actor == seat and not _for(seat, group)
        ]
        missed = story[own[-1] + 1 :] if own else story
        events = tuple(event for _, group in missed for event in group)
        for_you = tuple(
            event
            for actor, group in missed
            if actor == seat and _for(seat, group)
            for event in group
            if isinstance(event, _MOVES) and event.seat == seat
        )
        new = not own and not await self.state.store.has_hands(table.guild_id, user_id)
        return ev.CatchUp(events, bool(own), new, for_you)

    async def legal_plays(
        self,
        table_id: int,
        user_id: int,
        *,
        limit: int = 25,
        where: Callable[[list[Card]], bool] | None = None,
    ) -> list[list[Card]]:
        """Up to ``limit`` plays the user's seat may make now (those ``where`` keeps).

        Generated lazily by the engine from the real game state, under the table's lock, from
        the seat's own cards only. Empty when it is not the seat's turn to play a card (bidding,
        the kitty, another seat to move) or no hand is being played. A 三扣 follow may have
        millions of them, and a ``where`` that keeps few walks them all: suggestions come from
        ``peek_view`` and the engines' suggestion generators instead.
        """
        async with self.state.lock(table_id):
            table = await self.serving.table(table_id)
            seat = own_seat(table, user_id)
            if table.game is None or table.to_move != seat:
                return []
            plays = table.game.legal_plays(seat)
            return list(islice(plays if where is None else filter(where, plays), limit))

    async def view_for(self, table_id: int, user_id: int) -> Any:
        """The player's private view of the latest hand (QingdunView / SankouView)."""
        async with self.state.lock(table_id):  # never show an action before it is committed
            table = await self.serving.table(table_id)
            seat = own_seat(table, user_id)
            if table.game is None:
                raise refuse("table_hand_over", table_id=table.id)
            return table.game.view(seat)

    def peek_view(self, table_id: int, user_id: int) -> Any | None:
        """The player's view as last committed, at once, or None when it cannot be had at once.

        For answers that must never wait (autocomplete): no lock is awaited and nothing is read
        from disk. While the table's lock is held a change may be half done (the game moves
        before its write commits), so a busy table gives None, as does one marked unavailable
        (its memory may be ahead of the disk), a table not in memory, a user not seated or a
        table between hands.
        """
        table = self.state.tables.get(table_id)
        if (
            table is None
            or table.game is None
            or table.unavailable
            or self.state.lock(table_id).locked()
        ):
            return None
        seat = table.seat_of(user_id)
        return None if seat is None else table.game.view(seat)

    async def public_view(self, table_id: int) -> Any:
        """The public view of the latest hand (no hidden cards), or None before the first."""
        async with self.state.lock(table_id):
            table = await self.serving.table(table_id)
            return None if table.game is None else table.game.view(None)


_MOVES = (ev.Played, ev.Passed, ev.BidMade, ev.BidPassed, ev.KittyLaid, ev.TrumpChosen)


def _for(seat: int, group: tuple[ev.Announcement, ...]) -> bool:
    """Whether this step of ``seat`` was made for it by a bot (its time ran out, or a bot took
    the seat over for the rest of the hand)."""
    return any(
        isinstance(event, ev.TimedOut | ev.SeatTakenOver) and event.seat == seat for event in group
    )
