"""Every refusal is private, in words, and changes nothing; slow drawing never misses 3 seconds."""

from __future__ import annotations

import time
from typing import Any

import pytest
import simcord

import render
from tests.discord.conftest import World, answer, open_table, public_text
from tests.discord.test_qingdun_flow import short_deal


async def state(env: simcord.Env) -> tuple[Any, Any]:
    service = env.bot.service
    return await service.table_info(1), await service.public_view(1)


async def refused(env: simcord.Env, result: Any, starts: str) -> None:
    reply = answer(result)
    assert reply.ephemeral, reply.content
    assert reply.content.startswith(starts), reply.content


async def test_refusals_are_private_and_change_nothing(world: World, deals, simcord_env) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo, cy, di = world.players
    await open_table(world, "qingdun")
    before = await state(simcord_env)
    posted = len(public_text(world))

    await refused(
        simcord_env, await di.slash(world.thread, "play cards", cards="3S"), "You do not sit"
    )
    await refused(
        simcord_env, await bo.slash(world.thread, "play cards", cards="KD"), "Not your turn: ann"
    )
    await refused(
        simcord_env, await ann.slash(world.thread, "play cards", cards="3X"), "“X”: ranks are"
    )
    await refused(
        simcord_env, await ann.slash(world.thread, "play cards", cards="3S 9C"), "3♠ 9♣ is not"
    )
    await refused(
        simcord_env, await ann.slash(world.thread, "play cards", cards="5H"), "You hold no 5♥"
    )
    await refused(simcord_env, await ann.slash(world.thread, "play pass"), "You lead this trick")
    await refused(
        simcord_env, await bo.slash(world.thread, "table kick", player=cy), "Only the table's"
    )
    await refused(
        simcord_env, await di.click(world.table_message(), custom_id="ct:1:hand"), "You do not sit"
    )
    hand = answer(await ann.click(world.table_message(), custom_id="ct:1:hand"))
    await refused(simcord_env, await ann.click(hand, custom_id="ct:1:1:h:play"), "Choose cards")
    assert await state(simcord_env) == before
    assert len(public_text(world)) == posted

    await ann.select(hand, ["9C#0"], custom_id="ct:1:1:c:0")
    first = await ann.click(hand, custom_id="ct:1:1:h:play")
    assert [f.content for f in first.followups] == ["Played: 9♣"]
    after = await state(simcord_env)
    second = await ann.click(first.response, custom_id="ct:1:1:h:play")  # a double click
    assert answer(second).ephemeral
    assert answer(second).content.startswith(("Not your turn", "Choose cards"))
    assert await state(simcord_env) == after


async def test_slow_drawing_still_answers_within_three_seconds(
    world: World, deals, simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    deals.use("qingdun", short_deal().start)
    ann = world.players[0]
    await open_table(world, "qingdun")
    acknowledged: list[bool] = []
    real_hand, real_table = render.render_hand, render.render_table

    def slow(real: Any) -> Any:
        def draw(*args: Any, **kwargs: Any) -> bytes:
            acknowledged.append(all(i.responded for i in simcord_env.backend.interactions.values()))
            time.sleep(0.3)  # real seconds: the interaction must already be answered by now
            return real(*args, **kwargs)

        return draw

    monkeypatch.setattr(render, "render_hand", slow(real_hand))
    monkeypatch.setattr(render, "render_table", slow(real_table))
    shown = await ann.click(world.table_message(), custom_id="ct:1:hand")
    assert shown.ephemeral
    hand = answer(shown)
    await ann.select(hand, ["3S#0", "3H#0"], custom_id="ct:1:1:c:0")
    played = await ann.click(hand, custom_id="ct:1:1:h:play")
    assert played.acknowledged
    assert acknowledged and all(acknowledged)
