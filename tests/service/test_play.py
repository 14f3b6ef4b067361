"""Playing both games through the service: turns, refusals, hands, leaving, views, repeats."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.service import (
    DiscardCards,
    MakeBid,
    NameTrump,
    PassTurn,
    PlayCards,
    ServiceError,
    TableService,
)
from bot.service import events as ev
from bot.service.requests import from_action
from engine import CardParseError, IllegalMove, sankou
from engine.actions import Play
from engine.cards import Suit, deck, parse_cards
from engine.sankou import Phase
from tests.service.helpers import (
    GUILD,
    USERS,
    Clock,
    full_table,
    logged,
    open_service,
    play_hand,
    play_turn,
    snapshot,
)
from tests.thinkers import quick_thinker

A, B, C, D = USERS
OUTSIDER = 999


def events(updates: list[ev.Update], kind: Any) -> list[Any]:
    """The announcements of ``kind`` (a class or a union), in order."""
    return [a for u in updates for a in u.announcements if isinstance(a, kind)]


async def to_move_user(service: TableService, table: int) -> int:
    info = await service.table_info(table)
    assert info.to_move is not None
    user = info.seats[info.to_move].user_id  # type: ignore[union-attr]
    assert user is not None
    return user


async def test_refusals_change_nothing(service: TableService) -> None:
    table = await full_table(service, "qingdun")
    mover = await to_move_user(service, table)
    other = next(u for u in USERS if u != mover)
    before = await snapshot(service)
    with pytest.raises(ServiceError) as exc:
        await service.act(table, OUTSIDER, PassTurn(), "x1")
    assert exc.value.code == "not_seated"
    with pytest.raises(ServiceError) as exc:
        await service.act(table, other, PlayCards("3S"), "x2")
    assert exc.value.code == "not_your_turn"
    assert exc.value.params == {"seat": USERS.index(mover)}
    with pytest.raises(ServiceError) as exc:
        await service.act(table, mover, MakeBid(80), "x3")
    assert exc.value.code == "wrong_game"
    with pytest.raises(CardParseError) as parse:  # the engine's own error, unchanged
        await service.act(table, mover, PlayCards("3S ZZ"), "x4")
    assert parse.value.params == {"token": "ZZ"}
    view = await service.view_for(table, mover)
    missing = next(c for c in ("3S", "4S", "5S", "6S", "7S") if c not in map(str, view.hand))
    with pytest.raises(IllegalMove) as illegal:
        await service.act(table, mover, PlayCards(missing), "x5")
    assert illegal.value.code in {"card_not_held", "too_few_held"}
    with pytest.raises(ServiceError) as exc:
        await service.hint(table, other)
    assert exc.value.code == "not_your_turn"
    assert await snapshot(service) == before
    # A refused id was never used: it may carry a good action later.
    update = await play_turn(service, table, "x5")
    assert not update.duplicate and update.action is not None


async def test_acting_without_a_running_hand(service: TableService) -> None:
    table = (await service.create_table(7, 70, A, "Ann", "sankou")).table_id
    with pytest.raises(ServiceError) as exc:
        await service.act(table, A, PassTurn(), "y1")
    assert exc.value.code == "table_hand_over"
    with pytest.raises(ServiceError) as exc:
        await service.view_for(table, A)
    assert exc.value.code == "table_hand_over"
    assert await service.public_view(table) is None


async def test_sankou_hand_announces_bidding_kitty_trump_tricks_and_result(
    service: TableService,
) -> None:
    table = await full_table(service, "sankou")
    first = (await service.public_view(table)).first_bidder
    updates = await play_hand(service, table)
    bidding = [
        a for u in updates for a in u.announcements if isinstance(a, ev.BidMade | ev.BidPassed)
    ]
    assert bidding[0].seat == first
    [dealer] = events(updates, ev.DealerChosen)
    assert [k.seat for k in events(updates, ev.KittyLaid)] == [dealer.seat]
    [trump] = events(updates, ev.TrumpChosen)
    assert trump.seat == dealer.seat
    assert sum(len(p.cards) for p in events(updates, ev.Played)) == 4 * 25
    [ended] = events(updates, ev.HandEnded)
    assert ended.number == 1 and not ended.void and sum(ended.deltas) == 0
    result = ended.result
    assert result.dealer == dealer.seat and result.bid == dealer.contract
    # Every point is in a trick or the kitty (200 in all); 保底 adds the kitty to the dealer.
    tricks = events(updates, ev.TrickWon)
    assert sum(t.points for t in tricks) + result.kitty_points == 200
    dealer_tricks = sum(t.points for t in tricks if t.seat == dealer.seat)
    assert tricks[-1].seat == dealer.seat if result.kitty_to_dealer else True
    kitty = result.kitty_points if result.kitty_to_dealer else 0
    assert result.dealer_points == dealer_tricks + kitty
    # The next hand is dealt at once, its first bidder the next seat.
    [dealt] = events(updates, ev.HandDealt)
    assert dealt.number == 2 and updates[-1].hand_number == 2
    view = await service.public_view(table)
    assert view.first_bidder == (first + 1) % 4 and view.phase is Phase.BIDDING
    score = {line.user_id: line.total for line in await service.table_score(table)}
    assert score == {user: ended.deltas[seat] for seat, user in enumerate(USERS)}


async def test_sankou_requests_by_text(service: TableService) -> None:
    """Bid, pass, discard and trump as a front end sends them (text, symbols)."""
    table = await full_table(service, "sankou")
    view = await service.public_view(table)
    seat = view.first_bidder
    await service.act(table, USERS[seat], MakeBid(80), "b0")
    for n in range(1, 4):
        await service.act(table, USERS[(seat + n) % 4], PassTurn(), f"b{n}")
    dealer_view = await service.view_for(table, USERS[seat])
    assert dealer_view.phase is Phase.KITTY and len(dealer_view.kitty) == 8
    assert (await service.public_view(table)).kitty is None
    other_view = await service.view_for(table, USERS[(seat + 1) % 4])
    assert other_view.kitty is None and len(other_view.hand) == 25
    laid = " ".join(str(c) for c in dealer_view.hand[:8])
    update = await service.act(table, USERS[seat], DiscardCards(laid), "k")
    assert update.announcements == (ev.KittyLaid(seat),)
    with pytest.raises(ServiceError) as exc:
        await service.act(table, USERS[seat], NameTrump("X"), "t0")
    assert exc.value.code == "bad_trump_suit"
    update = await service.act(table, USERS[seat], NameTrump("♥"), "t1")
    assert update.announcements == (ev.TrumpChosen(seat, Suit.HEARTS),)
    assert (await service.public_view(table)).phase is Phase.PLAY


async def test_qingdun_hand_announces_players_out_in_order(service: TableService) -> None:
    table = await full_table(service, "qingdun", humans=2)
    updates = await play_hand(service, table)
    outs = events(updates, ev.PlayerOut)
    assert [o.place for o in outs] == list(range(1, len(outs) + 1))
    [ended] = events(updates, ev.HandEnded)
    assert list(ended.result.order[: len(outs)]) == [o.seat for o in outs]
    assert sum(ended.deltas) == 0 and not ended.void
    played = events(updates, ev.Played)
    assert sum(len(p.cards) for p in played) <= 162
    [running, hand] = await service.recent_hands(GUILD, table_id=table, limit=2)
    assert running.number == 2 and running.outcome is None
    assert hand.outcome == "complete" and hand.result["kind"] == ended.result.kind.value
    assert [(s.seat, s.delta) for s in hand.seats] == list(enumerate(ended.deltas))


async def test_hand_limit_ends_the_table(service: TableService) -> None:
    table = await full_table(service, "qingdun", humans=1, settings={"hands": 1})
    updates = await service.play_bots(table)
    while updates[-1].status != "ended":
        updates += [await play_turn(service, table, f"h{len(updates)}")]
        if updates[-1].status != "ended":  # the person's move may end it (by the deal)
            updates += await service.play_bots(table)
    final = updates[-1]
    assert isinstance(final.announcements[-1], ev.TableEnded)
    assert final.announcements[-1].reason == "hands_done"
    assert not events(updates, ev.HandDealt)
    assert service.tables_in_channel(70) == []
    assert len(await service.recent_hands(GUILD, table_id=table, limit=10)) == 1


@pytest.mark.parametrize("game", ["qingdun", "sankou"])
async def test_leaving_a_hand_costs_the_penalty_and_opens_the_seat(
    service: TableService, game: str
) -> None:
    table = await full_table(service, game)
    update = await service.leave(table, B)
    ended = update.announcements[0]
    assert isinstance(ended, ev.HandEnded) and ended.void
    # 清墩 §1.7: -50, partner 0, opponents +10 only if someone holds under 10 cards.
    # 三扣 §2.9: -9, everyone else +3.
    assert ended.deltas == ((0, -50, 0, 0) if game == "qingdun" else (3, -9, 3, 3))
    assert update.announcements[1:] == (ev.SeatOpened(1, B, "left"), ev.WaitingForPlayers())
    assert update.status == "waiting" and update.to_move is None
    assert update.action is None
    with pytest.raises(ServiceError) as exc:
        await service.start(table, A)
    assert exc.value.code == "need_four_players"
    await service.join(table, OUTSIDER, "Ed")
    update = await service.start(table, A)
    assert update.hand_number == 2 and update.status == "playing"
    [second, first] = await service.recent_hands(GUILD, table_id=table, limit=5)
    assert first.outcome == "void" and first.result["leaver"] == 1
    assert second.outcome is None
    # The Leave is in the first hand's log.
    assert (await logged(service, 1))[-1] == {"type": "leave", "seat": 1}


async def test_a_bot_replaces_the_leaver_and_play_goes_on(service: TableService) -> None:
    table = await full_table(service, "qingdun", settings={"bot_replaces_leaver": True})
    update = await service.leave(table, C)
    kinds = [type(a) for a in update.announcements]
    assert kinds == [ev.HandEnded, ev.SeatOpened, ev.SeatTaken, ev.HandDealt]
    assert update.announcements[1] == ev.SeatOpened(2, C, "left")
    assert update.announcements[2] == ev.SeatTaken(2, None, "Bot 2")
    assert update.status == "playing" and update.hand_number == 2
    info = await service.table_info(table)
    assert info.seats[2].is_bot and info.hands_done == 0


async def test_the_last_human_leaving_ends_the_table(service: TableService) -> None:
    table = await full_table(service, "sankou", humans=1, settings={"bot_replaces_leaver": True})
    update = await service.leave(table, A)
    assert update.status == "ended"
    assert update.announcements[-1] == ev.TableEnded("no_players")
    assert [line.total for line in await service.table_score(table)] == [3, 3, 3, -9]


async def test_same_action_id_applies_once(
    service: TableService, database: str | Path, clock: Clock
) -> None:
    table = await full_table(service, "sankou")
    mover = await to_move_user(service, table)
    first = await service.act(table, mover, PassTurn(), "click-1")
    again = await service.act(table, mover, PassTurn(), "click-1")
    assert again.duplicate and not first.duplicate
    assert again.announcements == first.announcements
    assert len((await service.public_view(table)).bids) == 1
    await service.close()
    service = await open_service(database, clock)  # the id is remembered on disk too
    try:
        again = await service.act(table, mover, PassTurn(), "click-1")
        assert again.duplicate and len((await service.public_view(table)).bids) == 1
    finally:
        await service.close()


async def test_an_old_action_id_on_a_legal_move_is_still_a_duplicate(
    service: TableService, database: str | Path, clock: Clock
) -> None:
    """After a restart only the log remembers ids; its UNIQUE constraint stops the repeat."""
    table = await full_table(service, "sankou")
    first = await to_move_user(service, table)
    await service.act(table, first, PassTurn(), "id-1")
    await service.close()
    service = await open_service(database, clock)
    try:
        before = await snapshot(service)
        second = await to_move_user(service, table)
        update = await service.act(table, second, PassTurn(), "id-1")  # legal, but a repeat
        assert update.duplicate and await snapshot(service) == before
        update = await service.act(table, second, PassTurn(), "id-2")
        assert not update.duplicate and len((await service.public_view(table)).bids) == 2
    finally:
        await service.close()


async def test_private_views(service: TableService) -> None:
    table = await full_table(service, "qingdun")
    public = await service.public_view(table)
    assert public.hand is None and public.partner_hand is None
    views = [await service.view_for(table, user) for user in USERS]
    assert [len(v.hand) for v in views] == list(public.hand_sizes)
    assert all(v.partner_hand is None for v in views)
    with pytest.raises(ServiceError) as exc:
        await service.view_for(table, OUTSIDER)
    assert exc.value.code == "not_seated"


async def test_hint_submitted_as_a_request_is_legal(service: TableService) -> None:
    table = await full_table(service, "sankou")
    mover = await to_move_user(service, table)
    hint = await service.hint(table, mover)
    update = await service.act(table, mover, from_action(hint), "hint-1")
    assert update.action == hint


async def test_a_failed_write_leaves_memory_as_the_database_has_it(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await full_table(service, "sankou")
    before = await snapshot(service)

    async def disk_full(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("bot.store.store.Transaction.append_action", disk_full)
    with pytest.raises(OSError):
        await play_turn(service, table, "lost")
    assert await snapshot(service) == before
    monkeypatch.undo()
    update = await play_turn(service, table, "lost")  # the id was never used
    assert not update.duplicate and len(service.state.tables[table].game.actions) == 1


async def test_a_failed_throw_is_announced_with_public_cards_only(
    database: str | Path, clock: Clock
) -> None:
    """Seat 0 deals and throws AH KH while seat 1 holds the other AH: only KH is played."""
    cards = deck(2)
    for card in parse_cards("AH KH AH"):
        cards.remove(card)
    hands = [parse_cards("AH KH") + cards[:23], parse_cards("AH") + cards[23:47]]
    hands += [cards[47:72], cards[72:97]]
    kitty = cards[97:105]
    start = sankou.Game.from_deal(hands, kitty, 0).start
    dealt: list[tuple[str, int, int | None]] = []

    def dealer(game: str, seed: int, first_bidder: int | None) -> dict[str, Any]:
        dealt.append((game, seed, first_bidder))
        return start

    service = await TableService.open(
        database, clock=clock, seed_source=lambda: 5, dealer=dealer, thinker=quick_thinker()
    )
    table = await full_table(service, "sankou")
    assert dealt == [("sankou", 5, None)]
    await service.act(table, A, MakeBid(80), "bid")
    for n, user in enumerate((B, C, D)):
        await service.act(table, user, PassTurn(), f"pass{n}")
    view = await service.view_for(table, A)
    laid = [c for c in view.hand if str(c) not in ("AH", "KH")][:8]
    await service.act(table, A, DiscardCards(laid), "kitty")
    await service.act(table, A, NameTrump("S"), "trump")
    update = await service.act(table, A, PlayCards("AH KH"), "throw")
    ah, kh = parse_cards("AH KH")
    assert update.announcements == (ev.ThrowFailed(0, (ah, kh), (kh,)), ev.Played(0, (kh,)))
    assert update.action == Play(0, (ah, kh))  # the log keeps what was attempted
    assert ah in (await service.view_for(table, A)).hand
    await service.close()
    service = await TableService.open(database, clock=clock, thinker=quick_thinker())  # replayed
    assert kh not in (await service.view_for(table, A)).hand
    assert ah in (await service.view_for(table, A)).hand
    await service.close()


async def test_legal_plays_are_the_movers_own_capped_and_filtered(service: TableService) -> None:
    table = await full_table(service, "qingdun")
    mover = await to_move_user(service, table)
    hand = set((await service.view_for(table, mover)).hand)
    plays = await service.legal_plays(table, mover, limit=1000)
    assert plays and all(set(cards) <= hand for cards in plays)  # only the seat's own cards
    assert len({tuple(sorted(c.index for c in p)) for p in plays}) == len(plays)
    assert len(await service.legal_plays(table, mover, limit=3)) == 3
    singles = await service.legal_plays(table, mover, limit=1000, where=lambda c: len(c) == 1)
    assert singles and all(len(cards) == 1 for cards in singles)
    for other in set(USERS) - {mover}:  # not their turn: nothing to play
        assert await service.legal_plays(table, other) == []
    update = await service.act(table, mover, PlayCards(plays[0]), "lp-1")
    assert update.action is not None
    with pytest.raises(ServiceError) as exc:
        await service.legal_plays(table, OUTSIDER)
    assert exc.value.code == "not_seated"


async def test_legal_plays_in_sankou_wait_for_the_play_phase(service: TableService) -> None:
    table = await full_table(service, "sankou")
    bidder = await to_move_user(service, table)
    assert await service.legal_plays(table, bidder) == []  # bidding: no cards to play yet
