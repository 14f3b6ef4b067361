"""A 清墩 hand played in 繁體中文 and in 简体中文: every word shown is in that language."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.qingdun import Game
from tests.discord.conftest import World, answer, cid, texts

TRADITIONAL_ONLY = set("這輪張開對號過電腦頭雙為時間選單擇結贏們離請")
SIMPLIFIED_ONLY = set("这轮张开对号过电脑头双为时间选单择结赢们离请")
ENGLISH = re.compile(r"[A-Za-z]{2,}")
CARD = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b|\bBJ\b|\bSJ\b")


def words(message: Any) -> list[str]:
    """Every piece of text a message shows: content, embeds, buttons, menus and options."""
    out = [message.content or ""]
    for embed in message.embeds:
        out += [embed.title or "", embed.description or ""]
    for row in message.components:
        for item in getattr(row, "children", []):
            out += [getattr(item, "label", None) or "", getattr(item, "placeholder", None) or ""]
            out += [o.label for o in getattr(item, "options", [])]
    return out


def untranslated(text: str, names: list[str]) -> list[str]:
    for name in names:
        text = text.replace(name, "")
    text = re.sub(r"<[@#]\d+>", "", CARD.sub("", text))
    return ENGLISH.findall(text)


@pytest.mark.parametrize("locale", ["zh-TW", "zh-CN"])
async def test_a_chinese_flow_shows_only_that_language(
    world: World, deals, locales: dict[int, str], locale: str
) -> None:
    deals.use("qingdun", Game.from_hands(["3S 3H 9C", "5D KD", "4C", "10S JS"], leader=0).start)
    ann, bo, cy, _ = world.players
    for player in world.players:
        locales[player.id] = locale
    await ann.slash(world.channel, "table create", game="qingdun", hands=1)
    await bo.click(world.table_message(), custom_id="ct:1:join")
    await ann.click(world.table_message(), custom_id="ct:1:addbot")
    await cy.slash(world.thread, "table join")
    await ann.click(world.table_message(), custom_id="ct:1:start")
    hand = answer(await ann.click(world.table_message(), custom_id="ct:1:hand"))
    await ann.select(hand, ["3S#0", "3H#0"], custom_id=cid(hand, "c:0"))
    await ann.click(hand, custom_id=cid(hand, "h:play"))
    await bo.click(world.table_message(), custom_id="ct:1:hint")
    await bo.click(world.table_message(), custom_id="ct:1:pass")
    await cy.slash(world.thread, "play cards", cards="33")  # a refusal, in Chinese
    await cy.slash(world.thread, "play pass")
    labels = await ann.autocomplete(world.thread, "play cards", "cards", "")
    await ann.slash(world.thread, "play cards", cards="9")
    await bo.slash(world.thread, "play cards", cards="KD")
    await cy.slash(world.thread, "play pass")
    await bo.slash(world.thread, "play cards", cards="5")
    await cy.slash(world.thread, "play cards", cards="10")
    await cy.slash(world.thread, "play cards", cards="J")
    await ann.slash(world.thread, "scores table")
    await ann.slash(world.thread, "rules", game="sankou")

    names = [p.name for p in world.players]
    shown = [w for p in world.players for m in texts(world, p) for w in words(m)]
    shown += [choice["name"] for choice in labels]
    text = "\n".join(shown)
    assert "末家" in text or "頭家" in text or "头家" in text
    assert untranslated(text, names) == []
    other = TRADITIONAL_ONLY if locale == "zh-CN" else SIMPLIFIED_ONLY
    assert set(text) & other == set()
