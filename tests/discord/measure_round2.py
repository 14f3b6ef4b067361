"""Issue 20's closing figures, measured in SimCord: one hand of each game by four people, and by
one person with three bots. Not part of the suite (about a minute); run it explicitly, on any
version of the bot (it finds the controls by what they do, not by the form of their ids):

    PYTHONPATH=$PWD .venv/bin/python -m pytest -q -s tests/discord/measure_round2.py

Each player takes each turn as a person would: the play the hint suggests, picked in their
newest hand message's menu when it shows this turn's menu, else after pressing *My hand*.
Each hand is played steadily (20 s a turn), then again with every 8th turn of a player after
30 minutes away (longer than a hand message can be updated). It prints, per player and hand:
the private hand messages they were sent (and how many still showed controls at the end),
the notifications (mentions and direct messages) they got, and how many messages sat between
their newest hand message and the bottom of the channel when their turn came.
"""

from __future__ import annotations

import re
import statistics
from collections import defaultdict
from typing import Any

import pytest
import simcord
from simcord.http import router

from bot.service import ServiceError
from engine.actions import Bid, DeclareTrump, Pass
from tests.discord.conftest import World, answer, texts

MENU = re.compile(r"ct:1:[\d.]+:(lp|bid|trump|kc)$")
BUTTON = re.compile(r"ct:1:[\d.]+:h:(pass|bidpass|kitty)$")
CONTROL = re.compile(r"ct:1:[\d.]+:(?:lp|bid|trump|kc|c:\d|h:\w+)$")
RESULTS: list[tuple[str, dict[str, float]]] = []
AWAY_EVERY, AWAY = 8, 30 * 60  # every 8th turn of a player comes after 30 minutes away


def controls(message: Any) -> list[str]:
    out = []
    for row in message.components:
        for child in row["components"] if isinstance(row, dict) else row.children:
            data = child if isinstance(child, dict) else child.to_dict()
            if data.get("custom_id"):
                out.append(data["custom_id"])
    return out


def values(message: Any, custom_id: str) -> list[str]:
    for row in message.components:
        for child in row["components"] if isinstance(row, dict) else row.children:
            data = child if isinstance(child, dict) else child.to_dict()
            if data.get("custom_id") == custom_id:
                return [o["value"] for o in data.get("options", [])]
    return []


class Watch:
    """What each player saw: hand messages sent to them, notifications, the gap at a turn."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.hands: dict[int, set[int]] = defaultdict(set)
        self.pings: dict[int, int] = defaultdict(int)
        self.gaps: dict[int, list[int]] = defaultdict(list)
        self.direct: dict[int, int] = {}

    def record(self, backend: Any, method: str, path: str, result: Any, body: Any) -> None:
        if method == "POST" and path == "/users/@me/channels":
            self.direct[int(result["id"])] = int(body["recipient_id"])
        found = re.fullmatch(r"/channels/(\d+)/messages", path)
        if method == "POST" and found and isinstance(body, dict):
            if int(found[1]) in self.direct:
                self.pings[self.direct[int(found[1])]] += 1
            for user in (body.get("allowed_mentions") or {}).get("users", []):
                self.pings[int(user)] += 1

    def look(self) -> None:
        """Note every private hand message each player can see now (deleted ones were seen)."""
        for player in self.world.players:
            for message in texts(self.world, player):
                if message.flags.ephemeral and any(CONTROL.match(c) for c in controls(message)):
                    self.hands[player.id].add(message.id)

    def panel(self, player: Any) -> Any:
        """The player's newest hand message with controls, as it is now."""
        mine = [
            m
            for m in self.world.thread.history(viewer=player)
            if m.flags.ephemeral and any(CONTROL.match(c) for c in controls(m))
        ]
        return mine[-1] if mine else None

    def gap(self, player: Any, panel: Any) -> None:
        if panel is not None:
            below = [m for m in self.world.thread.history(viewer=player) if m.id > panel.id]
            self.gaps[player.id].append(len(below))


