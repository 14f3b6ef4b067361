"""The connection to Discord failing (not an HTTP error answer) while a committed move is
announced: the move stands, the player is told it was done, the bot seats move on, and the
table message is repaired at the next deadline pass."""

from __future__ import annotations

import fnmatch
from collections.abc import Iterator
from typing import Any

import aiohttp
import pytest
import simcord
from simcord.http import router

from tests.discord.conftest import World, answer, open_table
from tests.discord.test_qingdun_flow import short_deal


class ConnectionFaults:
    """REST calls that die on the wire: aiohttp raises instead of Discord answering."""

    def __init__(self) -> None:
        self.rules: list[list[Any]] = []  # [method, path pattern, times left or None]

    def add(self, method: str, path: str, times: int | None = None) -> None:
        self.rules.append([method, path, times])

    def clear(self) -> None:
        self.rules.clear()

    def check(self, method: str, path: str) -> None:
        for rule in list(self.rules):
            if rule[0] in (method, "*") and fnmatch.fnmatch(path, rule[1]):
                if rule[2] is not None:
                    rule[2] -= 1
                    if rule[2] <= 0:
                        self.rules.remove(rule)
                raise aiohttp.ClientConnectionError("Connection reset by peer (injected)")


@pytest.fixture
def faults(monkeypatch: pytest.MonkeyPatch) -> Iterator[ConnectionFaults]:
    injected = ConnectionFaults()
    original = router._check_faults

    def check(backend: Any, method: str, path: str) -> None:
        injected.check(method, path)
        original(backend, method, path)

    monkeypatch.setattr(router, "_check_faults", check)
    yield injected


async def test_a_lost_connection_while_announcing_never_stops_the_bots(
    world: World, deals, simcord_env: simcord.Env, faults: ConnectionFaults
) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo, cy, _ = world.players
    await open_table(world, "qingdun")
    assert answer(await ann.slash(world.thread, "play cards", cards="33")).content == (
        "Played: 3♠ 3♥"
    )
    faults.add("POST", "/channels/*/messages")  # announcements and new table posts
    faults.add("PATCH", "/channels/*/messages/*")  # the table message's edit
    passed = await bo.slash(world.thread, "play pass")
    assert answer(passed).content == "You passed."  # not "nothing was changed"
    assert passed.followups == []
    service = simcord_env.bot.service
    info = await service.table_info(1)
    assert info.to_move == 3  # the bot in seat 3 passed after bo, though nothing was announced
    assert len(service.state.tables[1].game.actions) == 3
    # Discord is back: the next deadline pass redraws the table message with the truth.
    faults.clear()
    before = len(simcord_env.backend.http_requests)
    await simcord_env.advance_time(61)
    redrawn = [
        r for r in simcord_env.backend.http_requests[before:] if r.path.startswith("/channels/")
    ]
    assert redrawn and redrawn[-1].method in ("PATCH", "POST")
    assert answer(await cy.slash(world.thread, "play pass")).content == "You passed."


async def test_a_lost_connection_on_the_players_answer_still_publishes_and_drives_bots(
    world: World, deals, simcord_env: simcord.Env, faults: ConnectionFaults
) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo, _, _ = world.players
    await open_table(world, "qingdun")
    await ann.slash(world.thread, "play cards", cards="33")
    faults.add("POST", "/webhooks/*", times=1)  # "You passed." never reaches bo
    passed = await bo.slash(world.thread, "play pass")
    assert "nothing was changed" not in answer(passed).content
    assert (await simcord_env.bot.service.table_info(1)).to_move == 3
    assert "bo passes." in "\n".join(m.content for m in world.thread.history())


async def test_a_lost_connection_opening_the_thread_still_opens_the_table(
    world: World, deals, faults: ConnectionFaults
) -> None:
    faults.add("POST", "/channels/*/threads", times=1)
    created = await world.players[0].slash(world.channel, "table create", game="qingdun")
    assert answer(created).content == f"Table #1 is open in <#{world.channel.id}>."
