"""A table's settings: a frozen value, validated on creation, stored as JSON."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from enum import StrEnum
from typing import Any, Self

from bot.service.errors import refuse

MIN_TURN_SECONDS = 60
MAX_TURN_SECONDS = 72 * 3600
LANGUAGES = ("en", "zh-TW", "zh-CN")


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
        return cls(**data)
