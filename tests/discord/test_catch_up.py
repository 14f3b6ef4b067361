"""Catch-up that tells the truth (issue 20, §5): after a timeout the summary starts at the
player's own last move and says what a bot did for them; the table message shows the deadline;
anyone seated can ask for the summary with *Catch up*."""

from __future__ import annotations

from typing import Any

import pytest
import simcord

from bot.i18n import t
from tests.discord.conftest import World, answer, open_table
from tests.discord.test_qingdun_flow import short_deal

LOCALES = {"en": "en-US", "zh-TW": "zh-TW", "zh-CN": "zh-CN"}


def pings_of(world: World, user_id: int) -> list[Any]:
    return [m for m in world.thread.history() if f"<@{user_id}>" in m.content]


@pytest.mark.parametrize("lang", sorted(LOCALES))
async def test_after_a_timeout_the_ping_says_a_bot_played_for_you(
    world: World, deals: Any, simcord_env: simcord.Env, locales: dict[int, str], lang: str
) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo, cy, di = world.players
    locales[ann.id] = LOCALES[lang]
    await open_table(world, "qingdun", bot=False, turn_limit=5)  # seats: ann, bo, di, cy
    await simcord_env.advance_time(6 * 60)  # ann's time runs out: a bot leads for her
    for player in (bo, di, cy):
        await player.slash(world.thread, "play pass")
    [ping] = pings_of(world, ann.id)
    lines = ping.content.splitlines()
    played = t("for_you.played", lang, cards="9♣")
    assert lines[1] == t("turn.time_ran_out", lang, moves=played)
    assert any(line.startswith(t("turn.so_far", lang, events="")) for line in lines)  # not hers


async def test_the_table_message_shows_the_deadline(world: World, deals: Any) -> None:
    deals.use("qingdun", short_deal().start)
    await open_table(world, "qingdun")
    [state] = world.table_message().content.splitlines()[1:2]
    assert state.startswith("Qingdun · ann to play") and " · due <t:" in state
    assert state.endswith(":R>")


@pytest.mark.parametrize("lang", sorted(LOCALES))
async def test_catch_up_answers_a_player_who_is_not_to_move_privately(
    world: World, deals: Any, locales: dict[int, str], lang: str
) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo = world.players[:2]
    locales[bo.id] = LOCALES[lang]
    await open_table(world, "qingdun")
    await ann.slash(world.thread, "play cards", cards="9C")
    caught = answer(await bo.click(world.table_message(), custom_id="ct:1:catchup"))
    assert caught.ephemeral and "<@" not in caught.content
    first, *rest = caught.content.splitlines()
    assert first.startswith(t("turn.catch_up", lang, table=1, state="")) and "<t:" in first
    assert any("9♣" in line for line in rest)  # ann's lead, which bo has not answered yet
