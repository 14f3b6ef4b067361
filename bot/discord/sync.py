"""Command sync done once: only when the command tree (or its translations) changed.

Syncing on every start hits Discord's rate limits and is slow to propagate globally. The hash
of the tree's payload and of the command catalogue is kept beside the database; a start with
the same hash skips the sync. With ``DEV_GUILD_ID`` the commands go to that server, where
Discord shows them at once.
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.i18n.commands import COMMANDS

log = logging.getLogger(__name__)


def tree_hash(tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None) -> str:
    payload = [command.to_dict(tree) for command in tree.get_commands(guild=guild)]
    text = json.dumps([payload, COMMANDS], sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def hash_file(database_path: Path, guild: discord.abc.Snowflake | None) -> Path:
    scope = f"guild-{guild.id}" if guild is not None else "global"
    return database_path.with_name(f"{database_path.name}.commands-{scope}.sha256")


async def sync_commands(
    tree: app_commands.CommandTree[Any], database_path: Path, guild: discord.abc.Snowflake | None
) -> bool:
    """Sync if the tree changed since the last successful sync; True when it synced."""
    digest = tree_hash(tree, guild)
    marker = hash_file(database_path, guild)
    if marker.is_file() and marker.read_text(encoding="utf-8").strip() == digest:
        log.info("commands unchanged; no sync")
        return False
    try:
        await tree.sync(guild=guild)
    except discord.HTTPException as exc:
        log.warning("command sync failed (%s); will retry at the next start", exc.status)
        return False
    marker.write_text(digest + "\n", encoding="utf-8")
    log.info("commands synced (%s)", "dev guild" if guild else "global")
    return True
