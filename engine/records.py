"""The hand record: one hand as plain JSON (start, every action, the result), and back.

A record is what ``/scores export`` attaches and what ``python -m engine.replay`` reads; the
format is documented in ``docs/records.md``. Reading one checks the type of every field a replay
needs and raises ``RecordError`` saying which field is wrong, so a hand-edited or damaged file
gets one clear line, never a traceback. A record carries the rules version its hand was played
under (``rules``); only a hand of the engine's own version can be re-played.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Self

from engine import qingdun, sankou
from engine.actions import Action, action_from_json, action_to_json, shown
from engine.cards import Card
from engine.game import EARLIER_RULES, GameBase, rules_version, versioned_start

FORMAT = "cardtable-hand"
VERSION = 1
OUTCOMES = ("complete", "void", "abandoned")

#: The games by the name records (and the service) use for them.
GAMES: dict[str, type[GameBase]] = {"qingdun": qingdun.Game, "sankou": sankou.Game}


class RecordError(ValueError):
    """A record that cannot be read or re-played; the message says which part and why."""


def plain(value: Any) -> Any:
    """An engine value as JSON-able data: enums by value, cards in notation, records as dicts."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    return value


@dataclass(frozen=True, slots=True)
class Player:
    """A seat as the record names it: the display name and, for a bot, its level."""

    seat: int
    name: str
    bot: str | None = None  # the bot's level ("simple", "strong" …); None for a person


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand: enough to re-play it exactly, plus what a reader wants to know about it."""

    game: str
    start: dict[str, Any]
    actions: tuple[Action, ...]
    result: dict[str, Any] | None  # the engine's result in ``plain`` form; None if abandoned
    outcome: str | None = None  # "complete" | "void" | "abandoned"
    players: tuple[Player, ...] = ()
    info: dict[str, Any] = dataclasses.field(default_factory=dict)  # id, table, number, times

    @classmethod
    def of(
        cls,
        game: str,
        played: GameBase,
        *,
        outcome: str | None = None,
        players: Sequence[Player] = (),
        **info: Any,
    ) -> Self:
        """The record of a game as it stands (its result, if over, in plain form)."""
        result = plain(played.result) if played.over else None
        start = versioned_start(played)  # played by this engine: under its rules
        return cls(game, start, played.actions, result, outcome, tuple(players), info)

    @property
    def rules(self) -> int:
        """The rules version the hand was played under (``EARLIER_RULES`` if its start names
        none)."""
        return int(rules_version(self.start))

    @property
    def current(self) -> bool:
        """Whether the hand was played under this engine's rules (else it is not re-played)."""
        return self.rules == GAMES[self.game].RULES_VERSION

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "rules": self.rules,
            **self.info,
            "outcome": self.outcome,
            "players": [{"seat": p.seat, "name": p.name, "bot": p.bot} for p in self.players],
            "start": self.start,
            "actions": [action_to_json(action) for action in self.actions],
            "result": self.result,
        }

    @classmethod
    def from_json(cls, data: Any) -> Self:
        """Read a record; ``RecordError`` names the first field that is wrong."""
        if not isinstance(data, Mapping):
            raise RecordError("a hand record is a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a hand record: 'format' must be {FORMAT!r}")
        version = data.get("version")
        if type(version) is not int or version != VERSION:
            raise RecordError(f"unknown record version {shown(version)}: expected {VERSION}")
        game = data.get("game")
        if not isinstance(game, str) or game not in GAMES:
            raise RecordError(f"unknown game {shown(game)}: expected one of {', '.join(GAMES)}")
        start = _start(data.get("start"), data.get("rules"))
        raw_actions = data.get("actions")
        if not isinstance(raw_actions, list):
            raise RecordError("'actions' must be a list")
        actions = []
        for number, raw in enumerate(raw_actions, 1):
            try:
                actions.append(action_from_json(raw))
            except ValueError as exc:  # CardParseError is one too
                raise RecordError(f"action {number}: {exc}") from None
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise RecordError("'result' must be an object or null")
        outcome = data.get("outcome")
        if outcome is not None and (not isinstance(outcome, str) or outcome not in OUTCOMES):
            raise RecordError(
                f"unknown outcome {shown(outcome)}: expected one of {', '.join(OUTCOMES)}"
            )
        players = data.get("players") or ()
        if not isinstance(players, list | tuple):
            raise RecordError("'players' must be a list")
        known = {"format", "version", "game", "rules", "outcome", "players", "start", "actions"}
        info = {key: value for key, value in data.items() if key not in known | {"result"}}
        return cls(game, start, tuple(actions), result, outcome, tuple(map(_player, players)), info)

    def replay(self) -> GameBase:
        """The game after every recorded action (``RecordError`` if the log does not re-play,
        or the hand was played under other rules: it would not be the hand that was played)."""
        cls = GAMES[self.game]
        if not self.current:
            raise RecordError(
                f"this hand was played under {self.game} rules version {self.rules}, this program "
                f"plays version {cls.RULES_VERSION}: it is not re-played (its recorded result "
                "stands)"
            )
        game = self.dealt()
        for number, action in enumerate(self.actions, 1):
            try:
                game.apply(action)
            except (ValueError, TypeError, IndexError) as exc:  # IllegalMove is a ValueError
                raise RecordError(f"action {number} ({action_to_json(action)}): {exc}") from None
        return game

    def dealt(self) -> GameBase:
        """The hand as dealt, before any action (the deal does not depend on the rules
        version); ``RecordError`` if the start record describes no deal of this game."""
        try:
            return GAMES[self.game].from_start(self.start)
        except (KeyError, TypeError, ValueError, IndexError, OverflowError) as exc:
            why = shown(exc.args[0]) if isinstance(exc, KeyError) else str(exc)[:200]
            raise RecordError(f"'start' does not describe a {self.game} deal: {why}") from None

    def names(self) -> list[str]:
        """Four seat names (``Seat n`` where the record names nobody)."""
        names = [f"Seat {seat + 1}" for seat in range(4)]
        for player in self.players:
            if 0 <= player.seat < 4:
                names[player.seat] = player.name
        return names


