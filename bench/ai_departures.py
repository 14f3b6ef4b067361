"""Where the strong player leaves its heuristic: what a search plays that the rollouts'
model of the other seats does not (docs/ai.md "Feeding the partners behind").

Each deal is set up by the middle level (in 三扣 its auction, kitty and trump) and played by
the strong player at ``--rollouts`` in every seat. At each play decision the search's first
candidate (the heuristic's move) is set beside the move played; where they differ, the
departure is tallied under a group naming both moves in the heuristic's terms: in 三扣 who
leads or who is winning, the seat's place in the trick, and what the search's move gives or
spends beyond the heuristic's; in 清墩 the kinds of the two moves and whose trick it is. A
group the search fills often is a rule the heuristic lacks (a defender second to play
feeding the partners behind, found this way, is ``sankou.policy.FEED_BEHIND``).

    python -m bench ai_departures --games sankou --first-deal 20000 --deals 60
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from typing import Any

from bench.ai_players import ABLATIONS, ablated
from bench.pool import pool
from engine.actions import Action, Play
from engine.ai import Rollouts, choose, think
from engine.ai.qingdun import player as qingdun_player
from engine.ai.sankou import player as sankou_player
from engine.ai.sankou import policy
from engine.ai.sankou.seen import Memory, Position, Seen
from engine.cards import Card
from engine.qingdun import combos as qingdun_combos
from engine.qingdun.game import Game as QingdunGame
from engine.qingdun.observation import QingdunObservation
from engine.sankou.game import Game as SankouGame
from engine.sankou.observation import SankouObservation
from engine.sankou.order import TRUMP
from engine.sankou.view import Phase

GAMES = ("sankou", "qingdun")
#: The groups printed, most frequent first.
SHOWN = 25
#: (context, group or None when the search played the heuristic's move)
Row = tuple[str, str | None]


#: What each place of a follow's ``sankou_player.shape`` counts, after whether it wins.
SHAPE = ("points", "trumps", "jokers/10s", "high side", "pairs broken")


def sankou_group(
    position: Position, seat: int, memory: Memory, first: Sequence[Card], played: Sequence[Card]
) -> Row:
    """A 三扣 decision's context (role, lead or follow, whose trick, place in it) and what
    the move played changes against the heuristic's (None: it is the heuristic's)."""
    seen = Seen(position, seat, memory)
    role = "dealer" if seat == position.dealer else "defender"
    if sorted(first) == sorted(played):
        group = None
    elif position.lead is None:
        certain = [policy.masters(seen, TRUMP), *policy.cashable(seen)]

        def named(cards: Sequence[Card]) -> str:
            suit = seen.order.suit[cards[0].index]
            name = "trump" if suit == TRUMP else "side"
            if any(sorted(sure) == sorted(cards) for sure in certain if sure):
                name += " master"
            if len(cards) == 2 and cards[0] == cards[1]:
                name += " pair"
            elif len(cards) > 2:
                name += f" {len(cards)} cards"
            return name + (" with points" if any(c.points for c in cards) else "")

        group = f"{named(first)} -> {named(played)}"
    else:
        before, after = (
            sankou_player.shape(list(cards), seen, position.lead, position)
            for cards in (first, played)
        )
        change = [] if before[0] == after[0] else ["wins" if after[0] else "ducks"]
        for name, a, b in zip(SHAPE, before[1:], after[1:], strict=True):
            if a != b:
                change.append(f"{name} {b - a:+d}")
        assert change, "the search's candidates differ from the heuristic's move in shape"
        group = ", ".join(change)
    if position.lead is None:
        return f"{role} leads", group
    winning = "dealer" if position.winning_seat() == position.dealer else "a defender"
    return f"{role} follows, {winning} winning, {len(position.trick) + 1}. to play", group


def qingdun_group(
    obs: QingdunObservation, first: Sequence[Card] | None, played: Sequence[Card] | None
) -> Row:
    """A 清墩 decision's context (lead, or whose trick) and the kinds of the two moves (None:
    the move played is the heuristic's)."""

    def kind(cards: Sequence[Card] | None) -> str:
        if cards is None:
            return "pass"
        combo = qingdun_combos.classify(cards)
        return combo.kind.name.lower() if combo is not None else "?"

    same = qingdun_player.key(first) == qingdun_player.key(played)
    group = None if same else f"{kind(first)} -> {kind(played)}"
    if obs.top is None:
        return "leads", group
    whose = "partner's" if obs.top_seat == (obs.seat + 2) % 4 else "opponent's"
    return f"follows on the {whose} trick", group


