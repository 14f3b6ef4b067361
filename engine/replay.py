"""Re-playing a recorded hand: every hand as dealt, the table at each trick's end, the result.

``python -m engine.replay FILE`` reads a hand record (``docs/records.md``), re-plays it offline
and prints the deal, the bidding (三扣), every trick and the result, then checks the re-played
result against the one recorded. Exit status: 0 equal, 1 different, 2 a file that is not a
readable record of this engine's rules (one line on stderr says why, never a traceback).

A hand played under earlier rules is never re-played (``earlier``): it is shown as dealt, with
the result recorded when it was played.

The views made here are the engines' own public views, taken right after the action that ended
each trick, with that trick put back on the table; they hold no hand, so ``render_table`` draws
them like any live table.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from engine import qingdun, sankou
from engine.actions import Discard, TakeBack
from engine.cards import Card, Suit, format_cards
from engine.game import GameBase
from engine.records import GAMES, HandRecord, RecordError, plain
from engine.sankou.view import BidEntry

TableView = qingdun.QingdunView | sankou.SankouView


@dataclass(frozen=True, slots=True)
class RevealedDeal:
    """Every seat's cards as dealt, and what the deal led to: only for a hand that is over."""

    game: str
    hands: tuple[tuple[Card, ...], ...]  # by seat, sorted as players sort them
    leader: int | None = None  # 清墩: who led first
    face_up: Card | None = None  # 清墩: the 明牌 that chose the first leader
    kitty: tuple[Card, ...] = ()  # 三扣: the kitty as dealt
    bids: tuple[BidEntry, ...] = ()  # 三扣: the whole bidding
    dealer: int | None = None
    contract: int | None = None
    trump: Suit | None = None
    buried: tuple[Card, ...] = ()  # 三扣: the 8 cards the dealer laid back


@dataclass(frozen=True, slots=True)
class Replay:
    """A re-played hand: the game at its end, the deal, and the table after each trick."""

    record: HandRecord
    game: GameBase
    deal: RevealedDeal
    tricks: tuple[TableView, ...]
    unfinished: bool = False  # the last trick page is the one the hand ended inside
    earlier: bool = False  # played under earlier rules: not re-played (``game`` is the deal)

    @property
    def result_matches(self) -> bool:
        """Whether re-playing gives the recorded result (both None for an abandoned hand)."""
        return (plain(self.game.result) if self.game.over else None) == self.record.result


def earlier(record: HandRecord) -> Replay:
    """A hand played under earlier rules, not re-played (today's rules could score it otherwise,
    or refuse its moves): the deal, no tricks; its recorded result is the one that stands."""
    dealt = record.dealt()
    return Replay(record, dealt, reveal(record.game, record.start, dealt), (), earlier=True)


def replay(record: HandRecord) -> Replay:
    """Re-play ``record`` action by action (``RecordError`` if it does not re-play)."""
    record.replay()  # checks the whole log first, with a message naming the bad action
    game = GAMES[record.game].from_start(record.start)
    tricks: list[TableView] = []
    before = game.view(None)
    for action in record.actions:
        game.apply(action)
        after = game.view(None)
        # a take-back never ends a trick (it rebuilds the hand: its records are new objects)
        page = None if isinstance(action, TakeBack) else _trick_end(before, after)
        if page is not None:
            tricks.append(page)
        before = after
    unfinished = bool(before.trick)  # the hand ended inside a trick (雙扣, early end, a leaver)
    if unfinished:
        tricks.append(replace(before, to_move=None))
    deal = reveal(record.game, record.start, game)
    return Replay(record, game, deal, tuple(tricks), unfinished)


def _trick_end(before: Any, after: Any) -> TableView | None:
    """The table at the end of the trick ``after`` just closed, with the trick still shown."""
    if isinstance(after, qingdun.QingdunView):
        last = after.last_trick
        if last is None or last is before.last_trick:
            return None
        return replace(
            after,
            trick=last.plays,
            top_seat=last.winner,
            leader=last.plays[0].seat,
            last_trick=before.last_trick,
            to_move=None,
        )
    if after.tricks_played == before.tricks_played or after.last_trick is None:
        return None
    last = after.last_trick
    return replace(
        after,
        trick=last.plays,
        leader=last.leader,
        winning_seat=last.winner,
        failed_throw=last.failed_throw,
        last_trick=before.last_trick,
        to_move=None,
    )


def reveal(game_name: str, start: dict[str, Any], final: GameBase) -> RevealedDeal:
    """The deal of ``start`` with the bidding and kitty of ``final`` (the same hand, played)."""
    dealt = GAMES[game_name].from_start(start)
    if isinstance(dealt, qingdun.Game):
        view = dealt.view(None)
        return RevealedDeal(game_name, dealt.hands, leader=view.to_move, face_up=view.face_up)
    assert isinstance(dealt, sankou.Game) and isinstance(final, sankou.Game)
    trump = final.trump
    laid = any(isinstance(action, Discard) for action in final.actions)
    return RevealedDeal(
        game_name,
        tuple(tuple(sankou.sort_hand(hand, trump)) for hand in dealt.hands),
        kitty=tuple(sankou.sort_hand(dealt.kitty, trump)),
        bids=final.view(None).bids,
        dealer=final.dealer,
        contract=final.contract,
        trump=trump,
        buried=tuple(sankou.sort_hand(final.kitty, trump)) if laid else (),
    )


