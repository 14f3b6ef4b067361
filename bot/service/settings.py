"""A table's settings: a frozen value, validated on creation, stored as JSON."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from enum import StrEnum
from typing import Any, Self

from bot.service.errors import refuse
from engine.ai import BOT_SECONDS, HINT_SECONDS, LEVELS

MIN_TURN_SECONDS = 60
MAX_TURN_SECONDS = 72 * 3600
LANGUAGES = ("en", "zh-TW", "zh-CN")
BOT_LEVEL = "strong"  # the level of a new table's bot seats
OLD_BOT_LEVEL = "simple"  # what the bots of tables stored before levels existed played
BOT_SECONDS_RANGE = (0.05, 3.0)  # thinking time of a bot seat's move (strong level)
HINT_SECONDS_RANGE = (0.05, 1.0)  # thinking time of a hint (the hand message's and /play hint)


class TimeoutRule(StrEnum):
    """What happens when a player lets the turn time limit pass."""

    BOT = "bot"  # a bot plays that one turn for the absent player
    REMOVE = "remove"  # the player is removed with the leaving penalty (§1.7 / §2.9)


@dataclass(frozen=True, slots=True)
class TableSettings:
    turn_seconds: int = 12 * 3600  # 12 h suits asynchronous play
    timeout_rule: TimeoutRule = TimeoutRule.BOT
    hands: int | None = None  # completed hands to play; None = open-ended
    bot_replaces_leaver: bool = False
    language: str = "en"
    auto_deal: bool = True  # deal the next hand at once; off: a player presses Next hand
    bot_level: str = BOT_LEVEL  # how bot seats (and seats a bot took over) play: engine.ai
    bot_seconds: float = BOT_SECONDS  # a strong bot's thinking time per decision
    hint_seconds: float = HINT_SECONDS  # a hint's thinking time

    def __post_init__(self) -> None:
        if (
            isinstance(self.turn_seconds, bool)
            or not isinstance(self.turn_seconds, int)
            or not MIN_TURN_SECONDS <= self.turn_seconds <= MAX_TURN_SECONDS
        ):
            raise refuse(
                "bad_turn_limit",
                min=MIN_TURN_SECONDS // 60,
                max=MAX_TURN_SECONDS // 60,
                minutes=self.turn_seconds / 60
                if isinstance(self.turn_seconds, int | float)
                else self.turn_seconds,
            )
        try:
            object.__setattr__(self, "timeout_rule", TimeoutRule(self.timeout_rule))
        except ValueError:
            raise refuse("bad_timeout_rule", rule=self.timeout_rule) from None
        if self.hands is not None and (
            isinstance(self.hands, bool) or not isinstance(self.hands, int) or self.hands < 1
        ):
            raise refuse("bad_hand_count", hands=self.hands)
        if self.language not in LANGUAGES:
            raise refuse("bad_language", language=self.language)
        object.__setattr__(self, "bot_replaces_leaver", bool(self.bot_replaces_leaver))
        object.__setattr__(self, "auto_deal", bool(self.auto_deal))
        if self.bot_level not in LEVELS:
            raise refuse("bad_bot_level", level=self.bot_level, levels=" / ".join(LEVELS))
        low, high = BOT_SECONDS_RANGE
        if not _within(self.bot_seconds, low, high):
            raise refuse("bad_bot_seconds", seconds=self.bot_seconds, min=low, max=high)
        low, high = HINT_SECONDS_RANGE
        if not _within(self.hint_seconds, low, high):
            raise refuse("bad_hint_seconds", seconds=self.hint_seconds, min=low, max=high)
        object.__setattr__(self, "bot_seconds", float(self.bot_seconds))
        object.__setattr__(self, "hint_seconds", float(self.hint_seconds))

    @property
    def reminder_seconds(self) -> float:
        """When to remind the player: at 75% of the limit."""
        return self.turn_seconds * 0.75

    def changed(self, **changes: Any) -> Self:
        """A copy with ``changes`` applied and validated."""
        names = {f.name for f in fields(self)}
        for name in changes:
            if name not in names:
                raise refuse("unknown_setting", name=name)
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["timeout_rule"] = self.timeout_rule.value
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """Settings as stored. A table stored before bot levels existed keeps the level its
        bots played then (``OLD_BOT_LEVEL``), so its hands stay rated as what they were."""
        return cls(**{"bot_level": OLD_BOT_LEVEL, **data})


def _within(value: Any, low: float, high: float) -> bool:
    """A number of seconds (not a bool) from ``low`` to ``high``."""
    return not isinstance(value, bool) and isinstance(value, int | float) and low <= value <= high
