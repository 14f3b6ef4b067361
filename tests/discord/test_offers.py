"""The next step offered in one click: fixes under refusals, Next hand, Play again, and the end
of a table (final standings, with pictures described for screen readers)."""

from __future__ import annotations

from typing import Any

import simcord

from tests.discord.conftest import World, answer, cid, confirm, open_table, play_out, public_text
from tests.discord.test_qingdun_flow import short_deal as qingdun_deal
from tests.discord.test_sankou_flow import short_deal as sankou_deal


def buttons(message: Any) -> list[str]:
    rows = message.components
    return [c["custom_id"] if isinstance(c, dict) else c.custom_id for c in _children(rows)]


def _children(rows: Any) -> list[Any]:
    out = []
    for row in rows:
        out += row["components"] if isinstance(row, dict) else list(row.children)
    return out


async def test_refusals_offer_their_fix(world: World, deals: Any, simcord_env: simcord.Env) -> None:
    deals.use("qingdun", qingdun_deal().start)
    ann, bo, cy, di = world.players
    await ann.slash(world.channel, "table create", game="qingdun", hands=2)
    outsider = answer(await di.slash(world.thread, "play hand"))
    assert outsider.content == "You do not sit at table 1." and buttons(outsider) == ["ct:1:join"]
    joined = await di.click(outsider, custom_id="ct:1:join")  # the fix, in one click
    assert joined.acknowledged
    assert "di sits at seat 2." in public_text(world)
    for player in (bo, cy):
        await player.slash(world.thread, "table join")
    await ann.slash(world.thread, "table start")

    typo = answer(await ann.slash(world.thread, "play cards", cards="3S 9C"))
    assert typo.content == "3♠ 9♣ is not a combination." and buttons(typo) == ["ct:1:hand"]
    old_hand = answer(await ann.slash(world.thread, "play hand"))
    simcord_env.bot.deadlines.also.clear()  # as after a restart: the bot forgot this panel
    await simcord_env.advance_time(15 * 60)  # the bot can no longer keep it up to date
    await play_out(world, simcord_env, hands=1)  # hand 1 ends, hand 2 is dealt
    stale = (await ann.click(old_hand, custom_id=cid(old_hand, "h:hint"))).response
    assert stale.content.startswith("Those controls were of an earlier hand; nothing was done.")
    assert "ct:1:2." in str(stale.components)  # the fix is made at once: the hand of now
    not_mine = answer(await bo.slash(world.thread, "play cards", cards="KD"))
    assert buttons(not_mine) == []  # no fix for waiting your turn


async def test_without_auto_deal_the_result_offers_next_hand(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    deals.use("sankou", sankou_deal().start)
    bo = world.players[1]
    await open_table(world, "sankou", bot=False, auto_deal=False)
    assert "Hands are dealt when a player presses **Next hand**" in public_text(world)
    await play_out(world, simcord_env)
    result = world.thread.history()[-1]
    assert any(a.filename == "result.png" for a in result.attachments)
    assert buttons(result) == ["ct:1:next"]
    info = await simcord_env.bot.service.table_info(1)
    assert (info.status, info.hand_number, info.to_move) == ("playing", 1, None)
    [table] = [m for m in world.thread.history() if m.content.startswith("**Haining Sankou")]
    assert buttons(table) == ["ct:1:next", "ct:1:hand"]  # between hands

    waiting = answer(await bo.slash(world.thread, "play pass"))
    assert waiting.content == "No hand is being played at this table now."
    assert buttons(waiting) == ["ct:1:next"]
    dealt = await bo.click(result, custom_id="ct:1:next")  # any player may deal
    assert dealt.response.components == []  # the offer is used up
    assert (await simcord_env.bot.service.table_info(1)).hand_number == 2
    assert "Hand 2 begins." in public_text(world)


async def test_the_end_of_a_table_shows_the_standings_and_offers_play_again(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", qingdun_deal().start)
    bo = world.players[1]
    await open_table(world, "qingdun", hands=1)
    await play_out(world, simcord_env)
    text = public_text(world)
    assert text.count("The table is closed.") == 1  # in the table message only
    *_, result, final = world.thread.history()
    [table] = [m for m in world.thread.history() if m.content.startswith("**Qingdun table #1**")]
    assert table.content.endswith("The table is closed.")
    assert [a.filename for a in table.attachments] == ["table.png"]  # the last picture stays
    assert final.content.splitlines()[0] == "**Table #1 is closed. Final standings:**"
    assert final.content.splitlines()[1:] == [
        "1. bo: +20 (1 hand)",
        "1. cy: +20 (1 hand)",  # ties share a rank
        "3. ann: -20 (1 hand)",
        "3. Bot 3: -20 (1 hand)",
    ]
    for message, name in ((table, "table.png"), (result, "result.png"), (final, "standings.png")):
        [picture] = message.attachments
        assert picture.filename == name and picture.description  # alt text for screen readers
    assert "1. bo +20, 1 hand" in final.attachments[0].description
    assert buttons(final) == ["ct:1:again"]

    again = await bo.click(final, custom_id="ct:1:again")
    assert again.response.components == []
    service = simcord_env.bot.service
    info = await service.table_info(2)
    assert (info.thread_id, info.creator_id, info.status) == (world.thread.id, bo.id, "waiting")
    assert [s.name if s else None for s in info.seats] == ["ann", "bo", "Bot 2", "cy"]
    assert "bo opened table #2 with the same seats as table #1." in public_text(world)
    fresh = world.table_message()
    assert fresh.content.startswith("**Qingdun table #2**")
    await bo.click(fresh, custom_id="ct:2:start")
    assert (await service.table_info(2)).hand_number == 1


async def test_a_player_who_left_keeps_their_table_score(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    deals.use("sankou", sankou_deal().start)
    bo = world.players[1]
    await open_table(world, "sankou", bot=False)
    asked = answer(await bo.slash(world.thread, "table leave"))  # mid-hand: it asks first
    await confirm(bo, asked, "leave")  # −9, the hand is void
    [result] = [
        m for m in world.thread.history() if [a.filename for a in m.attachments] == ["result.png"]
    ]
    assert "bo: -9 (total -9)" in result.content
    assert "ann: +3 (total +3)" in result.content


async def test_scores_of_a_table_before_its_first_hand_ends(world: World) -> None:
    ann = world.players[0]
    await ann.slash(world.channel, "table create", game="qingdun")
    score = answer(await ann.slash(world.thread, "scores table"))
    assert score.content.splitlines() == ["**Table score**", "No hands finished yet."]


async def test_rules_open_on_how_to_play_here(world: World) -> None:
    shown = answer(await world.players[0].slash(world.channel, "rules", game="qingdun"))
    [embed] = shown.embeds
    assert embed.title == "Qingdun · How to play here"
    text = embed.description
    assert "**My hand**" in text and "`/play cards 33344`" in text and "**Hint**" in text
    assert buttons(shown) == ["ct:rules:qingdun:en:1:n"]
