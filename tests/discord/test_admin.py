"""Running a table through SimCord: ending it, and its scores after it ended."""

from __future__ import annotations

from typing import Any

from tests.discord.conftest import World, answer, open_table, public_text
from tests.discord.test_qingdun_flow import short_deal


async def finish_short_hand(world: World) -> None:
    """The short 清墩 deal to its end: ann -20, bo +20, the bot -20, cy +20 (bot in seat 3)."""
    ann, bo, cy, _ = world.players
    moves: list[tuple[Any, str | None]] = [
        (ann, "3S 3H"), (bo, None), (cy, None), (ann, "9"), (bo, "KD"), (cy, None),
        (bo, "5"), (cy, "10"), (cy, "J"),
    ]  # fmt: skip
    for player, cards in moves:
        if cards is None:
            result = await player.slash(world.thread, "play pass")
        else:
            result = await player.slash(world.thread, "play cards", cards=cards)
        assert answer(result).content.startswith(("Played", "You passed")), answer(result).content


async def test_scores_of_a_table_that_ended(world: World, deals) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo, _, di = world.players
    await open_table(world, "qingdun", hands=1)
    await finish_short_hand(world)
    assert "The table is closed." in public_text(world)

    score = answer(await bo.slash(world.thread, "scores table")).content.splitlines()
    assert score[0] == "**Table score**"
    assert set(score[1:]) == {"bo: +20", "cy: +20", "ann: -20", "Bot 3: -20"}
    history = answer(await di.slash(world.thread, "scores history")).content.splitlines()
    assert history == [
        "**Recent hands**",
        "Hand 1: negative score — ann -20, bo +20, Bot 3 -20, cy +20",
    ]
    # outside the thread, the channel's newest table is meant
    assert answer(await ann.slash(world.channel, "scores table")).content.splitlines() == score
