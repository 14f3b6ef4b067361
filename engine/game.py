"""The common shape of a game: a start record plus an action record, replayable.

Both games subclass ``GameBase``. The service only needs this shape to store, reload and
drive any table: ``start`` and ``actions`` are plain data, ``replay`` rebuilds the live game,
and ``apply`` routes a recorded action to the verifying method (``play``, ``bid`` …).

A ``TakeBack`` record undoes the move before it by rebuilding the hand from its start and the
moves that still stand (``standing``): the log keeps both, so a replay passes through the same
states as the live game did.

Each game has a rules version (``RULES_VERSION``), raised whenever a change of the rules would
score an old hand differently. The service stores it in each hand's start record
(``"rules"``); a start record without one was dealt under the rules before versions were
recorded (``EARLIER_RULES``). Only a hand of the current version can be re-played.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, ClassVar, Self

from engine.actions import Action, TakeBack
from engine.cards import Card

EARLIER_RULES = 1  # the rules version of a start record that names none


def rules_version(start: Mapping[str, Any]) -> Any:
    """The rules version a hand was dealt under, as its start record says (``EARLIER_RULES``
    when it says none; a reader checks that it is a whole number)."""
    return start.get("rules", EARLIER_RULES)


def versioned_start(game: GameBase) -> dict[str, Any]:
    """The start record to store for a hand dealt now: the game's, with its rules version."""
    return {**game.start, "rules": game.RULES_VERSION}


def standing(actions: Iterable[Action]) -> list[Action]:
    """The moves of a log that still stand: each ``TakeBack`` removes the move before it."""
    moves: list[Action] = []
    for action in actions:
        if isinstance(action, TakeBack):
            moves.pop()
        else:
            moves.append(action)
    return moves


class GameBase(ABC):
    """What every game offers. Subclasses record each accepted action in ``_actions``."""

    _actions: list[Action]
    #: The version of these rules: raised whenever a change would score an old hand otherwise.
    RULES_VERSION: ClassVar[int]

    @property
    @abstractmethod
    def start(self) -> dict[str, Any]:
        """JSON-able description of the start (seed or given deal) for ``from_start``."""

    @classmethod
    @abstractmethod
    def from_start(cls, start: dict[str, Any]) -> Self:
        """Rebuild the game as it was before any action."""

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every accepted action, in order."""
        return tuple(self._actions)

    @classmethod
    def replay(cls, start: dict[str, Any], actions: Iterable[Action]) -> Self:
        """The game after ``actions``; equal to the live game that recorded them."""
        game = cls.from_start(start)
        for action in actions:
            game.apply(action)
        return game

    @abstractmethod
    def apply(self, action: Action) -> Any:
        """Verify and apply one action record (raises ``IllegalMove`` and changes nothing)."""

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat expected to act, or ``None`` when the hand is over."""

    @property
    @abstractmethod
    def over(self) -> bool: ...

    @property
    @abstractmethod
    def result(self) -> Any:
        """The outcome record once ``over`` (``None`` before)."""

    @abstractmethod
    def legal_plays(self, seat: int) -> Iterator[list[Card]]: ...

    @abstractmethod
    def hint(self, seat: int) -> Action:
        """A legal action for ``seat`` now, chosen by a simple policy (bots, the Hint button)."""

    @abstractmethod
    def view(self, seat: int | None) -> Any:
        """What ``seat`` may know; ``None`` gives the public view (no hidden cards at all)."""

    @abstractmethod
    def leave(self, seat: int) -> Any:
        """``seat`` leaves or is removed: the hand ends void with the leaving penalty."""

    @abstractmethod
    def leave_deltas(self, seat: int) -> tuple[int, int, int, int]:
        """What ``leave(seat)`` would give each seat now (changes nothing)."""

    @abstractmethod
    def check_take_back(self, seat: int) -> Action:
        """The move ``seat`` may take back now (the last of the hand, its own); raises
        ``IllegalMove`` saying why not."""

    def may_take_back(self, seat: int) -> bool:
        try:
            self.check_take_back(seat)
        except ValueError:
            return False
        return True

    def take_back(self, seat: int) -> Action:
        """``seat`` takes back its move, the last of the hand (``check_take_back`` first, so a
        refusal changes nothing); returns that move. The game becomes the replay of the moves
        that still stand, and the log records the ``TakeBack`` after the move."""
        self.check_take_back(seat)
        moves = standing(self._actions)
        log = [*self._actions, TakeBack(seat)]
        fresh = self.replay(self.start, moves[:-1])
        vars(self).update(vars(fresh))
        self._actions = log
        return moves[-1]
