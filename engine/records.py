"""The hand record: one hand as plain JSON (start, every action, the result), and back.

A record is what ``/scores export`` attaches and what ``python -m engine.replay`` reads; the
format is documented in ``docs/records.md``. Reading one checks everything a replay needs and
raises ``RecordError`` saying which field is wrong, so a hand-edited file gets a clear message.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Self

from engine import qingdun, sankou
from engine.actions import Action, action_from_json, action_to_json
from engine.cards import Card
from engine.game import GameBase

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
        return cls(game, played.start, played.actions, result, outcome, tuple(players), info)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
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
        if data.get("version") != VERSION:
            raise RecordError(f"unknown record version {data.get('version')!r}: expected {VERSION}")
        game = data.get("game")
        if game not in GAMES:
            raise RecordError(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
        start = data.get("start")
        if not isinstance(start, dict):
            raise RecordError("'start' must be an object (a seed or a given deal)")
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
        if outcome is not None and outcome not in OUTCOMES:
            raise RecordError(f"unknown outcome {outcome!r}: expected one of {', '.join(OUTCOMES)}")
        players = tuple(_player(raw) for raw in data.get("players") or ())
        known = {"format", "version", "game", "outcome", "players", "start", "actions", "result"}
        info = {key: value for key, value in data.items() if key not in known}
        return cls(game, start, tuple(actions), result, outcome, players, info)

    def replay(self) -> GameBase:
        """The game after every recorded action (``RecordError`` if the log does not re-play)."""
        cls = GAMES[self.game]
        try:
            game = cls.from_start(self.start)
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"'start' does not describe a {self.game} deal: {exc}") from None
        for number, action in enumerate(self.actions, 1):
            try:
                game.apply(action)
            except (ValueError, TypeError) as exc:  # IllegalMove is a ValueError
                raise RecordError(f"action {number} ({action_to_json(action)}): {exc}") from None
        return game

    def names(self) -> list[str]:
        """Four seat names (``Seat n`` where the record names nobody)."""
        names = [f"Seat {seat + 1}" for seat in range(4)]
        for player in self.players:
            if 0 <= player.seat < 4:
                names[player.seat] = player.name
        return names


def _player(raw: Any) -> Player:
    if not isinstance(raw, Mapping) or not isinstance(raw.get("seat"), int):
        raise RecordError("each of 'players' needs a 'seat' number and a 'name'")
    bot = raw.get("bot")
    return Player(int(raw["seat"]), str(raw.get("name", "")), None if bot is None else str(bot))
