"""``/play cards`` autocomplete: a few legal plays at once, guided by what was typed.

The worst case of the issue: after a 10-card lead, a player void in the suit has about 3.3
million legal follows; listing them froze the bot for every table. Now a handful come back
by groups, and the table's lock is never waited for.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import simcord

from engine.cards import parse_cards
from engine.sankou import Game
from tests.discord.conftest import World, answer, open_table
from tests.engine.sankou.deals import KITTY
from tests.engine.sankou.test_follows import SPADE_TRACTOR, VOID, deal


async def void_follow(world: World, deals: Any) -> Game:
    """ann leads a 10-card tractor of spades; bo, void in spades, is to follow."""
    hands = deal({0: SPADE_TRACTOR, 1: VOID})
    deals.use("sankou", Game.from_deal(hands, KITTY, first_bidder=0).start)
    ann, bo, cy, di = world.players
    await open_table(world, "sankou", bot=False, hands=1)  # seats: ann, bo, di, cy
    await ann.slash(world.thread, "play bid", amount=80)
    for player in (bo, di, cy):
        await player.slash(world.thread, "play pass")
    await ann.slash(world.thread, "play kitty", cards=KITTY)
    await ann.slash(world.thread, "play trump", suit="H")
    assert answer(await ann.slash(world.thread, "play cards", cards=SPADE_TRACTOR)).ephemeral
    return world.env.bot.service


async def choices(world: World, typed: str) -> list[dict[str, str]]:
    return await world.players[1].autocomplete(world.thread, "play cards", "cards", typed)


async def test_a_void_follower_gets_a_few_follows_by_groups(world: World, deals: Any) -> None:
    service = await void_follow(world, deals)
    offered = await choices(world, "")
    assert 3 <= len(offered) <= 25
    assert offered[0]["value"] == "JD 9D 9D 8D 7D 7D 9C 8C 8C 7C"  # lowest, pairs kept
    assert offered[0]["name"].startswith("10 cards · 7♦ 7♦ 7♣ 8♦")  # by rank, then suit
    game = service.state.tables[1].game
    for choice in offered:
        assert game.is_legal(1, parse_cards(choice["value"]))
    played = await world.players[1].slash(world.thread, "play cards", cards=offered[0]["value"])
    assert answer(played).content.startswith("Played: 7♦ 7♦ 7♣")


async def test_typed_cards_guide_the_suggestions(world: World, deals: Any) -> None:
    await void_follow(world, deals)
    jokers = await choices(world, "BJ SJ ")
    assert jokers and all(c["value"].startswith("BJ SJ ") for c in jokers[1:])
    assert jokers[0]["value"] == "BJ SJ"  # what was typed, first
    twos = await choices(world, "BJ 2")  # the 2 is half typed: 2H, the only 2 held
    assert twos[1:] and all(c["value"].startswith("BJ 2H") for c in twos[1:])
    assert [c["value"] for c in twos] == list(dict.fromkeys(c["value"] for c in twos))
    assert await choices(world, "AS") == [{"name": "Single · A♠", "value": "AS"}]  # not held
    assert await choices(world, "zz") == []


async def test_autocomplete_never_waits_for_a_busy_table(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    service = await void_follow(world, deals)
    lock = service.state.lock(1)
    await lock.acquire()  # a write in progress (say, on a database another process holds)
    try:
        assert service.peek_view(1, world.players[1].id) is None
        assert await choices(world, "") == []
        typed = await choices(world, "BJ SJ")
        assert [c["value"] for c in typed] == ["BJ SJ"]  # only what was typed
    finally:
        lock.release()
    assert len(await choices(world, "")) >= 3
    service.state.tables[1].unavailable = True  # a failed write not yet read back: memory unsure
    assert service.peek_view(1, world.players[1].id) is None
    service.state.tables[1].unavailable = False


async def test_a_qingdun_suggestion_holds_the_ranks_typed(world: World, deals: Any) -> None:
    from engine.qingdun import Game as Qingdun

    hands = ["3S 3H 3D 4C 4D 5S 9C 9D", "5D KD", "4H", "10S JS"]
    deals.use("qingdun", Qingdun.from_hands(hands, leader=0).start)
    await open_table(world, "qingdun", hands=1)
    ann = world.players[0]
    offered = await ann.autocomplete(world.thread, "play cards", "cards", "3 4")
    values = [c["value"] for c in offered]
    assert values[0] == "3S 4D"  # what was typed, resolved (not a straight), first
    for value in values[1:]:
        ranks = Counter(card.rank for card in parse_cards(value))
        assert ranks[3] >= 1 and ranks[4] >= 1
    assert any(c["name"].startswith("Full house") for c in offered)


async def test_a_typed_j_is_a_jack_never_a_joker(world: World, deals: Any) -> None:
    """The jokers' notation ends in J (``BJ``, ``SJ``): a J typed means jacks only."""
    from engine.qingdun import Game as Qingdun

    hands = ["BJ SJ SJ JS JH 5S", "5D KD", "4H", "10S JS"]
    deals.use("qingdun", Qingdun.from_hands(hands, leader=0).start)
    await open_table(world, "qingdun", hands=1)
    for typed in ("J", "j"):
        offered = await world.players[0].autocomplete(world.thread, "play cards", "cards", typed)
        values = [c["value"] for c in offered]
        assert values and all("BJ" not in v and "SJ" not in v for v in values), values
        assert all("J" in v for v in values)
