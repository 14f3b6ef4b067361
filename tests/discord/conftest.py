"""A virtual Discord (SimCord) around the real bot, with players, locales and short deals."""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
from simcord import interactions as sim_interactions
from simcord.http import router

from bot.discord.app import CardTableBot
from bot.service import ServiceError, deal_by_seed
from bot.service.thinking import Thinker
from engine.actions import Bid, DeclareTrump, Discard, Play
from engine.cards import format_cards
from tests.discord import payloads
from tests.thinkers import quick_thinker


class Deals:
    """The bot's dealer in tests: a fixed start record per game where one is given."""

    def __init__(self) -> None:
        self._fixed: dict[str, dict[str, Any]] = {}

    def use(self, game: str, start: dict[str, Any]) -> None:
        """Deal every later hand of ``game`` from ``start`` (e.g. a short ``from_deal`` game's)."""
        self._fixed[game] = start

    def deal(self, game: str, seed: int, first_bidder: int | None) -> dict[str, Any]:
        return self._fixed.get(game) or deal_by_seed(game, seed, first_bidder)


class ShiftedClock:
    """The service's clock: SimCord's time plus ``shift`` seconds, moved by the test."""

    def __init__(self) -> None:
        self.shift = 0.0

    def __call__(self) -> float:
        return discord.utils.utcnow().timestamp() + self.shift


_MADE: list[CardTableBot] = []  # every bot a test made, so its database gets closed


def make_bot(
    path: Path,
    deals: Deals | None = None,
    clock: ShiftedClock | None = None,
    thinker: Thinker | None = None,
) -> CardTableBot:
    """The real bot, without pauses, on a database file in the test's folder; its AI decides
    without search in a thread (``tests.thinkers``) unless ``thinker`` is given."""
    bot = CardTableBot(
        path,
        bot_pause=0,
        check_every=60,
        seed_source=lambda: 7,
        dealer=deals.deal if deals is not None else deal_by_seed,
        clock=clock or discord.utils.utcnow,
        thinker=thinker or quick_thinker(),
    )
    _MADE.append(bot)
    return bot


@pytest.fixture(autouse=True)
async def close_databases() -> AsyncIterator[None]:
    """SimCord detaches a bot without ``close()``: close each bot's service ourselves, or the
    open SQLite connection's worker thread keeps the test process alive after the last test."""
    yield
    while _MADE:
        bot = _MADE.pop()
        if bot.service is not None:
            await bot.service.close()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "simulated_time_only: answers are timed on SimCord's clock only (say why: a flow in "
        "which that clock lags the wall clock while the real bot would answer in time)",
    )


