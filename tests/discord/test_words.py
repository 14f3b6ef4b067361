"""Pictures and words that were wrong (issue 20, §6), as the players see them."""

from __future__ import annotations

from typing import Any

import pytest
import simcord

from bot.i18n import t
from tests.discord.conftest import World, answer, confirm, open_table, play_out
from tests.discord.test_qingdun_flow import short_deal

LOCALES = {"en": "en-US", "zh-TW": "zh-TW", "zh-CN": "zh-CN"}


def table_messages(world: World) -> list[Any]:
    return [m for m in world.thread.history() if m.content.startswith("**Qingdun table")]


async def test_a_waiting_table_draws_no_hand_after_a_leave(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", short_deal().start)
    di = world.players[3]
    await open_table(world, "qingdun", bot=False)  # seats: ann, bo, di, cy
    await confirm(di, answer(await di.slash(world.thread, "table leave")), "leave")
    eve = world.guild.add_member(simcord_env.create_user("eve"))
    await eve.slash(world.thread, "table join")
    [table] = table_messages(world)
    assert table.attachments == []  # not the voided hand with eve in it as its dealer
    assert "Seat 3: eve" in table.content


@pytest.mark.parametrize("lang", sorted(LOCALES))
async def test_seat_commands_say_what_they_did_never_done(
    world: World, locales: dict[int, str], lang: str
) -> None:
    ann, bo = world.players[:2]
    locales[bo.id] = LOCALES[lang]
    await ann.slash(world.channel, "table create", game="qingdun")
    joined = answer(await bo.slash(world.thread, "table join"))
    assert joined.content == t("table.joined", lang, name="bo", seat=2)
    added = answer(await bo.slash(world.thread, "table addbot"))
    assert added.content == t("table.bot_added", lang, seat=3)


@pytest.mark.parametrize("lang", sorted(LOCALES))
async def test_table_show_after_the_end_points_at_the_standings(
    world: World, deals: Any, simcord_env: simcord.Env, locales: dict[int, str], lang: str
) -> None:
    deals.use("qingdun", short_deal().start)
    ann = world.players[0]
    locales[ann.id] = LOCALES[lang]
    await open_table(world, "qingdun", hands=1)
    await play_out(world, simcord_env)
    shown = answer(await ann.slash(world.thread, "table show"))
    assert shown.content == t("table.closed_here", lang, table=1)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
async def test_a_kick_is_not_called_a_leave(
    world: World, deals: Any, simcord_env: simcord.Env, lang: str
) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo = world.players[:2]
    await open_table(world, "qingdun", bot=False, turn_limit=5, language=lang)
    await ann.slash(world.thread, "play cards", cards="9C")
    await simcord_env.advance_time(6 * 60)  # bo's time ran out: a bot moved for him
    kicked = answer(await ann.slash(world.thread, "table kick", player=bo))
    assert "bo" in kicked.content
    text = "\n".join(m.content for m in world.thread.history())
    assert t("result.removed", lang) in text and t("result.left", lang) not in text
