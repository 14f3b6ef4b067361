"""Turn deadlines: a reminder with a mention, then the table's rule (a bot plays the turn)."""

from __future__ import annotations

import simcord

from tests.discord.conftest import World, open_table, public_text
from tests.discord.test_qingdun_flow import short_deal


async def test_reminder_then_a_bot_plays_the_late_turn(
    world: World, deals, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", short_deal().start)
    ann = world.players[0]
    await open_table(world, "qingdun", turn_limit=5)
    await simcord_env.advance_time(4 * 60)  # past 75% of five minutes
    assert f"<@{ann.id}>, the table is waiting for you." in public_text(world)
    await simcord_env.advance_time(2 * 60)
    text = public_text(world)
    assert "ann ran out of time; a bot played the turn." in text
    assert "ann: " in text  # the bot's play for ann was announced
