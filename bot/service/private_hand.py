"""``PrivateHand``: what a player's own hand message offers, and taking a move back.

The one-step controls (the hint, the best legal plays, passing, the dealer's kitty choices),
the player's card colours, what leaving would cost, and the take-back house rule: a move is
taken back only when every player it affects agrees (清墩: the two opponents; 三扣: the other
side), before the next move and within a minute; one refusal ends the request, and a player
asks at most once per trick, so nobody is asked twice about one move.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace

from bot.service import events as ev
from bot.service.bots import HINT_LEVEL, Bots
from bot.service.errors import refuse
from bot.service.live import LiveTable
from bot.service.lookups import own_seat, update_of
from bot.service.serving import Serving
from bot.service.state import ServiceState
from bot.service.writes import Step, Writes, auto_id, unearned_seat
from bot.store import Transaction
from engine.actions import Discard, Play, TakeBack

TAKE_BACK_SECONDS = 60  # how long the players asked have to agree to a take-back (bots wait)


def closing_take_back(table: LiveTable, outcome: str, seat: int | None) -> Step:
    """The step that ends a take-back request without taking the move back."""

    async def step(tx: Transaction, now: float) -> list[ev.Announcement]:
        table.take_back = None
        await tx.update_table(table.id, take_back=None)
        return [ev.TakeBackClosed(outcome, seat)]

    return step


def _asked_key(table: LiveTable, seat: int) -> tuple[int, int, int]:
    """(hand, trick, seat): what a player may ask one take-back request for."""
    assert table.game is not None
    return table.hand_number, table.rules.trick_start(table.game), seat


class PrivateHand:
    """A player's one-step controls, card colours, leaving cost and take-backs."""

    def __init__(self, state: ServiceState, serving: Serving, writes: Writes, bots: Bots) -> None:
        self.state = state
        self.serving = serving
        self.writes = writes
        self.bots = bots
        self._colours: dict[int, bool] = {}  # user id -> four-colour deck (read once)

    async def turn_options(self, table_id: int, user_id: int, limit: int = 25) -> ev.TurnOptions:
        """The player's view with what one-step controls offer now: the hint, up to ``limit``
        legal plays best first (the hint's first), passing, the dealer's kitty choices, and
        whether a take-back may be asked.

        Only the view is taken under the table's lock; the hint is thought in a worker (as
        ``hint``) and the plays chosen from the view after it is released, a bounded amount of
        work (``engine`` menus). Everything answers the position the view shows.
        """
        async with self.state.lock(table_id):
            table = await self.serving.table(table_id)
            seat = own_seat(table, user_id)
            game = table.game
            if game is None:
                raise refuse("table_hand_over", table_id=table.id)
            view = game.view(seat)
            mine = table.running and game.to_move == seat
            thought, fallback = None, None
            if mine:
                thought = self.bots.thought(table, seat, HINT_LEVEL, table.settings.hint_seconds)
                fallback = game.hint(seat)
            may_pass = mine and table.rules.may_pass(game, seat)
            take_back = (
                table.running
                and table.take_back is None
                and _asked_key(table, seat) not in table.take_backs_asked
                and game.may_take_back(seat)
            )
            number, rules, asked = table.hand_number, table.rules, table.take_back is not None
        decision = await asyncio.shield(thought) if thought is not None else None
        hint = decision.action if decision is not None else fallback
        reason = decision.reason if decision is not None else None
        first = hint.cards if isinstance(hint, Play) else ()
        plays = rules.menu(view, first, limit) if mine else []
        laid = hint.cards if isinstance(hint, Discard) else ()
        kitties = rules.kitty_choices(view, laid) if mine else []
        return ev.TurnOptions(
            view=view,
            hand_number=number,
            my_turn=mine,
            hint=hint,
            reason=reason,
            plays=tuple(tuple(play) for play in plays),
            may_pass=may_pass,
            kitties=tuple((suit, tuple(kitty)) for suit, kitty in kitties),
            take_back=take_back,
            asked=asked,
        )

    async def four_colour(self, user_id: int) -> bool:
        """Whether the player's own pictures use the four-colour deck (♦ blue, ♣ green)."""
        chosen = self._colours.get(user_id)
        if chosen is None:
            chosen = bool(await self.state.store.four_colour(user_id))
            self._colours[user_id] = chosen
        return chosen

    async def set_four_colour(self, user_id: int, on: bool) -> bool:
        """Choose the card colours of the player's own pictures (kept across restarts)."""
        async with self.serving.transaction() as tx:
            await tx.set_four_colour(user_id, bool(on))
        self._colours[user_id] = bool(on)
        return bool(on)

    async def leave_cost(self, table_id: int, user_id: int) -> ev.LeaveCost | None:
        """What leaving now would cost and pay (RULES §1.7 / §2.9 and the fairness rules: a
        bonus only for players seated at the deal); None when no hand is being played."""
        async with self.state.lock(table_id):
            table = await self.serving.table(table_id)
            seat = own_seat(table, user_id)
            if not table.running or table.game is None:
                return None
            deltas = list(table.game.leave_deltas(seat))
            for other, occupant in enumerate(table.seats):
                user = None if occupant is None else occupant.user_id
                if other != seat and deltas[other] > 0 and unearned_seat(table, other, user):
                    deltas[other] = 0
            return ev.LeaveCost(
                table.hand_number, seat, (deltas[0], deltas[1], deltas[2], deltas[3])
            )

    async def ask_take_back(self, table_id: int, user_id: int, action_id: str) -> ev.Update:
        """Ask to take back one's own move, the last of the hand (house rule, docs/rules).

        The engine says whether the move may be taken back. Only the seats it affects are asked
        (``Rules.take_back_asks``: 清墩 the two opponents, 三扣 the other side); with no person
        among them (only bots), it is taken back at once. Otherwise each must agree
        (``answer_take_back``) before the next move and within ``TAKE_BACK_SECONDS``, while bot
        seats wait. A player asks at most once per trick (``take_back_once``), whatever became
        of the request: nobody is asked twice about one move.
        """
        async with self.state.lock(table_id):
            table = await self.serving.table(table_id)
            earlier = table.recent.get(action_id)
            if earlier is not None:
                return replace(earlier, duplicate=True)
            seat = own_seat(table, user_id)
            game = table.game
            if not table.running or game is None:
                raise refuse("table_hand_over", table_id=table.id)
            if table.take_back is not None:
                raise refuse("take_back_open", table_id=table.id)
            move = game.check_take_back(seat)
            voters = [
                (other, occupant.user_id)
                for other in table.rules.take_back_asks(game, seat)
                if (occupant := table.seats[other]) is not None and not occupant.plays_itself
            ]
            if not voters:
                return await self.writes.apply(table, TakeBack(seat), action_id)
            key = _asked_key(table, seat)
            if key in table.take_backs_asked:
                raise refuse("take_back_once")
            hand, moves = table.hand_number, len(game.actions)
            cards = tuple(move.cards) if isinstance(move, Play) else ()

            async def step(tx: Transaction, now: float) -> list[ev.Announcement]:
                request = {
                    "seat": seat,
                    "hand": hand,
                    "moves": moves,
                    "trick": key[1],
                    "voters": [user for _, user in voters],
                    "agreed": [],
                    "expires": now + TAKE_BACK_SECONDS,
                }
                table.take_back = request
                await tx.update_table(table.id, take_back=request)
                seats = tuple(other for other, _ in voters)
                return [ev.TakeBackAsked(seat, hand, moves, cards, seats, request["expires"])]

            update = await self.writes.write(table, step)
            table.take_backs_asked = {k for k in table.take_backs_asked if k[0] == hand} | {key}
            table.recent[action_id] = update
            return update

    async def answer_take_back(
        self, table_id: int, user_id: int, hand: int, moves: int, agree: bool
    ) -> ev.Update:
        """An asked player's answer to the take-back asked at move ``moves`` of hand ``hand``:
        one refusal ends it; when every player asked agrees, the move is taken back."""
        async with self.state.lock(table_id):
            table = await self.serving.table(table_id)
            seat = own_seat(table, user_id)
            request = table.take_back
            if (
                request is None
                or not table.running
                or (request["hand"], request["moves"]) != (hand, moves)
            ):
                raise refuse("no_take_back", table_id=table.id)
            if seat == request["seat"]:
                raise refuse("take_back_own")
            if user_id not in request["voters"]:
                raise refuse("take_back_not_asked")
            if not agree:
                return await self.writes.write(table, closing_take_back(table, "refused", seat))
            if user_id in request["agreed"]:
                return update_of(table)
            agreed = [*request["agreed"], user_id]
            if set(request["voters"]) <= set(agreed):
                mover = request["seat"]
                return await self.writes.apply(table, TakeBack(mover), auto_id(table, "take_back"))

            async def step(tx: Transaction, now: float) -> list[ev.Announcement]:
                table.take_back = {**request, "agreed": agreed}
                await tx.update_table(table.id, take_back=table.take_back)
                return [ev.TakeBackCast(seat)]

            return await self.writes.write(table, step)

    async def expire_take_back(self, table: LiveTable | None, now: float) -> ev.Update | None:
        """(The deadline pass, under the table's lock.) Close a request not answered in time."""
        if table is None or table.take_back is None or table.take_back["expires"] > now:
            return None
        return await self.writes.write(table, closing_take_back(table, "expired", None))
