"""The AI in the service: bot seats, hints and the timeout rule's bot think in a worker at
the table's level and budget, off the table's lock, and commit only if the game is unchanged."""

from __future__ import annotations

import asyncio
import json
import random
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import engine.ai
from bot.i18n import LANGS, refusal
from bot.service import TableService, TableSettings, thinking
from bot.service import events as ev
from bot.service.requests import PlayCards, from_action
from bot.service.thinking import Thinker
from engine import qingdun
from engine.actions import Action, Play, TakeBack
from engine.ai import BOT_SECONDS, HINT_SECONDS, Rollouts
from engine.sankou import Phase
from tests.service.helpers import CHANNEL, USERS, Clock, full_table, mover, refused, seeds
from tests.sql import execute
from tests.thinkers import Brain, quick_thinker

A, B, C, D = USERS


@pytest.fixture
def brain(monkeypatch: pytest.MonkeyPatch) -> Brain:
    made = Brain()
    monkeypatch.setattr(engine.ai, "think", made.think)
    return made


@pytest.fixture
async def service(database: str | Path, clock: Clock) -> AsyncIterator[TableService]:
    """The service with a worker thread of its own (decisions without search: quick)."""
    made = await TableService.open(
        database, clock=clock, seed_source=seeds(), thinker=quick_thinker()
    )
    yield made
    await made.close()


def game_of(service: TableService, table: int) -> Any:
    game = service.state.tables[table].game
    assert game is not None
    return game


async def bots_until_human(service: TableService, table: int) -> None:
    while await service.play_bot(table) is not None:
        pass


async def human_moves(service: TableService, table: int, action_id: str) -> None:
    """The human to move plays the simple policy's move (no worker needed)."""
    user = await mover(service, table)
    game = game_of(service, table)
    await service.act(table, user, from_action(game.hint(game.to_move)), action_id)


# -- hints -------------------------------------------------------------------------------------


async def test_a_hint_is_the_strong_players_at_the_tables_hint_budget(
    service: TableService, brain: Brain
) -> None:
    table = await full_table(service, "qingdun", settings={"hint_seconds": 0.5})
    user = await mover(service, table)
    game = game_of(service, table)
    seat = game.to_move
    simple = game.hint(seat)
    other = next(p for p in game.legal_plays(seat) if sorted(p) != sorted(simple.cards))
    brain.answer = lambda observation: Play(observation.seat, tuple(other))

    hint = await service.hint(table, user)
    assert hint == Play(seat, tuple(other)) != simple
    [call] = brain.calls
    assert (call["level"], call["seconds"], call["rollouts"]) == ("strong", 0.5, Rollouts(play=0))
    assert call["explain"]  # a hint says why
    assert call["observation"] == game.observation(seat)  # all the worker is sent
    assert call["thread"] != threading.get_ident()  # not on the event loop

    options = await service.turn_options(table, user)
    assert options.hint == hint and sorted(options.plays[0]) == sorted(other)  # menu: first
    assert len(brain.calls) == 1  # one position, one decision: shared by every ask


async def test_the_dealers_hinted_kitty_is_the_first_whole_kitty_offered(
    service: TableService, brain: Brain
) -> None:
    table = await full_table(service, "sankou")
    while (game := game_of(service, table)).phase is Phase.BIDDING:
        await human_moves(service, table, f"b{len(game.actions)}")
    options = await service.turn_options(table, await mover(service, table))
    [*_, laid] = brain.answers
    assert options.hint == laid and sorted(options.kitties[0][1]) == sorted(laid.cards)


