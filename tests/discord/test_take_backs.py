"""Take-back requests in the thread: only the side a move affects is asked and pinged, once;
one refusal or a minute ends a request, and nobody is pinged again for it."""

from __future__ import annotations

from typing import Any

import simcord

from bot.service import events as ev
from tests.discord.conftest import World, answer, open_table
from tests.discord.test_qingdun_flow import short_deal


def mentioning(world: World, user_id: int) -> set[int]:
    """The ids of the thread's messages that mention ``user_id``."""
    return {m.id for m in world.thread.history() if user_id in [u.id for u in m.mentions]}


async def test_only_the_opponents_are_pinged_once_and_a_minute_ends_it_quietly(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo, cy, di = world.players
    await open_table(world, "qingdun", bot=False)  # seats: ann, bo, di (ann's partner), cy
    await ann.slash(world.thread, "play cards", cards="33")
    before = {p.id: mentioning(world, p.id) for p in (bo, cy, di)}
    asked = answer(await ann.slash(world.thread, "play takeback"))
    assert asked.content.startswith("The other side is asked to let you take it back")
    request = next(m for m in world.thread.history() if "asks to take back" in m.content)
    assert sorted(u.id for u in request.mentions) == sorted([bo.id, cy.id])  # not di
    assert request.content.endswith("one refusal keeps the move.")
    partner = answer(await di.click(request, custom_id="ct:1:tb:1:1:y"))
    assert partner.content == "Only the players this take-back affects answer it: the other side."

    bot = simcord_env.bot
    info = await bot.service.table_info(1)
    event = bot.service.state.tables[1].take_back
    assert event is not None
    again = ev.TakeBackAsked(0, 1, 1, (), (1, 3), event["expires"])
    await bot.take_backs.post_request(info, again)  # the same request a second time: no post
    pinged = {p.id: mentioning(world, p.id) - before[p.id] for p in (bo, cy, di)}
    assert pinged == {bo.id: {request.id}, cy.id: {request.id}, di.id: set()}

    await simcord_env.advance_time(2 * 60)  # a minute passes, and the deadline pass runs
    closed = next(m for m in world.thread.history() if m.id == request.id)
    assert closed.content.endswith("Not answered within a minute: the move stands.")
    assert closed.components == []
    assert {p.id: mentioning(world, p.id) - before[p.id] for p in (bo, cy, di)} == pinged
    refused = answer(await ann.slash(world.thread, "play takeback"))
    assert refused.content == (
        "You asked for a take-back in this trick already: one request per trick."
    )


async def test_a_request_ends_when_its_minute_is_up_not_at_the_next_regular_pass(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", short_deal().start)
    ann, *_ = world.players
    await open_table(world, "qingdun", bot=False)
    simcord_env.bot.deadlines.loop.cancel()  # no regular pass: only the request's own
    await ann.slash(world.thread, "play cards", cards="33")
    answer(await ann.slash(world.thread, "play takeback"))
    request = next(m for m in world.thread.history() if "asks to take back" in m.content)

    await simcord_env.advance_time(59)
    still = next(m for m in world.thread.history() if m.id == request.id)
    assert still.components  # open: the minute is not up
    await simcord_env.advance_time(2)
    closed = next(m for m in world.thread.history() if m.id == request.id)
    assert closed.content.endswith("Not answered within a minute: the move stands.")
    assert closed.components == []