def sankou_deal(deal: int, rollouts: int) -> list[Row]:
    game = SankouGame.deal(deal, deal % 4)
    while game.phase is not Phase.PLAY and not game.over:
        game.apply(choose(game, game.to_move, level="medium", seed=deal))  # type: ignore[arg-type]
    return _rows(game, deal, rollouts, _sankou_row)


def qingdun_deal(deal: int, rollouts: int) -> list[Row]:
    return _rows(QingdunGame.deal(deal), deal, rollouts, _qingdun_row)


def _rows(game: Any, deal: int, rollouts: int, row: Callable[[Any, Action], Row]) -> list[Row]:
    """Every decision to the end of ``game``, the strong player moving, as ``row`` reads it
    from the observation and the action."""
    rows: list[Row] = []
    move = 0
    while not game.over:
        obs = game.observation(game.to_move)
        plan = Rollouts(play=rollouts)
        action = think(obs, level="strong", seed=deal * 1000 + move, rollouts=plan).action
        rows.append(row(obs, action))
        game.apply(action)
        move += 1
    return rows


def _sankou_row(obs: SankouObservation, action: Action) -> Row:
    position = Position(obs)
    memory = Memory.of(position)
    first = policy.play(position, obs.seat, memory, pairs=sankou_player.FIRST_PAIRS)
    assert isinstance(action, Play)
    return sankou_group(position, obs.seat, memory, first, action.cards)


def _qingdun_row(obs: QingdunObservation, action: Action) -> Row:
    first = qingdun_player.first_choice(obs)[1]
    played = action.cards if isinstance(action, Play) else None
    return qingdun_group(obs, first, played)


def _deal(args: tuple[str, int, int, str]) -> list[Row]:
    game, deal, rollouts, without = args
    with ablated(without) if without else nullcontext():
        return (sankou_deal if game == "sankou" else qingdun_deal)(deal, rollouts)


def report(rows: Sequence[Row], shown: int = SHOWN) -> list[str]:
    """The departures by group, most frequent first, each with its share of the decisions
    of its context."""
    decisions = Counter(context for context, _ in rows)
    groups = Counter((context, group) for context, group in rows if group is not None)
    departed = sum(groups.values())
    share = departed / max(1, len(rows))
    lines = [f"decisions {len(rows)}, the search left the heuristic in {departed} ({share:.1%})"]
    for (context, group), n in groups.most_common(shown):
        lines.append(
            f"{n:6d}  {n / decisions[context]:6.1%} of {decisions[context]:5d}  {context}: {group}"
        )
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench ai_departures", description=__doc__)
    parser.add_argument("--games", choices=GAMES, default="sankou")
    parser.add_argument("--first-deal", type=int, default=20000)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--rollouts", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--without", default="", help="an ablation of the strong player, e.g. nofeed"
    )
    args = parser.parse_args(argv)
    if args.without and args.without not in ABLATIONS:
        parser.error(f"unknown ablation {args.without!r}: choose from {', '.join(ABLATIONS)}")
    jobs = [
        (args.games, d, args.rollouts, args.without)
        for d in range(args.first_deal, args.first_deal + args.deals)
    ]
    rows: list[Row] = []
    with pool(args.workers, "nothing: the report needs every deal") as workers:
        for deal_rows in workers.imap_unordered(_deal, jobs):
            rows += deal_rows
    last = args.first_deal + args.deals - 1
    label = f"-{args.without}" if args.without else ""
    player = f"strong{label}:{args.rollouts}"
    print(f"{args.games}, deals {args.first_deal}-{last}, {player} in every seat:")
    print("\n".join(report(rows)))
