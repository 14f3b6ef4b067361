"""hypothesis through the service: typed plays, the kitty, bids, trump, table options and names.

Whatever a player (or a buggy front end) sends: never a crash, never a change on a refusal, and
always an answer: either an ``Update`` or a refusal whose code has words in all three languages.
"""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.i18n import LANGS, refusal
from bot.i18n.errors import ERRORS
from bot.service import (
    REFUSALS,
    DiscardCards,
    MakeBid,
    NameTrump,
    PassTurn,
    PlayCards,
    TableService,
    Update,
)
from bot.service.settings import TableSettings
from engine.cards import deck
from engine.sankou import Phase
from tests.conftest import BACKENDS, Databases, examples
from tests.service.helpers import (
    GUILD,
    USERS,
    Clock,
    full_table,
    logged,
    open_service,
    play_turn,
    snapshot,
)

EXAMPLES = 25

card_words = st.sampled_from([str(c) for c in deck(1)] + ["10", "BJ", "SJ", "大王", "♥10", "3"])
typed = st.one_of(
    st.text(max_size=40),
    st.lists(card_words, max_size=12).map(" ".join),
    st.text(alphabet="0123456789JQKAXSHDCBJ♠♥♦♣大小王 ,　１０", max_size=30),
)
anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.lists(st.integers(), max_size=3),
)


def answered(exc: BaseException) -> None:
    """A refusal every player can read: a known code, words in each language."""
    code = getattr(exc, "code", None)
    assert code is not None and code in ERRORS, (type(exc), exc)
    for lang in LANGS:
        text = refusal(exc, lang, ["a", "b", "c", "d"])  # type: ignore[arg-type]
        assert text and not text.startswith("error."), (code, lang)


async def probe(service: TableService, call: Callable[[], Awaitable[Any]]) -> Any:
    """Run ``call``: an answer, or a readable refusal that changed nothing."""
    before = await snapshot(service)
    try:
        return await call()
    except REFUSALS as exc:
        answered(exc)
        assert await snapshot(service) == before
        return None


def run(
    databases: Databases, backend: str, body: Callable[[TableService], Awaitable[None]]
) -> None:
    """``body`` on a service over a fresh database of ``backend``."""

    async def main(folder: Path) -> None:
        async with databases.fresh(backend, folder) as database:
            service = await open_service(database, Clock())
            try:
                await body(service)
            finally:
                await service.close()

    with tempfile.TemporaryDirectory() as directory:
        asyncio.run(main(Path(directory)))


async def to_move(service: TableService, table: int) -> int:
    info = await service.table_info(table)
    return USERS[info.to_move]  # type: ignore[index]


@pytest.mark.parametrize("backend", BACKENDS)
def test_typed_plays(backend: str, databases: Databases) -> None:
    databases.need(backend)

    @examples(backend, EXAMPLES)
    @given(st.lists(typed, min_size=1, max_size=15), st.sampled_from(["qingdun", "sankou"]))
    def check(texts: list[str], game: str) -> None:
        run(databases, backend, lambda service: body(service, texts, game))

    async def body(service: TableService, texts: list[str], game: str) -> None:
        table = await full_table(service, game)
        while game == "sankou" and (await service.public_view(table)).phase != Phase.PLAY:
            await play_turn(service, table, f"setup-{len(await logged(service, 1))}")
        for n, text in enumerate(texts):
            user = await to_move(service, table)
            for who in (user, USERS[(USERS.index(user) + 1) % 4]):  # the mover, and not
                result = await probe(
                    service,
                    lambda w=who, t=text, i=f"t{n}-{who}": service.act(table, w, PlayCards(t), i),
                )
                assert result is None or isinstance(result, Update)

    check()


sankou_requests = st.lists(
    st.one_of(
        typed.map(DiscardCards),
        st.lists(st.sampled_from(deck(2)), max_size=10).map(DiscardCards),
        anything.map(MakeBid),
        st.sampled_from([80, 85, 100, 150, 195, 200, 205, 79]).map(MakeBid),
        st.one_of(st.text(max_size=4), st.sampled_from("SHDC♠♥♦♣")).map(NameTrump),
        st.just(PassTurn()),
    ),
    min_size=1,
    max_size=20,
)


@pytest.mark.parametrize("backend", BACKENDS)
def test_bids_kitty_and_trump(backend: str, databases: Databases) -> None:
    databases.need(backend)

    @examples(backend, EXAMPLES)
    @given(sankou_requests)
    def check(requests: list[Any]) -> None:
        run(databases, backend, lambda service: body(service, requests))

    async def body(service: TableService, requests: list[Any]) -> None:
        table = await full_table(service, "sankou")
        for n, request in enumerate(requests):
            user = await to_move(service, table)
            result = await probe(
                service, lambda u=user, r=request, i=f"r{n}": service.act(table, u, r, i)
            )
            assert result is None or isinstance(result, Update)

    check()


setting_names = st.sampled_from(
    ["turn_seconds", "timeout_rule", "hands", "bot_replaces_leaver", "language", "colour", ""]
)


@pytest.mark.parametrize("backend", BACKENDS)
def test_table_options_and_names(backend: str, databases: Databases) -> None:
    databases.need(backend)

    @examples(backend, EXAMPLES)
    @given(
        st.dictionaries(setting_names, anything, max_size=4),
        st.one_of(st.sampled_from(["qingdun", "sankou"]), st.text(max_size=8)),
        st.one_of(st.none(), st.sampled_from(["en", "zh-TW", "zh-CN"]), st.text(max_size=6)),
        st.lists(st.text(max_size=80), min_size=4, max_size=4),
    )
    def check(options: dict[str, Any], game: str, language: str | None, names: list[str]) -> None:
        run(databases, backend, lambda service: body(service, options, game, language, names))

    async def body(
        service: TableService,
        options: dict[str, Any],
        game: str,
        language: str | None,
        names: list[str],
    ) -> None:
        created = await probe(
            service,
            lambda: service.create_table(GUILD, 1, USERS[0], names[0], game, options, language),
        )
        if created is None:
            assert service.tables_in_channel(1) == []
            return
        table = created.table_id
        for user, name in zip(USERS[1:], names[1:], strict=True):
            await service.join(table, user, name)
        info = await service.table_info(table)
        assert isinstance(info.settings, TableSettings)
        for seat in info.seats:
            assert seat is not None and 1 <= len(seat.name) <= 32
            assert "\n" not in seat.name and seat.name == seat.name.strip()
        changed = await probe(service, lambda: service.update_settings(table, USERS[0], **options))
        assert (
            changed is None
            or changed.settings.to_json()
            == TableSettings.from_json(changed.settings.to_json()).to_json()
        )
        await service.start(table, USERS[0])

    check()
