from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import TableService
from tests.service.helpers import Clock, open_service


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "cardtable.db"


@pytest.fixture
async def service(db_path: Path, clock: Clock) -> AsyncIterator[TableService]:
    service = await open_service(db_path, clock)
    yield service
    await service.close()
