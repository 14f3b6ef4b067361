"""The plays a seat may make, from its view alone: suggestions without the live game.

A front end that answers while the game may be changing (autocomplete) works on a snapshot:
the seat's ``QingdunView``. Its hand and the current trick are all ``Game.legal_plays`` needs,
so the same lazy generator (``moves.Hand``) runs on them and lists the same plays.

``menu`` picks from them the few a player chooses from in one step (the hand message's "legal
plays" menu): never more than ``WORK`` plays are looked at, so it stays quick on any hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import islice

from engine.cards import Card
from engine.qingdun.combos import STRENGTH, Combo, classify
from engine.qingdun.moves import Hand, Move
from engine.qingdun.policy import Situation, Tearing
from engine.qingdun.view import QingdunView

WORK = 2000  # plays looked at, at most, for one menu


def top_of(view: QingdunView) -> tuple[Combo, bool] | None:
    """The play to beat in the view's trick and whether it was the lead (None: a new trick)."""
    for index in range(len(view.trick) - 1, -1, -1):
        play = view.trick[index]
        if play.cards:
            combo = classify(play.cards)
            assert combo is not None  # the game accepted it
            return combo, index == 0
    return None


def _counts(view: QingdunView) -> tuple[list[int], list[int]]:
    cnt = [0] * 54
    rc = [0] * 17
    for card in view.hand or ():
        cnt[card.index] += 1
        rc[card.rank] += 1
    return cnt, rc


def _moves(view: QingdunView) -> Iterator[Move]:
    if view.seat is None or view.over or view.to_move != view.seat or not view.hand:
        return iter(())
    hand = Hand(*_counts(view))
    top = top_of(view)
    return hand.leads() if top is None else hand.answers(*top)


def plays_for(view: QingdunView) -> Iterator[list[Card]]:
    """Lazily, the plays the view's own seat may make now, exactly as ``Game.legal_plays``
    lists them for the game the view was taken from (nothing when it is not that seat's turn).
    """
    for move in _moves(view):
        yield list(move.cards)


def menu(view: QingdunView, first: Sequence[Card] = (), limit: int = 25) -> list[list[Card]]:
    """Up to ``limit`` plays for the view's seat, best first, by the hint's own measure.

    ``first`` (the hint) leads when given. Then a play that empties the hand; then, beating a
    play, the cheapest plays that beat it (breaking no bomb or 清墩 first, bombs last, weakest
    first); leading, the plays that shed the lowest cards first, longest first, bombs last,
    taking a few of every kind before more of one, so runs and pairs are there as well as
    singles. Empty when it is not the seat's turn.
    """
    seat = view.seat
    moves = list(islice(_moves(view), WORK))
    if seat is None or not moves:
        return []
    cnt, rc = _counts(view)
    torn = Tearing(Situation(seat, cnt, rc, view.hand_sizes, view.top_seat))
    size = len(view.hand or ())
    if top_of(view) is None:
        moves.sort(
            key=lambda m: (len(m.cards) < size, m.rung >= 0, torn(m), _low(m), -len(m.cards))
        )
        moves = _spread(moves, limit)
    else:
        moves.sort(key=lambda m: (len(m.cards) < size, m.rung, torn(m), m.key, len(m.cards)))
    out: list[list[Card]] = [list(first)] if first else []
    seen = {_multiset(first)} if first else set()
    for move in moves:
        if len(out) >= limit:
            break
        key = _multiset(move.cards)
        if key not in seen:
            seen.add(key)
            out.append(list(move.cards))
    return out


def _low(move: Move) -> int:
    return min(STRENGTH[card.rank] for card in move.cards)


def _multiset(cards: Sequence[Card]) -> tuple[int, ...]:
    return tuple(sorted(card.index for card in cards))


def _spread(moves: list[Move], limit: int) -> list[Move]:
    """``moves`` (best first) cut to ``limit``, keeping up to an equal share of each kind before
    a kind gets more; the order among those kept is unchanged."""
    kinds = Counter(move.kind for move in moves)
    share = max(1, limit // max(1, len(kinds)))
    taken: Counter[object] = Counter()
    kept: set[int] = set()
    for i, move in enumerate(moves):
        if taken[move.kind] < share and len(kept) < limit:
            taken[move.kind] += 1
            kept.add(i)
    for i in range(len(moves)):
        if len(kept) >= limit:
            break
        kept.add(i)
    return [move for i, move in enumerate(moves) if i in kept]
