"""/scores review in a virtual Discord: a player's costliest decisions of a finished hand,
privately, in the reader's language; refused while the hand runs, to others, and for hands
of earlier rules; worked out once (in the background, behind every decision) and kept."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import simcord

import engine.ai
from bot.discord.app import CardTableBot
from bot.service import ServiceError
from bot.service.requests import from_action
from engine.qingdun import Game
from tests.discord.conftest import World, answer, open_table, public_text
from tests.discord.test_qingdun_flow import short_deal
from tests.discord.test_rules_versions import as_before_versions

# a small whole deal, cheap to review; bo (seat 1) plays the plain policy and leads a 5 where
# the strong player leads the 9 (tests/engine/ai/test_review.py reviews the same kind of deal)
HANDS = ["3S 3H 9C KS KH", "5S 6H 8C 9S JD", "4S 4H 7C 10S 2H", "5D 8H JC QS AC"]


@pytest.fixture
def reviews(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """Every review the engine was asked for (game, seat, rollouts)."""
    asked: list[tuple[Any, ...]] = []
    real = engine.ai.review

    def review(game: str, start: Any, actions: Any, seat: int, **options: Any) -> Any:
        asked.append((game, seat, options["rollouts"]))
        return real(game, start, actions, seat, **options)

    monkeypatch.setattr(engine.ai, "review", review)
    return asked


async def played_out(world: World, bot: CardTableBot) -> None:
    """Table 1's hand to its end: bo plays the engine's plain policy, ann and cy the hints
    (the heuristic, as the bot seat plays)."""
    service = bot.service
    bo = world.players[1]
    for n in range(200):
        try:
            info = await service.table_info(1)
        except ServiceError:
            return  # the table ended with its one hand
        if info.hand_number != 1 or info.to_move is None:
            return
        seat = info.seats[info.to_move]
        assert seat is not None
        if seat.is_bot:
            await service.play_bot(1)
            continue
        user = seat.user_id
        assert user is not None
        game = service.state.tables[1].game
        assert game is not None
        action = game.hint(info.to_move) if user == bo.id else await service.hint(1, user)
        await service.act(1, user, from_action(action), f"m{n}")
    raise AssertionError("the hand did not end")


async def test_a_player_reviews_a_finished_hand_privately_once(
    world: World,
    deals: Any,
    simcord_bot: CardTableBot,
    simcord_env: simcord.Env,
    reviews: list[tuple[Any, ...]],
) -> None:
    simcord_bot.service.thinker.review_rollouts = 16  # quick; enough to find bo's lead
    deals.use("qingdun", Game.from_hands(HANDS, leader=0).start)
    ann, bo, _, di = world.players
    await open_table(world, "qingdun", hands=1)
    running = answer(await bo.slash(world.thread, "scores review", hand="1"))
    assert running.ephemeral and running.content == (
        "Hand #1 is still being played: it can be reviewed once it is over."
    )
    await played_out(world, simcord_bot)

    shown = answer(await bo.slash(world.channel, "scores review", hand="#1"))
    assert shown.ephemeral
    # answered at once ("working on it"), then that answer edited once the review was done
    latest = max(simcord_env.backend.interactions)
    sent = [
        (r.method, str(r.json))
        for r in simcord_env.http_requests
        if f"/{latest}/" in r.path or r.path.endswith("/messages/@original")
    ]
    assert sent[0][0] == "POST" and "Reviewing hand #1: the strong player" in sent[0][1]
    assert sent[-1][0] == "PATCH" and "Why: " in sent[-1][1]
    lines = shown.content.splitlines()
    assert lines[0] == "**Review of hand #1 · Qingdun: your costliest decisions**"
    entries = [line for line in lines if line.startswith("**")][1:]
    assert 1 <= len(entries) <= 3
    assert (
        entries[0].startswith("**1.** Move ") and "you played 5♠; better: 9♠ (about " in entries[0]
    )
    whys = [line.strip() for line in lines if line.strip().startswith("Why: ")]
    assert len(whys) == len(entries) and whys[0] == "Why: leads your weakest single."
    assert lines[-1].startswith("-# Judged by the strong player's search")
    assert reviews == [("qingdun", 1, 16)]

    again = answer(await bo.slash(world.channel, "scores review", hand="1"))
    assert again.content == shown.content and len(reviews) == 1  # kept: not worked out again

    other = answer(await di.slash(world.channel, "scores review", hand="1"))
    assert other.ephemeral and other.content == (
        "Only the players of hand #1 can ask for its review."
    )
    missing = answer(await ann.slash(world.channel, "scores review", hand="#ZZ"))
    assert missing.content == "There is no hand #ZZ in this server."
    assert "Review of hand" not in public_text(world) and "Why: " not in public_text(world)


async def test_a_review_in_the_readers_language(
    world: World, deals: Any, simcord_bot: CardTableBot, locales: dict[int, str]
) -> None:
    simcord_bot.service.thinker.review_rollouts = 16
    deals.use("qingdun", Game.from_hands(HANDS, leader=0).start)
    bo = world.players[1]
    locales[bo.id] = "zh-TW"
    await open_table(world, "qingdun", hands=1)
    await played_out(world, simcord_bot)
    shown = answer(await bo.slash(world.channel, "scores review", hand="1"))
    lines = shown.content.splitlines()
    assert lines[0] == "**#1 · 清墩 覆盤：你最吃虧的幾步**"
    assert "你出了 5♠；更好的是 9♠" in lines[1] and lines[2].strip() == "理由：先出手上最小的單牌。"


async def test_a_hand_without_costly_decisions_and_one_of_earlier_rules(
    world: World, deals: Any, simcord_bot: CardTableBot, db_path: Path
) -> None:
    simcord_bot.service.thinker.review_rollouts = 4
    deals.use("qingdun", short_deal().start)
    ann = world.players[0]
    await open_table(world, "qingdun", hands=1)
    await played_out(world, simcord_bot)
    clean = answer(await ann.slash(world.channel, "scores review", hand="1"))
    assert clean.content.splitlines()[1] == (
        "The strong player found no decision of yours it would have made otherwise."
    )
    await as_before_versions(db_path, 1)
    simcord_bot.service._scores._reviews.clear()  # as after a restart
    earlier = answer(await ann.slash(world.channel, "scores review", hand="1"))
    assert earlier.content == (
        "Hand #1 was played under earlier rules (version 1): it cannot be reviewed."
    )
