"""Discord failing (an edit refused, no thread allowed) never changes or loses game state."""

from __future__ import annotations

import simcord

from tests.discord.conftest import World, answer, open_table, public_text
from tests.discord.test_qingdun_flow import short_deal


async def test_a_refused_edit_reposts_the_table_and_play_goes_on(
    world: World, deals, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo, _, _ = world.players
    await open_table(world, "qingdun")
    old = world.table_message()
    simcord_env.inject_error("PATCH", "/channels/*/messages/*", status=403, code=50013, times=None)
    played = await ann.slash(world.thread, "play cards", cards="33")
    assert answer(played).content == "Played: 3♠ 3♥"
    fresh = world.table_message()
    assert fresh.id != old.id and any(a.filename == "table.png" for a in fresh.attachments)
    passed = await bo.click(fresh, custom_id="ct:1:pass")
    assert passed.acknowledged and passed.followups == []  # the table shows it
    assert (await simcord_env.bot.service.table_info(1)).to_move == 3  # the bot passed too


async def test_without_threads_the_table_plays_in_the_channel(
    world: World, deals, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", short_deal().start)
    simcord_env.inject_error("POST", "/channels/*/threads", status=403, code=50013)
    ann = world.players[0]
    created = await ann.slash(world.channel, "table create", game="qingdun")
    assert answer(created).content == f"Table #1 is open in <#{world.channel.id}>."
    assert world.channel.threads == []
    assert "Qingdun table #1" in public_text(world)


async def test_a_player_out_sees_the_partners_hand_privately(world: World, deals) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo, cy, _ = world.players
    await open_table(world, "qingdun")
    refused = answer(await ann.slash(world.thread, "play partner"))
    assert refused.ephemeral and refused.content.startswith("You can see your partner's hand only")
    await ann.slash(world.thread, "play cards", cards="33")
    await bo.slash(world.thread, "play pass")
    await cy.slash(world.thread, "play pass")
    await ann.slash(world.thread, "play cards", cards="9")
    shown = answer(await ann.click(world.table_message(), custom_id="ct:1:partner"))
    assert shown.ephemeral and shown.content == "Your partner's hand: 1 card."
    assert [a.filename for a in shown.attachments] == ["partner.png"]
