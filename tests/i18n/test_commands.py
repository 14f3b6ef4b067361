"""The command tree as Discord receives it: every name localized and valid in all languages."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterator
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.discord import commands
from bot.discord.translator import CatalogueTranslator
from bot.i18n.commands import COMMANDS

LOCALES = ("zh-TW", "zh-CN")


def valid_name(name: str) -> bool:
    """Discord's ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, lower case."""
    if not 1 <= len(name) <= 32 or name != name.lower():
        return False
    return all(ch in "-_" or unicodedata.category(ch)[0] in "LNM" for ch in name)


@pytest.fixture
async def payload() -> list[dict[str, Any]]:
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents(guilds=True)))
    for command in commands.COMMANDS:
        tree.add_command(command)
    translator = CatalogueTranslator()
    return [await c.get_translated_payload(tree, translator) for c in tree.get_commands()]


def walk(nodes: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for node in nodes:
        yield node
        yield from walk(node.get("options") or [])
        for choice in node.get("choices") or []:
            yield {**choice, "_choice": True}


async def test_every_name_and_description_is_localized_and_valid(payload: Any) -> None:
    nodes = list(walk(payload))
    assert len(nodes) > 60
    for node in nodes:
        names = node.get("name_localizations") or {}
        assert set(names) == set(LOCALES), node["name"]
        if node.get("_choice"):
            assert all(1 <= len(v) <= 100 for v in names.values())
            continue
        assert valid_name(node["name"]), node["name"]
        for locale in LOCALES:
            assert valid_name(names[locale]), (node["name"], names[locale])
            assert any("\u4e00" <= ch <= "\u9fff" for ch in names[locale]), names[locale]
        descriptions = node.get("description_localizations") or {}
        assert set(descriptions) == set(LOCALES), node["name"]
        assert all(1 <= len(v) <= 100 for v in [node["description"], *descriptions.values()])


async def test_the_dump_reads_like_the_games(payload: Any) -> None:
    dump = json.dumps(payload, ensure_ascii=False)
    for word in ("牌桌", "開桌", "开桌", "叫分", "扣底", "定主", "排行榜", "規則", "规则"):
        assert word in dump
    table = next(c for c in payload if c["name"] == "table")
    assert table["name_localizations"] == {"zh-TW": "牌桌", "zh-CN": "牌桌"}


def test_every_command_key_is_used_by_the_tree() -> None:
    used = set()
    for command in commands.COMMANDS:
        stack: list[Any] = [command]
        while stack:
            node = stack.pop()
            key = node.qualified_name.replace(" ", ".")
            used |= {key, f"{key}.desc"}
            stack.extend(getattr(node, "commands", []))
            for param in getattr(node, "parameters", []):
                used |= {f"{key}.{param.name}", f"{key}.{param.name}.desc"}
    unused = {k for k in COMMANDS if not k.startswith("choice.")} - used
    assert unused == set()
