"""Command sync done once: only when the command tree (or its translations) changed.

Syncing on every start hits Discord's rate limits and is slow to propagate globally. The hash
of the tree's payload and of the command catalogue is kept in the database (``bot_state``),
keyed by the Discord application and the scope (``commands-<application>-global.sha256``, or
``-guild-<id>``), so every process sharing one database, and every restart, sees it, and a
second application (a test bot) on the same database syncs its own commands; a start with the
same hash skips the sync. With ``DEV_GUILD_ID`` the commands go to that server, where Discord
shows them at once; the server is remembered, so that a later start without it (commands
synced globally) clears that server's copies, which would otherwise show twice there. With
shards, only the process serving shard 0 syncs (commands belong to the application).
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any

import discord
from discord import app_commands

from bot.i18n.commands import COMMANDS
from bot.store import DatabaseUnavailable, Store, StoreBusy

log = logging.getLogger(__name__)


def tree_hash(tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None) -> str:
    payload = [command.to_dict(tree) for command in tree.get_commands(guild=guild)]
    text = json.dumps([payload, COMMANDS], sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def state_key(application_id: int | None, guild: discord.abc.Snowflake | None) -> str:
    scope = f"guild-{guild.id}" if guild is not None else "global"
    return f"commands-{application_id}-{scope}.sha256"


def dev_guild_key(application_id: int | None) -> str:
    """Where the server last synced as ``DEV_GUILD_ID`` is kept (empty: none)."""
    return f"commands-{application_id}-dev-guild"


async def _mark(store: Store, *pairs: tuple[str, str]) -> bool:
    try:
        async with store.transaction() as tx:
            for key, value in pairs:
                await tx.set_state(key, value)
    except (StoreBusy, DatabaseUnavailable) as exc:
        log.warning("commands synced, but not marked (%s): synced again at the next start", exc)
        return False
    return True


async def _clear_dev_guild(tree: app_commands.CommandTree[Any], store: Store, app: int) -> None:
    """Remove the commands of the server last synced as ``DEV_GUILD_ID``, if any."""
    last = await store.state(dev_guild_key(app))
    if not last:
        return
    guild = discord.Object(int(last))
    tree.clear_commands(guild=guild)
    try:
        await tree.sync(guild=guild)
    except discord.HTTPException as exc:
        log.warning(
            "clearing the dev server's commands failed (%s): retried next start", exc.status
        )
        return
    await _mark(store, (dev_guild_key(app), ""), (state_key(app, guild), ""))
    log.info("commands of the former dev server %s cleared", last)


async def sync_commands(
    tree: app_commands.CommandTree[Any], store: Store, guild: discord.abc.Snowflake | None
) -> bool:
    """Sync if the tree changed since this application's last successful sync of this scope;
    True when it synced."""
    app = tree.client.application_id
    assert app is not None, "the application id is known once logged in"
    if guild is None:
        await _clear_dev_guild(tree, store, app)
    digest = tree_hash(tree, guild)
    key = state_key(app, guild)
    if await store.state(key) == digest:
        log.info("commands unchanged; no sync")
        return False
    try:
        await tree.sync(guild=guild)
    except discord.HTTPException as exc:
        log.warning("command sync failed (%s); will retry at the next start", exc.status)
        return False
    marks = [(key, digest)]
    if guild is not None:
        marks.append((dev_guild_key(app), str(guild.id)))
    await _mark(store, *marks)
    log.info("commands synced (%s)", "dev guild" if guild else "global")
    return True
