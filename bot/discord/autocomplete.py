"""Suggestions for ``/play cards:``: up to 25 plays from the player's own view, labelled.

Built from the seat's private view with the engines' own move generators, so nothing hidden is
used and the list matches what the engine will accept: plays legal now come first, then (when
it is not the player's turn) what the hand could lead, to help planning.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from bot.discord import shorthand
from bot.i18n import t
from engine.cards import Card, format_cards
from engine.errors import CardParseError

LIMIT = 25
MAX_VALUE = 100  # Discord's limit on a choice value


def suggestions(game: str, view: Any, typed: str, lang: str) -> list[tuple[str, str]]:
    """``(label, value)`` pairs; ``value`` is card notation the play command accepts."""
    hand = list(view.hand or ())
    if not hand:
        return []
    now = view.to_move == view.seat
    plays = _qingdun(view, hand, now) if game == "qingdun" else _sankou(view, hand, now)
    wanted = _typed_play(game, typed, hand)
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    prefix = _ranks(typed)
    candidates = ([(wanted, None)] if wanted else []) + list(plays)
    for cards, kind in candidates:
        value = format_cards(cards)
        if value in seen or len(value) > MAX_VALUE:
            continue
        if cards is not wanted and prefix and not _ranks(value).startswith(prefix):
            continue
        seen.add(value)
        kind = kind or _kind(game, view, cards)
        label = f"{t(kind, lang) if kind else t('kind.cards', lang, count=len(cards))} · "
        label += " ".join(c.pretty for c in cards)
        out.append((label[:MAX_VALUE], value))
        if len(out) >= LIMIT:
            break
    return out


def _ranks(text: str) -> str:
    """Only the rank characters of a play, to match what was typed against a suggestion."""
    upper = text.upper().replace("10", "T")
    return "".join(ch for ch in upper if ch in "23456789TJQKA")


def _typed_play(game: str, typed: str, hand: list[Card]) -> list[Card] | None:
    if not typed.strip():
        return None
    try:
        cards = shorthand.resolve(typed, hand) if game == "qingdun" else None
        if cards is None:
            from engine.cards import parse_cards

            cards = parse_cards(typed)
    except CardParseError:
        return None
    return cards or None


def _kind(game: str, view: Any, cards: list[Card]) -> str | None:
    if game == "qingdun":
        from engine.qingdun.combos import classify

        combo = classify(cards)
        return f"kind.{combo.kind.name.lower()}" if combo else None
    from engine.errors import IllegalMove
    from engine.sankou import classify_lead, order_for

    try:
        return f"kind.{classify_lead(cards, order_for(view.trump)).kind.value}"
    except IllegalMove:
        return None


def _qingdun(view: Any, hand: list[Card], now: bool) -> Iterator[tuple[list[Card], str]]:
    from engine.qingdun.combos import classify
    from engine.qingdun.moves import Hand

    cnt = [0] * 54
    rc = [0] * 17
    for card in hand:
        cnt[card.index] += 1
        rc[card.rank] += 1
    moves = Hand(cnt, rc)
    plays = [p for p in view.trick if p.cards]
    top = classify(plays[-1].cards) if plays and now else None
    if top is not None:
        top_led = len(plays) == 1 and view.trick[0].cards == plays[-1].cards
        generated = moves.answers(top, top_led)
    else:
        generated = moves.leads()
    for move in generated:
        yield list(move.cards), f"kind.{move.kind.name.lower()}"


def _sankou(view: Any, hand: list[Card], now: bool) -> Iterator[tuple[list[Card], str | None]]:
    if str(view.phase) != "play":
        return
    from engine.sankou import classify_lead, order_for
    from engine.sankou.moves import follows, leads

    order = order_for(view.trump)
    if now and view.trick:
        lead = classify_lead(list(view.trick[0].cards), order)
        for cards in follows(hand, lead, order):
            yield cards, None
        return
    for cards in leads(hand, order):
        yield cards, None
