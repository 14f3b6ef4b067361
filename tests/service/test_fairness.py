"""Score laundering: no single player can erase a loss or punish another player."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import PassTurn, ServiceError, TableService
from bot.service import events as ev
from bot.service.lobby import VOTE_SECONDS
from bot.service.requests import from_action
from tests.service.helpers import (
    CHANNEL,
    GUILD,
    USERS,
    Clock,
    full_table,
    mover,
    open_service,
    play_hand,
    play_turn,
    refused,
    snapshot,
)
from tests.sql import execute

A, B, C, D = USERS
MANAGER = 999


def kinds(update: ev.Update) -> list[type]:
    return [type(a) for a in update.announcements]


# -- ending mid-hand ----------------------------------------------------------------------------


async def test_the_host_cannot_end_a_hand_alone_every_player_must_agree(
    service: TableService,
) -> None:
    table = await full_table(service, "sankou", humans=3)
    opened = await service.end_table(table, A)
    [vote] = opened.announcements
    assert isinstance(vote, ev.EndVoteOpened)
    assert (vote.seat, vote.hand, vote.voters) == (0, 1, (0, 1, 2))
    assert opened.status == "playing" and (await service.table_info(table)).end_vote_hand == 1
    await refused("vote_open", service.end_table(table, A))
    await refused("not_seated", service.vote_end(table, MANAGER, 1, True))
    await refused("no_vote", service.vote_end(table, B, 2, True))  # a vote of another hand
    cast = await service.vote_end(table, B, 1, True)
    assert cast.announcements == (ev.EndVoteCast(1),)
    assert (await service.vote_end(table, B, 1, True)).announcements == ()  # clicked twice
    ended = await service.vote_end(table, C, 1, True)
    assert ended.status == "ended"
    assert ended.announcements == (ev.EndVoteClosed("agreed"), ev.TableEnded("ended_by_vote"))
    [hand] = await service.recent_hands(GUILD, table_id=table, limit=1)
    assert hand.outcome == "abandoned" and [s.delta for s in hand.seats] == [None] * 4


async def test_a_refused_vote_plays_the_hand_out_and_its_result_counts(
    service: TableService,
) -> None:
    table = await full_table(service, "qingdun")
    await service.end_table(table, A)
    update = await service.vote_end(table, C, 1, False)
    assert update.announcements == (ev.EndVoteClosed("refused", 2),)
    info = await service.table_info(table)
    assert info.closing and info.end_vote_hand is None and info.status == "playing"
    await refused("no_vote", service.vote_end(table, B, 1, True))
    await refused("table_closing", service.end_table(table, A))
    updates = await play_hand(service, table)
    [ended] = [a for u in updates for a in u.announcements if isinstance(a, ev.HandEnded)]
    assert not ended.void and updates[-1].status == "ended"
    assert updates[-1].announcements[-1] == ev.TableEnded("closed_after_hand")
    scores = {line.user_id: line.total for line in await service.table_score(table)}
    assert scores == {user: ended.deltas[seat] for seat, user in enumerate(USERS)}


async def test_a_vote_nobody_answers_expires_at_the_deadline_pass(
    service: TableService, clock: Clock, database: str | Path
) -> None:
    table = await full_table(service, "sankou", settings={"turn_seconds": 24 * 3600})
    await service.end_table(table, A)
    await service.vote_end(table, B, 1, True)
    await service.close()
    service = await open_service(database, clock)  # the vote survives a restart
    try:
        assert (await service.table_info(table)).end_vote_hand == 1
        clock.advance(VOTE_SECONDS - 1)
        assert await service.run_due() == []
        clock.advance(1)
        [update] = await service.run_due()
        assert update.announcements == (ev.EndVoteClosed("expired"),)
        assert (await service.table_info(table)).closing
    finally:
        await service.close()


async def test_a_hand_that_ends_while_the_vote_is_open_closes_the_table(
    service: TableService,
) -> None:
    table = await full_table(service, "sankou")
    await service.end_table(table, A)
    updates = await play_hand(service, table)
    last = updates[-1]
    assert kinds(last)[-3:] == [ev.HandEnded, ev.EndVoteClosed, ev.TableEnded]
    assert last.announcements[-2:] == (
        ev.EndVoteClosed("hand_over"),
        ev.TableEnded("closed_after_hand"),
    )


async def test_in_a_hand_played_out_a_player_who_misses_a_turn_is_taken_over_by_a_bot(
    service: TableService, clock: Clock, database: str | Path
) -> None:
    """Even with the 'remove' rule: removing the player would void the hand."""
    table = await full_table(service, "qingdun", settings={"timeout_rule": "remove"})
    await service.end_table(table, A)
    await service.vote_end(table, B, 1, False)
    away = await mover(service, table)
    seat = USERS.index(away)
    clock.advance(12 * 3600)
    [update] = await service.run_due()
    assert update.announcements[:2] == (ev.TimedOut(seat, away), ev.SeatTakenOver(seat, away))
    info = await service.table_info(table)
    assert info.seats[seat].autoplay and info.seats[seat].user_id == away  # type: ignore[union-attr]
    await service.close()
    service = await open_service(database, clock)  # the takeover is stored
    try:
        assert (await service.table_info(table)).seats[seat].autoplay  # type: ignore[union-attr]
        for n in range(400):  # the bot plays that seat; nobody waits for its deadline
            info = await service.table_info(table)
            if info.to_move == seat:
                assert service.bot_turns() == [table] and info.deadline is None
                update = await service.play_bot(table)
                assert update is not None
            else:
                update = await play_turn(service, table, f"t{n}")
            if update.status == "ended":
                break
        assert update.announcements[-1] == ev.TableEnded("closed_after_hand")
        [hand] = await service.recent_hands(GUILD, table_id=table, limit=1)
        assert hand.outcome == "complete" and hand.seats[seat].user_id == away  # not a bot
    finally:
        await service.close()


async def test_a_player_taken_over_who_comes_back_plays_again(
    service: TableService, clock: Clock
) -> None:
    table = await full_table(service, "sankou")
    await service.end_table(table, A)
    await service.vote_end(table, B, 1, False)
    away = await mover(service, table)
    seat = USERS.index(away)
    clock.advance(12 * 3600)
    await service.run_due()
    assert (await service.table_info(table)).seats[seat].autoplay  # type: ignore[union-attr]
    for n in range(200):
        if (await service.table_info(table)).to_move == seat:
            break
        await play_turn(service, table, f"x{n}")
    await service.act(table, away, from_action(await service.hint(table, away)), "back")
    assert not (await service.table_info(table)).seats[seat].autoplay  # type: ignore[union-attr]


async def test_the_only_player_among_bots_ending_mid_hand_forfeits(
    service: TableService,
) -> None:
    table = await full_table(service, "sankou", humans=1)
    update = await service.end_table(table, A)
    assert update.status == "ended"
    [ended] = [a for a in update.announcements if isinstance(a, ev.HandEnded)]
    assert ended.void and ended.deltas[0] == -9
    assert update.announcements[-1] == ev.TableEnded("no_players")
    assert [(line.user_id, line.total) for line in await service.table_score(table)][-1] == (
        A,
        -9,
    )


async def test_a_manager_who_does_not_play_ends_at_once_and_nobody_scores(
    service: TableService,
) -> None:
    table = await full_table(service, "qingdun")
    await refused("not_host", service.end_table(table, MANAGER))
    update = await service.end_table(table, MANAGER, is_manager=True)
    assert update.announcements == (ev.TableEnded("ended_by_manager"),)
    assert await service.table_score(table) == []


async def test_a_seated_manager_is_a_player_and_needs_the_vote_too(
    service: TableService,
) -> None:
    table = await full_table(service, "qingdun")
    update = await service.end_table(table, B, is_manager=True)
    assert kinds(update) == [ev.EndVoteOpened]


# -- kicking mid-hand ---------------------------------------------------------------------------


async def test_kicking_mid_hand_only_a_player_whose_turn_timed_out(
    service: TableService, clock: Clock, database: str | Path
) -> None:
    table = await full_table(service, "qingdun")
    before = await snapshot(service)
    for target in (B, C, D):
        await refused("kick_needs_missed_turn", service.kick(table, A, target))
        await refused(
            "kick_needs_missed_turn", service.kick(table, MANAGER, target, is_manager=True)
        )
    assert await snapshot(service) == before
    late = await mover(service, table)
    clock.advance(12 * 3600)
    [timed_out] = await service.run_due()  # the bot rule plays the turn: now they may go
    assert timed_out.announcements[0] == ev.TimedOut(USERS.index(late), late)
    await service.close()
    service = await open_service(database, clock)  # the missed turn is stored
    try:
        host = A if late != A else B
        if late == A:  # the host itself timed out: a manager removes it
            update = await service.kick(table, MANAGER, A, is_manager=True)
        else:
            update = await service.kick(table, host, late)
        assert ev.SeatOpened(USERS.index(late), late, "kicked") in update.announcements
    finally:
        await service.close()


async def test_a_player_back_after_a_missed_turn_cannot_be_kicked(
    service: TableService, clock: Clock
) -> None:
    table = await full_table(service, "sankou")
    late = await mover(service, table)
    clock.advance(12 * 3600)
    await service.run_due()
    while await mover(service, table) != late:
        await play_turn(service, table, f"p{clock.now}")
        clock.advance(1)
    await play_turn(service, table, "back")
    await refused("kick_needs_missed_turn", service.kick(table, MANAGER, late, is_manager=True))


# -- a creator who left has no rights -----------------------------------------------------------


async def test_a_creator_who_left_has_no_rights_the_first_seated_player_hosts(
    service: TableService,
) -> None:
    table = (await service.create_table(7, CHANNEL, A, "Ann", "qingdun")).table_id
    await service.join(table, B, "Bo")
    await service.join(table, C, "Cy")
    assert (await service.table_info(table)).host == 0
    await service.leave(table, A)
    assert (await service.table_info(table)).host == 1
    for call in (
        service.start(table, A),
        service.kick(table, A, C),
        service.update_settings(table, A, hands=1),
        service.end_table(table, A),
        service.add_bot(table, A),
    ):
        error = await refused("not_host", call)
        assert error.params == {"seat": 1}
    await service.add_bot(table, B)
    await service.update_settings(table, B, hands=2)
    await service.kick(table, B, C)
    await service.join(table, A, "Ann")  # back at the table: the creator hosts again
    assert (await service.table_info(table)).host == 2
    await service.join(table, C, "Cy")
    await service.start(table, A)


# -- leaving bonuses ----------------------------------------------------------------------------


async def test_a_leaving_bonus_goes_only_to_players_seated_when_the_hand_began(
    service: TableService, database: str | Path, clock: Clock
) -> None:
    """A seat whose occupant changed during the hand gets no bonus (the engine's result still
    says +3; only the ledger, which scores count, is adjusted)."""
    table = await full_table(service, "sankou")
    await service.close()
    await execute(  # an alt account now sits in seat 2, the hand running
        database, "UPDATE seats SET user_id = 555, name = 'alt' WHERE table_id = ? AND seat = 2",
        (table,),
    )  # fmt: skip
    service = await open_service(database, clock)
    try:
        update = await service.leave(table, B)
        [ended] = [a for a in update.announcements if isinstance(a, ev.HandEnded)]
        assert ended.result.deltas == (3, -9, 3, 3)
        assert ended.deltas == (3, -9, 0, 3)
        scores = {line.user_id: line.total for line in await service.table_score(table)}
        assert scores == {A: 3, B: -9, 555: 0, D: 3}
    finally:
        await service.close()


async def test_names_are_kept_to_one_line_of_32_characters(service: TableService) -> None:
    table = (await service.create_table(7, CHANNEL, A, "Ann\n# heading\u2028x", "qingdun")).table_id
    await service.join(table, B, "扑" * 40)
    await service.join(table, C, "  \t  ")
    await service.join(table, D, "👨‍👩‍👧 family")
    names = [s.name for s in (await service.table_info(table)).seats if s is not None]
    assert names == ["Ann # heading x", "扑" * 32, "?", "👨‍👩‍👧 family"]


async def test_refusals_of_the_new_rules_change_nothing(service: TableService) -> None:
    table = await full_table(service, "qingdun")
    await service.end_table(table, A)
    before = await snapshot(service)
    await refused("vote_open", service.end_table(table, A))
    await refused("no_vote", service.vote_end(table, B, 7, True))
    await refused("kick_needs_missed_turn", service.kick(table, A, B))
    await refused("not_host", service.end_table(table, B))
    with pytest.raises(ServiceError):
        await service.act(table, B, PassTurn(), "not-yours")
    assert await snapshot(service) == before
