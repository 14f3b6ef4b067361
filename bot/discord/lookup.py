"""What an interaction is about, looked up in the service: its table, the player's card colours."""

from __future__ import annotations

import logging

import discord

from bot.discord.replies import Refused, private_lang, refuse, say
from bot.i18n import t
from bot.service import ServiceError, TableInfo, TableService

log = logging.getLogger(__name__)


def find_table(service: TableService, interaction: discord.Interaction) -> TableInfo | None:
    """The table this interaction is about: the thread's table, else the user's seat here."""
    channel = interaction.channel
    channel_id = interaction.channel_id or 0
    parent_id = getattr(channel, "parent_id", None)
    tables = service.tables_in_channel(parent_id or channel_id)
    for info in tables:
        if info.thread_id == channel_id:
            return info
    if parent_id is None:
        own = service.table_for_user(channel_id, interaction.user.id)
        for info in tables:
            if info.id == own:
                return info
        waiting = [i for i in tables if i.thread_id in (None, channel_id)]
        if len(waiting) == 1:
            return waiting[0]
    return None


async def table_or_refuse(
    service: TableService, interaction: discord.Interaction
) -> TableInfo | None:
    info = find_table(service, interaction)
    if info is None:
        await say(interaction, t("table.none_here", private_lang(interaction)))
    return info


async def scored_table(service: TableService, interaction: discord.Interaction) -> TableInfo | None:
    """The table ``/scores`` is about: as ``find_table``, else the newest table of this thread
    (or, outside a thread, of this channel) even after it ended."""
    info = find_table(service, interaction)
    if info is None:
        channel_id = interaction.channel_id or 0
        if getattr(interaction.channel, "parent_id", None) is not None:
            info = await service.table_for_thread(channel_id)
        else:
            info = await service.latest_table_in_channel(channel_id)
    if info is None:
        await say(interaction, t("table.none_here", private_lang(interaction)))
    return info


async def table_info(service: TableService, table_id: int) -> TableInfo | None:
    """The table now, or None once it is gone."""
    try:
        return await service.table_info(table_id)
    except ServiceError:
        return None


async def control_table(
    service: TableService, interaction: discord.Interaction, table_id: int
) -> TableInfo | None:
    """The table of a control, or None once the user was told it is gone."""
    info = await table_info(service, table_id)
    if info is None:
        await refuse(interaction, Refused("wrong_table"))
    return info


async def four_colour(service: TableService, user_id: int) -> bool:
    """The player's card colours (two colours when the setting cannot be read)."""
    try:
        return bool(await service.four_colour(user_id))
    except Exception:
        log.exception("could not read a player's card colours")
        return False
