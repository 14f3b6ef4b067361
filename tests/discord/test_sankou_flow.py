"""A whole 三扣 hand: bidding, the dealer's private kitty, trump, a failed throw, by four people."""

from __future__ import annotations

from bot.service import ServiceError
from engine.sankou import Game
from tests.discord.conftest import (
    World,
    answer,
    assert_hands_private,
    open_table,
    public_text,
    texts,
)

HANDS = ["AH QH 3C", "KH 4C 5C", "6C 7C 8C", "9D JD QD"]
KITTY = "2S 3S 4S 6S 7S 8S 9S JS"


def short_deal() -> Game:
    return Game.from_deal(HANDS, KITTY, first_bidder=0)


async def playing(service):
    """The table while a hand is running (``None`` once it has ended)."""
    try:
        info = await service.table_info(1)
    except ServiceError:
        return None
    return info if info.status == "playing" and info.to_move is not None else None


def options(message) -> list[str]:
    return [
        o["value"]
        for row in message.components
        for c in row["components"]
        for o in c.get("options", [])
    ]


async def test_bidding_kitty_trump_and_a_failed_throw(world: World, deals, simcord_env) -> None:
    deals.use("sankou", short_deal().start)
    ann, bo, cy, di = world.players
    await open_table(world, "sankou", bot=False, hands=1)  # seats: ann, bo, di, cy

    hand = answer(await ann.click(world.table_message(), custom_id="ct:1:hand"))
    assert options(hand)[:2] == ["80", "85"] and options(hand)[-1] == "200"
    await ann.select(hand, ["80"], custom_id="ct:1:1:bid")
    assert answer(await bo.slash(world.thread, "play pass")).content == "You passed."
    di_hand = answer(await di.slash(world.thread, "play hand"))
    await di.click(di_hand, custom_id="ct:1:1:h:bidpass")
    await cy.slash(world.thread, "play pass")
    text = public_text(world)
    assert "ann bids 80." in text and "ann is the dealer (庄家) at 80." in text
    kitty = "you are the dealer: press **My hand** to lay 8 cards back as the kitty."
    assert f"<@{ann.id}>, {kitty}" in text

    hand = answer(await ann.click(world.table_message(), custom_id="ct:1:hand"))
    assert "Kitty (底牌): 2♠ 3♠ 4♠ 6♠ 7♠ 8♠ 9♠ J♠" in hand.content
    spades = [v for v in options(hand) if v.endswith("S#0")]
    menu = next(
        c["custom_id"] for row in hand.components for c in row["components"] if "S#0" in str(c)
    )
    await ann.select(hand, spades, custom_id=menu)
    laid = await ann.click(hand, custom_id="ct:1:1:h:kitty")
    assert laid.followups[-1].content == "Done."
    await ann.select(laid.response, ["S"], custom_id="ct:1:1:trump")  # the spades lie in the kitty
    assert "Trump is ♠ Spades." in public_text(world)

    refused = answer(await ann.slash(world.thread, "play cards", cards="AH 3C"))
    assert refused.ephemeral and refused.content.startswith("A lead must be all one suit")
    hand = answer(await ann.slash(world.thread, "play hand"))
    await ann.select(hand, ["AH#0", "QH#0"], custom_id="ct:1:1:c:0")
    await ann.click(hand, custom_id="ct:1:1:h:play")  # a throw: bo holds K♥, so it fails
    assert "ann's throw failed (A♥ Q♥); forced to play Q♥." in public_text(world)
    await bo.slash(world.thread, "play cards", cards="KH")
    seats = {ann.id: ann, bo.id: bo, cy.id: cy, di.id: di}
    service = simcord_env.bot.service
    while (info := await playing(service)) is not None:
        player = seats[info.seats[info.to_move].user_id]
        action = await service.hint(1, player.id)
        cards = " ".join(str(c) for c in action.cards)
        assert answer(await player.slash(world.thread, "play cards", cards=cards)).ephemeral
    text = public_text(world)
    assert "bo wins the trick: 10 points." in text
    assert "Hand 1 is over: contract failed: the dealer took no points." in text
    assert_hands_private(world)
    for player in (bo, cy, di):  # the kitty is the dealer's secret until the result image
        seen = "\n".join(m.content for m in texts(world, player))
        assert "2♠ 3♠ 4♠" not in seen and "Kitty" not in seen
