"""Hands of earlier rules in Discord (issue 21 §4): a finished one is shown as recorded, marked
"played under earlier rules", never re-played; a running one is void without penalty and dealt
again, said at the table."""

from __future__ import annotations

import json
from pathlib import Path

import simcord

from bot.discord.app import CardTableBot
from tests.discord.conftest import World, answer, open_table, public_text
from tests.discord.test_qingdun_flow import short_deal
from tests.discord.test_scores import buttons, real_hand
from tests.sql import execute


async def as_before_versions(db_path: Path, hand_id: int) -> None:
    [(text,)] = await execute(db_path, "SELECT start FROM hands WHERE id = ?", (hand_id,))
    start = json.loads(text)
    del start["rules"]
    await execute(db_path, "UPDATE hands SET start = ? WHERE id = ?", (json.dumps(start), hand_id))


async def test_a_hand_of_earlier_rules_shows_its_recorded_result_marked(
    world: World, simcord_bot: CardTableBot, simcord_env: simcord.Env, db_path: Path
) -> None:
    await real_hand(simcord_bot, world, "qingdun")
    await as_before_versions(db_path, 1)
    bo = world.players[1]
    first = answer(await bo.slash(world.channel, "scores replay", hand="#1"))
    lines = first.content.splitlines()
    # the deal (in two halves) and the result: no trick re-played
    assert lines[0].endswith("· Page 1 of 3")
    assert lines[1] == (
        "Played under earlier rules: the result recorded then stands, and its tricks are not "
        "re-played under today's rules."
    )
    second = (await bo.click(first, custom_id=buttons(first)["▶"]["custom_id"])).response
    last = (await bo.click(second, custom_id=buttons(second)["▶"]["custom_id"])).response
    assert last.content.splitlines()[2].startswith("Result: ") and not last.attachments
    [line] = await simcord_bot.service.recent_hands(world.guild.id, user_id=world.players[0].id)
    shown = [int(part.rsplit(" ", 1)[1]) for part in last.content.splitlines()[-1].split(", ")]
    assert shown == [s.delta for s in sorted(line.seats, key=lambda s: s.seat)]  # as recorded
    sent = answer(await bo.slash(world.channel, "scores export", hand="1"))
    assert sent.content.splitlines()[-1] == (
        "Played under earlier rules (version 1): the file says so, and its recorded result stands."
    )
    data = json.loads(simcord_env.backend.cdn.get(sent.attachments[0].url))
    assert data["rules"] == 1


async def test_a_running_hand_of_earlier_rules_is_dealt_again_and_said_so(
    world: World,
    deals,
    simcord_env: simcord.Env,
    db_path: Path,  # type: ignore[no-untyped-def]
) -> None:
    deals.use("qingdun", short_deal().start)
    await open_table(world, "qingdun")
    service = simcord_env.bot.service
    live = service.state.tables[1]
    await as_before_versions(db_path, 1)
    live.earlier_rules, live.game = "running", None  # as read back after the upgrade
    refused = answer(await world.players[0].slash(world.thread, "play cards", cards="33"))
    assert refused.content == "Busy for a moment: try again in a moment."
    await simcord_env.advance_time(60)  # the deadline pass
    text = public_text(world)
    assert (
        "Hand 1 was dealt under earlier rules, before the bot was upgraded: it is void without "
        "penalty (no scores), and a new hand is dealt under today's rules." in text
    )
    assert "Hand 2 begins." in text
    assert (await service.table_info(1)).hand_number == 2
