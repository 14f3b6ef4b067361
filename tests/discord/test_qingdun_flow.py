"""A whole 清墩 hand through slash commands, buttons and menus, with a bot seat and a restart."""

from __future__ import annotations

import simcord

from engine.qingdun import Game
from tests.discord.conftest import (
    World,
    answer,
    assert_hands_private,
    cid,
    make_bot,
    open_table,
    options,
    public_text,
)

# ann leads a pair, goes out 1st with 9♣; bo takes K♦ (10 points) and goes out 2nd; cy takes
# 5♦ + 10♠ (15) and goes out 3rd: the bot is 末家 and its team ends at 0 - 30 < 0 (§1.6.4).
HANDS = ["3S 3H 9C", "5D KD", "4C", "10S JS"]


def short_deal() -> Game:
    return Game.from_hands(HANDS, leader=0)


async def test_a_whole_hand_by_buttons_menus_and_commands(world: World, deals) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo, cy, di_ = world.players
    await open_table(world, "qingdun", hands=1)
    assert f"<@{ann.id}>, your turn." in public_text(world)

    hand = answer(await ann.click(world.table_message(), custom_id="ct:1:hand"))
    assert hand.flags.ephemeral
    assert hand.content.splitlines() == ["Your hand: 3 cards.", "Your lead: any combination."]
    assert [a.filename for a in hand.attachments] == ["hand.png"]
    assert {v for v, _ in options(hand, cid(hand, "c:0"))} == {"3S#0", "3H#0", "9C#0"}
    plays = options(hand, cid(hand, "lp"))  # the legal plays, the hint's (the AI's) first
    assert [label for _, label in plays] == ["Single · 9♣", "Pair · 3♠ 3♥", "Single · 3♠"]
    chosen = await ann.select(hand, ["3S#0", "3H#0"], custom_id=cid(hand, "c:0"))
    assert chosen.response.content.splitlines()[-1] == "Selected: 3♠ 3♥"
    assert chosen.response.attachments  # drawn again, the choice raised
    played = await ann.click(hand, custom_id=cid(hand, "h:play"))
    assert played.followups == []  # no "Played" message: the hand message says it
    assert played.response.content.splitlines()[:3] == [
        "Played: 3♠ 3♥",
        "Your hand: 1 card.",
        "bo is to play.",
    ]

    passed = await bo.click(world.table_message(), custom_id="ct:1:pass")
    assert passed.followups == [] and not passed.ephemeral  # the table shows the pass
    assert "bo passes." in public_text(world)
    assert answer(await cy.slash(world.thread, "play pass")).content == "You passed."  # bot passed
    assert answer(await ann.slash(world.thread, "play cards", cards="9")).content == "Played: 9♣"

    choices = await bo.autocomplete(world.thread, "play cards", "cards", "")
    assert choices == [{"name": "Single · K♦", "value": "KD"}]
    await bo.slash(world.thread, "play cards", cards="KD")
    await cy.slash(world.thread, "play pass")
    await bo.slash(world.thread, "play cards", cards="5")
    await cy.slash(world.thread, "play cards", cards="10")
    await cy.slash(world.thread, "play cards", cards="J")

    text = public_text(world)
    assert "Bot 3 passes." in text
    assert "ann is out: 1st out (頭家)." in text
    assert "bo wins the trick: 10 points." in text
    assert "cy wins the trick: 15 points." in text
    assert "Hand 1 is over: negative score." in text
    # who contributed what (RULES §1.6): ann's score 0; bo 10 and cy 15 of their own; the bot
    # (末家) forfeits nothing and its team loses 30.
    assert "Points: Team A -30 · Team B 25" in text
    assert "ann went out first: score 0 (0 of it from the partner)." in text
    assert "Bot 3 was last: 0 captured + 0 in hand go to the other team" in text
    assert "ann: -20 (total -20)" in text and "cy: +20 (total +20)" in text
    assert "The table is closed." in text
    results = [
        m for m in world.thread.history() if any(a.filename == "result.png" for a in m.attachments)
    ]
    assert len(results) == 1
    assert "4♣" not in text  # the bot's last card was never shown
    assert_hands_private(world)

    board = answer(await di_.slash(world.channel, "scores board", game="qingdun", by="points"))
    assert board.content.splitlines()[0] == "**Leaderboard · Qingdun · all time · by points**"
    assert "1. bo — +20 (1 hand, 100% won)" in board.content.splitlines()
    assert [a.filename for a in board.attachments] == ["board.png"]
    stats = answer(await ann.slash(world.channel, "scores stats"))
    assert stats.content.splitlines()[:3] == [
        "**Stats of ann**",
        "__Qingdun__",
        "1 hand · 0% won · -20 points · left 0",
    ]


async def test_a_restart_mid_hand_keeps_the_same_buttons_working(
    world: World, deals, simcord_env: simcord.Env, db_path
) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo, cy, _ = world.players
    await open_table(world, "qingdun", hands=1)
    hand = answer(await ann.click(world.table_message(), custom_id="ct:1:hand"))
    await ann.select(hand, ["3S#0", "3H#0"], custom_id=cid(hand, "c:0"))
    table_message = world.table_message()

    def syncs() -> int:
        return sum(
            1 for r in simcord_env.http_requests if r.method == "PUT" and "commands" in r.path
        )

    assert syncs() == 1
    await simcord_env.restart_bot(make_bot(db_path, deals))
    assert syncs() == 1  # the tree did not change: no second sync

    # the selection lives in the message: Play still plays the pair after the restart
    played = await ann.click(hand, custom_id=cid(hand, "h:play"))
    assert played.response.content.startswith("Played: 3♠ 3♥\n")
    await bo.click(table_message, custom_id="ct:1:pass")
    assert "Bot 3 passes." in public_text(world)  # the bot seat resumed too
    hinted = answer(await cy.click(table_message, custom_id="ct:1:hint"))
    assert hinted.ephemeral and hinted.content.startswith(
        "Hint: pass.\nWhy: nothing in your hand beats it.\nYour hand: 2 cards."
    )
    assert answer(await ann.click(world.table_message(), custom_id="ct:1:hint")).content.startswith(
        "Not your turn"
    )
