"""The private hand message: what it says and offers, how it answers, and what stays private."""

from __future__ import annotations

from typing import Any

import pytest
import simcord

import render
from engine.cards import parse_cards
from tests.discord.conftest import (
    World,
    answer,
    assert_hands_private,
    chosen,
    cid,
    confirm,
    has,
    open_table,
    options,
    public_text,
    texts,
)
from tests.discord.test_qingdun_flow import short_deal


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The options of every hand picture drawn (highlight, four_colour, title)."""
    calls: list[dict[str, Any]] = []
    real = render.render_hand

    def record(view: Any, lang: str = "en", **kwargs: Any) -> bytes:
        calls.append({"hand": view.hand, **kwargs})
        return real(view, lang, **kwargs)

    monkeypatch.setattr(render, "render_hand", record)
    return calls


def ids(message: Any) -> str:
    return str(message.components)


async def test_hint_chooses_and_raises_its_cards_and_a_choice_is_drawn_again(
    world: World, deals: Any, drawn: list[dict[str, Any]]
) -> None:
    deals.use("qingdun", short_deal().start)
    ann = world.players[0]
    await open_table(world, "qingdun")
    hinted = answer(await ann.click(world.table_message(), custom_id="ct:1:hint"))
    # the AI's lead (the simple policy would lead the pair)
    assert hinted.content.splitlines()[0] == "Hint: play 9♣."
    assert chosen(hinted) == ["9C#0"]
    assert list(drawn[-1]["highlight"]) == parse_cards("9C")
    assert hinted.attachments[0].description.endswith("Chosen: 9♣.")  # the alt text says it
    again = await ann.select(hinted, ["3S#0", "3H#0"], custom_id=cid(hinted, "c:0"))
    assert list(drawn[-1]["highlight"]) == parse_cards("3S 3H")
    assert again.response.content.splitlines()[-1] == "Selected: 3♠ 3♥"
    cleared = await ann.click(again.response, custom_id=cid(again.response, "h:clear"))
    assert list(drawn[-1]["highlight"]) == [] and chosen(cleared.response) == []


async def test_four_colours_for_one_player_by_command_or_toggle(
    world: World, deals: Any, drawn: list[dict[str, Any]], simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo, _, _ = world.players
    await open_table(world, "qingdun")
    set_on = answer(await ann.slash(world.thread, "settings cards", four_colour="on"))
    assert set_on.ephemeral and set_on.content.startswith("Four-colour cards on")
    mine = answer(await ann.click(world.table_message(), custom_id="ct:1:hand"))
    assert drawn[-1]["four_colour"] is True
    answer(await bo.click(world.table_message(), custom_id="ct:1:hand"))
    assert drawn[-1]["four_colour"] is False  # bo's own choice: the two-colour deck
    labels = [b["label"] for row in mine.components for b in row["components"] if "label" in b]
    assert "2 colours" in labels
    toggled = await ann.click(mine, custom_id=cid(mine, "h:colours"))
    assert toggled.response.content.startswith("Four-colour cards off: ♠ ♣ black, ♥ ♦ red.")
    assert drawn[-1]["four_colour"] is False
    assert await simcord_env.bot.service.four_colour(ann.id) is False


async def test_a_take_back_asks_the_other_players_and_their_yes_gives_the_turn_back(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo, cy, di = world.players
    await open_table(world, "qingdun")  # seats: ann, bo, a bot, cy
    hand = answer(await ann.click(world.table_message(), custom_id="ct:1:hand"))
    value = next(v for v, label in options(hand, cid(hand, "lp")) if label.endswith("3♠ 3♥"))
    played = await ann.select(hand, [value], custom_id=cid(hand, "lp"))
    assert has(played.response, "h:takeback")
    asked = await ann.click(played.response, custom_id=cid(played.response, "h:takeback"))
    assert asked.response.content.startswith("The other side is asked to let you take it")
    request = next(m for m in world.thread.history() if "asks to take back" in m.content)
    assert request.content.startswith("ann asks to take back 3♠ 3♥.")
    assert f"<@{bo.id}> <@{cy.id}>" in request.content  # the players who answer are pinged
    outsider = answer(await di.click(request, custom_id="ct:1:tb:1:1:y"))
    assert outsider.ephemeral and outsider.content == "You do not sit at table 1."
    own = answer(await ann.click(request, custom_id="ct:1:tb:1:1:y"))
    assert own.content == "You asked for this take-back: the other players answer it."
    await bo.click(request, custom_id="ct:1:tb:1:1:y")
    assert (await simcord_env.bot.service.table_info(1)).to_move == 1  # not yet: cy has not
    done = await cy.click(request, custom_id="ct:1:tb:1:1:y")
    assert done.response.content.splitlines()[-2:] == [
        "bo agrees.",
        "Taken back: ann plays again instead of 3♠ 3♥.",
    ]
    assert done.response.components == []
    assert "ann took back 3♠ 3♥." in public_text(world)
    info = await simcord_env.bot.service.table_info(1)
    assert info.to_move == 0
    mine = next(m for m in world.thread.history(viewer=ann) if m.id == asked.response.id)
    assert "Your hand: 3 cards." in mine.content and has(
        [c.custom_id for row in mine.components for c in row.children], "lp"
    )  # her open message followed: her turn again, with the legal plays
    assert_hands_private(world)


async def test_a_take_back_ends_at_a_refusal_and_never_undoes_going_out(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo, cy, _ = world.players
    await open_table(world, "qingdun")
    await ann.slash(world.thread, "play cards", cards="33")
    assert answer(await ann.slash(world.thread, "play takeback")).content.startswith(
        "The other side is asked"
    )
    request = next(m for m in world.thread.history() if "asks to take back" in m.content)
    refused = await bo.click(request, custom_id="ct:1:tb:1:1:n")
    assert refused.response.content.endswith("bo refused: the move stands.")
    again = answer(await ann.slash(world.thread, "play takeback"))  # asked once is enough
    assert again.content == (
        "You asked for a take-back in this trick already: one request per trick."
    )
    await bo.slash(world.thread, "play pass")  # the bot passes too
    await cy.slash(world.thread, "play pass")  # the trick is over: ann leads
    await ann.slash(world.thread, "play cards", cards="9")  # and is out: she sees her partner's
    assert answer(await ann.slash(world.thread, "play takeback")).content == (
        "A play that emptied your hand cannot be taken back: it showed you your partner's hand."
    )
    assert_hands_private(world)


async def test_a_take_back_lapses_at_the_next_move(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo, _, _ = world.players
    await open_table(world, "qingdun")
    await ann.slash(world.thread, "play cards", cards="33")
    assert answer(await ann.slash(world.thread, "play takeback")).content.startswith(
        "The other side is asked"
    )
    await bo.slash(world.thread, "play pass")  # the next move: the request lapses
    request = next(m for m in world.thread.history() if "asks to take back" in m.content)
    assert request.content.startswith("ann asks to take back 3♠ 3♥.")
    assert request.content.endswith("The next move was made first: the move stands.")
    assert request.components == []


async def test_leaving_mid_hand_asks_first_and_says_what_it_costs(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    deals.use("qingdun", short_deal().start)
    ann = world.players[0]
    await open_table(world, "qingdun")  # ann's partner is the bot; bo and cy oppose her
    asked = answer(await ann.slash(world.thread, "table leave"))
    assert asked.ephemeral and asked.content.splitlines() == [
        "Leave during hand 1? The hand ends for everyone and is void (nobody scores it), and "
        "you lose 50 points.",
        "bo, cy get +10 each (only players seated since the deal).",
    ]
    kept = await ann.click(asked, custom_id="ct:1:1:cf:stay")
    assert kept.response.content == "Nothing was changed." and kept.response.components == []
    assert (await simcord_env.bot.service.table_info(1)).seats[0].user_id == ann.id
    asked = answer(await ann.slash(world.thread, "table leave"))
    left = await confirm(ann, asked, "leave")
    assert left.response.content == "You left the table."
    assert "ann left the table." in public_text(world)
    totals = {line.name: line.total for line in await simcord_env.bot.service.table_score(1)}
    assert totals["ann"] == -50 and totals["bo"] == 10 and totals["cy"] == 10


async def test_the_partners_hand_is_offered_only_to_a_player_who_is_out(
    world: World, deals: Any
) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo, cy, _ = world.players
    await open_table(world, "qingdun")
    table_ids = str([c.custom_id for row in world.table_message().components for c in row.children])
    assert "ct:1:partner" not in table_ids  # nobody is out yet
    hand = answer(await ann.click(world.table_message(), custom_id="ct:1:hand"))
    assert not has(hand, "h:partner")
    await ann.slash(world.thread, "play cards", cards="33")
    await bo.slash(world.thread, "play pass")
    await cy.slash(world.thread, "play pass")
    await ann.slash(world.thread, "play cards", cards="9")  # ann is out
    out = answer(await ann.click(world.table_message(), custom_id="ct:1:hand"))
    assert out.content.splitlines()[:2] == [
        "Your hand: 0 cards.",
        "You are out: Partner's hand shows your partner's cards.",
    ]
    assert has(out, "h:partner")
    table_ids = str([c.custom_id for row in world.table_message().components for c in row.children])
    assert "ct:1:partner" in table_ids
    partner = answer(await ann.click(out, custom_id=cid(out, "h:partner")))
    assert partner.ephemeral and partner.content == "Your partner's hand: 1 card."
    alt = partner.attachments[0].description  # alt text, saying the count once
    assert alt.startswith("Your partner's hand, 1 card: ") and "card.," not in alt
    assert_hands_private(world)


async def test_passing_in_the_bidding_is_bujiao_and_bids_show_only_on_ones_turn(
    world: World, deals: Any, locales: dict[int, str]
) -> None:
    from tests.discord.test_sankou_flow import short_deal as sankou_deal

    deals.use("sankou", sankou_deal().start)
    ann, bo, _, _ = world.players
    locales[bo.id] = "zh-TW"
    await open_table(world, "sankou", bot=False)  # seats: ann, bo, di, cy; ann bids first
    early = answer(await bo.click(world.table_message(), custom_id="ct:1:hand"))
    assert early.content.splitlines()[1] == "ann 叫分中。" and not has(early, "bid")
    await ann.click(world.table_message(), custom_id="ct:1:pass")  # the table's Pass is 不叫
    mine = next(m for m in texts(world, bo) if m.id == early.id)
    bid_ids = [c.custom_id for row in mine.components for c in row.children]
    assert has(bid_ids, "bid")  # followed: now it is bo's bid
    passed = await bo.click(mine, custom_id=cid(mine, "h:bidpass"))
    assert passed.response.content.splitlines()[0] == "你不叫。"
    assert not has(passed.response, "bid")


async def test_a_replay_asked_privately_is_drawn_in_the_readers_own_colours(
    world: World, deals: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    deals.use("qingdun", short_deal().start)
    ann, bo, cy, _ = world.players
    await open_table(world, "qingdun", hands=1)
    for player, cards in ((ann, "33"), (bo, None), (cy, None), (ann, "9"), (bo, "KD"),
                          (cy, None), (bo, "5"), (cy, "10"), (cy, "J")):  # fmt: skip
        if cards is None:
            await player.slash(world.thread, "play pass")
        else:
            await player.slash(world.thread, "play cards", cards=cards)
    colours: list[bool] = []
    for name in ("render_deal", "render_table", "render_result"):
        real = getattr(render, name)

        def record(*args: Any, _real: Any = real, **kwargs: Any) -> bytes:
            colours.append(kwargs.get("four_colour", False))
            return _real(*args, **kwargs)

        monkeypatch.setattr(render, name, record)
    await ann.slash(world.thread, "settings cards", four_colour="on")
    deal = answer(await ann.slash(world.channel, "scores replay", hand="#1"))
    assert deal.ephemeral and colours == [True]
    answer(await bo.slash(world.channel, "scores replay", hand="#1"))
    assert colours == [True, False]  # bo keeps the two-colour deck
