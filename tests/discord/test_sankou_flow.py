"""A whole 三扣 hand: bidding, the dealer's private kitty, trump, a failed throw, by four people."""

from __future__ import annotations

from bot.service import ServiceError
from engine.sankou import Game
from tests.discord.conftest import (
    World,
    answer,
    assert_hands_private,
    cid,
    has,
    open_table,
    public_text,
    texts,
)
from tests.discord.conftest import (
    chosen as chosen_values,
)
from tests.discord.conftest import options as menu_options

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
    bid = await ann.select(hand, ["80"], custom_id=cid(hand, "bid"))
    assert bid.response.content.splitlines()[:3] == [
        "You bid 80.",
        "Your hand: 3 cards.",
        "bo is bidding.",
    ]
    assert not has(bid.response, "bid")  # no bids off turn
    assert answer(await bo.slash(world.thread, "play pass")).content == "You pass (不叫)."
    di_hand = answer(await di.slash(world.thread, "play hand"))
    passed = await di.click(di_hand, custom_id=cid(di_hand, "h:bidpass"))
    assert passed.response.content.startswith("You pass (不叫).\n")
    await cy.slash(world.thread, "play pass")
    text = public_text(world)
    assert "ann bids 80." in text and "ann is the dealer (庄家) at 80." in text
    assert f"<@{ann.id}>" not in text  # she bid a moment ago and her hand is open: no ping

    # ann's open hand message followed the table: the bidding is over, the kitty is hers
    kitty = bid.response
    lines = kitty.content.splitlines()
    assert lines[0] == "Your hand: 11 cards." and not has(kitty, "bid")
    assert "From the kitty (底牌): 2♠ 3♠ 4♠ 6♠ 7♠ 8♠ 9♠ J♠" in lines
    choices = menu_options(kitty, cid(kitty, "kc"))  # whole kitties, by the trump each keeps
    assert choices[0][1] == "Keeps ♠ trump · 2♠ 3♠ 3♣ 4♠ 6♠ 7♠ Q♥ A♥"
    chosen = await ann.select(kitty, [choices[0][0]], custom_id=cid(kitty, "kc"))
    assert chosen.response.content.startswith("Chosen for the kitty: 2♠ 3♠ 3♣ 4♠ 6♠ 7♠ Q♥ A♥.")
    assert (
        len(chosen_values(chosen.response)) == 8
    )  # chosen in the card menus, raised in the picture
    # she buries spades
    cleared = await ann.click(chosen.response, custom_id=cid(chosen.response, "h:clear"))
    first_menu = menu_options(cleared.response, cid(cleared.response, "c:0"))
    spades = [v for v, _ in first_menu if v.endswith("S#0")]
    await ann.select(cleared.response, spades, custom_id=cid(cleared.response, "c:0"))
    laid = await ann.click(cleared.response, custom_id=cid(cleared.response, "h:kitty"))
    assert laid.followups == []
    assert laid.response.content.startswith("You buried 2♠ 3♠ 4♠ 6♠ 7♠ 8♠ 9♠ J♠.")
    assert "Buried kitty (底牌): 2♠ 3♠ 4♠ 6♠ 7♠ 8♠ 9♠ J♠" in laid.response.content
    await ann.select(laid.response, ["S"], custom_id=cid(laid.response, "trump"))
    assert "Trump is ♠ Spades." in public_text(world)

    refused = answer(await ann.slash(world.thread, "play cards", cards="AH 3C"))
    assert refused.ephemeral and refused.content.startswith("A lead must be all one suit")
    hand = answer(await ann.slash(world.thread, "play hand"))
    await ann.select(hand, ["AH#0", "QH#0"], custom_id=cid(hand, "c:0"))
    await ann.click(hand, custom_id=cid(hand, "h:play"))  # a throw: bo holds K♥, so it fails
    assert "ann's throw failed (Q♥ A♥); forced to play Q♥." in public_text(world)
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
