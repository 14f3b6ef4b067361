"""The smaller findings of issue 11, each shown through the bot as players meet it."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

import render
from bot import __main__ as entry
from bot import metrics
from bot.discord import panel_controls
from bot.discord.panel_controls import Stamp
from tests.discord.conftest import ShiftedClock, World, answer, cid, has, open_table, public_text
from tests.discord.test_qingdun_flow import short_deal


def synced_commands(env: simcord.Env) -> list[dict[str, Any]]:
    puts = [r for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    return puts[-1].json


def callbacks(env: simcord.Env) -> list[int]:
    """The callback types the bot sent for the latest interaction (4: a message, 5: deferred)."""
    latest = max(env.backend.interactions)
    return [
        r.json["type"]
        for r in env.http_requests
        if r.method == "POST" and r.path.startswith(f"/interactions/{latest}/")
    ]


async def test_commands_say_where_they_work_with_contexts(
    world: World, simcord_env: simcord.Env
) -> None:
    commands = synced_commands(simcord_env)
    assert {c["name"] for c in commands} == {"table", "play", "scores", "rules", "settings"}
    for command in commands:
        assert command["contexts"] == [0], command["name"]  # servers only
        assert "dm_permission" not in command, command["name"]  # deprecated


def test_a_broken_front_end_is_not_reported_as_not_built(monkeypatch, capsys) -> None:
    """The old "front end not built yet" branch hid any ImportError behind a wrong message."""
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setitem(sys.modules, "bot.discord.app", None)  # importing it fails
    with pytest.raises(ImportError):
        entry.main()
    assert "not built" not in capsys.readouterr().err


async def test_no_table_opens_in_another_tables_thread(
    world: World, simcord_env: simcord.Env
) -> None:
    ann, bo, _, _ = world.players
    await ann.slash(world.channel, "table create", game="qingdun")
    refused = answer(await bo.slash(world.thread, "table create", game="sankou"))
    assert refused.ephemeral
    assert refused.content == (
        "This thread belongs to table #1. Open a new table in the channel itself."
    )
    assert len(simcord_env.bot.service.tables_in_channel(world.channel.id)) == 1
    opened = answer(await bo.slash(world.channel, "table create", game="sankou"))
    assert opened.content.startswith("Table #2 is open in")


async def test_a_hand_message_of_an_earlier_hand_shows_the_hand_of_now(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo, cy, _ = world.players
    await open_table(world, "qingdun")  # open-ended: a new hand follows the first
    old = answer(await ann.click(world.table_message(), custom_id="ct:1:hand"))
    simcord_env.bot.deadlines.also.clear()  # as after a restart: the bot forgot this panel
    await simcord_env.advance_time(15 * 60)  # Discord no longer lets the bot edit it
    await ann.slash(world.thread, "play cards", cards="33")
    await bo.slash(world.thread, "play pass")
    await cy.slash(world.thread, "play pass")  # the bot in seat 3 passed before
    await ann.slash(world.thread, "play cards", cards="9")
    await bo.slash(world.thread, "play cards", cards="KD")
    await cy.slash(world.thread, "play pass")
    await bo.slash(world.thread, "play cards", cards="5")
    await cy.slash(world.thread, "play cards", cards="10")
    await cy.slash(world.thread, "play cards", cards="J")
    assert "Hand 2 begins." in public_text(world)
    service = simcord_env.bot.service
    before = (await service.table_info(1), await service.public_view(1))
    selected = await ann.select(old, ["3S#0", "3H#0"], custom_id=cid(old, "c:0"))
    assert selected.followups == [] and selected.response.content.startswith(
        "Those controls were of an earlier hand; nothing was done. Your cards now:\n"
    )
    assert "ct:1:2." in str(selected.response.components)  # the hand of now, playable
    assert (await service.table_info(1), await service.public_view(1)) == before


def test_ids_from_before_hand_numbers_or_turns_count_as_old() -> None:
    template = panel_controls.HandButton.__discord_ui_compiled_template__
    match = template.fullmatch("ct:4:h:play")
    assert match is not None and Stamp.of(match) == Stamp(0, -1)  # hands are numbered from 1
    match = template.fullmatch("ct:4:12:h:play")
    assert match is not None and Stamp.of(match) == Stamp(12, -1)  # no turn: an old one
    match = template.fullmatch("ct:4:12.31:h:play")
    assert match is not None and Stamp.of(match) == Stamp(12, 31)
    assert panel_controls.is_card_menu("ct:4:12.31:c:3")
    assert panel_controls.is_card_menu("ct:4:12:c:3") and panel_controls.is_card_menu("ct:4:c:3")


async def test_a_refusal_echoing_a_huge_token_still_arrives(world: World, deals: Any) -> None:
    deals.use("qingdun", short_deal().start)
    await open_table(world, "qingdun")
    ann = world.players[0]
    refused = answer(await ann.slash(world.thread, "play cards", cards="Z" * 5000))
    assert refused.ephemeral and len(refused.content) <= 2000
    assert refused.content.startswith("“" + "Z" * 99 + "…”: ranks are")
    kitty = answer(await ann.slash(world.thread, "play kitty", cards="3S" * 1500 + "@everyone"))
    assert kitty.ephemeral and len(kitty.content) <= 2000


async def test_my_hand_is_written_out_when_its_picture_fails(
    world: World, deals: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    deals.use("qingdun", short_deal().start)
    await open_table(world, "qingdun")

    def broken(*args: Any, **kwargs: Any) -> bytes:
        raise OSError("no font")

    monkeypatch.setattr(render, "render_hand", broken)
    counted = ("cardtable_fallbacks_total", {"reason": "picture"})
    before = metrics.REGISTRY.get_sample_value(*counted) or 0.0
    shown = answer(await world.players[0].click(world.table_message(), custom_id="ct:1:hand"))
    assert metrics.REGISTRY.get_sample_value(*counted) == before + 1  # counted, and logged
    assert shown.ephemeral and shown.attachments == []
    assert shown.content.splitlines() == [
        "Your hand: 3 cards.",
        "Cards: 3♠ 3♥ 9♣",
        "Your lead: any combination.",
    ]
    assert has(shown, "h:play")  # still playable from the menus


async def test_opening_tables_and_reposting_have_cooldowns(
    world: World, clock: ShiftedClock, simcord_env: simcord.Env
) -> None:
    ann, bo, _, _ = world.players
    for _ in range(2):
        assert answer(await ann.slash(world.channel, "table create", game="qingdun")).content
        await ann.slash(world.thread, "table leave")  # alone: the table closes
    refused = answer(await ann.slash(world.channel, "table create", game="qingdun"))
    assert refused.ephemeral
    assert refused.content == "You opened a table a moment ago. You can open another in 300 s."
    assert len(world.channel.threads) == 2
    clock.shift += 240
    refused = answer(await ann.slash(world.channel, "table create", game="qingdun"))
    assert refused.content.endswith("in 60 s.")
    clock.shift += 60
    opened = answer(await ann.slash(world.channel, "table create", game="sankou"))
    assert opened.content.startswith("Table #3 is open")

    posts, shown = len(world.thread.history()), world.table_message().id
    shown = "The table is shown again at the bottom."
    assert answer(await bo.slash(world.thread, "table show")).content == shown
    again = answer(await bo.slash(world.thread, "table show"))
    assert again.content == "You posted this table a moment ago. You can post it again in 60 s."
    assert answer(await ann.slash(world.thread, "table show")).content == shown  # per user
    assert world.table_message().id != shown  # posted anew at the bottom twice …
    assert len(world.thread.history()) == posts  # … each time in place of the old one


async def test_fast_private_answers_are_the_interactions_response(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", short_deal().start)
    await open_table(world, "qingdun")
    ann, bo, _, _ = world.players
    played = await ann.slash(world.thread, "play cards", cards="33")
    assert callbacks(simcord_env) == [4] and played.followups == []
    assert played.response.ephemeral and played.response.content == "Played: 3♠ 3♥"
    refused = await ann.slash(world.thread, "play pass")
    assert callbacks(simcord_env) == [4] and refused.response.content.startswith("Not your turn")
    hint = await bo.slash(world.thread, "play hint")
    assert callbacks(simcord_env) == [4] and hint.response.content.startswith("Hint:")
    board = await bo.slash(world.channel, "scores board", game="qingdun")
    assert callbacks(simcord_env) == [4] and board.response.content.startswith("**Leaderboard")
    hand = await bo.slash(world.thread, "play hand")  # drawn in time: the response itself
    assert callbacks(simcord_env) == [4] and answer(hand).attachments


#: The permissions docs/discord.md asks for, and no more.
INVITE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    attach_files=True,
)


async def test_the_documented_permissions_are_enough(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    """No Manage Messages: the bot edits and deletes only its own messages."""
    docs = (Path(__file__).parents[2] / "docs" / "discord.md").read_text(encoding="utf-8")
    asked = docs.split("bot permissions:", 1)[1].split("That is all", 1)[0]
    for name in ("View Channels", "Send Messages in Threads", "Create Public Threads"):
        assert f"*{name}*" in asked
    assert "Manage Messages" not in asked and "Read Message History" not in asked
    guild = simcord_env.backend.guilds[world.guild.id]
    role = next(r for r in guild.roles.values() if r.managed)
    role.permissions = INVITE_PERMISSIONS.value
    deals.use("qingdun", short_deal().start)
    await open_table(world, "qingdun")
    ann, bo, _, _ = world.players
    old = world.table_message()
    await simcord_env.advance_time(11 * 60)  # the table message has scrolled away
    assert answer(await ann.slash(world.thread, "play cards", cards="33")).content.startswith(
        "Played"
    )
    fresh = world.table_message()
    assert fresh.id != old.id
    assert old.id not in {m.id for m in world.thread.history()}  # its own old post, deleted
    rules = answer(await bo.slash(world.thread, "rules", game="qingdun"))
    assert rules.embeds and rules.embeds[0].title == "Qingdun · How to play here"


async def test_a_slow_save_is_deferred_in_time_and_still_answered(
    world: World, deals: Any, simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write held up (say, by another process holding the database) past 2 s: the bot
    defers before Discord's 3 s run out, then answers once the move is saved."""
    deals.use("qingdun", short_deal().start)
    await open_table(world, "qingdun")
    service = simcord_env.bot.service
    act = service.act

    async def slow_act(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(2.2)
        return await act(*args, **kwargs)

    monkeypatch.setattr(service, "act", slow_act)
    played = await world.players[0].slash(world.thread, "play cards", cards="33")
    assert callbacks(simcord_env) == [5]  # deferred, in time (the payload check times it)
    assert answer(played).content == "Played: 3♠ 3♥"


async def test_a_deleted_table_message_is_posted_anew_and_counted(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", short_deal().start)
    await open_table(world, "qingdun")
    role = world.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = world.guild.add_member(simcord_env.create_user("mod"), roles=[role])
    deleted = world.table_message()
    await mod.delete(deleted)  # a moderator tidies the thread
    counted = ("cardtable_fallbacks_total", {"reason": "repost"})
    before = metrics.REGISTRY.get_sample_value(*counted) or 0.0
    await world.players[0].slash(world.thread, "play cards", cards="3S 3H")
    assert metrics.REGISTRY.get_sample_value(*counted) == before + 1  # counted, and logged
    shown = world.table_message()
    assert shown.id != deleted.id and "3♠ 3♥" in public_text(world)
