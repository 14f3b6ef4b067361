"""discord.py ``Translator`` serving command names, descriptions and choices from the catalogue.

The key of each string is derived from where it sits in the command tree (see
``bot/i18n/commands.py``), so command definitions stay plain English and no string is
translated twice.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import DEFAULT_LANG, lang_of
from bot.i18n.commands import COMMANDS


def _path(command: Any) -> str:
    return str(command.qualified_name).replace(" ", ".")


def context_key(location: Where, data: Any) -> str | None:
    """The ``COMMANDS`` key of a string at ``location`` (``None`` when it is not ours)."""
    match location:
        case Where.command_name | Where.group_name:
            return _path(data)
        case Where.command_description | Where.group_description:
            return _path(data) + ".desc"
        case Where.parameter_name:
            return f"{_path(data.command)}.{data.name}"
        case Where.parameter_description:
            return f"{_path(data.command)}.{data.name}.desc"
        case Where.choice_name:
            return f"choice.{data.value}"
    return None


class CatalogueTranslator(app_commands.Translator):
    """English is the base language; zh-TW and zh-CN come from the catalogue."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext,
    ) -> str | None:
        lang = lang_of(locale)
        if lang == DEFAULT_LANG or locale not in (
            discord.Locale.taiwan_chinese,
            discord.Locale.chinese,
        ):
            return None
        key = context_key(context.location, context.data)
        entry = COMMANDS.get(key) if key else None
        return entry[lang] if entry else None
