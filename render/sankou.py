"""The public 海宁三扣 table in every phase: bidding, kitty, trump, play."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.sankou.view import BidEntry, FailedThrow, FinishedTrick, Phase, SankouView
from render import theme
from render.faces import suit_image
from render.fonts import draw_text, fit
from render.labels import label
from render.look import SMALL, TITLE, WIDTH, Look
from render.table import (
    HEADER,
    Entry,
    Seat,
    canvas,
    draw_play,
    draw_seat,
    draw_story,
    draw_tag,
    header,
    play_box,
    story_lines,
)
from render.widgets import Box, Laid, laid, order_badge, pill

#: Where the trump suit's shape is drawn (tests look for its colour there).
TRUMP_BOX: Box = (WIDTH - 76, HEADER[1] + 8, WIDTH - 30, HEADER[1] + 54)

_TURN_TAGS = {Phase.BIDDING: "to_bid", Phase.KITTY: "to_bury", Phase.TRUMP: "to_name_trump"}
MIN_BID, MAX_BID, BID_STEP = 80, 200, 5


def bid_text(entry: BidEntry, lang: str) -> str:
    return label("pass_bid", lang) if entry.amount is None else str(entry.amount)


def best_bid(bids: Sequence[BidEntry]) -> int | None:
    amounts = [entry.amount for entry in bids if entry.amount is not None]
    return max(amounts) if amounts else None


def table_image(
    view: SankouView, names: Sequence[str], look: Look, table_score: Sequence[int] | None
) -> Image.Image:
    title, right, entries = _story(view, names, look)
    failed = view.last_trick is not None and view.last_trick.failed_throw is not None
    lines = story_lines(entries, look, max_lines=3 if failed else 2)
    image, draw = canvas(len(lines))
    _header(image, draw, view, look)
    for seat in range(4):
        dealer = seat == view.dealer
        to_move = seat == view.to_move and not view.over
        draw_seat(
            image,
            seat,
            Seat(
                name=names[seat],
                stripe=theme.DEALER if dealer else None,
                cards=view.hand_sizes[seat],
                badge=look.label("dealer") if dealer else None,
                score=table_score[seat] if table_score is not None else None,
                turn=to_move,
            ),
            look,
        )
        tag = "▶ " + look.label(_TURN_TAGS.get(view.phase, "to_play")) if to_move else None
        if view.phase is Phase.BIDDING:
            _bids(image, seat, view, look, tag)
        elif tag is not None and all(play.seat != seat for play in view.trick):
            draw_tag(image, seat, tag, look)
    for number, play in enumerate(view.trick, start=1):
        winning = play.seat == view.winning_seat
        failed = view.failed_throw
        shown = laid(play.cards, theme.TOP_PLAY if winning else None)
        caption, fill = None, theme.PANEL
        if failed is not None and failed.seat == play.seat:
            shown, caption, fill = thrown(failed), look.label("failed_throw"), theme.DEALER
        elif winning:
            caption, fill = look.label("won" if complete(view) else "winning"), theme.TOP_PLAY
        draw_play(image, play.seat, number, shown, look, caption, fill, winning)
    draw_story(image, title, right, lines, look)
    return image


def complete(view: SankouView) -> bool:
    """Whether the trick shown is finished (a replay's page at a trick's end): every seat
    played in it."""
    return len(view.trick) == 4


def thrown(failed: FailedThrow) -> list[Laid]:
    """A failed throw as it is shown: every card tried, the ones that had to be played
    ringed in red, the ones taken back shaded."""
    forced = Counter(failed.forced)
    faces: list[Laid] = []
    for card in failed.attempted:
        played = forced[card] > 0
        forced[card] -= played
        last = faces[-1] if faces else None
        if last is not None and last.card == card and last.dim != played:
            faces[-1] = Laid(card, last.copies + 1, last.ring, last.dim)
        else:
            faces.append(Laid(card, 1, theme.DEALER if played else None, not played))
    return faces


def _header(image: Image.Image, draw: ImageDraw.ImageDraw, view: SankouView, look: Look) -> None:
    x0, y0, x1, _ = header(draw)
    width = draw_text(image, (x0 + 18, y0 + 28), look.label("sankou"), look.style(TITLE, bold=True))
    if view.phase is Phase.PLAY:  # a finished trick shown (a replay) is already counted
        phase = look.label("trick_no", n=view.tricks_played + (0 if complete(view) else 1))
    else:
        phase = look.label(f"phase_{view.phase.value}")
    soft = look.style(SMALL, theme.SOFT_TEXT, bold=True)
    trump_w = _trump(image, draw, view, look)
    room = TRUMP_BOX[0] - trump_w - 24 - (x0 + 34 + width)
    draw_text(image, (x0 + 34 + width, y0 + 30), fit(phase, soft, room), soft)
    y = y0 + 70
    bold = look.style(TITLE, bold=True)
    if view.phase is Phase.BIDDING:
        best = best_bid(view.bids)
        x = x0 + 18 + draw_text(image, (x0 + 18, y), look.label("highest_bid"), soft) + 12
        draw_text(image, (x, y), str(best) if best is not None else "—", bold)
        return
    if view.phase in (Phase.KITTY, Phase.TRUMP):
        x = x0 + 18 + draw_text(image, (x0 + 18, y), look.label("contract"), soft) + 12
        x += draw_text(image, (x, y), str(view.contract), bold) + 24
        key = "doing_kitty" if view.phase is Phase.KITTY else "doing_trump"
        draw_text(image, (x, y), fit(look.label(key), soft, x1 - 18 - x), soft)
        return
    x = x0 + 18 + draw_text(image, (x0 + 18, y), look.label("dealer_points"), soft) + 12
    made = view.contract is not None and view.dealer_points >= view.contract
    points = look.style(TITLE, theme.GOOD if made else theme.TEXT, bold=True)
    x += draw_text(image, (x, y), str(view.dealer_points), points)
    if view.contract is not None:
        x += draw_text(image, (x + 6, y + 3), f"/ {view.contract}", soft) + 6
    defenders = draw_text(image, (x1 - 18, y), str(view.defender_points), bold, "r")
    label_w = draw_text(image, (x1 - 30 - defenders, y), look.label("defenders"), soft, "r")
    bar = (x + 16, y - 6, x1 - 50 - defenders - label_w, y + 6)
    if bar[2] - bar[0] > 40:
        _progress(draw, bar, view)


def _progress(draw: ImageDraw.ImageDraw, bar: Box, view: SankouView) -> None:
    """The dealer's points on the way to 200, with the contract marked."""
    draw.rounded_rectangle(bar, 6, fill=(34, 80, 56))
    span = bar[2] - bar[0]
    if view.dealer_points:
        made = view.contract is not None and view.dealer_points >= view.contract
        end = bar[0] + max(12, round(span * min(view.dealer_points, 200) / 200))
        draw.rounded_rectangle(
            (bar[0], bar[1], end, bar[3]), 6, fill=theme.GOOD if made else theme.GOLD
        )
    if view.contract is not None:
        mark = bar[0] + round(span * view.contract / 200)
        draw.rectangle((mark - 2, bar[1] - 6, mark + 1, bar[3] + 6), fill=theme.TEXT)


