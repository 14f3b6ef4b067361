"""Answering an interaction within Discord's 3 seconds: defer, say, edit, refuse; ``Refused``.

Every handler answers within Discord's 3-second window. The answer is the interaction's own
response when it is ready in time (``in_time``); when it is not ready 2 s after the interaction
arrived (a write waiting for a busy database, a slow picture), the interaction is deferred
meanwhile. Refusals (engine, service, notation) are answered privately in the user's language
and change nothing.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import Any, TypeVar

import aiohttp
import discord

from bot.discord import offers, text
from bot.i18n import lang_of, refusal, t
from bot.service import REFUSALS, TableInfo, Update

log = logging.getLogger(__name__)
DEFER_AT = 2.0  # seconds after an interaction arrived: defer if the answer is not ready by then
# What a call to Discord may raise besides a refusal: the connection failing on the way.
SEND_FAILURES = (discord.HTTPException, aiohttp.ClientError, OSError, asyncio.TimeoutError)
T = TypeVar("T")


class Refused(Exception):
    """A refusal raised by the front end itself, with a catalogue code like the others."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code, self.params = code, params


def private_lang(interaction: discord.Interaction) -> str:
    """The language of an answer to this user alone: the one they chose, else their client's."""
    readers = getattr(interaction.client, "readers", None)
    return readers.private(interaction) if readers is not None else lang_of(interaction.locale)


def is_manager(interaction: discord.Interaction) -> bool:
    permissions = getattr(interaction, "permissions", None)
    return bool(permissions and permissions.manage_guild)


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


async def defer_private(interaction: discord.Interaction, *, update: bool = False) -> None:
    """Acknowledge now, answer later: privately, or (``update``) by editing the message whose
    control was used."""
    if not interaction.response.is_done():
        if update:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)


async def in_time(
    interaction: discord.Interaction, work: Awaitable[T], *, update: bool = False
) -> T:
    """``work``'s result; if it is not ready ``DEFER_AT`` seconds after the interaction
    arrived, the interaction is deferred meanwhile. ``work`` must not answer it itself."""
    task = asyncio.ensure_future(work)
    if not interaction.response.is_done():
        age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
        await asyncio.wait({task}, timeout=min(max(DEFER_AT - age, 0.0), DEFER_AT))
        if not task.done():
            try:
                await defer_private(interaction, update=update)
            except (discord.HTTPException, aiohttp.ClientError, TimeoutError) as exc:
                log.warning("could not defer an interaction (%r)", exc)  # the work goes on
    return await task


async def say(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """A private answer (the deferred reply or an ephemeral follow-up)."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(content, ephemeral=True, **kwargs)
        else:
            await interaction.response.send_message(content, ephemeral=True, **kwargs)
    except SEND_FAILURES as exc:
        log.warning("could not answer an interaction (%s)", getattr(exc, "status", exc))


async def refuse(
    interaction: discord.Interaction, exc: Exception, info: TableInfo | None = None
) -> None:
    """The refusal in the user's language, with a button for the fix where there is one
    (``offers.fix``: Add bots and start, Join, My hand, Next hand)."""
    lang = private_lang(interaction)
    names = text.seat_names(info, lang) if info is not None else []
    typed = interaction.type is discord.InteractionType.application_command
    fix = offers.fix(exc, info, lang, typed=typed)
    await say(
        interaction,
        text.clip(refusal(exc, lang, names, text.echo, text.symbols), text.CONTENT_LIMIT),
        **({"view": fix} if fix is not None else {}),
    )


async def attempt(
    interaction: discord.Interaction,
    work: Awaitable[Update],
    info: TableInfo | None,
    *,
    update: bool = False,
) -> Update | None:
    """``work``'s update (in time: see ``in_time``), or None once the user was told it was
    refused (or failed on our side)."""
    try:
        return await in_time(interaction, work, update=update)
    except (*REFUSALS, Refused) as exc:
        await refuse(interaction, exc, info)
    except Exception:
        log.exception("service call failed")
        await say(interaction, t("discord.failed", private_lang(interaction)))
    return None


async def edit_message(interaction: discord.Interaction, **kwargs: Any) -> bool:
    """Edit the private message whose control was used (a hand, a replay's page), as the
    response when not deferred; whether it was done (a failure is logged)."""
    try:
        if interaction.response.is_done():
            await interaction.edit_original_response(**kwargs)
        else:
            await interaction.response.edit_message(**kwargs)
    except SEND_FAILURES as exc:
        log.warning("could not update a message (%s)", getattr(exc, "status", exc))
        return False
    return True