def _start(start: Any, rules: Any) -> dict[str, Any]:
    """The start record, its fields' types checked, with the record's rules version in it
    (``rules``, the record's own field, None when it has none)."""
    if not isinstance(start, dict):
        raise RecordError("'start' must be an object (a seed or a given deal)")
    inner = start.get("rules")
    for name, version in (("rules", rules), ("start.rules", inner)):
        if version is not None and (type(version) is not int or version < EARLIER_RULES):
            raise RecordError(f"{name!r} must be a rules version (1, 2 …), not {shown(version)}")
    if None not in (rules, inner) and rules != inner:
        raise RecordError(f"'rules' says {rules} but 'start' says {inner}")
    rules = rules or inner or EARLIER_RULES
    for name in ("seed", "first_bidder", "leader"):
        value = start.get(name)
        if name in start and (type(value) is not int or abs(value) >= 2**64):
            raise RecordError(f"'start.{name}' must be a whole number, not {shown(value)}")
    for name in ("hands", "kitty"):
        value = start.get(name)
        if name in start and not _cards_text(value, nested=name == "hands"):
            raise RecordError(f"'start.{name}' must be cards in notation, not {shown(value)}")
    return start if rules == EARLIER_RULES else {**start, "rules": rules}


def _cards_text(value: Any, *, nested: bool) -> bool:
    """Cards as the start record writes them: text, or (hands) a list of texts or of lists."""
    if not nested:
        return isinstance(value, str)
    return isinstance(value, list) and all(
        isinstance(hand, str)
        or (isinstance(hand, list) and all(isinstance(card, str) for card in hand))
        for hand in value
    )


def _player(raw: Any) -> Player:
    if (
        not isinstance(raw, Mapping)
        or type(raw.get("seat")) is not int
        or not isinstance(raw.get("name", ""), str)
        or not isinstance(raw.get("bot"), str | None)
    ):
        raise RecordError("each of 'players' needs a 'seat' number, a 'name' and a 'bot' level")
    return Player(raw["seat"], raw.get("name", ""), raw.get("bot"))
