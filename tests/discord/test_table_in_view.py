"""The table message stays in view: never more than 5 messages below it, at any moment.

Whole hands of both games are played (with three bots, and by four people), and after every
request the bot sends to Discord the thread is looked at as a player would see it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import simcord
from simcord.http import router

from bot.discord.table_message import BELOW
from tests.discord.conftest import World, answer, open_table, play_out
from tests.discord.test_qingdun_flow import short_deal


class Watch:
    """The most messages seen below the table message, checked after every request."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.most = 0
        self.requests = 0

    def below(self) -> int:
        thread = self.world.thread
        if thread is self.world.channel:
            return 0
        history = [m for m in thread.history() if not m.flags.ephemeral]
        tables = [i for i, m in enumerate(history) if _is_table(m)]
        if tables and history[tables[-1]].content.endswith("The table is closed."):
            return 0  # an ended table stays above its results and standings (issue 20, §3)
        return len(history) - 1 - tables[-1] if tables else 0

    def check(self) -> None:
        self.requests += 1
        self.most = max(self.most, self.below())


def _is_table(message: Any) -> bool:
    return (
        any(
            (child.custom_id or "").endswith((":join", ":hint"))
            for row in message.components
            for child in getattr(row, "children", ())
        )
        or message.content.startswith("**Qingdun table")
        or message.content.startswith("**Haining Sankou table")
    )


@pytest.fixture
def watch(world: World, monkeypatch: pytest.MonkeyPatch) -> Iterator[Watch]:
    seen = Watch(world)
    dispatch = router.dispatch

    def watched(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        result = dispatch(backend, method, path, **kwargs)
        if "/messages" in path and method in ("POST", "DELETE"):
            seen.check()
        return result

    monkeypatch.setattr(router, "dispatch", watched)
    yield seen


@pytest.mark.parametrize("game", ["qingdun", "sankou"])
@pytest.mark.parametrize("bots", [True, False], ids=["three-bots", "four-people"])
async def test_at_most_five_messages_below_the_table_during_a_whole_hand(
    world: World, simcord_env: simcord.Env, watch: Watch, game: str, bots: bool
) -> None:
    if bots:  # ann alone: Start is refused with the fix, Add bots and start
        ann = world.players[0]
        await ann.slash(world.channel, "table create", game=game, hands=1)
        refused = answer(await ann.click(world.table_message(), custom_id="ct:1:start"))
        assert refused.content == "Four players are needed to start; 1 seated."
        filled = await ann.click(refused, custom_id="ct:1:fill")
        assert filled.response.components == []  # the offer is used up
    else:
        await open_table(world, game, bot=False, hands=1)
    turns = await play_out(world, simcord_env)
    assert turns > 5 and watch.requests > 20
    assert watch.most <= BELOW, watch.most
    final = world.thread.history()[-1]
    assert final.content.startswith("**Table #1 is closed. Final standings:**")
    assert any(a.filename == "standings.png" for a in final.attachments)


async def test_what_others_post_counts_and_the_table_moves_down(
    world: World, deals: Any, simcord_env: simcord.Env
) -> None:
    """Chat in the thread (seen through the guild_messages intent, content never read) buries
    the table: the bot's next post first moves the table message down."""
    deals.use("qingdun", short_deal().start)
    ann, bo, _, _ = world.players
    await open_table(world, "qingdun")
    table = world.table_message()
    for n in range(6):
        await bo.send(world.thread, f"gg {n}")
    chat = [m for m in world.thread.history() if m.content.startswith("gg")]
    await bo.delete(chat[0])  # a deleted message no longer counts
    assert world.table_message().id == table.id  # chat alone never makes the bot post
    await ann.slash(world.thread, "play cards", cards="3S 3H")
    moved = world.table_message()
    assert moved.id != table.id and moved.id > chat[-1].id
    assert all(m.id != table.id for m in world.thread.history())  # the old one is gone
