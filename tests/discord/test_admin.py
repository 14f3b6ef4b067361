"""Running a table through SimCord: kicks, seats, bots, ending it, its scores afterwards."""

from __future__ import annotations

from typing import Any

import discord
import simcord

from tests.discord.conftest import ShiftedClock, World, answer, open_table, public_text
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
        "Hand 1: negative score (-30 : 25) — ann -20, bo +20, Bot 3 -20, cy +20",
    ]
    # outside the thread, the channel's newest table is meant
    assert answer(await ann.slash(world.channel, "scores table")).content.splitlines() == score


def seat_lines(world: World) -> list[str]:
    """The seat lines of the table message, e.g. ``Seat 2: bo``."""
    return [line for line in world.table_message().content.splitlines() if line.startswith("Seat")]


async def seated_four(world: World) -> None:
    """ann creates a 清墩 table; bo, cy and di sit down."""
    ann, bo, cy, di = world.players
    await ann.slash(world.channel, "table create", game="qingdun")
    for player in (bo, cy, di):
        await player.slash(world.thread, "table join")


async def test_kick_by_the_creator_and_a_manager_not_by_anyone_else(
    world: World, simcord_env: simcord.Env
) -> None:
    ann, bo, cy, di = world.players
    role = world.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    mod = world.guild.add_member(simcord_env.create_user("mo"), roles=[role])
    await seated_four(world)

    refused = answer(await bo.slash(world.thread, "table kick", player=cy))
    assert refused.content == "Only the table's creator or a server manager can do that."
    assert refused.flags.ephemeral
    assert seat_lines(world) == ["Seat 1: ann", "Seat 2: bo", "Seat 3: cy", "Seat 4: di"]

    assert answer(await ann.slash(world.thread, "table kick", player=cy)).content == "Done."
    assert answer(await mod.slash(world.thread, "table kick", player=di)).content == "Done."
    assert seat_lines(world) == ["Seat 1: ann", "Seat 2: bo", "Seat 3: (empty)", "Seat 4: (empty)"]
    text = public_text(world)
    assert "cy was removed from the table." in text and "di was removed from the table." in text
    again = answer(await ann.slash(world.thread, "table kick", player=cy)).content
    assert again == "That player does not sit at table 1."


async def test_choose_a_seat_and_remove_a_bot(world: World) -> None:
    ann, bo, *_ = world.players
    await ann.slash(world.channel, "table create", game="qingdun")
    await bo.slash(world.thread, "table join")
    await ann.slash(world.thread, "table addbot", seat=3)
    assert answer(await bo.slash(world.thread, "table seat", seat=4)).content == "Done."
    assert seat_lines(world) == ["Seat 1: ann", "Seat 2: (empty)", "Seat 3: Bot 3", "Seat 4: bo"]
    taken = answer(await bo.slash(world.thread, "table seat", seat=3)).content
    assert taken == "Seat 3 is taken."
    assert answer(await bo.slash(world.thread, "table removebot", seat=3)).content == "Done."
    assert seat_lines(world) == ["Seat 1: ann", "Seat 2: (empty)", "Seat 3: (empty)", "Seat 4: bo"]
    assert "The bot left seat 3." in public_text(world)
    not_bot = answer(await bo.slash(world.thread, "table removebot", seat=1)).content
    assert not_bot == "Seat 1 is not a bot."


async def test_the_creator_ends_the_table_and_its_scores_stay(world: World, deals) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo, _, di = world.players
    await open_table(world, "qingdun", hands=2)
    await finish_short_hand(world)
    refused = answer(await bo.slash(world.thread, "table end")).content
    assert refused == "Only the table's creator or a server manager can do that."
    assert answer(await ann.slash(world.thread, "table end")).content == "Done."
    assert "The table is closed." in public_text(world)
    # hand 2 was abandoned: no scores for it, hand 1's stay
    board = answer(await di.slash(world.channel, "scores leaderboard", game="qingdun")).content
    assert board.splitlines()[1:] == [
        "1. bo: +20 (1 hands)",
        "2. cy: +20 (1 hands)",
        "3. ann: -20 (1 hands)",
    ]
    score = answer(await bo.slash(world.thread, "scores table")).content.splitlines()
    assert set(score[1:]) == {"bo: +20", "cy: +20", "ann: -20", "Bot 3: -20"}
    again = answer(await ann.slash(world.thread, "table end")).content
    assert again == "There is no table for you here. Create one with /table create."


async def test_the_leaderboard_window_leaves_out_older_hands(
    world: World, deals, clock: ShiftedClock
) -> None:
    deals.use("qingdun", short_deal().start)
    di = world.players[3]
    await open_table(world, "qingdun", hands=2)
    await finish_short_hand(world)  # hand 1, ten days ago
    clock.shift = 10 * 86400
    await finish_short_hand(world)  # hand 2, now
    every = answer(await di.slash(world.channel, "scores leaderboard", game="qingdun")).content
    assert every.splitlines()[1] in ("1. bo: +40 (2 hands)", "1. cy: +40 (2 hands)")
    week = answer(
        await di.slash(world.channel, "scores leaderboard", game="qingdun", days=7)
    ).content.splitlines()
    assert week[0] == "**Leaderboard: Qingdun, last 7 days**"
    assert week[1:] == ["1. bo: +20 (1 hands)", "2. cy: +20 (1 hands)", "3. ann: -20 (1 hands)"]
    month = answer(await di.slash(world.channel, "scores leaderboard", game="qingdun", days=30))
    assert month.content.splitlines()[1:] == every.splitlines()[1:]