@pytest.fixture
def watch(world: World, monkeypatch: pytest.MonkeyPatch) -> Watch:
    seen = Watch(world)
    dispatch = router.dispatch

    def recorded(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        result = dispatch(backend, method, path, **kwargs)
        seen.record(backend, method, path, result, kwargs.get("json") or {})
        return result

    monkeypatch.setattr(router, "dispatch", recorded)
    return seen


async def take_turn(world: World, env: simcord.Env, watch: Watch, player: Any) -> None:
    """One turn as a person plays it: the suggested play from the newest hand message."""
    service = env.bot.service
    hint = await service.hint(1, player.id)
    panel = watch.panel(player)
    watch.gap(player, panel)
    for _ in range(3):
        ids = controls(panel) if panel is not None else []
        if isinstance(hint, Pass):
            button = next((c for c in ids if BUTTON.match(c) and "pass" in c), None)
            if button is None:
                await player.click(world.table_message(), custom_id="ct:1:pass")
                return
            done = await player.click(panel, custom_id=button)
        else:
            menu = next((c for c in ids if MENU.match(c)), None)
            if menu is None:
                panel = answer(await player.click(world.table_message(), custom_id="ct:1:hand"))
                watch.look()
                continue
            options = values(panel, menu)
            if isinstance(hint, Bid):
                value = str(hint.amount)
            elif isinstance(hint, DeclareTrump):
                value = hint.suit.value
            else:
                value = options[0]
            done = await player.select(panel, [value], custom_id=menu)
            if menu.endswith(":kc"):
                kitty = next(c for c in controls(done.response) if c.endswith(":h:kitty"))
                done = await player.click(done.response, custom_id=kitty)
        watch.look()
        if done.response is not None and "old hand message" not in (done.response.content or ""):
            return
        panel = done.response  # refused as old: the fresh panel is that message now
    raise AssertionError("the turn could not be taken")


@pytest.mark.simulated_time_only(reason="a measurement, not a check of answer times")
@pytest.mark.parametrize("away", [False, True], ids=["steady", "away"])
@pytest.mark.parametrize("people", [4, 1])
@pytest.mark.parametrize("game", ["qingdun", "sankou"])
async def test_measure(
    world: World, simcord_env: simcord.Env, watch: Watch, game: str, people: int, away: bool
) -> None:
    ann, bo, cy, di = world.players
    await ann.slash(world.channel, "table create", game=game, hands=1)
    for player in (bo, cy, di)[: people - 1]:
        await player.slash(world.thread, "table join")
    for _ in range(4 - people):
        await ann.click(world.table_message(), custom_id="ct:1:addbot")
    await ann.click(world.table_message(), custom_id="ct:1:start")
    service = simcord_env.bot.service
    by_id = {p.id: p for p in world.players}
    turns: dict[int, int] = defaultdict(int)
    for _ in range(3000):
        try:
            info = await service.table_info(1)
        except ServiceError:
            break
        seat = info.seats[info.to_move] if info.to_move is not None else None
        if info.status != "playing" or info.to_move is None:
            break
        if seat is None or seat.user_id is None:
            await simcord_env.settle()
            continue
        player = by_id[seat.user_id]
        turns[player.id] += 1
        if away and turns[player.id] % AWAY_EVERY == 0:  # now and then away a while
            await simcord_env.advance_time(AWAY)
        await take_turn(world, simcord_env, watch, player)
        await simcord_env.advance_time(20)  # people take a few seconds a turn
    humans = [p for p in world.players][:people]
    gaps = [g for p in humans for g in watch.gaps[p.id]]
    live = [
        len(
            [
                m
                for m in texts(world, p)
                if m.flags.ephemeral and any(CONTROL.match(c) for c in controls(m))
            ]
        )
        for p in humans
    ]
    figures = {
        "hand messages / player": statistics.mean(len(watch.hands[p.id]) for p in humans),
        "left with controls at the end": statistics.mean(live),
        "pings / player": statistics.mean(watch.pings[p.id] for p in humans),
        "messages below the panel at a turn (median)": statistics.median(gaps) if gaps else 0,
        "(mean)": statistics.mean(gaps) if gaps else 0,
        "(max)": max(gaps) if gaps else 0,
        "turns": len(gaps),
    }
    who = "four people" if people == 4 else "one person, three bots"
    RESULTS.append((f"{game}, {who}, {'away now and then' if away else 'steady'}", figures))
    print(f"\n{RESULTS[-1][0]}: " + "; ".join(f"{k} {v:.1f}" for k, v in figures.items()))
