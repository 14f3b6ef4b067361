"""The pictures in words: alt text for Discord's attachment ``description`` and a one-line
summary of the table for screen readers, in en / zh-TW / zh-CN.

Each text says what its picture shows, most important first; when it would pass the limit,
whole parts are dropped from the end (the table score first), never cut mid-card. The public
texts read only public fields and refuse a view holding cards, like the picture. Names are
put in as given: the caller escapes them for Markdown where the text is posted as content.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from engine.cards import BIG_JOKER, Card
from engine.qingdun.view import QingdunResult, QingdunView
from engine.replay import RevealedDeal
from engine.sankou.view import FailedThrow, Phase, SankouResult, SankouView
from render.board import BoardPicture, BoardRow
from render.labels import count_label, label, normalize
from render.order import by_rank
from render.qingdun import PLACE_KEYS, play_caption, seat_points, team_points, trick_points
from render.result import role, tally_notes, verdict
from render.sankou import best_bid, bid_text, complete
from render.standings import Row, ordered, ranks
from render.table import check_public

DESCRIPTION_LIMIT = 1024  # Discord's limit for an attachment's description
SUMMARY_LIMIT = 200


def plain(names: Sequence[str]) -> list[str]:
    """Names on one line: line breaks, tabs and control characters become single spaces."""
    if len(names) != 4:
        raise ValueError(f"need four seat names, got {len(names)}")
    out = []
    for name in names:
        text = "".join(" " if unicodedata.category(ch)[0] in "CZ" else ch for ch in str(name))
        out.append(" ".join(text.split()))
    return out


def _l(key: str, lang: str, **params: object) -> str:
    return label(key, lang, **params)


def _card(card: Card, lang: str) -> str:
    if card.suit is None:
        return _l("big_joker" if card.rank == BIG_JOKER else "small_joker", lang)
    return card.pretty


def cards_text(cards: Sequence[Card], lang: str, *, as_held: bool = False) -> str:
    """Cards in words: a play by rank, then suit; a hand (``as_held``) as the picture holds it."""
    return " ".join(_card(card, lang) for card in (cards if as_held else by_rank(cards)))


def _paren(text: str, lang: str) -> str:
    return _l("alt_paren", lang, text=text)


def _join(parts: Sequence[str], lang: str) -> str:
    return _l("alt_list_sep", lang).join(parts)


def _sentences(parts: Sequence[str], lang: str, limit: int) -> str:
    """Sentences joined; the last ones are dropped while the text is too long."""
    end = _l("alt_sentence_end", lang)
    kept = [part for part in parts if part]
    while kept:
        text = "".join(part + end for part in kept).strip()
        if len(text) <= limit:
            return text
        if len(kept) == 1:
            return text[: limit - 1] + "…"
        kept.pop()
    return ""


def _turn_key(view: QingdunView | SankouView) -> str:
    if isinstance(view, SankouView):
        return {
            Phase.BIDDING: "alt_to_bid",
            Phase.KITTY: "alt_to_bury",
            Phase.TRUMP: "alt_to_name_trump",
        }.get(view.phase, "alt_to_play")
    return "alt_to_play"


def _turn(view: QingdunView | SankouView, names: Sequence[str], lang: str) -> str:
    if view.over:
        return _l("phase_over", lang)
    if view.to_move is None:
        return ""
    return _l(_turn_key(view), lang, name=names[view.to_move])


def _score(names: Sequence[str], table_score: Sequence[int] | None, lang: str) -> str:
    if table_score is None:
        return ""
    listed = [f"{names[s]} {table_score[s]:+d}" for s in range(4)]
    return _l("alt_table_score", lang, list=_join(listed, lang))


# ---------------------------------------------------------------------------------------
# The table


def describe_table(
    view: QingdunView | SankouView,
    names: Sequence[str],
    lang: str = "en",
    *,
    table_score: Sequence[int] | None = None,
) -> str:
    """Alt text of the table picture (at most 1,024 characters). Public views only."""
    check_public(view)
    lang, names = normalize(lang), plain(names)
    if isinstance(view, QingdunView):
        parts = _qingdun_parts(view, names, lang)
    else:
        parts = _sankou_parts(view, names, lang)
    parts.append(_score(names, table_score, lang))
    return _sentences(parts, lang, DESCRIPTION_LIMIT)


def summarize_table(view: QingdunView | SankouView, names: Sequence[str], lang: str = "en") -> str:
    """One line for the table message: the game, whose turn, what to beat. Public views only."""
    check_public(view)
    lang, names = normalize(lang), plain(names)
    game = _l("qingdun" if isinstance(view, QingdunView) else "sankou", lang)
    parts = [game]
    if isinstance(view, SankouView) and view.phase is not Phase.PLAY:
        parts.append(_l(f"phase_{view.phase.value}", lang))
    parts.append(_turn(view, names, lang))
    parts.append(_to_beat(view, names, lang))
    if isinstance(view, SankouView) and view.phase is Phase.BIDDING:
        best = best_bid(view.bids)
        if best is not None:
            parts.append(f"{_l('highest_bid', lang)} {best}")
    elif isinstance(view, SankouView) and view.contract is not None:
        parts.append(_l("alt_dealer_short", lang, points=view.dealer_points, bid=view.contract))
    line = " · ".join(part for part in parts if part)
    return line if len(line) <= SUMMARY_LIMIT else line[: SUMMARY_LIMIT - 1] + "…"


def _to_beat(view: QingdunView | SankouView, names: Sequence[str], lang: str) -> str:
    """The play on top of the current trick, said as "to beat: Bob's Pair 9♣ 9♣"."""
    if isinstance(view, QingdunView):
        top = _top_index(view)
        if top is None:
            return ""
        play = view.trick[top]
        what = f"{play_caption(play, lang)} {cards_text(play.cards, lang)}"
        return _l("alt_to_beat", lang, name=names[play.seat], what=what)
    winning = [p for p in view.trick if p.seat == view.winning_seat]
    if not winning:
        return ""
    what = cards_text(winning[-1].cards, lang)
    return _l("alt_to_beat", lang, name=names[winning[-1].seat], what=what)


def _qingdun_parts(view: QingdunView, names: Sequence[str], lang: str) -> list[str]:
    parts = [_l("alt_table", lang, game=_l("qingdun", lang)), _turn(view, names, lang)]
    if view.trick:
        plays = []
        top = _top_index(view)
        for n, play in enumerate(view.trick, start=1):
            what = play_caption(play, lang)
            if play.cards:
                what += " " + cards_text(play.cards, lang)
            if n - 1 == top:
                what += " " + _paren(_l("top", lang), lang)
            plays.append(_l("alt_play", lang, n=n, name=names[play.seat], what=what))
        points = trick_points([card for play in view.trick for card in play.cards])
        parts.append(_l("alt_trick", lang, points=points) + _join(plays, lang))
    elif view.last_trick is None and view.face_up is not None and view.face_up_seat is not None:
        parts.append(
            _l("alt_face_up", lang, card=_card(view.face_up, lang), name=names[view.face_up_seat])
        )
    left = [f"{names[s]} {view.hand_sizes[s]}" for s in range(4)]
    parts.append(_l("alt_cards_left", lang, list=_join(left, lang)))
    if view.finished:
        out = [f"{_l(PLACE_KEYS[i], lang)} {names[s]}" for i, s in enumerate(view.finished)]
        parts.append(_l("alt_out", lang, list=_join(out, lang)))
    points = [f"{names[s]} {seat_points(view, s)}" for s in range(4)]
    parts.append(_l("alt_points", lang, list=_join(points, lang)))
    teams = [
        f"{_l(f'team_{t}', lang)} {_paren(f'{names[t]} & {names[t + 2]}', lang)} "
        f"{team_points(view, t)}"
        for t in (0, 1)
    ]
    parts.append(_l("alt_team_points", lang, list=_join(teams, lang)))
    if view.last_trick is not None:
        last = view.last_trick
        plays = [
            _l(
                "alt_play",
                lang,
                n=n,
                name=names[p.seat],
                what=cards_text(p.cards, lang) if p.cards else _l("passed", lang),
            )
            for n, p in enumerate(last.plays, start=1)
        ]
        parts.append(
            _l("alt_last_trick", lang, name=names[last.winner], points=last.points)
            + _join(plays, lang)
        )
    return parts


def _top_index(view: QingdunView) -> int | None:
    """Where the current top play is in the trick: the top seat's latest play."""
    return max(
        (i for i, p in enumerate(view.trick) if p.seat == view.top_seat and not p.is_pass),
        default=None,
    )


