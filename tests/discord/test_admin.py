"""Running a table through SimCord: kicks, seats, bots, ending it, its scores afterwards."""

from __future__ import annotations

from typing import Any

import discord
import simcord

from tests.discord.conftest import (
    ShiftedClock,
    World,
    answer,
    confirm,
    end_table,
    open_table,
    public_text,
)
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
    assert history[0] == "**Recent hands of table 1**"
    assert history[1].startswith("`#1` Qingdun · table 1, hand 1 · <t:")
    assert history[1].endswith(
        ":R> · negative score (-30 : 25) — ann -20, bo +20, Bot 3 -20, cy +20"
    )
    assert history[2:] == [
        "Look back at one with /scores replay, see your costliest moves with /scores review, "
        "or save it with /scores export."
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
    assert refused.content == "Only the table's host, ann, or a server manager can do that."
    assert refused.flags.ephemeral
    assert seat_lines(world) == ["Seat 1: ann", "Seat 2: bo", "Seat 3: cy", "Seat 4: di"]

    assert answer(await ann.slash(world.thread, "table kick", player=cy)).content == (
        "cy was removed from the table."
    )
    assert answer(await mod.slash(world.thread, "table kick", player=di)).content == (
        "di was removed from the table."
    )
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
    assert (
        answer(await bo.slash(world.thread, "table seat", seat=4)).content == "bo sits at seat 4."
    )
    assert seat_lines(world) == ["Seat 1: ann", "Seat 2: (empty)", "Seat 3: Bot 3", "Seat 4: bo"]
    taken = answer(await bo.slash(world.thread, "table seat", seat=3)).content
    assert taken == "Seat 3 is taken."
    assert answer(await bo.slash(world.thread, "table removebot", seat=3)).content == (
        "The bot left seat 3."
    )
    assert seat_lines(world) == ["Seat 1: ann", "Seat 2: (empty)", "Seat 3: (empty)", "Seat 4: bo"]
    assert "The bot left seat 3." in public_text(world)
    not_bot = answer(await bo.slash(world.thread, "table removebot", seat=1)).content
    assert not_bot == "Seat 1 is not a bot."


def vote_message(world: World, *, required: bool = True) -> Any:
    """The latest message carrying the buttons of a vote on ending the table."""
    for message in reversed(world.thread.history()):
        for row in message.components:
            for child in getattr(row, "children", ()):
                if ":vote:" in (child.custom_id or ""):
                    return message
    if not required:
        return None
    raise AssertionError("no vote message")


async def test_ending_mid_hand_takes_every_players_yes_and_scores_stay(world: World, deals) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo, cy, di = world.players
    await open_table(world, "qingdun", hands=2)
    await finish_short_hand(world)
    refused = answer(await bo.slash(world.thread, "table end")).content
    assert refused == "Only the table's host, ann, or a server manager can do that."
    asked = answer(await ann.slash(world.thread, "table end"))
    assert asked.ephemeral and asked.content.startswith("End the table during hand 2? Every player")
    assert public_text(world).count("asks to end the table") == 0  # nothing until asked
    started = (await confirm(ann, asked, "end")).response
    assert started.content == "Vote started: the table ends now only if every player agrees."
    assert started.components == []
    vote = vote_message(world)
    assert vote.content.startswith("ann asks to end the table now, abandoning hand 2 (no scores).")
    assert "Every player must agree: ann, bo, cy." in vote.content
    outsider = answer(await di.click(vote, custom_id="ct:1:vote:2:y"))
    assert outsider.ephemeral and outsider.content == "You do not sit at table 1."
    assert (
        answer(await bo.click(vote, custom_id="ct:1:vote:2:y")).content == "bo agrees to end now."
    )
    assert "bo agrees to end now." in public_text(world)
    assert "The table is closed." not in public_text(world)
    assert answer(await cy.click(vote, custom_id="ct:1:vote:2:y")).content == (
        "Everyone agreed: the hand is abandoned, no scores."
    )
    text = public_text(world)
    assert "Everyone agreed: the hand is abandoned, no scores." in text
    assert "The table is closed." in text
    assert vote_message_closed(world)
    # hand 2 was abandoned: no scores for it, hand 1's stay
    board = answer(await di.slash(world.channel, "scores board", game="qingdun", by="points"))
    assert board.content.splitlines()[1:] == [
        "1. bo — +20 (1 hand, 100% won)",
        "1. cy — +20 (1 hand, 100% won)",
        "3. ann — -20 (1 hand, 0% won)",
        "You have not played Qingdun in this server yet.",
    ]
    score = answer(await bo.slash(world.thread, "scores table")).content.splitlines()
    assert set(score[1:]) == {"bo: +20", "cy: +20", "ann: -20", "Bot 3: -20"}
    again = answer(await ann.slash(world.thread, "table end")).content
    assert again == "There is no table for you here. Create one with /table create."


def vote_message_closed(world: World) -> bool:
    """The vote message lost its buttons and says it is closed."""
    for message in world.thread.history():
        if message.content.startswith("ann asks to end the table now"):
            return message.components == [] and message.content.endswith("This vote is closed.")
    return False


async def test_a_refused_vote_plays_the_hand_out_then_closes_the_table(world: World, deals) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo, *_ = world.players
    await open_table(world, "qingdun")
    await end_table(world, ann)
    vote = vote_message(world)
    assert answer(await bo.click(vote, custom_id="ct:1:vote:1:n")).content.startswith(
        "bo wants to play on"
    )
    assert "bo wants to play on: the hand is played out, then the table closes." in public_text(
        world
    )
    assert not vote_message(world, required=False)  # no buttons left to click
    again = answer(await ann.slash(world.thread, "table end")).content
    assert again == "Table 1 already closes when this hand ends."
    await finish_short_hand(world)
    text = public_text(world)
    assert "Hand 1 is over" in text and "The table is closed." in text
    score = answer(await bo.slash(world.thread, "scores table")).content.splitlines()
    assert set(score[1:]) == {"bo: +20", "cy: +20", "ann: -20", "Bot 3: -20"}


async def test_boards_by_period_leave_out_older_hands(
    world: World, deals, clock: ShiftedClock
) -> None:
    deals.use("qingdun", short_deal().start)
    ann, _, _, di = world.players
    await open_table(world, "qingdun", hands=2)
    await finish_short_hand(world)  # hand 1 on Thursday 1 January
    clock.shift = 10 * 86400
    await finish_short_hand(world)  # hand 2 on Sunday 11 January: another week, same month

    async def board(**options: str) -> list[str]:
        found = await ann.slash(
            world.channel, "scores board", game="qingdun", by="points", **options
        )
        return answer(found).content.splitlines()

    every = await board()
    assert every[1:3] == ["1. bo — +40 (2 hands, 100% won)", "1. cy — +40 (2 hands, 100% won)"]
    assert every[3] == "3. **ann** — -40 (2 hands, 0% won)"
    week = await board(period="week")
    assert week[0] == "**Leaderboard · Qingdun · this week · by points**"
    assert week[1:] == [
        "1. bo — +20 (1 hand, 100% won)",
        "1. cy — +20 (1 hand, 100% won)",
        "3. **ann** — -20 (1 hand, 0% won)",
    ]
    assert (await board(period="month"))[1:] == every[1:]
    assert answer(await di.slash(world.channel, "scores board", game="qingdun")).attachments


async def test_in_the_last_hand_a_player_who_runs_out_of_time_is_taken_over_not_removed(
    world: World, deals, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo, *_ = world.players
    await open_table(world, "qingdun", turn_limit=5, timeout_rule="remove")
    await end_table(world, ann)
    await bo.click(vote_message(world), custom_id="ct:1:vote:1:n")
    await simcord_env.advance_time(6 * 60)
    text = public_text(world)
    assert "ann ran out of time; a bot played the turn." in text
    assert "ann is away: a bot plays their seat until this hand ends." in text
    assert "ran out of time and was removed" not in text
    info = await simcord_env.bot.service.table_info(1)
    assert info.seats[0].autoplay and info.to_move == 1  # the bot played 3♠ 3♥ for ann
