from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import TableService
from tests.service.helpers import Clock, open_service


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def service(database: str | Path, clock: Clock) -> AsyncIterator[TableService]:
    """The service on a fresh database: each test runs on SQLite and on PostgreSQL."""
    service = await open_service(database, clock)
    yield service
    await service.close()
