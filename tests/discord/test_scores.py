"""/scores board, stats, history, replay and export in a virtual Discord, in three languages."""

from __future__ import annotations

import json
from typing import Any

import pytest
import simcord

from bot.discord.app import CardTableBot
from engine.records import HandRecord
from engine.replay import replay
from tests.discord.conftest import World, answer, open_table, texts
from tests.discord.test_admin import finish_short_hand, short_deal
from tests.service.helpers import play_hand


async def real_hand(bot: CardTableBot, world: World, game: str) -> tuple[int, Any]:
    """A whole dealt hand (the bot's seeded deal): ann and three bots, played through the
    service (ann plays the hints). Returns the table id and the hand's result."""
    ann = world.players[0]
    service = bot.service
    update = await service.create_table(
        world.guild.id, world.channel.id, ann.id, "ann", game, {"hands": 1}
    )
    for _ in range(3):
        await service.add_bot(update.table_id, ann.id)
    await service.start(update.table_id, ann.id)
    updates = await play_hand(service, update.table_id)
    [ended] = [a for u in updates for a in u.announcements if type(a).__name__ == "HandEnded"]
    return update.table_id, ended.result


def buttons(message: Any) -> dict[str, dict[str, Any]]:
    """The message's buttons by label."""
    return {
        child["label"]: child
        for row in message.components
        for child in row["components"]
        if child.get("type") == 2
    }


@pytest.mark.parametrize("game", ["qingdun", "sankou"])
async def test_a_replay_pages_through_every_trick_of_a_real_hand(
    world: World, simcord_bot: CardTableBot, game: str
) -> None:
    table, result = await real_hand(simcord_bot, world, game)
    ann, bo, *_ = world.players
    [hand] = await simcord_bot.service.recent_hands(world.guild.id, table_id=table)
    first = answer(await bo.slash(world.channel, "scores replay", hand="#1"))
    assert first.ephemeral
    title = "Qingdun" if game == "qingdun" else "Haining Sankou"
    assert first.content.startswith(f"**Hand #1 · {title} · table {table}, hand 1** · Page 1 of ")
    pages = int(first.content.splitlines()[0].rsplit(" ", 1)[1])
    assert [a.filename for a in first.attachments] == ["deal.png"]
    assert first.attachments[0].description.startswith("Every hand as dealt.")
    assert "Every hand as it was dealt." in first.content
    controls = buttons(first)
    assert list(controls) == ["⏮", "◀", "▶", "⏭"]
    assert controls["⏮"]["disabled"] and controls["◀"]["disabled"]

    message, seen = first, []
    for page in range(2, pages + 1):
        clicked = await bo.click(message, custom_id=buttons(message)["▶"]["custom_id"])
        message = clicked.response
        assert message.ephemeral and f"Page {page} of {pages}" in message.content.splitlines()[0]
        seen.append([a.filename for a in message.attachments])
        assert all(a.description for a in message.attachments)  # every page has alt text
        if 2 < page < pages:  # pages 1 and 2: the deal, in two halves
            assert f"Trick {page - 2} of {pages - 3}" in message.content
            alt = message.attachments[0].description
            assert "(winning)" not in alt  # a finished trick was won (issue 20)
    assert seen[0] == ["deal.png"] and seen[-1] == ["result.png"]
    assert seen[1:-1] == [["table.png"]] * (pages - 3)
    assert message.content.splitlines()[1].startswith("Result: ")
    assert buttons(message)["▶"]["disabled"] and buttons(message)["⏭"]["disabled"]
    assert pages - 3 == len(replay(await simcord_bot.service.hand_record(world.guild.id, 1)).tricks)
    back = (await bo.click(message, custom_id=buttons(message)["⏮"]["custom_id"])).response
    assert "Page 1 of" in back.content and [a.filename for a in back.attachments] == ["deal.png"]
    assert hand.hand_id == 1 and result is not None
    public = [m for m in texts(world, ann) if not m.flags.ephemeral]
    assert not any("Every hand as it was dealt." in m.content for m in public)


async def test_a_running_hand_is_neither_replayed_nor_exported(world: World, deals) -> None:
    deals.use("qingdun", short_deal().start)
    await open_table(world, "qingdun")
    bo = world.players[1]
    for command in ("scores replay", "scores export"):
        refused = answer(await bo.slash(world.thread, command, hand="1"))
        assert refused.ephemeral and refused.content == (
            "Hand #1 is still being played: its replay and record come once it is over."
        )
        assert not refused.attachments
    missing = answer(await bo.slash(world.thread, "scores replay", hand="#ZZ"))
    assert missing.content == "There is no hand #ZZ in this server."
    bad = answer(await bo.slash(world.thread, "scores export", hand="hand 7"))
    assert bad.content.startswith("“hand 7” is not a hand id")