async def test_a_failed_worker_gives_the_medium_hint_counted_and_said_in_the_log(
    service: TableService, brain: Brain, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(observation: Any) -> Action:
        raise RuntimeError("a bug in the player")

    table = await full_table(service, "sankou")
    game = game_of(service, table)
    medium = engine.ai.choose(game, game.to_move, level="medium")
    brain.answer = broken
    assert await service.hint(table, await mover(service, table)) == medium
    assert "an AI decision fell back to the medium player (error: RuntimeError)" in caplog.text
    assert "a bug in the player" not in caplog.text  # an error's text may name cards
    assert service.thinker.fallbacks == {"error": 1}


# -- bot seats ---------------------------------------------------------------------------------


async def bots_to_move(service: TableService, brain: Brain) -> tuple[int, int]:
    """A 清墩 table of A (seat 0) and three bots, A having just moved: the bots to move, the
    worker held at its next decision. The table, and the number of actions so far."""
    table = await full_table(service, "qingdun", humans=1)
    await bots_until_human(service, table)
    await human_moves(service, table, "mine")
    brain.forget()
    brain.gate = threading.Event()
    return table, len(game_of(service, table).actions)


async def test_a_bot_thinks_in_the_worker_without_the_lock_and_a_stale_move_is_dropped(
    service: TableService, brain: Brain
) -> None:
    table, moves = await bots_to_move(service, brain)
    thinking = asyncio.create_task(service.play_bot(table))
    await brain.thinking()
    assert service.peek_view(table, A) is not None  # the table's lock is free meanwhile
    taken = await service.ask_take_back(table, A, "oops")  # only bots to ask: at once
    assert isinstance(taken.action, TakeBack)
    brain.gate.set()
    assert await thinking is None  # the game moved on: the bot's move is not played
    game = game_of(service, table)
    assert len(game.actions) == moves + 1 and game.to_move == 0  # A is to move again
    [call] = brain.calls
    assert call["level"] == "strong" and call["seconds"] == BOT_SECONDS
    assert call["observation"].seat == 1 and call["thread"] != threading.get_ident()


async def test_two_drivers_at_once_play_each_bot_move_once_thinking_again_when_beaten(
    service: TableService, brain: Brain
) -> None:
    table, moves = await bots_to_move(service, brain)
    first = asyncio.create_task(service.play_bot(table))
    second = asyncio.create_task(service.play_bot(table))
    await brain.thinking()
    brain.gate.set()
    updates = await asyncio.gather(first, second)
    assert [u.action.seat for u in updates if u is not None] == [1, 2]
    game = game_of(service, table)
    assert [a.seat for a in game.actions[moves:]] == [1, 2]  # each seat once, nothing twice
    assert list(game.actions[moves:]) == brain.answers  # the worker's decisions, in order
    assert [c["observation"].seat for c in brain.calls] == [1, 2]  # seat 2: thought anew


async def test_a_move_the_rules_refuse_is_replaced_by_the_simple_policys(
    service: TableService, brain: Brain, caplog: pytest.LogCaptureFixture
) -> None:
    table = await full_table(service, "sankou", humans=1)
    brain.answer = lambda observation: Play(observation.seat, observation.hand[:1])  # bidding
    game = game_of(service, table)
    if game.to_move == 0:
        await human_moves(service, table, "first")
    simple = game.hint(game.to_move)
    update = await service.play_bot(table)
    assert update is not None and update.action == simple
    [record] = [r for r in caplog.records if "the rules refuse" in r.getMessage()]
    assert record.args == (table, "not_play_phase")  # the code, never the cards


async def test_the_bot_level_is_stored_and_used(
    service: TableService, brain: Brain, database: str | Path, clock: Clock
) -> None:
    table = await full_table(service, "qingdun", humans=1, settings={"bot_level": "medium"})
    game = game_of(service, table)
    if game.to_move == 0:
        await human_moves(service, table, "first")
    while game.to_move != 0:
        expected = engine.ai.choose(game, game.to_move, level="medium")
        update = await service.play_bot(table)
        assert update is not None and update.action == expected
    assert {(c["level"], c["thread"]) for c in brain.calls} == {("medium", threading.get_ident())}
    # medium decides at once (well under a millisecond): on the spot, no worker
    await refused(
        "bot_level_in_hand",
        service.update_settings(table, A, bot_level="strong"),
        number=1,
    )
    info = await service.update_settings(table, A, bot_seconds=2, hint_seconds=0.05)
    assert (info.settings.bot_seconds, info.settings.hint_seconds) == (2.0, 0.05)  # any time
    await service.close()
    service = await TableService.open(database, clock=clock, thinker=quick_thinker())
    try:
        settings = (await service.table_info(table)).settings
        assert (settings.bot_level, settings.bot_seconds) == ("medium", 2.0)
    finally:
        await service.close()


async def test_new_tables_play_strong_and_tables_from_before_levels_read_as_simple(
    service: TableService, database: str | Path, clock: Clock
) -> None:
    table = await full_table(service, "qingdun", humans=2, start=False)
    settings = (await service.table_info(table)).settings
    assert (settings.bot_level, settings.bot_seconds, settings.hint_seconds) == (
        "strong",
        BOT_SECONDS,
        HINT_SECONDS,
    )
    info = await service.update_settings(table, A, bot_level="simple")  # waiting: allowed
    assert info.settings.bot_level == "simple"
    old = TableSettings().to_json()
    for name in ("bot_level", "bot_seconds", "hint_seconds"):
        del old[name]  # as stored before levels existed: those bots played the simple policy
    await execute(database, "UPDATE tables SET settings = ? WHERE id = ?", (json.dumps(old), table))
    await service.close()
    service = await TableService.open(database, clock=clock, thinker=quick_thinker())
    try:
        settings = (await service.table_info(table)).settings
        assert (settings.bot_level, settings.bot_seconds) == ("simple", BOT_SECONDS)
    finally:
        await service.close()


@pytest.mark.parametrize(
    ("changes", "code", "params"),
    [
        ({"bot_level": "genius"}, "bad_bot_level", {"level": "genius"}),
        ({"bot_seconds": 0.04}, "bad_bot_seconds", {"min": 0.05, "max": 3.0}),
        ({"bot_seconds": 3.5}, "bad_bot_seconds", {"seconds": 3.5}),
        ({"bot_seconds": True}, "bad_bot_seconds", {"seconds": True}),
        ({"bot_seconds": "1"}, "bad_bot_seconds", {"seconds": "1"}),
        ({"hint_seconds": 1.5}, "bad_hint_seconds", {"min": 0.05, "max": 1.0}),
        ({"hint_seconds": 0}, "bad_hint_seconds", {"seconds": 0}),
    ],
)
async def test_levels_and_thinking_times_are_checked(
    service: TableService, changes: dict[str, Any], code: str, params: dict[str, Any]
) -> None:
    error = await refused(code, service.create_table(1, 2, A, "a", "sankou", changes), **params)
    assert service.tables_in_channel(2) == []
    table = await full_table(service, "qingdun", humans=4, start=False)
    await refused(code, service.update_settings(table, A, **changes), **params)
    shown = str(changes.get("bot_level") or params.get("min", params.get("seconds")))
    for lang in LANGS:  # the refusal's own words in every language, with what was wrong
        assert shown in refusal(error, lang)
    edges = {"bot_seconds": 3, "hint_seconds": 0.05}  # the bounds themselves are allowed
    assert (await service.update_settings(table, A, **edges)).settings.bot_seconds == 3.0


# -- the timeout rule --------------------------------------------------------------------------


async def test_the_timeout_bot_plays_the_ai_at_the_tables_level_and_budget(
    service: TableService, brain: Brain, clock: Clock
) -> None:
    table = await full_table(service, "sankou", settings={"turn_seconds": 600, "bot_seconds": 0.2})
    seat = game_of(service, table).to_move
    clock.advance(601)
    [update] = await service.run_due()
    [call] = brain.calls
    # a bid: BIG_FACTOR × the table's seconds
    assert (call["level"], call["seconds"], call["observation"].seat) == ("strong", 0.8, seat)
    assert update.action == brain.answers[0]
    assert ev.TimedOut(seat, USERS[seat]) in update.announcements


async def test_a_player_who_moves_while_the_timeout_bot_thinks_keeps_their_move(
    service: TableService, brain: Brain, clock: Clock
) -> None:
    table = await full_table(service, "qingdun", settings={"turn_seconds": 600})
    seat = game_of(service, table).to_move
    clock.advance(601)
    brain.gate = threading.Event()
    deadline_pass = asyncio.create_task(service.run_due())
    await brain.thinking()
    await human_moves(service, table, "just in time")
    brain.gate.set()
    assert await deadline_pass == []  # the bot's move for the player is dropped
    game = game_of(service, table)
    assert game.actions[-1].seat == seat and len(game.actions) == 1
    assert not service.state.tables[table].seats[seat].missed  # type: ignore[union-attr]


async def test_a_seat_taken_over_plays_the_ai_at_the_tables_level_and_budget(
    service: TableService, brain: Brain, clock: Clock
) -> None:
    table = await full_table(service, "qingdun", settings={"bot_seconds": 0.5})
    await service.end_table(table, A)
    await service.vote_end(table, B, 1, False)  # the hand is played out, then the table ends
    seat = game_of(service, table).to_move
    clock.advance(12 * 3600)
    [update] = await service.run_due()
    assert ev.SeatTakenOver(seat, USERS[seat]) in update.announcements
    game = game_of(service, table)
    while game.to_move != seat:
        await human_moves(service, table, f"m{len(game.actions)}")
    brain.forget()
    update = await service.play_bot(table)  # the seat plays itself until the hand ends
    assert update is not None and update.action == brain.answers[0]
    [call] = brain.calls
    assert (call["level"], call["seconds"], call["observation"].seat) == ("strong", 0.5, seat)


# -- the worker pool ---------------------------------------------------------------------------


async def test_a_stuck_decision_is_given_up_at_its_hard_limit_and_the_medium_move_plays(
    service: TableService, brain: Brain, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(thinking, "hard_limit", lambda seconds: 0.1)
    table = await full_table(service, "qingdun", humans=1, settings={"bot_seconds": 3})
    game = game_of(service, table)
    if game.to_move == 0:
        await human_moves(service, table, "first")
    medium = engine.ai.choose(game, game.to_move, level="medium")
    brain.gate = threading.Event()
    try:
        update = await service.play_bot(table)
        assert update is not None and update.action == medium
        assert service.thinker.fallbacks == {"overran": 1}
    finally:
        brain.gate.set()


async def test_closing_the_service_closes_its_thinker(database: str | Path, clock: Clock) -> None:
    thinker = quick_thinker()
    service = await TableService.open(database, clock=clock, thinker=thinker)
    assert service.thinker is thinker
    await service.close()
    game = qingdun.Game.deal(1)
    assert await thinker.choose(game.observation(0), level="strong", seconds=1, seed=0) is None


async def test_overdue_tables_time_out_side_by_side(
    database: str | Path, brain: Brain, clock: Clock
) -> None:
    """After downtime many turns are overdue at once: each table's bot thinks while the others'
    do, so the pass lasts as long as one decision, not one per table."""
    service = await TableService.open(
        database,
        clock=clock,
        seed_source=seeds(),
        thinker=quick_thinker(workers=2),
    )
    try:
        settings = {"turn_seconds": 600}
        first = await full_table(service, "qingdun", settings=settings)
        others = tuple(user + 100 for user in USERS)
        second = await full_table(
            service, "sankou", settings=settings, channel=CHANNEL + 1, users=others
        )
        clock.advance(601)
        brain.gate = threading.Event()
        deadline_pass = asyncio.create_task(service.run_due())
        await brain.thinking()
        await brain.thinking()  # the second table's bot started before the first one finished
        brain.gate.set()
        updates = await deadline_pass
        assert {u.table_id for u in updates} == {first, second}
        assert all(isinstance(u.announcements[0], ev.TimedOut) for u in updates)
    finally:
        brain.gate = None
        await service.close()


# -- whole hands with strong bots and take-backs -------------------------------------------------


@pytest.mark.parametrize("game", ["qingdun", "sankou"])
async def test_strong_bots_never_fail_over_whole_hands_with_take_backs(
    database: str | Path, clock: Clock, game: str
) -> None:
    """Issue 21: after a take-back the workers were sent the retracted move and most of the
    bots' later decisions failed. A real Thinker (worker processes, a few rollouts a decision)
    plays whole hands against a player who takes moves back at random: no decision may fall
    back, hint or bot."""
    thinker = Thinker(1, simulations=4)
    service = await TableService.open(database, clock=clock, seed_source=seeds(), thinker=thinker)
    rng = random.Random(21)
    try:
        await thinker.ready()
        settings = {"bot_seconds": 3, "hint_seconds": 1}
        table = await full_table(service, game, humans=1, settings=settings)
        taken, moves = 0, 0
        while (
            info := await service.table_info(table)
        ).hand_number == 1 and info.to_move is not None:
            if await service.play_bot(table) is not None:
                continue
            hint = await service.hint(table, A)
            await service.act(table, A, from_action(hint), f"a{moves}")
            moves += 1
            wants = taken < 2 or rng.random() < 0.5  # the first two chances always
            if wants and (await service.turn_options(table, A)).take_back:
                await service.ask_take_back(table, A, f"undo{moves}")
                taken += 1
                plays = await service.legal_plays(table, A, limit=5)
                if plays:  # another move this time
                    await service.act(table, A, PlayCards(rng.choice(plays)), f"b{moves}")
        assert taken >= 2 and thinker.decisions > 20
        assert thinker.fallbacks == {}  # not one decision failed or was given up
    finally:
        await service.close()
