"""``Bots``: bot seats and every AI decision (a bot's move, the timeout bot's, a hint).

Bot seats, seats a bot took over, the timeout rule's bot and hints play ``engine.ai``: the
strong level thinks in a worker process (``Thinker``) while the table's lock is free, and its
move is committed only if the game is still where it was (``deliberate``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from bot.service import events as ev
from bot.service.live import LiveTable
from bot.service.serving import Serving
from bot.service.state import ServiceState, log
from bot.service.writes import Writes, auto_id
from engine import IllegalMove, ai
from engine.actions import Action

SEARCHING = frozenset({"strong"})  # levels that think in a worker; the others decide at once
HINT_LEVEL = "strong"  # hints come from the strong player, at the table's hint budget
T = TypeVar("T")
Pick = Callable[[LiveTable | None], tuple[int, str, float] | None]  # seat, level, seconds


def _at_once(game: Any, seat: int, level: str) -> Action:
    """The levels without search decide in well under a millisecond, under the lock."""
    return game.hint(seat) if level == "simple" else ai.choose(game, seat, level=level)


def _position(table: LiveTable) -> tuple[int | None, int]:
    """What a decision is about: the hand, and how many actions it has had."""
    assert table.game is not None
    return table.hand_id, len(table.game.actions)


def bot_to_move(table: LiveTable) -> bool:
    """Whether the seat to move plays itself and may move now."""
    seat = table.to_move
    occupant = table.seats[seat] if seat is not None else None
    return (
        occupant is not None
        and occupant.plays_itself
        and not table.unavailable
        and table.take_back is None  # bots wait while the players answer a take-back
    )


class Bots:
    """Drives bot seats, and decides moves for the service (bots, timeouts, hints)."""

    def __init__(self, state: ServiceState, serving: Serving, writes: Writes) -> None:
        self.state = state
        self.serving = serving
        self.writes = writes

    def bot_turns(self) -> list[int]:
        """Tables waiting for a bot to move (for the front end to drive after a restart)."""
        if self.state.gone or self.state.fenced or self.state.reading:
            return []
        return [t.id for t in self.state.tables.values() if bot_to_move(t)]

    async def play_bot(self, table_id: int) -> ev.Update | None:
        """One bot move if a bot is to move, else None; the front end may pause between calls.

        The bot plays at the table's level and budget, thinking without holding the table's
        lock (``deliberate``).
        """

        def pick(table: LiveTable | None) -> tuple[int, str, float] | None:
            if table is None or not bot_to_move(table) or table.to_move is None:
                return None
            return table.to_move, table.settings.bot_level, table.settings.bot_seconds

        async def commit(table: LiveTable, seat: int, action: Action) -> ev.Update:
            return await self.commit_move(table, seat, action, "bot")

        return await self.deliberate(table_id, self.serving.table, pick, commit)

    async def play_bots(self, table_id: int, limit: int | None = None) -> list[ev.Update]:
        """Bot moves until a human is to move (or ``limit`` moves)."""
        updates: list[ev.Update] = []
        while limit is None or len(updates) < limit:
            update = await self.play_bot(table_id)
            if update is None:
                break
            updates.append(update)
            if not update.bot_to_move:
                break
        return updates

    async def deliberate(
        self,
        table_id: int,
        find: Callable[[int], Awaitable[LiveTable | None]],
        pick: Pick,
        commit: Callable[[LiveTable, int, Action], Awaitable[T]],
    ) -> T | None:
        """Decide a move for the seat ``pick`` names, at the level and budget it gives, and
        ``commit`` it; None when ``pick`` finds nothing to decide.

        A strong decision is thought in a worker while the table's lock is free: the lock is
        held only to take the seat's observation and to commit. If the game moved meanwhile
        (another hand, another number of actions, another seat to decide for), the decision
        is dropped and the new position thought about instead.
        """
        while True:
            async with self.state.lock(table_id):
                table = await find(table_id)
                chosen = pick(table)
                if table is None or chosen is None:
                    return None
                seat, level, seconds = chosen
                assert table.game is not None
                if level not in SEARCHING:
                    return await commit(table, seat, _at_once(table.game, seat, level))
                position = _position(table)
                thought = self.thought(table, seat, level, seconds, interactive=False)
            decision = await asyncio.shield(thought)
            async with self.state.lock(table_id):
                table = await find(table_id)
                if table is None or pick(table) != chosen or _position(table) != position:
                    continue  # the game moved on while we thought: think again (or stop)
                assert table.game is not None
                # the Thinker closed: the simple policy plays
                action = table.game.hint(seat) if decision is None else decision.action
                return await commit(table, seat, action)

    def thought(
        self,
        table: LiveTable,
        seat: int,
        level: str,
        seconds: float,
        *,
        interactive: bool = True,
    ) -> asyncio.Future[ai.Decision | None]:
        """(Under the table's lock.) The AI's decision for ``seat`` in the current position
        (for a hint with its reason),
        asked of the Thinker unless someone asked for the same already (a hint asked again,
        a hand message redrawn): decisions of earlier positions are forgotten. A hint
        (``interactive``, a person waits) goes before bot decisions; a bot's (or the timeout
        rule's) waits its table's turn in its server's queue."""
        position = _position(table)
        key = (*position, seat, level, seconds, interactive)
        thought = table.thoughts.get(key)
        if thought is None:
            for old in [k for k in table.thoughts if k[:2] != position]:
                del table.thoughts[old]
            assert table.game is not None
            observation = table.game.observation(seat)  # type: ignore[attr-defined]
            seed = (position[0] or 0) * 1000 + position[1]  # public: the same position, the
            thought = self.state.thinker.submit(  # same search for a fixed number of rollouts
                observation,
                level=level,
                seconds=seconds,
                seed=seed,
                group=(table.guild_id, table.id),
                interactive=interactive,
            )
            table.thoughts[key] = thought
        return thought

    async def commit_move(
        self,
        table: LiveTable,
        seat: int,
        action: Action,
        kind: str,
        flags: dict[int, tuple[bool, bool]] | None = None,
    ) -> ev.Update:
        """Apply a move the service chose for ``seat``. Should the AI ever choose one the
        engine refuses, the simple policy's is played instead (logged without the cards):
        a table never stalls on a bot."""
        assert table.game is not None
        try:
            return await self.writes.apply(table, action, auto_id(table, kind), flags)
        except IllegalMove as exc:
            log.error("table %s: the AI chose a move the rules refuse (%s)", table.id, exc.code)
            self.state.thinker.fell_back("refused")
            simple = table.game.hint(seat)
            return await self.writes.apply(table, simple, auto_id(table, kind), flags)
