"""One live hand panel per player: old panels go, old controls never play (issue 20, §1)."""

from __future__ import annotations

from typing import Any

import pytest
import simcord

from bot.i18n import t
from tests.discord.conftest import World, answer, cid, has, open_table, options, texts
from tests.discord.test_qingdun_flow import short_deal

LOCALES = {"en": "en-US", "zh-TW": "zh-TW", "zh-CN": "zh-CN"}


def live_panels(world: World, player: Any) -> list[Any]:
    """The player's private messages that still carry hand controls."""
    return [
        m
        for m in texts(world, player)
        if m.flags.ephemeral and any(has(m, c) for c in ("h:refresh", "h:hint", "lp", "h:play"))
    ]


@pytest.mark.parametrize("lang", sorted(LOCALES))
async def test_a_still_legal_play_from_an_old_menu_is_refused_with_a_fresh_panel(
    world: World, deals: Any, locales: dict[int, str], simcord_env: simcord.Env, lang: str
) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo, cy, di = world.players
    locales[ann.id] = LOCALES[lang]
    await open_table(world, "qingdun", bot=False)  # seats: ann, bo, di, cy; ann leads
    old = answer(await ann.click(world.table_message(), custom_id="ct:1:hand"))
    old_menu = cid(old, "lp")
    pair = next(value for value, label in options(old, old_menu) if label.endswith("3♠ 3♥"))
    simcord_env.bot.deadlines.also.clear()  # as after a restart: the bot forgot this panel
    await simcord_env.advance_time(16 * 60)  # its token is spent: it stays as it was
    await ann.slash(world.thread, "play cards", cards="9C")
    for player in (bo, di, cy):  # everyone passes: ann leads again, the pair still legal
        await player.slash(world.thread, "play pass")
    service = simcord_env.bot.service
    before = (await service.table_info(1), await service.view_for(1, ann.id))
    assert before[0].to_move == 0 and before[0].moves == 4

    picked = await ann.select(old, [pair], custom_id=old_menu)

    assert (await service.table_info(1), await service.view_for(1, ann.id)) == before
    lines = picked.response.content.splitlines()
    assert lines[0] == t("hand.old_panel", lang)  # "this is an old hand message"
    fresh = cid(picked.response, "lp")
    assert fresh != old_menu and fresh.startswith("ct:1:1.4:")  # the panel of now, playable
    again = await ann.select(picked.response, [pair], custom_id=fresh)
    assert again.response.content.splitlines()[0] == t("hand.played", lang, cards="3♠ 3♥")


async def test_my_hand_again_deletes_the_panel_before(world: World, deals: Any) -> None:
    deals.use("qingdun", short_deal().start)
    ann = world.players[0]
    await open_table(world, "qingdun")
    first = answer(await ann.click(world.table_message(), custom_id="ct:1:hand"))
    second = answer(await ann.click(world.table_message(), custom_id="ct:1:hand"))
    third = answer(await ann.click(world.table_message(), custom_id="ct:1:hint"))
    shown = [m.id for m in live_panels(world, ann)]
    assert shown == [third.id] and first.id not in shown and second.id not in shown


async def test_a_panel_from_the_same_turn_that_was_replaced_is_old(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", short_deal().start)
    ann = world.players[0]
    await open_table(world, "qingdun")
    first = answer(await ann.click(world.table_message(), custom_id="ct:1:hand"))
    simcord_env.bot.deadlines.also.clear()  # as after a restart: the bot forgot this panel
    await simcord_env.advance_time(16 * 60)  # too late to delete it: its controls stay
    answer(await ann.click(world.table_message(), custom_id="ct:1:hand"))
    single = next(v for v, label in options(first, cid(first, "lp")) if label.endswith("9♣"))
    picked = await ann.select(first, [single], custom_id=cid(first, "lp"))
    assert picked.response.content.splitlines()[0] == t("hand.old_panel", "en")
    assert (await simcord_env.bot.service.table_info(1)).moves == 0  # nothing was played


async def test_when_the_turn_comes_back_far_below_a_fresh_panel_is_sent_at_the_bottom(
    world: World, deals: Any
) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo, cy, di = world.players
    await open_table(world, "qingdun", bot=False)
    panel = answer(await ann.click(world.table_message(), custom_id="ct:1:hand"))
    played = await ann.select(
        panel, [options(panel, cid(panel, "lp"))[0][0]], custom_id=cid(panel, "lp")
    )
    assert played.response.content.startswith("Played: 9♣")
    for word in ("brb", "ok", "nice", "hm"):  # chat buries the panel
        await bo.send(world.thread, word)
    for player in (bo, di, cy):
        await player.slash(world.thread, "play pass")
    [live] = live_panels(world, ann)
    assert live.id != panel.id  # sent anew at the bottom, the old one gone
    below = [m for m in texts(world, ann) if m.id > live.id]
    assert below == [] and has(live, "lp")


async def test_a_panel_is_closed_before_its_token_runs_out(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", short_deal().start)
    ann = world.players[0]
    await open_table(world, "qingdun")
    panel = answer(await ann.click(world.table_message(), custom_id="ct:1:hand"))
    await simcord_env.advance_time(16 * 60)  # the deadline passes ran meanwhile
    [now] = [m for m in texts(world, ann) if m.id == panel.id]
    assert now.components == [] and now.content == t("hand.expired", "en")
    assert live_panels(world, ann) == []  # nothing that looks live is left
