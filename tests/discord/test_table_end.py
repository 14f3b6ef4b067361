"""The end of a table (issue 20, §3): the table message is edited to its final state in place,
nothing is posted after the standings, and the standings count every hand."""

from __future__ import annotations

from typing import Any

import pytest
import simcord

import render
from tests.discord.conftest import World, open_table, play_out
from tests.discord.test_qingdun_flow import short_deal


@pytest.mark.parametrize("hands", [1, 2, 3])
async def test_the_table_closes_in_place_and_the_standings_count_every_hand(
    world: World, deals: Any, simcord_env: simcord.Env, hands: int
) -> None:
    deals.use("qingdun", short_deal().start)
    await open_table(world, "qingdun", hands=hands)
    await play_out(world, simcord_env)
    await simcord_env.settle()
    history = world.thread.history()
    last = history[-1]
    assert last.content.startswith("**Table #1 is closed. Final standings:**")
    assert [a.filename for a in last.attachments] == ["standings.png"]
    assert last.attachments[0].description.startswith(
        f"Final standings, Qingdun, {hands} hand{'s' if hands > 1 else ''}"
    )
    [table] = [m for m in history if any(a.filename == "table.png" for a in m.attachments)]
    results = [m for m in history if any(a.filename == "result.png" for a in m.attachments)]
    assert table.id < results[-1].id  # edited in place above the last result, not reposted
    assert table.components == [] and table.content.endswith("The table is closed.")
    alt = table.attachments[0].description
    assert "to play" not in alt  # the state at the end, not before the last play
    assert "0 cards" in alt or "out" in alt


def test_the_standings_picture_says_how_many_hands() -> None:
    rows = [("ann", 25, 2), ("bo", -25, 2)]
    for hands, words in ((1, "1 hand"), (2, "2 hands"), (3, "3 hands")):
        assert f"Qingdun, {words}" in render.describe_standings(rows, game="qingdun", hands=hands)
