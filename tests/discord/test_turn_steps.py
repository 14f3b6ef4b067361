"""How many clicks a turn takes: whole hands of both games by four people using only buttons and
menus, each doing what the hint suggests (the legal-plays menu's first option).

A player whose hand message is open (the bot keeps it up to date for 15 minutes) plays in one
pick; one whose message could not be kept up to date (the turn came back after more than 15
minutes: here the clock jumps twice in a hand, and every player is then back with a stale
message) presses *My hand* first, as does everyone at their first turn. Passing is one click:
the open message's *Pass*, or the table's. The 三扣 dealer buries the kitty in at most three
(My hand if need be, a whole kitty, *Lay kitty*). The counts are printed (``-s``) and checked.
"""

from __future__ import annotations

import io
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest
import simcord
from PIL import Image

import render
from bot.service import ServiceError
from engine.actions import Bid, Pass
from tests.discord.conftest import World, answer, cid, open_table


def _tiny_png() -> bytes:
    picture = io.BytesIO()
    Image.new("RGB", (4, 4)).save(picture, "PNG")
    return picture.getvalue()


TINY_PNG = _tiny_png()
AWAY = (40, 80)  # after these turns everyone is away for 16 minutes: no message kept up to date
pytestmark = pytest.mark.usefixtures("quick_pictures")


@pytest.fixture
def quick_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pictures are not what is measured here: a tiny stand-in keeps whole hands quick."""

    def tiny(*args: Any, **kwargs: Any) -> bytes:
        return TINY_PNG

    for name in ("render_hand", "render_table", "render_result"):
        monkeypatch.setattr(render, name, tiny)


@dataclass(frozen=True)
class Turn:
    kind: str  # play | pass | bid | kitty | trump
    steps: int  # interactions it took
    menu_open: bool  # the player's hand message already offered this turn's one-pick menu


def ids(message: Any) -> list[str]:
    return [
        child.custom_id or ""
        for row in getattr(message, "components", ())
        for child in getattr(row, "children", ())
    ]


def first_option(message: Any, suffix: str) -> str:
    for row in message.components:
        for child in row.children:
            if (child.custom_id or "").endswith(suffix):
                return child.options[0].value  # type: ignore[no-any-return]
    raise AssertionError(f"no menu {suffix}")


class Table:
    """The four players at table 1 and the hand message each keeps open."""

    def __init__(self, world: World, env: simcord.Env) -> None:
        self.world, self.env = world, env
        self.service = env.bot.service
        self.by_user = {p.id: p for p in world.players}
        self.open: dict[int, int] = {}  # user id -> id of their latest hand message
        self.turns: list[Turn] = []

    def current(self, player: Any) -> Any:
        """The player's hand message as it is now (the bot may have edited it), or None."""
        wanted = self.open.get(player.id)
        for message in self.world.thread.history(viewer=player):
            if message.id == wanted:
                return message
        return None

    async def my_hand(self, player: Any) -> Any:
        shown = answer(await player.click(self.world.table_message(), custom_id="ct:1:hand"))
        self.open[player.id] = shown.id
        return self.current(player)

    async def use(self, player: Any, result: Any) -> Any:
        """Keep the message a control answered with (the same hand message, edited)."""
        if result.response is not None and result.response.ephemeral:
            self.open[player.id] = result.response.id
        return self.current(player)

    async def turn(self, clock_jumps: bool) -> bool:
        """One turn of whoever is to move; False once the hand is over."""
        try:
            info = await self.service.table_info(1)
        except ServiceError:  # the table closed with its one hand
            return False
        if info.to_move is None or info.status != "playing":
            return False
        seat = info.seats[info.to_move]
        player = self.by_user[seat.user_id]
        hand = info.hand_number
        options = await self.service.turn_options(1, player.id)
        phase = str(getattr(options.view, "phase", "play"))
        message = self.current(player)
        shown = ids(message) if message is not None else []
        steps = 0
        if isinstance(options.hint, Pass):  # one click, on the open message or the table
            button = f"ct:1:{hand}.{info.moves}:h:{'bidpass' if phase == 'bidding' else 'pass'}"
            if button in shown:
                await self.use(player, await player.click(message, custom_id=button))
            else:
                await player.click(self.world.table_message(), custom_id="ct:1:pass")
            self.turns.append(Turn("pass", 1, button in shown))
            return True
        menu = {"bidding": "bid", "kitty": "kc", "trump": "trump"}.get(phase, "lp")
        custom_id = f"ct:1:{hand}.{info.moves}:{menu}"
        menu_open = custom_id in shown
        if not menu_open:
            message = await self.my_hand(player)
            steps += 1
        assert message is not None and custom_id in ids(message), message.content
        if isinstance(options.hint, Bid):
            value = str(options.hint.amount)
        else:
            value = first_option(message, menu)
        message = await self.use(player, await player.select(message, [value], custom_id=custom_id))
        steps += 1
        if phase == "kitty":  # the whole kitty is chosen: bury it
            message = await self.use(
                player, await player.click(message, custom_id=cid(message, "h:kitty"))
            )
            steps += 1
        kind = {"bidding": "bid", "kitty": "kitty", "trump": "trump"}.get(phase, "play")
        self.turns.append(Turn(kind, steps, menu_open))
        if clock_jumps:  # the next player comes back after more than 15 minutes
            await self.env.advance_time(16 * 60)
        return True


async def play_hand(world: World, env: simcord.Env, game: str) -> list[Turn]:
    await open_table(world, game, bot=False, hands=1)
    table = Table(world, env)
    while await table.turn(clock_jumps=len(table.turns) in AWAY):
        pass
    assert "Hand 1 is over" in "\n".join(m.content for m in world.thread.history())
    return table.turns


def report(game: str, turns: list[Turn]) -> Counter[str]:
    tally = Counter(f"{t.kind} in {t.steps}{' (menu open)' if t.menu_open else ''}" for t in turns)
    total = sum(t.steps for t in turns)
    print(f"\n{game}: {len(turns)} turns, {total} interactions, {total / len(turns):.2f} a turn")
    for line, count in sorted(tally.items()):
        print(f"  {count:4d} × {line}")
    return tally


def check(turns: list[Turn]) -> None:
    for turn in turns:
        if turn.kind == "pass":
            assert turn.steps <= 1, turn
        elif turn.kind == "kitty":
            assert turn.steps <= 3, turn
        else:
            assert turn.steps <= (1 if turn.menu_open else 2), turn
    plays = [t for t in turns if t.kind == "play"]
    assert sum(t.menu_open for t in plays) > len(plays) / 2  # most turns are one pick


async def test_a_whole_qingdun_hand_by_four_people_in_one_or_two_steps_a_turn(
    world: World, simcord_env: simcord.Env
) -> None:
    turns = await play_hand(world, simcord_env, "qingdun")
    report("清墩", turns)
    check(turns)
    assert {t.kind for t in turns} == {"play", "pass"}


async def test_a_whole_sankou_hand_by_four_people_in_one_or_two_steps_a_turn(
    world: World, simcord_env: simcord.Env
) -> None:
    turns = await play_hand(world, simcord_env, "sankou")
    report("三扣", turns)
    check(turns)
    assert [t.kind for t in turns].count("kitty") == 1
    assert [t.kind for t in turns].count("trump") == 1