async def test_an_exported_record_replays_to_the_same_result(
    world: World, simcord_bot: CardTableBot, simcord_env: simcord.Env
) -> None:
    _, result = await real_hand(simcord_bot, world, "sankou")
    sent = answer(await world.players[0].slash(world.channel, "scores export", hand="1"))
    assert sent.ephemeral and sent.content.startswith("The record of hand #1: every card")
    [file] = sent.attachments
    assert file.filename == "hand-1.json"
    data = json.loads(simcord_env.backend.cdn.get(file.url))
    assert data["format"] == "cardtable-hand" and data["id"] == "1" and data["game"] == "sankou"
    assert [p["bot"] for p in data["players"]] == [None, "strong", "strong", "strong"]
    again = replay(HandRecord.from_json(data))
    assert again.result_matches and again.game.result == result


async def test_history_lists_hands_with_ids_and_autocompletes_them(
    world: World, simcord_bot: CardTableBot
) -> None:
    await real_hand(simcord_bot, world, "qingdun")
    ann, bo, *_ = world.players
    mine = answer(await ann.slash(world.channel, "scores history")).content.splitlines()
    assert mine[0] == "**Recent hands of ann**"
    assert mine[1].startswith("`#1` Qingdun · table 1, hand 1 · <t:")
    assert "ann " in mine[1] and "Bot 2 " in mine[1]
    theirs = answer(await bo.slash(world.channel, "scores history", player=ann)).content
    assert theirs.splitlines()[1] == mine[1]
    assert answer(await bo.slash(world.channel, "scores history")).content.splitlines()[1:] == [
        "No hands yet."
    ]
    choices = await ann.autocomplete(world.channel, "scores replay", "hand", "")
    assert [c["value"] for c in choices] == ["1"]
    assert choices[0]["name"].startswith("#1 · Qingdun · ")
    assert await ann.autocomplete(world.channel, "scores export", "hand", "#2") == []


async def test_the_board_shows_the_callers_own_line_and_a_picture(
    world: World, deals, simcord_bot: CardTableBot
) -> None:
    deals.use("qingdun", short_deal().start)
    ann, *_, di = world.players
    await open_table(world, "qingdun", hands=1)
    await finish_short_hand(world)
    rating = answer(await ann.slash(world.channel, "scores board", game="qingdun"))
    lines = rating.content.splitlines()
    assert lines[0] == "**Leaderboard · Qingdun · all time · by rating**"
    assert lines[1:] == [
        "No one on this board yet.",
        "· **ann** — 944 (1 hand)",
        "You need 4 more completed hands to be ranked (5 in this server).",
    ]
    assert [a.filename for a in rating.attachments] == ["board.png"]
    assert rating.attachments[0].description.startswith("Qingdun board")  # alt text
    refused = answer(await di.slash(world.channel, "scores minhands", hands=1))
    assert refused.content == "Only a server manager (Manage Server) can do that."
    await simcord_bot.service.set_min_ranked_hands(world.guild.id, 1, is_manager=True)
    ranked = answer(await ann.slash(world.channel, "scores board", game="qingdun")).content
    assert ranked.splitlines()[1:] == [
        "1. bo — 1080 (1 hand, 100% won)",
        "1. cy — 1080 (1 hand, 100% won)",
        "3. **ann** — 944 (1 hand, 0% won)",
        "· Bot · strong — 944 (a bot, for reference)",
    ]
    outsider = answer(await di.slash(world.channel, "scores board", game="sankou"))
    assert (
        outsider.content.splitlines()[-1]
        == "You have not played Haining Sankou in this server yet."
    )


@pytest.mark.parametrize(
    ("locale", "words"),
    [
        (
            "zh-TW",
            ("排行榜 · 清墩 · 全部 · 按積分", "頭家", "第 1/", "#1 這一局的紀錄", "最近的牌局"),
        ),
        (
            "zh-CN",
            ("排行榜 · 清墩 · 全部 · 按积分", "头家", "第 1/", "#1 这一局的记录", "最近的牌局"),
        ),
    ],
)
async def test_scores_speak_the_readers_language(
    world: World, simcord_bot: CardTableBot, locales: dict[int, str], locale: str, words: tuple
) -> None:
    await real_hand(simcord_bot, world, "qingdun")
    ann = world.players[0]
    locales[ann.id] = locale
    replies = [
        answer(await ann.slash(world.channel, "scores board", game="qingdun", by="points")),
        answer(await ann.slash(world.channel, "scores stats")),
        answer(await ann.slash(world.channel, "scores replay", hand="1")),
        answer(await ann.slash(world.channel, "scores export", hand="1")),
        answer(await ann.slash(world.channel, "scores history")),
    ]
    for reply, word in zip(replies, words, strict=True):
        assert reply.ephemeral and word in reply.content, (word, reply.content)
        assert not any(english in reply.content for english in ("Hand #", "hands", "Page "))