def _sankou_parts(view: SankouView, names: Sequence[str], lang: str) -> list[str]:
    phase = _l(f"phase_{view.phase.value}", lang)
    parts = [_l("alt_table", lang, game=_l("sankou", lang)) + " " + _paren(phase, lang)]
    parts.append(_turn(view, names, lang))
    if view.phase is Phase.BIDDING:
        parts.append(_bids(view, names, lang))
    else:
        trump = view.trump.symbol if view.trump is not None else "?"
        dealer = names[view.dealer] if view.dealer is not None else "—"
        parts.append(_l("alt_dealer", lang, name=dealer, bid=view.contract, trump=trump))
    if view.phase in (Phase.PLAY, Phase.OVER):
        parts.append(
            _l(
                "alt_dealer_points",
                lang,
                points=view.dealer_points,
                bid=view.contract,
                defenders=view.defender_points,
            )
        )
    if view.trick:
        plays = []
        for n, play in enumerate(view.trick, start=1):
            what = cards_text(play.cards, lang)
            if play.seat == view.winning_seat:  # a finished trick (a replay's page): won
                what += " " + _paren(_l("won" if complete(view) else "winning", lang), lang)
            plays.append(_l("alt_play", lang, n=n, name=names[play.seat], what=what))
        points = trick_points([card for play in view.trick for card in play.cards])
        parts.append(_l("alt_trick", lang, points=points) + _join(plays, lang))
    if view.failed_throw is not None:
        parts.append(_failed(view.failed_throw, names, lang))
    left = [f"{names[s]} {view.hand_sizes[s]}" for s in range(4)]
    parts.append(_l("alt_cards_left", lang, list=_join(left, lang)))
    if view.last_trick is not None:
        last = view.last_trick
        plays = [
            _l("alt_play", lang, n=n, name=names[p.seat], what=cards_text(p.cards, lang))
            for n, p in enumerate(last.plays, start=1)
        ]
        parts.append(
            _l("alt_last_trick", lang, name=names[last.winner], points=last.points)
            + _join(plays, lang)
        )
        if last.failed_throw is not None:
            parts.append(_failed(last.failed_throw, names, lang))
    elif view.phase is not Phase.BIDDING:
        parts.append(_bids(view, names, lang))
    return parts


