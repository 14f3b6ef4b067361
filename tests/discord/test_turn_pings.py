"""The turn ping: one message to catch up after hours away and get to the cards in one click.

It pings the player to move and nobody else, says what to beat and the deadline (a Discord
timestamp), sums up what happened since the player's last move, carries a My hand button, and
is deleted once the turn is over. A player's first turn here carries a tip.
"""

from __future__ import annotations

from typing import Any

import simcord

from bot.discord.turns import since
from bot.service import events as ev
from engine.cards import parse_cards
from tests.discord.conftest import World, answer, open_table, public_text
from tests.discord.test_qingdun_flow import short_deal as qingdun_deal
from tests.discord.test_sankou_flow import short_deal as sankou_deal

TIP = "New here? **My hand** shows your cards"


def pings(world: World) -> list[Any]:
    """The turn pings in the thread now (messages mentioning someone)."""
    return [m for m in world.thread.history() if m.mentions]


async def test_the_ping_says_what_to_beat_when_and_what_happened(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", qingdun_deal().start)
    ann, bo, cy, _ = world.players
    await open_table(world, "qingdun")
    [first] = pings(world)
    assert [u.id for u in first.mentions] == [ann.id]
    assert first.content.splitlines()[:2] == [
        f"<@{ann.id}>, your turn.",
        f"You lead this trick · due <t:{int(first.created_at.timestamp()) + 12 * 3600}:R>",
    ]
    assert TIP in first.content  # ann has never played here

    await ann.slash(world.thread, "play cards", cards="3S 3H")
    [ping] = pings(world)  # ann's ping went with her turn
    assert [u.id for u in ping.mentions] == [bo.id]
    lines = ping.content.splitlines()
    assert lines[0] == f"<@{bo.id}>, your turn."
    assert lines[1].startswith("To beat: ann's Pair 3♠ 3♥ · due <t:")
    assert lines[2] == "So far this hand: ann: 3♠ 3♥"
    assert [c.custom_id for row in ping.components for c in row.children] == ["ct:1:hand"]
    hand = answer(await bo.click(ping, custom_id="ct:1:hand"))  # one click to the cards
    assert hand.ephemeral and hand.content.startswith("Your hand: 2 cards.")

    await bo.slash(world.thread, "play pass")  # the bot passes, then cy
    await cy.slash(world.thread, "play pass")
    [back] = pings(world)
    lines = back.content.splitlines()
    assert lines[1].startswith("You lead this trick · due <t:")
    assert lines[2] == (
        "Since your last move: bo passed · Bot 3 passed · cy passed · ann took the trick (+0)"
    )
    assert TIP not in back.content  # ann has played now


def test_many_moves_are_counted_and_the_notable_ones_kept() -> None:
    names = ["ann", "bo", "cy", "di"]
    moves: list[Any] = []
    for seat in (1, 2, 3, 1, 2, 3):
        moves += [ev.Played(seat, tuple(parse_cards("5H"))), ev.Passed((seat + 1) % 4)]
    moves += [ev.TrickWon(2, 15), ev.PlayerOut(2, 1)]
    assert since(moves, "qingdun", names, "en") == (
        "6 plays, 6 passes · cy took the trick (+15) · cy is 1st out (頭家)"
    )
    assert since(moves[:2], "qingdun", names, "en") == "bo: 5♥ · cy passed"
    assert since([ev.Played(0, tuple(parse_cards("BJ")))], "sankou", names, "zh-TW") == "ann：大王"


async def test_sankou_pings_send_the_bidder_to_my_hand(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    deals.use("sankou", sankou_deal().start)
    ann, bo, _, _ = world.players
    await open_table(world, "sankou", bot=False)
    [first] = pings(world)
    assert first.content.startswith(f"<@{ann.id}>, your bid: press **My hand** to bid or pass.")
    assert "No bids yet: bid 80 or more, or pass · due <t:" in first.content
    await ann.slash(world.thread, "play bid", amount=80)
    [second] = pings(world)
    assert second.content.startswith(f"<@{bo.id}>, your bid: press **My hand**")
    assert "Highest bid: ann 80; bid 85 or more, or pass" in second.content
    assert "So far this hand: ann bid 80" in second.content


async def test_a_ping_is_in_its_readers_language_the_table_in_its_own(
    world: World, deals: Any, simcord_env: simcord.Env, locales: dict[int, str]
) -> None:
    deals.use("qingdun", qingdun_deal().start)
    ann = world.players[0]
    locales[ann.id] = "zh-TW"
    await open_table(world, "qingdun", language="zh-CN")
    [ping] = pings(world)
    assert ping.content.startswith(f"<@{ann.id}>，輪到你了。\n這一輪由你先出 · 期限 <t:")
    assert "第一次玩？" in ping.content
    assert "清墩 · 轮到 ann 出牌" in public_text(world)  # the table message: the table's
