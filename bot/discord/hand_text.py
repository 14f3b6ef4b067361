"""What the private hand message says: the situation, a hint, a move's outcome, a take-back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.discord import handview, text
from bot.discord.reason_text import reason_line
from bot.discord.text import seat_names
from bot.i18n import t
from bot.service import TableInfo, TurnOptions, Update
from bot.service import events as ev
from engine.actions import Action, Bid, DeclareTrump, Discard, Pass, Play
from engine.cards import Card, Suit
from engine.errors import IllegalMove
from engine.qingdun.suggest import top_of


def situation(info: TableInfo, options: TurnOptions, lang: str) -> list[str]:
    """What the player is to do, or whom the table waits for (and the 三扣 kitty)."""
    view = options.view
    names = [text.name(name) for name in seat_names(info, lang)]
    mover = view.to_move
    who = names[mover] if mover is not None and 0 <= mover < 4 else ""
    if view.over:
        return [t("hand.over", lang)]
    if info.game == "qingdun":
        return [_qingdun(view, options.my_turn, names, who, lang)]
    return _sankou(view, options.my_turn, names, who, lang)


def _qingdun(view: Any, mine: bool, names: list[str], who: str, lang: str) -> str:
    if view.partner_hand is not None:
        return t("hand.out", lang)
    if not mine:
        return t("hand.waiting", lang, name=who)
    top = next((play for play in reversed(view.trick) if play.cards), None)
    if top_of(view) is None or top is None:
        return t("hand.lead", lang)
    kind = handview.kind_key("qingdun", view, top.cards) or "kind.cards"
    shown = text.cards(top.cards)
    return t(
        "hand.beat",
        lang,
        name=names[top.seat],
        kind=t(kind, lang, count=len(top.cards)),
        cards=shown,
    )


def _sankou(view: Any, mine: bool, names: list[str], who: str, lang: str) -> list[str]:
    phase = str(view.phase)
    if phase == "bidding":
        if mine:
            line = t("hand.bid_turn", lang, minimum=handview.bid_amounts(view)[0])
        else:
            line = t("hand.waiting_bid", lang, name=who)
    elif phase == "kitty":
        key = "hand.kitty_turn" if mine else "hand.waiting_kitty"
        line = t(key, lang, name=who, amount=view.contract)
    elif phase == "trump":
        line = t("hand.trump_turn" if mine else "hand.waiting_trump", lang, name=who)
    elif not mine:
        line = t("hand.waiting", lang, name=who)
    elif not view.trick:
        line = t("hand.lead_trump", lang, suit=suit_name(view.trump, lang))
    else:
        lead = view.trick[0]
        line = t(
            "hand.follow",
            lang,
            name=names[lead.seat],
            cards=text.cards(lead.cards),
            count=len(lead.cards),
            suit=suit_name(view.trump, lang),
        )
    kitty = getattr(view, "kitty", None)
    if not kitty:  # the dealer's own view only
        return [line]
    key = "hand.from_kitty" if phase == "kitty" else "hand.buried"
    return [line, t(key, lang, cards=text.cards(kitty))]


def hinted(options: TurnOptions, lang: str) -> tuple[str | None, set[str]]:
    """The hint as the first line with its reason below ("Why: …", when the AI gave one),
    and (a play or a kitty) its cards chosen in the menus. Only the player's own private
    hand message shows it."""
    action = options.hint
    if action is None:
        return None, set()
    view = options.view
    cards = action.cards if isinstance(action, Play | Discard) else ()
    bidding = str(getattr(view, "phase", "")) == "bidding"
    words = hint_text(action, lang, bidding=bidding)
    why = reason_line(options.reason, lang)
    if why is not None:
        words = f"{words}\n{why}"
    return words, handview.values_for(cards, view.hand or ())


def hint_text(action: Action, lang: str, *, bidding: bool = False) -> str:
    """The hint in words (a pass in the 三扣 bidding is 不叫, on a 清墩 trick 不要)."""
    if bidding and isinstance(action, Pass):
        return t("hint.bid_pass", lang)
    match action:
        case Play(_, cards):
            return t("hint.play", lang, cards=text.cards(cards))
        case Bid(_, amount):
            return t("hint.bid", lang, amount=amount)
        case Discard(_, cards):
            return t("hint.discard", lang, cards=text.cards(cards))
        case DeclareTrump(_, suit):
            return t("hint.trump", lang, suit=t(f"suit.{suit.value}", lang))
        case Pass():
            return t("hint.pass", lang)
    return t("hint.pass", lang)


def no_hint(options: TurnOptions) -> IllegalMove:
    """Why there is no hint: another seat is to move, or the hand is over."""
    mover = options.view.to_move
    if mover is not None:
        return IllegalMove("not your turn", code="not_your_turn", seat=mover)
    return IllegalMove("nothing to do", code="no_hint", seat=options.view.seat)


def played_line(cards: list[Card], lang: str) -> Callable[[Update], str]:
    """What a typed play says back: its cards, or the failed throw and what it forced."""

    def line(update: Update) -> str:
        for event in update.announcements:
            if isinstance(event, ev.ThrowFailed):
                attempted, forced = text.cards(event.attempted), text.cards(event.forced)
                return t("hand.throw_failed", lang, attempted=attempted, forced=forced)
        return t("hand.played", lang, cards=text.cards(cards))

    return line


def take_back_line(update: Update, lang: str) -> str:
    """What asking for a take-back did: taken back at once, or the others asked."""
    for event in update.announcements:
        if isinstance(event, ev.MoveTakenBack):
            return t("hand.taken_back", lang, cards=move_words(event.cards, lang))
        if isinstance(event, ev.TakeBackAsked):
            return t("hand.take_back_asked", lang, expires=int(event.expires_at))
    return t("hand.done", lang)


def request_line(event: Any, names: list[str], lang: str) -> str | None:
    """How a take-back request post says what became of it."""
    match event:
        case ev.TakeBackCast(seat):
            return t("takeback.agreed_by", lang, name=names[seat])
        case ev.MoveTakenBack(seat, cards):
            return t("takeback.done", lang, name=names[seat], cards=move_words(cards, lang))
        case ev.TakeBackClosed("refused", seat) if seat is not None:
            return t("takeback.refused", lang, name=names[seat])
        case ev.TakeBackClosed(outcome, _):
            return t(f"takeback.{outcome}", lang)
    return None


def move_words(cards: tuple[Card, ...], lang: str) -> str:
    """A move in words: its cards, or (a 清墩 pass) "pass"."""
    return text.cards(cards) if cards else t("option.pass", lang)


def suit_name(suit: Suit | None, lang: str) -> str:
    return t(f"suit.{suit.value}", lang) if suit is not None else "?"
