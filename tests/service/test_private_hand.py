"""The service side of the private hand: one-step options, card colours, the cost of leaving,
and taking back a move with every other player's agreement (replayed exactly)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from bot.service import PassTurn, PlayCards, TableService
from bot.service import events as ev
from bot.service.private_hand import TAKE_BACK_SECONDS
from bot.service.requests import from_action
from engine.actions import Play, TakeBack
from engine.errors import IllegalMove
from engine.sankou import Phase
from tests.service.helpers import USERS, Clock, full_table, mover, open_service, refused, snapshot

A, B, C, D = USERS


def kinds(update: ev.Update) -> list[type]:
    return [type(a) for a in update.announcements]


async def move(service: TableService, table: int, action_id: str) -> tuple[int, ev.Update]:
    """The human to move plays the hint; returns who moved and the update."""
    user = await mover(service, table)
    hint = await service.hint(table, user)
    return user, await service.act(table, user, from_action(hint), action_id)


async def test_turn_options_offer_the_hint_first_and_only_on_ones_turn(
    service: TableService,
) -> None:
    table = await full_table(service, "qingdun")
    user = await mover(service, table)
    options = await service.turn_options(table, user)
    assert options.my_turn and options.hint is not None and not options.may_pass
    assert isinstance(options.hint, Play) and options.plays[0] == options.hint.cards
    assert 1 < len(options.plays) <= 25 and options.hand_number == 1
    other = next(u for u in USERS if u != user)
    waiting = await service.turn_options(table, other)
    assert not waiting.my_turn and waiting.plays == () and waiting.hint is None
    assert waiting.view.hand  # the player still sees the hand


async def test_sankou_options_bidding_then_the_dealers_kitty_choices(
    service: TableService,
) -> None:
    table = await full_table(service, "sankou")
    while True:
        info = await service.table_info(table)
        view = await service.public_view(table)
        if view.phase is not Phase.BIDDING:
            break
        user = info.seats[info.to_move].user_id  # type: ignore[union-attr]
        options = await service.turn_options(table, user)
        assert options.may_pass and options.plays == () and options.kitties == ()
        await service.act(table, user, PassTurn(), f"p{len(view.bids)}")
    dealer = await mover(service, table)
    options = await service.turn_options(table, dealer)
    assert options.view.phase is Phase.KITTY and len(options.kitties) >= 1
    assert Counter(options.kitties[0][1]) == Counter(options.hint.cards)  # type: ignore[union-attr]


async def test_four_colours_are_kept_per_player_across_restarts(
    database: str | Path, clock: Clock
) -> None:
    service = await open_service(database, clock)
    assert await service.four_colour(A) is False
    assert await service.set_four_colour(A, True) is True
    assert await service.four_colour(A) is True and await service.four_colour(B) is False
    await service.close()
    again = await open_service(database, clock)
    assert await again.four_colour(A) is True
    await again.close()


async def test_leaving_costs_the_penalty_and_pays_only_players_seated_at_the_deal(
    service: TableService,
) -> None:
    table = await full_table(service, "sankou", humans=3)
    cost = await service.leave_cost(table, A)
    assert cost == ev.LeaveCost(1, 0, (-9, 3, 3, 3))
    qingdun = await full_table(service, "qingdun", channel=71)
    cost = await service.leave_cost(qingdun, B)
    assert cost is not None and cost.deltas == (0, -50, 0, 0)  # nobody below 10 cards yet
    live = service.state.tables[qingdun]
    live.game._size[0] = 3  # type: ignore[union-attr]  # someone holds fewer than 10 cards
    cost = await service.leave_cost(qingdun, B)
    assert cost is not None and cost.deltas == (10, -50, 10, 0)  # the opponents; not the partner
    live.seated = (A, B, 555, D)  # C sat down in seat 3 after the deal
    cost = await service.leave_cost(qingdun, B)
    assert cost is not None and cost.deltas == (10, -50, 0, 0)


async def test_only_bots_besides_the_mover_take_back_at_once_and_replay_exactly(
    database: str | Path, clock: Clock
) -> None:
    service = await open_service(database, clock)
    table = await full_table(service, "qingdun", humans=1)
    await service.play_bots(table)  # until the player (seat 1) is to move
    before = await service.view_for(table, A)
    _, played = await move(service, table, "mine")
    assert (await service.turn_options(table, A)).take_back
    update = await service.ask_take_back(table, A, "undo")
    assert kinds(update) == [ev.MoveTakenBack]
    assert update.announcements[0] == ev.MoveTakenBack(0, played.action.cards)  # type: ignore[union-attr]
    assert await service.view_for(table, A) == before and update.to_move_user == A
    assert service.state.tables[table].game.actions[-1] == TakeBack(0)  # type: ignore[union-attr]
    again = await service.ask_take_back(table, A, "undo")  # the same click, delivered twice
    assert again.duplicate
    with_undo = await snapshot(service)
    await service.close()
    reopened = await open_service(database, clock)
    assert await snapshot(reopened) == with_undo  # the log replays through the take-back
    await reopened.close()


async def test_only_the_opponents_are_asked_and_each_must_agree(service: TableService) -> None:
    table = await full_table(service, "qingdun")
    first, _ = await move(service, table, "m1")
    await refused("no_take_back", service.answer_take_back(table, B, 1, 1, True))
    asked = await service.ask_take_back(table, first, "ask")
    await refused("take_back_own", service.answer_take_back(table, first, 1, 1, True))
    [request] = asked.announcements
    assert isinstance(request, ev.TakeBackAsked) and request.moves == 1
    seat = request.seat
    assert request.voters == ((seat + 1) % 4, (seat + 3) % 4)  # not the partner
    partner, left, right = (USERS[(seat + n) % 4] for n in (2, 1, 3))
    await refused("take_back_not_asked", service.answer_take_back(table, partner, 1, 1, True))
    await refused("take_back_open", service.ask_take_back(table, first, "ask again"))
    assert kinds(await service.answer_take_back(table, left, 1, 1, True)) == [ev.TakeBackCast]
    assert (await service.answer_take_back(table, left, 1, 1, True)).announcements == ()
    done = await service.answer_take_back(table, right, 1, 1, True)
    assert kinds(done) == [ev.MoveTakenBack]
    assert done.to_move_user == first
    await refused("no_take_back", service.answer_take_back(table, right, 1, 1, True))
    await move(service, table, "m1 again")  # the same trick: no second request
    await refused("take_back_once", service.ask_take_back(table, first, "ask once more"))
    assert not (await service.turn_options(table, first)).take_back


async def test_with_only_bots_as_opponents_a_take_back_asks_nobody(service: TableService) -> None:
    table = await full_table(service, "qingdun", humans=1, start=False)
    await service.remove_bot(table, A, 2)
    await service.join(table, C, "c")  # seats: A, a bot, C, a bot
    await service.start(table, A)
    game = service.state.tables[table].game
    assert game is not None
    while game.to_move != 0:
        if not await service.play_bots(table):
            await move(service, table, f"m{len(game.actions)}")
    await move(service, table, "mine")
    taken = await service.ask_take_back(table, A, "undo")  # C, the partner, is not asked
    assert kinds(taken) == [ev.MoveTakenBack] and taken.to_move_user == A


async def test_sankou_asks_the_other_side(service: TableService) -> None:
    table = await full_table(service, "sankou")
    game = service.state.tables[table].game
    assert game is not None
    while game.phase is not Phase.PLAY:
        await move(service, table, f"m{len(game.actions)}")
    dealer = game.dealer
    assert dealer is not None and game.to_move == dealer  # the dealer leads the first trick
    await move(service, table, "lead")
    assert game.may_take_back(dealer)  # the seed's first lead is no throw
    asked = await service.ask_take_back(table, USERS[dealer], "dealer asks")
    [request] = asked.announcements
    assert isinstance(request, ev.TakeBackAsked)
    assert set(request.voters) == {0, 1, 2, 3} - {dealer}  # the three defenders
    await service.answer_take_back(table, USERS[(dealer + 1) % 4], 1, request.moves, False)
    defender, _ = await move(service, table, "follow")
    asked = await service.ask_take_back(table, defender, "defender asks")
    [request] = asked.announcements
    assert isinstance(request, ev.TakeBackAsked) and request.voters == (dealer,)
    assert defender == USERS[(dealer + 1) % 4]
    fellow = USERS[(dealer + 2) % 4]  # a fellow defender is not asked
    await refused(
        "take_back_not_asked", service.answer_take_back(table, fellow, 1, request.moves, True)
    )
    done = await service.answer_take_back(table, USERS[dealer], 1, request.moves, True)
    assert kinds(done) == [ev.MoveTakenBack]


async def test_a_refusal_or_the_next_move_or_a_minute_ends_a_request(
    service: TableService, clock: Clock
) -> None:
    table = await full_table(service, "qingdun")
    first, _ = await move(service, table, "m1")
    seat = USERS.index(first)
    await service.ask_take_back(table, first, "ask1")
    refusal = await service.answer_take_back(table, USERS[(seat + 1) % 4], 1, 1, False)
    assert refusal.announcements == (ev.TakeBackClosed("refused", (seat + 1) % 4),)
    await refused("take_back_once", service.ask_take_back(table, first, "ask again"))
    assert not (await service.turn_options(table, first)).take_back  # no asking twice
    _, played = await move(service, table, "m1b")  # another player's move: their own chance
    second = USERS[played.action.seat]  # type: ignore[union-attr]
    await service.ask_take_back(table, second, "ask2")
    _, next_move = await move(service, table, "m2")  # the next player plays instead
    assert ev.TakeBackClosed("lapsed") in next_move.announcements
    third, _ = await move(service, table, "m3")
    await service.ask_take_back(table, third, "ask3")
    clock.advance(TAKE_BACK_SECONDS - 1)
    assert await service.run_due() == []
    assert TAKE_BACK_SECONDS == 60
    clock.advance(2)
    [expired] = await service.run_due()
    assert expired.announcements == (ev.TakeBackClosed("expired"),)
    assert service.state.tables[table].take_back is None
    assert await service.run_due() == []  # closed once


async def test_one_request_per_player_and_trick_even_across_a_restart(
    database: str | Path, clock: Clock
) -> None:
    service = await open_service(database, clock)
    table = await full_table(service, "qingdun")
    first, _ = await move(service, table, "m1")
    seat = USERS.index(first)
    await service.ask_take_back(table, first, "ask")
    await service.close()
    service = await open_service(database, clock)
    try:
        await service.answer_take_back(table, USERS[(seat + 1) % 4], 1, 1, False)
        await refused("take_back_once", service.ask_take_back(table, first, "ask again"))
        live = service.state.tables[table]
        game = live.game
        assert game is not None
        trick = live.rules.trick_start(game)
        while live.rules.trick_start(game) == trick or game.to_move != seat:
            await move(service, table, f"on{len(game.actions)}")  # to the next trick
        await move(service, table, "next trick")
        asked = await service.ask_take_back(table, first, "a new trick")
        assert kinds(asked) == [ev.TakeBackAsked]
    finally:
        await service.close()


async def test_bots_wait_while_the_players_answer(service: TableService) -> None:
    table = await full_table(service, "sankou", humans=2)  # seats: A, B, bot, bot
    live = service.state.tables[table]
    game = live.game
    assert game is not None
    while not (game.phase is Phase.PLAY and game.to_move == 1 and len(game.trick) < 3):
        info = await service.table_info(table)
        seat = info.seats[info.to_move]  # type: ignore[index]
        if seat.is_bot:  # type: ignore[union-attr]
            await service.play_bot(table)
        else:
            await service.act(
                table,
                seat.user_id,  # type: ignore[union-attr]
                from_action(await service.hint(table, seat.user_id)),  # type: ignore[union-attr, arg-type]
                f"t{len(game.actions)}",
            )
        if game.over:
            return  # pragma: no cover - the seed gives a long hand
    hint = await service.hint(table, B)
    await service.act(table, B, PlayCards(hint.cards), "b-plays")  # type: ignore[union-attr]
    asked = await service.ask_take_back(table, B, "b-undo")
    assert kinds(asked) == [ev.TakeBackAsked] and not asked.bot_to_move
    assert await service.play_bot(table) is None and table not in service.bot_turns()
    refused_by_a = await service.answer_take_back(table, A, 1, len(game.actions), False)
    assert refused_by_a.bot_to_move and table in service.bot_turns()


async def test_the_engine_says_why_a_move_cannot_be_taken_back(service: TableService) -> None:
    table = await full_table(service, "qingdun")
    first, _ = await move(service, table, "m1")
    second, _ = await move(service, table, "m2")
    try:
        await service.ask_take_back(table, first, "late")
    except IllegalMove as exc:
        assert exc.code == "take_back_none"
    else:  # pragma: no cover
        raise AssertionError("taken back after another move")
    assert (await service.turn_options(table, second)).take_back
    assert not (await service.turn_options(table, first)).take_back
