"""The client implements the interface the adapter's parts see (``bot.discord.port``); that
they see nothing else of it is import-linter's contract (pyproject.toml)."""

from __future__ import annotations

from pathlib import Path

from bot.discord import port
from tests.discord.conftest import make_bot


def test_the_client_implements_the_port(tmp_path: Path) -> None:
    client = make_bot(tmp_path / "port.db")
    assert isinstance(client, port.Client)
    assert isinstance(client.presenter, port.Publisher)