# -- a text account, for the command line ---------------------------------------------------


def describe(played: Replay) -> list[str]:
    """The hand in words: the deal, the bidding, each trick, the result and the check."""
    record, deal = played.record, played.deal
    names = record.names()
    lines = [f"{record.game} hand, start {json.dumps(record.start, ensure_ascii=False)}"]
    for seat, hand in enumerate(deal.hands):
        lines.append(f"  {names[seat]} ({len(hand)}): {format_cards(hand)}")
    if deal.face_up is not None and deal.leader is not None:
        lines.append(f"Face-up card {deal.face_up}: {names[deal.leader]} leads first")
    if deal.kitty:
        lines.append(f"Kitty: {format_cards(deal.kitty)}")
    if deal.bids:
        bids = ", ".join(
            f"{names[b.seat]} {'pass' if b.amount is None else b.amount}" for b in deal.bids
        )
        lines.append(f"Bidding: {bids}")
    if deal.dealer is not None:
        lines.append(f"Dealer {names[deal.dealer]} at {deal.contract}")
    if deal.buried:
        lines.append(f"Kitty laid back: {format_cards(deal.buried)}")
    if deal.trump is not None:
        lines.append(f"Trump: {deal.trump.symbol}")
    for number, view in enumerate(played.tricks, 1):
        lines.append(f"Trick {number}: {_trick_line(view, names)}")
    lines.append(_result_line(played, names))
    if played.result_matches:
        lines.append("The re-played result is equal to the recorded one.")
    else:
        replayed = plain(played.game.result) if played.game.over else None
        lines.append("The re-played result DIFFERS from the recorded one:")
        lines.append(f"  recorded:  {json.dumps(record.result, ensure_ascii=False)}")
        lines.append(f"  re-played: {json.dumps(replayed, ensure_ascii=False)}")
    return lines


def _trick_line(view: TableView, names: Sequence[str]) -> str:
    turns = []
    for play in view.trick:
        turns.append(f"{names[play.seat]} {format_cards(play.cards) if play.cards else 'passes'}")
    text = " · ".join(turns)
    if isinstance(view, sankou.SankouView):
        failed = view.failed_throw
        if failed is not None:
            text += (
                f" (failed throw by {names[failed.seat]}: tried {format_cards(failed.attempted)})"
            )
        winner = view.winning_seat
    else:
        winner = view.top_seat
    points = sum(card.points for play in view.trick for card in play.cards)
    return f"{text} → {names[winner] if winner is not None else '—'}, {points} points"


def _result_line(played: Replay, names: Sequence[str]) -> str:
    result = played.game.result if played.game.over else None
    if result is None:
        return f"Result: none (the hand was {played.record.outcome or 'not finished'})"
    kind = getattr(result, "kind", None) or result.tier
    deltas = ", ".join(f"{names[s]} {d:+d}" for s, d in enumerate(result.deltas))
    extra = ""
    if isinstance(result, qingdun.QingdunResult):
        extra = f"; team points {result.team_points[0]} : {result.team_points[1]}"
    elif result.bid is not None:
        extra = f"; dealer's points {result.dealer_points} of {result.bid}"
    return f"Result: {kind.value}{extra}; {deltas}"


def _no_constant(name: str) -> Any:
    raise RecordError(f"not JSON: {name} is no number a record holds")


def read(path: Path) -> HandRecord:
    """The record in the file at ``path``; ``RecordError`` (or ``OSError`` /
    ``UnicodeDecodeError``) with one line saying what is wrong."""
    text = path.read_text(encoding="utf-8")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc}") from None
    except RecursionError:
        raise RecordError("not a hand record: its JSON is nested too deeply") from None
    except ValueError as exc:  # a number of more digits than Python converts
        raise RecordError(f"not a hand record: {str(exc).split(';')[0]}") from None
    return HandRecord.from_json(data)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.replay", description="Re-play a cardtable hand record offline."
    )
    parser.add_argument("file", type=Path, help="a hand record (JSON), e.g. from /scores export")
    args = parser.parse_args(argv)
    try:
        played = replay(read(args.file))
        lines, matches = describe(played), played.result_matches
    except (OSError, UnicodeDecodeError, RecordError, RecursionError) as exc:
        why = "its JSON is nested too deeply" if isinstance(exc, RecursionError) else str(exc)
        print(f"{args.file}: {why.splitlines()[0] if why else type(exc).__name__}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0 if matches else 1


if __name__ == "__main__":
    sys.exit(main())