def _bids(view: SankouView, names: Sequence[str], lang: str) -> str:
    if not view.bids:
        return ""
    bids = [f"{names[e.seat]} {bid_text(e, lang)}" for e in view.bids]
    return _l("alt_bids", lang, list=_join(bids, lang))


def _failed(failed: FailedThrow, names: Sequence[str], lang: str) -> str:
    return _l(
        "alt_failed",
        lang,
        name=names[failed.seat],
        tried=cards_text(failed.attempted, lang),
        forced=cards_text(failed.forced, lang),
    )


# ---------------------------------------------------------------------------------------
# A hand (private)


def describe_hand(
    view: QingdunView | SankouView,
    lang: str = "en",
    *,
    highlight: Sequence[Card] | None = None,
    title: str | None = None,
) -> str:
    """Alt text of a hand picture: the seat's own cards, what is chosen, the kitty."""
    lang = normalize(lang)
    own = view.hand or ()
    head = " ".join(title.split()) if title is not None else _l("your_hand", lang)
    count = count_label("cards", len(own), lang)
    cards = cards_text(own, lang, as_held=True)
    parts = [
        _l("alt_hand", lang, title=head, count=count, cards=cards)
        if own
        else _l("alt_hand_empty", lang, title=head)
    ]
    if isinstance(view, SankouView) and view.trump is not None:
        parts.insert(0, _l("alt_trump", lang, suit=view.trump.symbol))
    if highlight:
        parts.append(_l("alt_chosen", lang, cards=cards_text(highlight, lang)))
    if isinstance(view, QingdunView) and view.partner_hand is not None:
        parts.append(
            _l("alt_partner", lang, cards=cards_text(view.partner_hand, lang, as_held=True))
        )
    if isinstance(view, SankouView) and view.kitty:
        key = "alt_from_kitty" if view.phase is Phase.KITTY else "alt_kitty_buried"
        parts.append(_l(key, lang, cards=cards_text(view.kitty, lang)))
    return _sentences(parts, lang, DESCRIPTION_LIMIT)


# ---------------------------------------------------------------------------------------
# A result


