"""Every refusal is private, in words, and changes nothing; slow drawing never misses 3 seconds."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import simcord

from bot.discord import pictures
from tests.discord.conftest import World, answer, cid, has, open_table, public_text
from tests.discord.test_hardening import callbacks
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
    empty = await ann.click(hand, custom_id=cid(hand, "h:play"))  # said on the hand message
    assert empty.followups == [] and empty.response.ephemeral
    first_lines = empty.response.content.splitlines()[:2]
    assert first_lines == ["Choose cards in the menus first.", "Your hand: 3 cards."]
    assert await state(simcord_env) == before
    assert len(public_text(world)) == posted

    await ann.select(hand, ["9C#0"], custom_id=cid(hand, "c:0"))
    first = await ann.click(hand, custom_id=cid(hand, "h:play"))
    assert first.response.content.startswith("Played: 9♣\n")
    ids = str(first.response.components)  # off turn: nothing to play, a double click misses
    assert not has(ids, "h:play") and not has(ids, "lp")
    assert has(ids, "h:takeback") and has(ids, "h:refresh")


async def test_slow_drawing_still_answers_within_three_seconds(
    world: World, deals, simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A picture still not drawn 2 s after the click: the interaction is deferred meanwhile
    (the payload check times every answer), then the message is edited with the picture."""
    deals.use("qingdun", short_deal().start)
    ann = world.players[0]
    await open_table(world, "qingdun")
    hand = answer(await ann.click(world.table_message(), custom_id="ct:1:hand"))
    chosen = await ann.select(hand, ["3S#0", "3H#0"], custom_id=cid(hand, "c:0"))
    assert chosen.response.content.endswith("Selected: 3♠ 3♥")
    draw = pictures.draw

    async def slow(render_fn: Any, *args: Any, **kwargs: Any) -> bytes | None:
        await asyncio.sleep(2.1)  # the drawing thread busy (simulated seconds)
        return await draw(render_fn, *args, **kwargs)

    monkeypatch.setattr(pictures, "draw", slow)
    played = await ann.click(hand, custom_id=cid(hand, "h:play"))
    assert callbacks(simcord_env) == [6]  # deferred in time (the payload check times it) …
    assert played.response.content.startswith("Played: 3♠ 3♥")  # … then edited
    assert [a.filename for a in played.response.attachments] == ["hand.png"]
