"""Whole hands of both games played by people whose names are attacks; nobody gets pinged.

The payload check of ``conftest.py`` runs on every request: each message stays within
Discord's limits and carries ``allowed_mentions`` that ping nobody but the player to move.
"""

from __future__ import annotations

from typing import Any

import pytest
import simcord

from tests.discord.conftest import (
    HOSTILE_NAMES,
    World,
    answer,
    end_table,
    open_table,
    play_out,
    texts,
)
from tests.discord.test_qingdun_flow import short_deal as qingdun_deal
from tests.discord.test_sankou_flow import short_deal as sankou_deal

RAW = ("@everyone", "<@&1>", "<@2>", "||spoiler||", "`tick`")


@pytest.fixture
def world(simcord_env: simcord.Env) -> World:
    return World(simcord_env, HOSTILE_NAMES)


def assert_nobody_pinged(world: World) -> None:
    """Names show as typed (escaped); the only mention in any message is the turn ping."""
    turn_words = ("your turn", "your bid", "you are the dealer", "name the trump")
    for message in texts(world, world.players[0]):
        assert not message.mention_everyone and not message.role_mentions, message.content
        for raw in RAW:
            assert raw not in message.content, message.content
        for line in message.content.splitlines():
            assert not line.startswith(("#", "-#", ">")), line
        pinged = [user.id for user in message.mentions]
        if pinged:
            assert len(pinged) == 1 and message.content.count(f"<@{pinged[0]}>") == 1
            assert any(word in message.content for word in turn_words), message.content


async def scores(world: World) -> list[Any]:
    ann = world.players[0]
    return [
        answer(await ann.slash(world.thread, "scores table")),
        answer(await ann.slash(world.thread, "scores history")),
        answer(await ann.slash(world.channel, "scores board", game="qingdun", by="points")),
        answer(await ann.slash(world.channel, "scores board", game="sankou", by="points")),
        answer(await ann.slash(world.channel, "scores stats", player=world.players[3])),
    ]


async def test_a_qingdun_hand_with_hostile_names(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", qingdun_deal().start)
    await open_table(world, "qingdun", bot=False, hands=1)
    await world.players[1].slash(world.thread, "table show")
    assert (await end_table(world, world.players[0])).ephemeral  # a vote
    await play_out(world, simcord_env)
    shown = "\n".join(m.content for m in texts(world, world.players[0]))
    assert "\\# heading opened a Qingdun table." in shown
    assert "@\u200beveryone \\|\\|spoiler\\|\\|" in shown
    assert "<@\u200b&1> <@\u200b2> \\`tick\\`" in shown
    assert f"{HOSTILE_NAMES[3]}: " in shown  # CJK and emoji need no escaping
    assert "Hand 1 is over" in shown
    assert "\\# heading asks to end the table now" in shown  # the vote names everyone, escaped
    replies = await scores(world)
    assert "\\# heading: " in replies[0].content
    assert HOSTILE_NAMES[3] in replies[1].content and HOSTILE_NAMES[3] in replies[2].content
    assert "@\u200beveryone" in replies[2].content
    assert_nobody_pinged(world)


async def test_a_sankou_hand_with_hostile_names(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    deals.use("sankou", sankou_deal().start)
    await open_table(world, "sankou", bot=False, hands=1)
    await world.players[0].slash(world.thread, "play bid", amount=80)
    await play_out(world, simcord_env)
    shown = "\n".join(m.content for m in texts(world, world.players[0]))
    assert "\\# heading bids 80." in shown
    assert "Hand 1 is over: contract" in shown
    assert "\\# heading is the dealer (庄家) at 80." in shown
    assert "wins the trick" in shown
    await scores(world)
    assert_nobody_pinged(world)


async def test_the_line_for_a_seat_and_catch_up_show_hostile_names_as_typed(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", qingdun_deal().start)
    await open_table(world, "qingdun")
    eve = world.guild.add_member(simcord_env.create_user("eve"), nick="@everyone <@&1> `x`")
    await eve.click(world.table_message(), custom_id="ct:1:queue")
    assert "@everyone" not in world.table_message().content.replace("@\u200beveryone", "")
    caught = answer(await world.players[1].click(world.table_message(), custom_id="ct:1:catchup"))
    assert caught.ephemeral and "<@" not in caught.content
    assert_nobody_pinged(world)
