"""At LOG_LEVEL=DEBUG no private hand reaches the log, discord.py's and aiosqlite's lines too.

SimCord stands in for discord.py's HTTP client and gateway, so the lines discord.py writes
there (``discord/http.py``: "%s %s with %s has returned %s" and "%s %s has received %s";
``discord/gateway.py``: "For Shard ID %s: WebSocket Event: %s") are written here, with the same
loggers and formats, for every request and event of a whole 三扣 hand played by buttons.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

import pytest
from simcord import gateway
from simcord.http import router

from tests.discord import test_sankou_flow as sankou_flow
from tests.discord.conftest import World

CARD_OPTION = re.compile(r"\b(?:10|[2-9JQKA])[SHDC]#\d|\b[BS]J#\d")  # a hand menu's option value


@pytest.fixture
def discord_py_debug_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    http, ws = logging.getLogger("discord.http"), logging.getLogger("discord.gateway")
    dispatch, feed = router.dispatch, gateway.FakeGateway.feed

    def logged_dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        body = json.dumps(kwargs.get("json"), ensure_ascii=False)
        result = dispatch(backend, method, path, **kwargs)
        http.debug("%s %s with %s has returned %s", method, path, body, 200)
        http.debug("%s %s has received %s", method, path, result)
        return result

    def logged_feed(self: Any, event: str, payload: Any) -> Any:
        ws.debug("For Shard ID %s: WebSocket Event: %s", None, {"t": event, "d": payload})
        return feed(self, event, payload)

    monkeypatch.setattr(router, "dispatch", logged_dispatch)
    monkeypatch.setattr(gateway.FakeGateway, "feed", logged_feed)


async def test_no_private_hand_in_a_debug_log(
    world: World, deals: Any, simcord_env: Any, caplog: pytest.LogCaptureFixture,
    discord_py_debug_lines: None,
) -> None:  # fmt: skip
    caplog.set_level(logging.DEBUG)
    await sankou_flow.test_bidding_kitty_trump_and_a_failed_throw(world, deals, simcord_env)
    text = caplog.text
    assert "has returned 200" in text and "WebSocket Event" in text  # the lines are kept
    assert "not logged>" in text  # with their payloads left out
    assert not CARD_OPTION.search(text), CARD_OPTION.search(text)
    for private in ("Kitty (底牌)", "Your hand", "Hint:", "2♠ 3♠ 4♠", '"discard"', '"kitty":'):
        assert private not in text, private  # nor the deal record or the kitty laid back
