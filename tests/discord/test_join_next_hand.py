"""Waiting for the next hand (issue 20, §7): *Join next hand* puts a newcomer in line; at the
next deal the line's head takes a seat a leaver, a kicked player or a bot frees."""

from __future__ import annotations

from typing import Any

import pytest
import simcord

from bot.i18n import t
from tests.discord.conftest import World, answer, confirm, open_table, play_out
from tests.discord.test_qingdun_flow import short_deal

LOCALES = {"en": "en-US", "zh-TW": "zh-TW", "zh-CN": "zh-CN"}


@pytest.mark.parametrize("lang", sorted(LOCALES))
async def test_a_newcomer_waits_in_line_and_takes_the_bots_seat_at_the_next_deal(
    world: World, deals: Any, simcord_env: simcord.Env, locales: dict[int, str], lang: str
) -> None:
    deals.use("qingdun", short_deal().start)
    eve = world.guild.add_member(simcord_env.create_user("eve"))
    locales[eve.id] = LOCALES[lang]
    await open_table(world, "qingdun", hands=2)  # seats: ann, bo, a bot, cy
    refused = answer(await eve.slash(world.thread, "table join"))
    assert refused.ephemeral and "ct:1:queue" in str(refused.components)  # the fix: the line
    joined = answer(await eve.click(refused, custom_id="ct:1:queue"))
    assert joined.content == t("line.joined", lang, place=1)
    assert "Waiting for a seat at the next deal: eve" in world.table_message().content
    service = simcord_env.bot.service
    await play_out(world, simcord_env, hands=1)
    await simcord_env.settle()
    info = await service.table_info(1)
    assert info.hand_number == 2 and info.seats[2] is not None and info.seats[2].user_id == eve.id
    assert info.waiting == () and "Waiting for a seat" not in world.table_message().content


async def test_pressing_again_leaves_the_line_and_a_leavers_seat_goes_to_the_line_at_once(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", short_deal().start)
    di = world.players[3]
    eve = world.guild.add_member(simcord_env.create_user("eve"))
    fay = world.guild.add_member(simcord_env.create_user("fay"))
    await open_table(world, "qingdun", bot=False)  # seats: ann, bo, di, cy
    await eve.click(world.table_message(), custom_id="ct:1:queue")
    await fay.click(world.table_message(), custom_id="ct:1:queue")
    left = answer(await eve.click(world.table_message(), custom_id="ct:1:queue"))
    assert left.content == t("line.left", "en")
    asked = answer(await di.slash(world.thread, "table leave"))
    await confirm(di, asked, "leave")
    await simcord_env.settle()
    info = await simcord_env.bot.service.table_info(1)
    assert info.seats[2] is not None and info.seats[2].user_id == fay.id  # di's seat, at once
    assert info.status == "playing" and info.hand_number == 2  # dealt again (auto-deal)
