"""hypothesis through the Discord layer: whatever is typed, clicked or named, the bot answers,
never fails, and changes nothing when it refuses.

Each example is a few commands by players of a running table (and by newcomers with fuzzed
nicknames): typed plays and kitties, bids, passes, hints, autocomplete, table creation with any
options. After each one: an answer arrived (private), it is not the "something went wrong"
apology, nothing was logged as an error, and if any table changed the answer says it was done.
The payload check of ``conftest.py`` runs on every request as well.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest
import simcord
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.i18n import t
from bot.i18n.commands import TURN_LIMITS
from tests.discord.conftest import HOSTILE_NAMES, World, answer, open_table
from tests.discord.test_qingdun_flow import short_deal as qingdun_deal
from tests.discord.test_sankou_flow import short_deal as sankou_deal

CARDISH = st.text(alphabet="0123456789TJQKASHDC♠♥♦♣ BJ大王小王,;@<>#|*_`~\n-", max_size=40)
TYPED = CARDISH | st.text(max_size=120) | st.sampled_from(["33", "3S 3H", "AH", "9", "KD"])
NAMES = st.sampled_from(HOSTILE_NAMES) | st.text(min_size=1, max_size=32).filter(str.strip)
OPS = st.one_of(
    st.tuples(st.just("cards"), st.integers(0, 3), TYPED),
    st.tuples(st.just("kitty"), st.integers(0, 3), TYPED),
    st.tuples(st.just("bid"), st.integers(0, 3), st.integers(80, 200)),
    st.tuples(st.just("pass"), st.integers(0, 3), st.none()),
    st.tuples(st.just("hint"), st.integers(0, 3), st.none()),
    st.tuples(st.just("complete"), st.integers(0, 3), TYPED),
    st.tuples(
        st.just("create"),
        NAMES,
        st.fixed_dictionaries(
            {"game": st.sampled_from(["qingdun", "sankou"])},
            optional={
                "hands": st.integers(1, 100),
                "turn_limit": st.sampled_from(TURN_LIMITS),
                "timeout_rule": st.sampled_from(["bot", "remove"]),
                "language": st.sampled_from(["en", "zh-TW", "zh-CN"]),
            },
        ),
    ),
)
DONE = (
    "Played:",
    "You passed.",
    "You pass (",
    "You bid ",
    "You buried ",
    "You named ",
    "Your throw ",
    "Done.",
    "Table #",
)
FUZZ = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


async def snapshot(service: Any, channel_id: int, users: list[int]) -> Any:
    """Every running table of the channel as each seated player and the public see it."""
    state = []
    for info in service.tables_in_channel(channel_id):
        views = [await service.public_view(info.id)]
        for seat in info.seats:
            if seat is not None and seat.user_id in users and info.hand_number:
                views.append(await service.view_for(info.id, seat.user_id))
        state.append((info, views))
    return state


async def check(world: World, env: simcord.Env, op: tuple[Any, ...], caplog: Any) -> None:
    kind, who, arg = op
    service = env.bot.service
    users = [p.id for p in world.players]
    before = await snapshot(service, world.channel.id, users)
    caplog.clear()
    if kind == "create":
        player = world.guild.add_member(env.create_user(f"n{len(world.players)}"), nick=who)
        world.players.append(player)
        result = await player.slash(world.channel, "table create", **arg)
    elif kind == "complete":
        choices = await world.players[who].autocomplete(world.thread, "play cards", "cards", arg)
        assert isinstance(choices, list) and len(choices) <= 25
        result = None
    else:
        name = {"cards": "play cards", "kitty": "play kitty", "bid": "play bid"}.get(kind)
        options = {"cards": arg} if kind in ("cards", "kitty") else {"amount": arg}
        command = name or f"play {kind}"
        result = await world.players[who].slash(world.thread, command, **(options if name else {}))
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [], [r.getMessage() for r in errors]
    after = await snapshot(service, world.channel.id, users)
    if result is None:
        assert after == before  # suggestions change nothing
        return
    reply = answer(result)
    assert reply is not None and reply.ephemeral, op
    assert reply.content and reply.content != t("discord.failed", "en"), op
    if after != before:
        assert reply.content.startswith(DONE), (op, reply.content)


@pytest.mark.parametrize("game", ["qingdun", "sankou"])
@FUZZ
@given(ops=st.lists(OPS, min_size=1, max_size=6))
async def test_anything_typed_is_answered_and_refusals_change_nothing(
    game: str,
    world: World,
    deals: Any,
    simcord_env: simcord.Env,
    caplog: pytest.LogCaptureFixture,
    ops: list[tuple[Any, ...]],
) -> None:
    if not simcord_env.bot.service.tables_in_channel(world.channel.id):  # the first example
        deals.use(game, (qingdun_deal() if game == "qingdun" else sankou_deal()).start)
        await open_table(world, game, bot=False)
    for op in ops:
        await check(world, simcord_env, op, caplog)
