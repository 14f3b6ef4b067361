"""Command sync done once: only when the command tree (or its translations) changed.

Syncing on every start hits Discord's rate limits and is slow to propagate globally. The hash
of the tree's payload and of the command catalogue is kept in the database (``bot_state``), so
every process sharing one database, and every restart, sees it; a start with the same hash
skips the sync. With ``DEV_GUILD_ID`` the commands go to that server, where Discord shows them
at once. With shards, only the process serving shard 0 syncs (commands belong to the
application, not to a shard).
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


def state_key(guild: discord.abc.Snowflake | None) -> str:
    scope = f"guild-{guild.id}" if guild is not None else "global"
    return f"commands-{scope}.sha256"


async def sync_commands(
    tree: app_commands.CommandTree[Any], store: Store, guild: discord.abc.Snowflake | None
) -> bool:
    """Sync if the tree changed since the last successful sync; True when it synced."""
    digest = tree_hash(tree, guild)
    key = state_key(guild)
    if await store.state(key) == digest:
        log.info("commands unchanged; no sync")
        return False
    try:
        await tree.sync(guild=guild)
    except discord.HTTPException as exc:
        log.warning("command sync failed (%s); will retry at the next start", exc.status)
        return False
    try:
        async with store.transaction() as tx:
            await tx.set_state(key, digest)
    except (StoreBusy, DatabaseUnavailable) as exc:
        log.warning("commands synced, but not marked (%s): synced again at the next start", exc)
    log.info("commands synced (%s)", "dev guild" if guild else "global")
    return True