def describe_result(
    result: QingdunResult | SankouResult,
    names: Sequence[str],
    lang: str = "en",
    *,
    table_score: Sequence[int] | None = None,
) -> str:
    """Alt text of a result picture: how the hand ended and each seat's delta."""
    lang, names = normalize(lang), plain(names)
    if isinstance(result, QingdunResult):
        parts = [_l("alt_result", lang, game=_l("qingdun", lang), verdict=verdict(result, lang))]
        teams = []
        for team in (0, 1):
            text = f"{_l(f'team_{team}', lang)} {result.team_points[team]}"
            if result.winner_team == team:
                text += " " + _paren(_l("winner", lang), lang)
            teams.append(text)
        parts.append(_join(teams, lang))
        notes = tally_notes(result, names, lang)
    else:
        parts = [_l("alt_result", lang, game=_l("sankou", lang), verdict=verdict(result, lang))]
        if result.dealer is not None:
            parts.append(
                _l(
                    "alt_dealer_result",
                    lang,
                    name=names[result.dealer],
                    points=result.dealer_points,
                    bid=result.bid if result.bid is not None else "—",
                )
            )
        note = _l("kitty_to_dealer" if result.kitty_to_dealer else "kitty_to_defenders", lang)
        parts.append(
            _l(
                "alt_kitty_result",
                lang,
                cards=cards_text(result.kitty, lang),
                points=result.kitty_points,
                note=note,
            )
        )
        notes = []
    deltas = []
    for seat in range(4):
        part = role(result, seat, lang)
        name = f"{names[seat]} {_paren(part, lang)}" if part else names[seat]
        text = f"{name} {result.deltas[seat]:+d}"
        if table_score is not None:
            text += " " + _l("alt_total", lang, total=f"{table_score[seat]:+d}")
        deltas.append(text)
    parts.append(_join(deltas, lang))
    return _sentences([*parts, *notes], lang, DESCRIPTION_LIMIT)


# ---------------------------------------------------------------------------------------
# The final standings


def describe_standings(rows: Sequence[Row], lang: str = "en", *, game: str, hands: int) -> str:
    """Alt text of the final standings picture: every player's rank, total and hands."""
    lang = normalize(lang)
    rows = ordered(rows)
    names = [" ".join(str(name).split()) for name, _, _ in rows]
    head = _l(
        "alt_standings", lang, game=_l(game, lang), hands=count_label("hands_played", hands, lang)
    )
    listed = [
        _l(
            "alt_rank",
            lang,
            rank=rank,
            name=name,
            total=f"{total:+d}" if total else "0",
            hands=count_label("hands_played", played, lang),
        )
        for name, (_, total, played), rank in zip(names, rows, ranks(rows), strict=True)
    ]
    return _sentences([head, _join(listed, lang)], lang, DESCRIPTION_LIMIT)


def describe_board(board: BoardPicture, lang: str = "en") -> str:
    """Alt text of a board picture: the board, its period and order, every line shown (the
    viewer's own too) and the footnote."""
    lang = normalize(lang)
    head = _l(
        "alt_board",
        lang,
        game=_l(board.game, lang),
        period=_l(f"period_{board.period}", lang),
        by=_l(f"by_{board.by}", lang),
    )
    lines = [_board_line(row, board.by == "points", lang) for row in board.rows]
    parts = [head, _join(lines, lang) if lines else _l("board_empty", lang)]
    if board.own is not None:
        parts.append(_board_line(board.own, board.by == "points", lang))
    if board.footnote:
        parts.append(board.footnote)
    return _sentences(parts, lang, DESCRIPTION_LIMIT)


def _board_line(row: BoardRow, points: bool, lang: str) -> str:
    name = _l("bot_level", lang, level=_l(f"level_{row.name}", lang)) if row.bot else row.name
    value = (f"{row.value:+d}" if points else str(row.value)) if row.value or row.hands else "—"
    rank = str(row.rank) if row.rank is not None else "·"
    hands = count_label("hands", row.hands, lang)
    return _l("alt_rank", lang, rank=rank, name=" ".join(name.split()), total=value, hands=hands)


def describe_deal(
    deal: RevealedDeal, names: Sequence[str], lang: str = "en", part: int | None = None
) -> str:
    """Alt text of a replay's deal page: the hands it shows as dealt (a hand that is over)."""
    lang = normalize(lang)
    seats = range(4) if part is None else range(2 * part, 2 * part + 2)
    hands = [
        _l(
            "alt_dealt",
            lang,
            name=" ".join(str(names[seat]).split()),
            cards=cards_text(cards, lang, as_held=True),
        )
        for seat, cards in enumerate(deal.hands)
        if seat in seats
    ]
    parts = [_l("alt_deal", lang), *hands]
    if deal.kitty and 0 in seats:
        parts.append(_l("alt_kitty_dealt", lang, cards=cards_text(deal.kitty, lang)))
    return _sentences(parts, lang, DESCRIPTION_LIMIT)
