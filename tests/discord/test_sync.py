"""Command sync keyed by application and scope, in SimCord's Discord: a second application on
the same database syncs its own commands, and leaving ``DEV_GUILD_ID`` clears that server's."""

from __future__ import annotations

import discord
import simcord

from bot.discord import commands
from bot.discord.sync import dev_guild_key, state_key, sync_commands
from tests.discord.conftest import World


async def test_from_a_dev_server_to_global_clears_the_servers_commands(
    world: World, simcord_env: simcord.Env
) -> None:
    bot = simcord_env.bot
    store, tree, app = bot.service.store, bot.tree, bot.application_id
    server = discord.Object(world.guild.id)
    for command in commands.COMMANDS:
        tree.add_command(command, guild=server)
    assert await sync_commands(tree, store, server)  # a start with DEV_GUILD_ID
    names = {c.name for c in await tree.fetch_commands(guild=server)}
    assert {"table", "play", "scores"} <= names
    assert await store.state(dev_guild_key(app)) == str(server.id)
    assert not await sync_commands(tree, store, server)  # unchanged: no sync
    assert await sync_commands(tree, store, None) is False  # global: already synced at start
    assert await tree.fetch_commands(guild=server) == []  # the server's copies are gone
    assert await store.state(dev_guild_key(app)) == ""
    assert {c.name for c in await tree.fetch_commands()} >= {"table", "play", "scores"}


async def test_a_second_application_on_the_same_database_syncs_its_own(
    world: World, simcord_env: simcord.Env
) -> None:
    bot = simcord_env.bot
    store, tree, first = bot.service.store, bot.tree, bot.application_id
    assert await store.state(state_key(first, None)) is not None  # synced at start
    bot._connection.application_id = first + 1  # the same database, another application
    assert await sync_commands(tree, store, None)
    assert await store.state(state_key(first + 1, None)) == await store.state(
        state_key(first, None)
    )