@pytest.fixture(autouse=True)
def discord_limits(
    monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> Iterator[list[str]]:
    """Fail any test in which the bot sent Discord something it would refuse or regret.

    Every request SimCord routes is checked against Discord's documented limits (see
    ``payloads``), and every interaction must have been answered within 3 s, of simulated time
    and of wall time both. SimCord's clock stands still while the bot computes (it moves only
    when the bot waits: a timer, or the real time its waits take), so the wall clock is what
    catches work that holds up the event loop, such as an AI thinking on it. A test marked
    ``simulated_time_only`` skips the wall clock.
    """
    wall = request.node.get_closest_marker("simulated_time_only") is None
    found: list[str] = []
    answered: dict[int, Any] = {}
    created: dict[int, float] = {}
    backends: list[Any] = []
    dispatch = router.dispatch
    new_payload = sim_interactions.base_payload

    def timed(backend: Any, **kwargs: Any) -> Any:
        record, payload = new_payload(backend, **kwargs)
        if wall:
            created[record.id] = time.perf_counter()
        return record, payload

    def checked(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        if backend not in backends:
            backends.append(backend)
        found.extend(payloads.check(method, path, kwargs.get("json")))
        callback = payloads.CALLBACK.match(f"{method} {path}")
        if callback:
            answered.setdefault(int(callback[1]), (backend.clock.now(), time.perf_counter()))
        return dispatch(backend, method, path, **kwargs)

    monkeypatch.setattr(sim_interactions, "base_payload", timed)
    monkeypatch.setattr(router, "dispatch", checked)
    yield found
    for backend in backends:
        for record in backend.interactions.values():
            when = answered.get(record.id)
            found.extend(payloads.check_interaction(record, when, created.get(record.id)))
    assert found == [], "\n".join(found)


class Notified:
    """Every notification the bot sent: (user id, where) per message that may mention a user
    (``where``: the channel id), direct messages included."""

    def __init__(self) -> None:
        self.sent: list[tuple[int, int]] = []
        self.direct: dict[int, int] = {}  # direct message channel -> its user

    def of(self, user_id: int) -> list[int]:
        return [where for user, where in self.sent if user == user_id]


@pytest.fixture
def notified(monkeypatch: pytest.MonkeyPatch) -> Notified:
    """Record whom the bot's messages notify (a mention it allows, or a direct message)."""
    seen = Notified()
    dispatch = router.dispatch

    def recorded(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        result = dispatch(backend, method, path, **kwargs)
        body = kwargs.get("json") or {}
        if method == "POST" and path == "/users/@me/channels":
            seen.direct[int(result["id"])] = int(body["recipient_id"])
        found = re.fullmatch(r"/channels/(\d+)/messages", path)
        if method == "POST" and found and isinstance(body, dict):
            channel = int(found[1])
            if channel in seen.direct:
                seen.sent.append((seen.direct[channel], channel))
            for user in (body.get("allowed_mentions") or {}).get("users", []):
                seen.sent.append((int(user), channel))
        return result

    monkeypatch.setattr(router, "dispatch", recorded)
    return seen


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where the bot keeps its database; the bot creates the schema itself on start."""
    return tmp_path / "cardtable.db"


@pytest.fixture
def deals() -> Deals:
    """Fixed, short deals for the bot of the test (``deals.use(game, start)``)."""
    return Deals()


@pytest.fixture
def clock() -> ShiftedClock:
    return ShiftedClock()


@pytest.fixture
def simcord_bot(db_path: Path, deals: Deals, clock: ShiftedClock) -> CardTableBot:
    return make_bot(db_path, deals, clock)


@pytest.fixture
def locales(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """user id -> Discord locale of that user's client (SimCord sends en-US otherwise)."""
    chosen: dict[int, str] = {}
    original = sim_interactions.base_payload

    def base_payload(backend: Any, **kwargs: Any) -> Any:
        record, payload = original(backend, **kwargs)
        locale = chosen.get(kwargs["user_id"])
        if locale:
            payload["locale"] = locale
            if "guild_locale" in payload:
                payload["guild_locale"] = locale
        return record, payload

    monkeypatch.setattr(sim_interactions, "base_payload", base_payload)
    return chosen


#: Server nicknames an attacker (or bad luck) might choose: each must show as typed.
HOSTILE_NAMES = (
    "# heading",
    "@everyone ||spoiler||",
    "<@&1> <@2> `tick`",
    "麻將高手🎴" * 6 + "🀄🃏",  # 32 characters of CJK and emoji
)


class World:
    """A guild with a table channel and four players (``nicks``: their server nicknames)."""

    def __init__(self, env: simcord.Env, nicks: tuple[str, ...] | None = None) -> None:
        self.env = env
        self.guild = env.create_guild("Card club")
        self.channel = self.guild.create_text_channel("cards")
        self.players = [
            self.guild.add_member(env.create_user(name), nick=nick)
            for name, nick in zip(("ann", "bo", "cy", "di"), nicks or (None,) * 4, strict=True)
        ]

    @property
    def thread(self) -> Any:
        threads = self.channel.threads
        return threads[-1] if threads else self.channel

    def table_message(self) -> Any:
        """The latest public message carrying table buttons (a turn ping's My hand alone
        does not make one)."""
        for message in reversed(self.thread.history()):
            for row in message.components:
                for child in getattr(row, "children", ()):
                    if (child.custom_id or "").endswith((":join", ":hint")):
                        return message
        raise AssertionError("no table message")


@pytest.fixture
def world(simcord_env: simcord.Env) -> World:
    return World(simcord_env)


def options(message: Any, custom_id: str) -> list[tuple[str, str]]:
    """``(value, label)`` of each option of the select menu ``custom_id`` in ``message``."""
    for row in message.components:
        for child in row["components"] if isinstance(row, dict) else row.children:
            data = child if isinstance(child, dict) else child.to_dict()
            if data.get("custom_id") == custom_id:
                return [(o["value"], o["label"]) for o in data.get("options", [])]
    raise AssertionError(f"no menu {custom_id}")


def _custom_ids(found: Any) -> list[str]:
    if isinstance(found, str):
        return re.findall(r"ct:[\w:.]+", found)
    if isinstance(found, list):
        return [str(item) for item in found]
    out = []
    for row in found.components:
        for child in row["components"] if isinstance(row, dict) else row.children:
            data = child if isinstance(child, dict) else child.to_dict()
            if data.get("custom_id"):
                out.append(data["custom_id"])
    return out


def cid(message: Any, control: str) -> str:
    """The custom id of a hand panel's control in ``message`` (``h:play``, ``c:0``, ``lp``,
    ``bid`` …), whatever hand and turn it was drawn for."""
    pattern = re.compile(rf"ct:\d+:\d+\.\d+:{re.escape(control)}")
    for custom_id in _custom_ids(message):
        if pattern.fullmatch(custom_id):
            return custom_id
    raise AssertionError(f"no control {control}: {_custom_ids(message)}")


def has(found: Any, control: str) -> bool:
    """Whether a message (its components, their text or a list of their ids) holds the hand
    panel's control ``control``."""
    pattern = re.compile(rf"ct:\d+:\d+\.\d+:{re.escape(control)}")
    return any(pattern.fullmatch(custom_id) for custom_id in _custom_ids(found))


def chosen(message: Any) -> list[str]:
    """The option values marked chosen in a message's menus (a hand message's selection)."""
    return [
        o["value"]
        for row in message.components
        for c in row["components"]
        for o in c.get("options", [])
        if o.get("default")
    ]


def answer(result: Any) -> Any:
    """The private message a user got back from an interaction (last follow-up or response)."""
    followups = result.followups
    return followups[-1] if followups else result.response


def texts(world: World, viewer: Any) -> list[Any]:
    """Every message ``viewer`` can see in the channel and the table threads, ephemerals too."""
    out = list(world.channel.history(viewer=viewer))
    for thread in world.channel.threads:
        out.extend(thread.history(viewer=viewer))
    return out


async def open_table(world: World, game: str, *, bot: bool = True, **settings: Any) -> None:
    """ann creates a table; bo joins by button, a bot (or di) and cy fill it; ann starts."""
    ann, bo, cy, di = world.players
    await ann.slash(world.channel, "table create", game=game, **settings)
    await bo.click(world.table_message(), custom_id="ct:1:join")
    if bot:
        await ann.click(world.table_message(), custom_id="ct:1:addbot")
    else:
        await di.slash(world.thread, "table join")
    await cy.slash(world.thread, "table join")
    await ann.click(world.table_message(), custom_id="ct:1:start")


async def confirm(player: Any, asked: Any, what: str) -> Any:
    """Click the "yes" of a question asked before leaving or ending mid-hand (``what``:
    ``leave`` or ``end``); returns that click's result."""
    for row in asked.components:
        for child in row["components"] if isinstance(row, dict) else row.children:
            custom_id = child["custom_id"] if isinstance(child, dict) else child.custom_id
            if custom_id.endswith(f":cf:{what}"):
                return await player.click(asked, custom_id=custom_id)
    raise AssertionError(f"no question about {what}: {asked.content}")


async def end_table(world: World, player: Any) -> Any:
    """``/table end`` answered yes when it asks first (mid-hand); the private answer."""
    asked = answer(await player.slash(world.thread, "table end"))
    if ":cf:end" not in str(asked.components):
        return asked
    return (await confirm(player, asked, "end")).response


def public_text(world: World) -> str:
    """Everything posted for all to see (no ephemeral message)."""
    return "\n".join(m.content for m in texts(world, world.players[0]) if not m.flags.ephemeral)


def assert_hands_private(world: World) -> None:
    """Hand pictures and texts only ever reach their owner, privately."""
    for player in world.players:
        for message in texts(world, player):
            names = {a.filename for a in message.attachments}
            if names & {"hand.png", "partner.png"}:
                assert message.flags.ephemeral, message.content
            if "Kitty" in message.content or "底牌：" in message.content:
                assert message.flags.ephemeral, message.content


async def play_out(world: World, env: simcord.Env, *, hands: int | None = None) -> int:
    """Every turn of the people at table 1 played as the hint says, by typed commands, until
    its hands are over (or hand number ``hands`` is; bot seats move on their own meanwhile);
    returns the turns played."""
    service = env.bot.service
    by_id = {p.id: p for p in world.players}
    turns = 0
    for _ in range(2000):
        try:
            info = await service.table_info(1)
        except ServiceError:
            return turns  # the table ended
        if hands is not None and info.hand_number > hands:
            return turns
        seat = info.seats[info.to_move] if info.to_move is not None else None
        if info.status != "playing" or seat is None or seat.user_id is None:
            await env.settle()  # a bot is on the way (or nobody is to move: the hand is over)
            if info.status != "playing" or info.to_move is None:
                return turns
            continue
        player = by_id[seat.user_id]
        turns += 1
        match await service.hint(1, player.id):
            case Play(_, cards):
                done = await player.slash(world.thread, "play cards", cards=format_cards(cards))
            case Bid(_, amount):
                done = await player.slash(world.thread, "play bid", amount=amount)
            case Discard(_, cards):
                done = await player.slash(world.thread, "play kitty", cards=format_cards(cards))
            case DeclareTrump(_, suit):
                done = await player.slash(world.thread, "play trump", suit=suit.value)
            case _:
                done = await player.slash(world.thread, "play pass")
        assert answer(done).ephemeral
    raise AssertionError("the hand did not end")
