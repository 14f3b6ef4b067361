"""The common shape of a game: a start record plus an action record, replayable.

Both games subclass ``GameBase``. The service only needs this shape to store, reload and
drive any table: ``start`` and ``actions`` are plain data, ``replay`` rebuilds the live game,
and ``apply`` routes a recorded action to the verifying method (``play``, ``bid`` …).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator
from typing import Any, Self

from engine.actions import Action
from engine.cards import Card


class GameBase(ABC):
    """What every game offers. Subclasses record each accepted action in ``_actions``."""

    _actions: list[Action]

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
