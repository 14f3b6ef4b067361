"""Turn deadlines: a reminder with a mention, then the table's rule (a bot plays the turn)."""

from __future__ import annotations

import simcord

from tests.discord.conftest import World, open_table, public_text
from tests.discord.test_qingdun_flow import short_deal


def pings(world: World, user_id: int) -> list[str]:
    return [m.content for m in world.thread.history() if f"<@{user_id}>" in m.content]


async def test_reminder_then_a_bot_plays_the_late_turn(
    world: World, deals, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", short_deal().start)
    ann = world.players[0]
    await open_table(world, "qingdun", turn_limit=5)
    [first] = pings(world, ann.id)
    assert first.startswith(f"<@{ann.id}>, your turn.")
    await simcord_env.advance_time(4 * 60)  # past 75% of five minutes
    [reminder] = pings(world, ann.id)  # the reminder took the first ping's place
    assert reminder.startswith(f"<@{ann.id}>, your turn. The table is waiting for you.")
    assert "You lead this trick · due <t:" in reminder
    await simcord_env.advance_time(2 * 60)
    text = public_text(world)
    assert "ann ran out of time; a bot played the turn." in text
    assert "ann: " in text  # the bot's play for ann was announced
    assert pings(world, ann.id) == []  # the turn is over: its ping is gone
