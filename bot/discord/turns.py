"""The turn ping: one message that lets a player who was away for hours play at once.

It mentions the player (the one mention it allows), says what the turn is (in 三扣's bidding,
kitty and trump: to press My hand, where the menus are), what must be beaten, the deadline as a
Discord timestamp (a live countdown in each reader's time zone), and what happened since the
player's own last move. A player's first turn here carries a one-line tip. A **My hand** button
under it opens the hand privately: one click from the notification to the cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.discord import text
from bot.i18n import t
from bot.service import CatchUp, TableInfo
from bot.service import events as ev

SHOWN = 8  # events listed one by one; beyond that plays and passes are counted
NOTABLE_SHOWN = 6  # notable events kept (the latest) when counting
SUMMARY_LIMIT = 700  # characters of the "since your last move" line
_TURN_KEYS = {"bidding": "turn.bid", "kitty": "turn.kitty", "trump": "turn.trump"}


def content(
    info: TableInfo,
    view: Any,
    user_id: int,
    names: Sequence[str],
    catch: CatchUp | None,
    *,
    reminder: bool = False,
    lang: str | None = None,
) -> str:
    """The ping's text in the reader's language (``lang``; else the table's), within
    Discord's 2,000 characters."""
    lang = lang or info.settings.language
    mention = f"<@{user_id}>"
    shown = [text.name(name) for name in names]
    phase = str(getattr(view, "phase", "play"))
    head = t(_TURN_KEYS.get(phase, "turn.play"), lang, mention=mention)
    if reminder:
        head = t("turn.reminder", lang, turn=head)
    lines = [head]
    if catch is not None and catch.for_you:
        lines.append(ran_out(catch.for_you, game=info.game, lang=lang))
    details = [beat(view, shown, lang) if view is not None else None]
    if info.deadline is not None:
        details.append(t("turn.due", lang, when=f"<t:{int(info.deadline)}:R>"))
    if any(details):
        lines.append(" · ".join(d for d in details if d))
    if catch is not None and catch.events:
        key = "turn.since" if catch.acted else "turn.so_far"
        summary = since(catch.events, info.game, shown, lang)
        lines.append(text.clip(t(key, lang, events=summary), SUMMARY_LIMIT))
    if catch is not None and catch.new_player:
        lines.append(t("turn.tip", lang))
    return text.fit(lines)


def ran_out(moves: Sequence[Any], *, game: str, lang: str) -> str:
    """ "Time ran out: a bot passed for you" (or played …): what a bot did in the player's
    place since their own last move."""
    words: list[str] = []
    for event in moves:
        match event:
            case ev.Played(_, cards):
                words.append(t("for_you.played", lang, cards=text.cards(cards)))
            case ev.BidPassed(_):
                words.append(t("for_you.bid_pass", lang))
            case ev.Passed(_):
                words.append(t("for_you.bid_pass" if game == "sankou" else "for_you.passed", lang))
            case ev.BidMade(_, amount):
                words.append(t("for_you.bid", lang, amount=amount))
            case ev.KittyLaid(_):
                words.append(t("for_you.kitty", lang))
            case ev.TrumpChosen(_, suit):
                words.append(t("for_you.trump", lang, suit=t(f"suit.{suit.value}", lang)))
    separator = ", " if lang == "en" else "、"
    return t("turn.time_ran_out", lang, moves=separator.join(words))


def catch_up(info: TableInfo, view: Any, names: Sequence[str], catch: CatchUp, lang: str) -> str:
    """The *Catch up* answer (private, no mention): the state now, the deadline, what the
    reader missed since their own last move."""
    shown = [text.name(name) for name in names]
    state = [beat(view, shown, lang) if view is not None and info.to_move is None else None]
    if info.to_move is not None and 0 <= info.to_move < len(shown):
        state = [
            t("hand.waiting", lang, name=shown[info.to_move]).rstrip(".。"),
            beat(view, shown, lang),
        ]
    if info.deadline is not None:
        state.append(t("turn.due", lang, when=f"<t:{int(info.deadline)}:R>"))
    lines = [t("turn.catch_up", lang, table=info.id, state=" · ".join(s for s in state if s))]
    if catch.for_you:
        lines.append(ran_out(catch.for_you, game=info.game, lang=lang))
    if catch.events:
        key = "turn.since" if catch.acted else "turn.so_far"
        summary = since(catch.events, info.game, shown, lang)
        lines.append(text.clip(t(key, lang, events=summary), SUMMARY_LIMIT))
    else:
        lines.append(t("turn.nothing_yet", lang))
    return text.fit(lines)


def beat(view: Any, names: Sequence[str], lang: str) -> str | None:
    """What the player must beat (or follow, or outbid), from the public view."""
    phase = str(getattr(view, "phase", "play"))
    if phase == "bidding":
        amounts = [b.amount for b in view.bids if b.amount is not None]
        if not amounts:
            return t("turn.first_bid", lang)
        high = max(amounts)
        bidder = next(b.seat for b in view.bids if b.amount == high)
        return t("turn.outbid", lang, name=names[bidder], amount=high, minimum=high + 5)
    if phase != "play":
        return None
    if hasattr(view, "top_seat"):  # 清墩
        top = _top(view)
        if top is None:
            return t("turn.lead", lang)
        kind = t(f"kind.{top.kind.name.lower()}", lang)
        return t("turn.beat", lang, name=names[top.seat], kind=kind, cards=text.cards(top.cards))
    if not view.trick:
        return t("turn.lead_trick", lang, number=view.tricks_played + 1)
    lead = view.trick[0]
    line = t("turn.follow", lang, name=names[lead.seat], cards=text.cards(lead.cards))
    winning = [p for p in view.trick if p.seat == view.winning_seat]
    if winning and winning[-1].seat != lead.seat:
        best = winning[-1]
        line += " · " + t("turn.winning", lang, name=names[best.seat], cards=text.cards(best.cards))
    return line


def _top(view: Any) -> Any:
    """The 清墩 play on top of the current trick (the top seat's latest play), if any."""
    plays = [p for p in view.trick if p.seat == view.top_seat and not p.is_pass]
    return plays[-1] if plays else None


def since(events: Sequence[Any], game: str, names: Sequence[str], lang: str) -> str:
    """Events in a few words each; many plays and passes are counted instead of listed."""
    items = [item for event in events if (item := _item(event, game, names, lang))]
    if len(items) <= SHOWN:
        return " · ".join(words for _, words in items)
    plays = sum(1 for event in events if isinstance(event, ev.Played))
    passes = sum(1 for event in events if isinstance(event, ev.Passed | ev.BidPassed))
    counted = [t("turn.plays", lang, count=plays)]
    if passes:
        key = "turn.bid_passes" if game == "sankou" else "turn.passes"
        counted.append(t(key, lang, count=passes))
    notable = [words for notable, words in items if notable][-NOTABLE_SHOWN:]
    return " · ".join([", ".join(counted), *notable])


def _item(event: Any, game: str, names: Sequence[str], lang: str) -> tuple[bool, str] | None:
    """(whether it stands out among many, its words), or None for what a summary skips."""

    def name(seat: int | None) -> str:
        return names[seat] if seat is not None and 0 <= seat < len(names) else "?"

    match event:
        case ev.Played(seat, cards):
            return False, t("since.played", lang, name=name(seat), cards=text.cards(cards))
        case ev.Passed(seat) | ev.BidPassed(seat):
            key = "since.bid_pass" if game == "sankou" else "since.passed"
            return False, t(key, lang, name=name(seat))
        case ev.BidMade(seat, amount):
            return False, t("since.bid", lang, name=name(seat), amount=amount)
        case ev.TrickWon(seat, points):
            return True, t("since.trick", lang, name=name(seat), points=points)
        case ev.PlayerOut(seat, place):
            return True, t("since.out", lang, name=name(seat), place=t(f"place.{place}", lang))
        case ev.ThrowFailed(seat, attempted, forced):
            return True, t(
                "since.failed",
                lang,
                name=name(seat),
                attempted=text.cards(attempted),
                forced=text.cards(forced),
            )
        case ev.DealerChosen(seat, contract):
            return True, t("since.dealer", lang, name=name(seat), amount=contract)
        case ev.KittyLaid(seat):
            return True, t("since.kitty", lang, name=name(seat))
        case ev.TrumpChosen(_, suit):
            return True, t("since.trump", lang, suit=t(f"suit.{suit.value}", lang))
        case ev.TimedOut(seat, _):
            return True, t("since.timed_out", lang, name=name(seat))
        case ev.SeatTakenOver(seat, _):
            return True, t("since.taken_over", lang, name=name(seat))
        case ev.MoveTakenBack(seat, cards):
            shown = text.cards(cards) if cards else t("option.pass", lang)
            return True, t("since.taken_back", lang, name=name(seat), cards=shown)
    return None
