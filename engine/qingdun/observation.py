"""Everything one seat may know of a 清墩 hand, as a value: the input of the AI players.

A view (``view.py``) is what a front end draws; an observation adds the whole public history,
so a player can count cards and rebuild what happened. It holds the seat's own hand, the
partner's hand once the seat has gone out (§1.5), and public facts only: every play and pass
in order, hand sizes, points, the face-up card. Nothing else of the other hands is in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.actions import Action, Pass, Play
from engine.cards import Card
from engine.game import standing
from engine.qingdun.combos import Combo
from engine.qingdun.view import QingdunView, TrickPlay


class Observed(Protocol):
    """What an observation reads of a 清墩 game: a seat's view and the public record.

    A protocol, so that the game builds observations of itself without an import circle.
    """

    @property
    def actions(self) -> Sequence[Action]: ...
    @property
    def top(self) -> Combo | None: ...
    @property
    def top_led(self) -> bool: ...
    def view(self, seat: int | None) -> QingdunView: ...


@dataclass(frozen=True, slots=True)
class QingdunObservation:
    seat: int
    hand: tuple[Card, ...]
    partner_hand: tuple[Card, ...] | None  # only once ``seat`` has gone out
    hand_sizes: tuple[int, int, int, int]
    history: tuple[Play | Pass, ...]  # every move that stands, in order (all are public)
    first_leader: int  # who led the first trick (the holder of the face-up card)
    face_up: Card | None
    to_move: int | None
    leader: int  # who led the current trick
    trick: tuple[TrickPlay, ...]  # the current trick's turns
    top: Combo | None  # the play to beat (None: a new trick is to be led)
    top_seat: int | None
    top_led: bool  # the top play is the trick's lead (led 2s count low)
    points: tuple[int, int, int, int]  # by seat: captured; 頭家's entry is 頭家's score
    finished: tuple[int, ...]
    over: bool

    @property
    def played(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat has played so far."""
        seen: list[list[Card]] = [[], [], [], []]
        for action in self.history:
            if isinstance(action, Play):
                seen[action.seat].extend(action.cards)
        return tuple(tuple(cards) for cards in seen)


def observe(game: Observed, seat: int) -> QingdunObservation:
    """What ``seat`` may know of ``game`` now."""
    view = game.view(seat)
    assert view.hand is not None
    history = tuple(a for a in standing(game.actions) if isinstance(a, Play | Pass))
    first = history[0].seat if history else view.to_move
    return QingdunObservation(
        seat=seat,
        hand=view.hand,
        partner_hand=view.partner_hand,
        hand_sizes=view.hand_sizes,
        history=history,
        first_leader=first if first is not None else view.leader,
        face_up=view.face_up,
        to_move=view.to_move,
        leader=view.leader,
        trick=view.trick,
        top=game.top,
        top_seat=view.top_seat,
        top_led=game.top_led,
        points=view.points,
        finished=view.finished,
        over=view.over,
    )
