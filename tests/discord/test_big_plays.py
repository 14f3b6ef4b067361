"""Big plays you can read (issue 20, §4): plays in words by rank, then suit, everywhere; a
typed bare triple becomes the 清墩 that beats the table, or the refusal says how to type one."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import t
from engine.qingdun import Game
from tests.discord.conftest import World, answer, cid, open_table, options, public_text

LOCALES = {"en": "en-US", "zh-TW": "zh-TW", "zh-CN": "zh-CN"}


def deal(bo: str) -> Game:
    """ann leads three 7s of mixed suits; bo holds ``bo``."""
    return Game.from_hands(["7S 7H 7D 9C", bo, "3C 4C", "10S JS"], leader=0)


async def open_with(world: World, deals: Any, bo: str) -> None:
    deals.use("qingdun", deal(bo).start)
    await open_table(world, "qingdun", bot=False)  # seats: ann, bo, di, cy
    await world.players[0].slash(world.thread, "play cards", cards="7H 7D 7S")


@pytest.mark.parametrize("lang", sorted(LOCALES))
async def test_plays_are_written_by_rank_then_suit_everywhere(
    world: World, deals: Any, locales: dict[int, str], lang: str
) -> None:
    bo = world.players[1]
    locales[bo.id] = LOCALES[lang]
    await open_with(world, deals, "AS 2S 8S 8H 8D 10H")
    assert "ann: 7♠ 7♥ 7♦" in public_text(world)  # typed 7H 7D 7S: the log, by rank
    hand = answer(await bo.click(world.table_message(), custom_id="ct:1:hand"))
    labels = [label for _, label in options(hand, cid(hand, "lp"))]
    assert any(label.endswith("8♠ 8♥ 8♦") for label in labels), labels
    played = answer(await bo.slash(world.thread, "play cards", cards="8D 8S 8H"))
    assert played.content == t("hand.played", lang, cards="8♠ 8♥ 8♦")


async def test_a_bare_triple_that_cannot_beat_the_table_is_the_qingdun_of_that_rank(
    world: World, deals: Any
) -> None:
    bo = world.players[1]
    await open_with(world, deals, "5H 5H 5H 5S 5D")
    played = answer(await bo.slash(world.thread, "play cards", cards="555"))
    assert played.content == "Played: 5♥ 5♥ 5♥"
    assert "bo: 5♥ 5♥ 5♥" in public_text(world)


@pytest.mark.parametrize("lang", sorted(LOCALES))
async def test_otherwise_the_refusal_names_a_qingdun_that_beats_it_and_how_to_type_it(
    world: World, deals: Any, locales: dict[int, str], lang: str
) -> None:
    bo = world.players[1]
    locales[bo.id] = LOCALES[lang]
    await open_with(world, deals, "4H 4H 4H 5S 5D 5C")
    refused = answer(await bo.slash(world.thread, "play cards", cards="555"))
    assert refused.ephemeral
    expected = {
        "en": "A plain triple cannot beat this, but your 清墩 4♥ 4♥ 4♥ can: type 4H 4H 4H.",
        "zh-TW": "普通三張壓不過，你的清墩 4♥ 4♥ 4♥ 可以：請打 4H 4H 4H。",
        "zh-CN": "普通三张压不过，你的清墩 4♥ 4♥ 4♥ 可以：请打 4H 4H 4H。",
    }
    assert refused.content.startswith(expected[lang]), refused.content
