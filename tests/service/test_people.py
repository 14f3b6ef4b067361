"""Each player's turn pings and language (``People``): kept per user, across restarts."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.service import PingSettings, ServiceError
from bot.service.state import Clock
from tests.service.helpers import USERS, open_service

A, B = USERS[:2]


async def test_pings_and_language_are_kept_per_player_across_restarts(
    database: str | Path, clock: Clock
) -> None:
    service = await open_service(database, clock)
    assert await service.ping_settings(A) == PingSettings()
    chosen = PingSettings("idle", 10, (23, 7), "Asia/Taipei")
    assert await service.set_ping_settings(A, chosen) == chosen
    assert await service.set_language(A, "zh-TW") == "zh-TW"
    await service.set_four_colour(A, True)
    await service.close()
    again = await open_service(database, clock)
    assert await again.ping_settings(A) == chosen and await again.language(A) == "zh-TW"
    assert await again.four_colour(A) is True  # one row per player holds every setting
    assert await again.ping_settings(B) == PingSettings() and await again.language(B) is None
    assert await again.languages() == {A: "zh-TW"}
    await again.close()


@pytest.mark.parametrize(
    ("settings", "code"),
    [
        (PingSettings(mode="loud"), "bad_ping_mode"),
        (PingSettings(idle_minutes=0), "bad_idle_minutes"),
        (PingSettings(quiet=(22, 24)), "bad_quiet_hours"),
        (PingSettings(time_zone="Mars/Olympus"), "bad_time_zone"),
    ],
)
async def test_bad_ping_settings_are_refused(
    database: str | Path, clock: Clock, settings: PingSettings, code: str
) -> None:
    service = await open_service(database, clock)
    with pytest.raises(ServiceError) as refused:
        await service.set_ping_settings(A, settings)
    assert refused.value.code == code
    assert await service.ping_settings(A) == PingSettings()
    await service.close()


def test_quiet_hours_cross_midnight_in_the_players_time_zone() -> None:
    taipei = PingSettings(quiet=(23, 7), time_zone="Asia/Taipei")  # UTC+8
    late = datetime(2026, 3, 1, 16, 30, tzinfo=UTC).timestamp()  # 00:30 in Taipei
    ends = datetime(2026, 3, 1, 23, 0, tzinfo=UTC).timestamp()  # 07:00 in Taipei
    assert taipei.quiet_until(late) == ends
    noon = datetime(2026, 3, 1, 4, 0, tzinfo=UTC).timestamp()  # 12:00 in Taipei
    assert taipei.quiet_until(noon) is None
    assert PingSettings(quiet=(5, 5)).quiet_until(noon) is None  # the same hours: none
