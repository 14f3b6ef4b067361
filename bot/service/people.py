"""``People``: each player's own settings besides card colours: turn pings and language.

Kept per user (not per server), like the card colours (``user_settings``): how turn pings
reach the player (``PingSettings``) and the language of what is said to them alone, when they
chose one over their Discord client's. Read once, then served from memory.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.service.errors import refuse
from bot.service.serving import Serving
from bot.service.state import ServiceState

PING_MODES = ("auto", "always", "idle", "dm")
IDLE_MINUTES = (1, 720)  # the range of "only after N minutes idle"
LANGUAGES = ("en", "zh-TW", "zh-CN")


@dataclass(frozen=True, slots=True)
class PingSettings:
    """How a player's turns notify them.

    ``mode``: ``auto`` (a mention unless they moved within ``idle_minutes`` and their hand
    panel is open), ``always``, ``idle`` (a mention only once they have been idle
    ``idle_minutes``), ``dm`` (a direct message instead of a mention, timed as ``auto``).
    ``quiet``: hours ``(from, to)`` in ``time_zone`` when nothing notifies them (the turn's
    clock runs on: the table's turn limit applies); the notification waits for their end.
    """

    mode: str = "auto"
    idle_minutes: int = 3
    quiet: tuple[int, int] | None = None
    time_zone: str = "UTC"

    def quiet_until(self, now: float) -> float | None:
        """The end of the quiet hours ``now`` falls in (epoch seconds), or None."""
        if self.quiet is None or self.quiet[0] == self.quiet[1]:
            return None
        start, end = self.quiet
        local = datetime.fromtimestamp(now, ZoneInfo(self.time_zone))
        hour = local.hour
        inside = start <= hour < end if start < end else hour >= start or hour < end
        if not inside:
            return None
        until = local.replace(hour=end, minute=0, second=0, microsecond=0)
        if until <= local:
            until += timedelta(days=1)
        return until.timestamp()

    def to_json(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | None) -> PingSettings:
        if not text:
            return cls()
        data = json.loads(text)
        quiet = data.get("quiet")
        return cls(
            mode=data.get("mode", "auto"),
            idle_minutes=int(data.get("idle_minutes", 3)),
            quiet=None if quiet is None else (int(quiet[0]), int(quiet[1])),
            time_zone=data.get("time_zone", "UTC"),
        )


def checked(settings: PingSettings) -> PingSettings:
    """``settings`` if valid, else the refusal saying what is wrong."""
    if settings.mode not in PING_MODES:
        raise refuse("bad_ping_mode", mode=settings.mode)
    low, high = IDLE_MINUTES
    if not low <= settings.idle_minutes <= high:
        raise refuse("bad_idle_minutes", min=low, max=high, minutes=settings.idle_minutes)
    if settings.quiet is not None and not all(0 <= h <= 23 for h in settings.quiet):
        raise refuse("bad_quiet_hours")
    try:
        ZoneInfo(settings.time_zone)
    except (ZoneInfoNotFoundError, ValueError):
        raise refuse("bad_time_zone", zone=settings.time_zone) from None
    return settings


class People:
    """Players' turn pings and languages."""

    def __init__(self, state: ServiceState, serving: Serving) -> None:
        self.state = state
        self.serving = serving
        self._known: dict[int, tuple[PingSettings, str | None]] = {}

    async def _read(self, user_id: int) -> tuple[PingSettings, str | None]:
        known = self._known.get(user_id)
        if known is None:
            pings, language = await self.state.store.user_settings(user_id)
            known = (PingSettings.from_json(pings), language)
            self._known[user_id] = known
        return known

    async def pings(self, user_id: int) -> PingSettings:
        return (await self._read(user_id))[0]

    async def set_pings(self, user_id: int, settings: PingSettings) -> PingSettings:
        """Choose how the player's turns notify them (kept across restarts and servers)."""
        checked(settings)
        language = (await self._read(user_id))[1]
        async with self.serving.transaction() as tx:
            await tx.set_user_settings(user_id, pings=settings.to_json())
        self._known[user_id] = (settings, language)
        return settings

    async def language(self, user_id: int) -> str | None:
        """The language the player chose for what is said to them alone (None: their
        Discord client's)."""
        return (await self._read(user_id))[1]

    async def languages(self) -> dict[int, str]:
        """Every chosen language (a front end keeps them at hand)."""
        return await self.state.store.languages()

    async def set_language(self, user_id: int, language: str) -> str:
        if language not in LANGUAGES:
            raise refuse("bad_language", language=language)
        pings = (await self._read(user_id))[0]
        async with self.serving.transaction() as tx:
            await tx.set_user_settings(user_id, language=language)
        self._known[user_id] = (pings, language)
        return language
