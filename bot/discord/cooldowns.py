"""Per-user cooldowns for what posts in public: opening a table (a thread each) and reposting.

Without them one member can flood a channel: 25 create/leave cycles made 25 threads, 30
``/table show`` made 30 posts. The buckets are discord.py's ``app_commands.Cooldown``, fed the
bot's clock (tests move it), and only what was really done is counted: a refused create costs
nothing.
"""

from __future__ import annotations

import math

from discord.app_commands import Cooldown

from bot.service import Clock, read_clock

#: verb -> (times allowed, per seconds)
RATES: dict[str, tuple[int, float]] = {"create": (2, 300.0), "show": (1, 60.0)}


class Cooldowns:
    """How long a user must wait before a verb, and the record of what they did."""

    def __init__(self, clock: Clock, rates: dict[str, tuple[int, float]] = RATES) -> None:
        self._clock = clock
        self._rates = rates
        self._buckets: dict[tuple[str, int], Cooldown] = {}

    def _now(self) -> float:
        return read_clock(self._clock)

    def wait(self, verb: str, user_id: int) -> int:
        """Whole seconds to wait before ``verb`` (0: go ahead)."""
        bucket = self._buckets.get((verb, user_id))
        if bucket is None:
            return 0
        return math.ceil(bucket.get_retry_after(self._now()))

    def spend(self, verb: str, user_id: int) -> None:
        """Count one ``verb`` by the user; buckets that are full again are forgotten."""
        now = self._now()
        for key, bucket in list(self._buckets.items()):
            if bucket.get_tokens(now) == bucket.rate:
                del self._buckets[key]
        rate, per = self._rates[verb]
        bucket = self._buckets.setdefault((verb, user_id), Cooldown(rate, per))
        bucket.update_rate_limit(now)