def _trump(image: Image.Image, draw: ImageDraw.ImageDraw, view: SankouView, look: Look) -> int:
    """The trump suit in a white box at the header's top right; returns its label's width."""
    x0, y0, x1, y1 = TRUMP_BOX
    draw.rounded_rectangle(TRUMP_BOX, 8, fill=theme.CARD_WHITE)
    soft = look.style(SMALL, theme.SOFT_TEXT, bold=True)
    width = draw_text(image, (x0 - 10, (y0 + y1) // 2), look.label("trump"), soft, "r")
    if view.trump is not None:
        size = x1 - x0 - 10
        shape = suit_image(view.trump, size, look.suit(view.trump))
        image.paste(shape, (x0 + 5, y0 + 5), shape)
    else:
        style = look.style(TITLE, theme.MUTED_TEXT, bold=True)
        draw_text(image, ((x0 + x1) // 2, (y0 + y1) // 2), "?", style, "m")
    return width


def _bids(image: Image.Image, seat: int, view: SankouView, look: Look, tag: str | None) -> None:
    """A seat's bids in its row, each with its place in the order of the bidding."""
    x, y0, x1, y1 = play_box(seat)
    mid = (y0 + y1) // 2
    best = best_bid(view.bids)
    style = look.style(SMALL, theme.TEXT, bold=True)
    gold = look.style(SMALL, theme.PLATE_TEXT, bold=True)
    mine = [(n, e) for n, e in enumerate(view.bids, start=1) if e.seat == seat]
    for number, entry in mine[-3:]:  # a seat bids at most a few times; the latest matter
        top = entry.amount is not None and entry.amount == best
        order_badge(image, (x + 19, mid), number, look, theme.TOP_PLAY if top else theme.PLATE)
        x = (
            pill(
                image,
                (x + 44, mid),
                bid_text(entry, look.lang),
                gold if top else style,
                theme.TOP_PLAY if top else theme.PANEL,
            )[2]
            + 12
        )
    if tag is not None and x < x1 - 60:
        style = look.style(SMALL, theme.PLATE_TEXT, bold=True)
        pill(image, (x, mid), fit(tag, style, x1 - x - 24), style, theme.TURN)


def _story(
    view: SankouView, names: Sequence[str], look: Look
) -> tuple[str, str | None, list[Entry]]:
    """The last trick play by play; before the first trick ends, how the bidding went."""
    if view.last_trick is not None:
        return _last_trick(view.last_trick, names, look)
    if view.phase is Phase.BIDDING:
        best = best_bid(view.bids)
        if best is None:
            title = look.label("first_bid", low=MIN_BID, high=MAX_BID)
        elif best >= MAX_BID:
            title = look.label("bids")
        else:
            title = look.label("next_bid", low=best + BID_STEP, high=MAX_BID)
        return title, None, []
    winner = next(
        (i for i in range(len(view.bids) - 1, -1, -1) if view.bids[i].amount == view.contract),
        None,
    )
    entries = [
        Entry(
            n + 1,
            names[e.seat],
            word=bid_text(e, look.lang),
            gold=n == winner,
            minor=e.amount is None,
        )
        for n, e in enumerate(view.bids)
    ]
    return look.label("bids"), None, entries


def _last_trick(
    last: FinishedTrick, names: Sequence[str], look: Look
) -> tuple[str, str | None, list[Entry]]:
    entries = [
        Entry(i + 1, names[play.seat], play.cards, gold=play.seat == last.winner)
        for i, play in enumerate(last.plays)
    ]
    if last.failed_throw is not None:
        failed = last.failed_throw
        lead = f"{look.label('failed_throw')}: {names[failed.seat]} · {look.label('tried')}"
        entries.append(Entry(None, lead, failed.attempted, name_max=360))
    title = f"{look.label('last_trick')} · {look.label('won_by', name=names[last.winner])}"
    return title, f"+{last.points}", entries
