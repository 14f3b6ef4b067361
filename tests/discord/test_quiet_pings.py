"""Pings people don't mute (issue 20, §2): none right after the player's own move while their
hand panel is live, one for a run of their steps, and each player's ``/settings pings``."""

from __future__ import annotations

from datetime import UTC
from typing import Any

import pytest
import simcord

from bot.i18n import t
from tests.discord.conftest import Notified, World, answer, cid, open_table, options
from tests.discord.test_qingdun_flow import short_deal as qingdun_deal
from tests.discord.test_sankou_flow import short_deal as sankou_deal

LOCALES = {"en": "en-US", "zh-TW": "zh-TW", "zh-CN": "zh-CN"}


async def lead_and_all_pass(world: World, panel: Any) -> Any:
    """ann leads 9♣ from her open panel; bo, di and cy pass: ann leads again."""
    ann, bo, cy, di = world.players
    menu = cid(panel, "lp")
    single = next(v for v, label in options(panel, menu) if label.endswith("9♣"))
    played = await ann.select(panel, [single], custom_id=menu)
    for player in (bo, di, cy):
        await player.slash(world.thread, "play pass")
    return played


async def test_no_ping_right_after_your_own_move_with_the_panel_open_then_one_when_idle(
    world: World, deals: Any, notified: Notified, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", qingdun_deal().start)
    ann = world.players[0]
    await open_table(world, "qingdun", bot=False)
    assert len(notified.of(ann.id)) == 1  # her first turn: she has not moved yet
    panel = answer(await ann.click(world.table_message(), custom_id="ct:1:hand"))
    await lead_and_all_pass(world, panel)
    assert len(notified.of(ann.id)) == 1  # her turn again, seconds after she moved: no ping
    await simcord_env.advance_time(4 * 60)  # idle for longer than 3 minutes: pinged
    assert len(notified.of(ann.id)) == 2


@pytest.mark.parametrize("lang", sorted(LOCALES))
async def test_the_settings_say_what_is_set_in_the_readers_language(
    world: World, locales: dict[int, str], lang: str
) -> None:
    ann = world.players[0]
    locales[ann.id] = LOCALES[lang]
    shown = answer(await ann.slash(world.channel, "settings pings"))
    assert shown.ephemeral and shown.content.splitlines() == [
        t("pings.auto", lang, minutes=3),
        t("pings.no_quiet", lang),
    ]
    chosen = answer(
        await ann.slash(
            world.channel,
            "settings pings",
            when="idle",
            minutes=10,
            quiet_from=23,
            quiet_to=7,
            time_zone="Asia/Taipei",
        )
    )
    assert chosen.content.splitlines() == [
        t("pings.idle", lang, minutes=10),
        t("pings.quiet", lang, start=23, end=7, zone="Asia/Taipei"),
    ]
    refused = answer(await ann.slash(world.channel, "settings pings", time_zone="Mars/@everyone"))
    assert refused.ephemeral and "@everyone" not in refused.content.replace("@\u200beveryone", "")


async def test_one_ping_for_the_sankou_dealers_bid_kitty_and_trump(
    world: World, deals: Any, notified: Notified
) -> None:
    deals.use("sankou", sankou_deal().start)
    ann, bo, cy, di = world.players
    await ann.slash(world.channel, "settings pings", when="always")
    await open_table(world, "sankou", bot=False, hands=1)  # seats: ann, bo, di, cy
    await ann.slash(world.thread, "play bid", amount=80)
    for player in (bo, di, cy):
        await player.slash(world.thread, "play pass")
    before = len(notified.of(ann.id))
    assert before == 2  # the bidding, then the run of the dealer's steps
    hand = answer(await ann.click(world.table_message(), custom_id="ct:1:hand"))
    kitty = options(hand, cid(hand, "kc"))[0][0]
    chosen = await ann.select(hand, [kitty], custom_id=cid(hand, "kc"))
    laid = await ann.click(chosen.response, custom_id=cid(chosen.response, "h:kitty"))
    await ann.select(laid.response, ["S"], custom_id=cid(laid.response, "trump"))
    assert len(notified.of(ann.id)) == before  # kitty, trump, the first lead: still that one


async def test_quiet_hours_hold_the_ping_until_they_end_the_clock_runs_on(
    world: World, deals: Any, notified: Notified, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", qingdun_deal().start)
    ann = world.players[0]
    hour = simcord_env.now().astimezone(UTC).hour
    await ann.slash(
        world.channel,
        "settings pings",
        quiet_from=hour,
        quiet_to=(hour + 1) % 24,
        time_zone="UTC",
    )
    await open_table(world, "qingdun")
    deadline = (await simcord_env.bot.service.table_info(1)).deadline
    assert notified.of(ann.id) == []  # her quiet hours
    await simcord_env.advance_time(61 * 60)
    assert len(notified.of(ann.id)) == 1  # they ended: the ping
    assert (await simcord_env.bot.service.table_info(1)).deadline == deadline  # never moved


async def test_a_direct_message_instead_of_a_mention(
    world: World, deals: Any, notified: Notified
) -> None:
    deals.use("qingdun", qingdun_deal().start)
    ann = world.players[0]
    await ann.slash(world.channel, "settings pings", when="dm")
    await open_table(world, "qingdun")
    [where] = notified.of(ann.id)
    assert where in notified.direct  # a direct message, no mention in the thread
    assert not [m for m in world.thread.history() if m.mentions]
