"""The plays a seat may make, from its view alone: suggestions without the live game.

A front end that answers while the game may be changing (autocomplete) works on a snapshot:
the seat's ``QingdunView``. Its hand and the current trick are all ``Game.legal_plays`` needs,
so the same lazy generator (``moves.Hand``) runs on them and lists the same plays.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.cards import Card
from engine.qingdun.combos import Combo, classify
from engine.qingdun.moves import Hand
from engine.qingdun.view import QingdunView


def top_of(view: QingdunView) -> tuple[Combo, bool] | None:
    """The play to beat in the view's trick and whether it was the lead (None: a new trick)."""
    for index in range(len(view.trick) - 1, -1, -1):
        play = view.trick[index]
        if play.cards:
            combo = classify(play.cards)
            assert combo is not None  # the game accepted it
            return combo, index == 0
    return None


def plays_for(view: QingdunView) -> Iterator[list[Card]]:
    """Lazily, the plays the view's own seat may make now, exactly as ``Game.legal_plays``
    lists them for the game the view was taken from (nothing when it is not that seat's turn).
    """
    if view.seat is None or view.over or view.to_move != view.seat or not view.hand:
        return
    cnt = [0] * 54
    rc = [0] * 17
    for card in view.hand:
        cnt[card.index] += 1
        rc[card.rank] += 1
    hand = Hand(cnt, rc)
    top = top_of(view)
    moves = hand.leads() if top is None else hand.answers(*top)
    for move in moves:
        yield list(move.cards)
