"""Suggestions for ``/play cards:``: up to 25 plays legal now, labelled.

The plays come from ``TableService.legal_plays`` (the engine's move generator on the real game
state, the seat's own cards only), so the list is exactly what the engine will accept. When it
is not the player's turn there is nothing to suggest but what they typed.
"""

from __future__ import annotations

from typing import Any

from bot.discord import shorthand
from bot.i18n import t
from bot.service import ServiceError, TableService
from engine.cards import Card, format_cards, parse_cards
from engine.errors import CardParseError, IllegalMove
from engine.qingdun.combos import classify
from engine.sankou import classify_lead, order_for

LIMIT = 25
MAX_VALUE = 100  # Discord's limit on a choice value


async def suggestions(
    service: TableService, table_id: int, user_id: int, game: str, typed: str, lang: str
) -> list[tuple[str, str]]:
    """``(label, value)`` pairs; ``value`` is card notation the play command accepts.

    What was typed comes first when it reads as cards, then the plays the service says are
    legal now whose ranks start with what was typed.
    """
    try:
        view = await service.view_for(table_id, user_id)
    except ServiceError:
        return []
    hand = list(view.hand or ())
    if not hand:
        return []
    prefix = _ranks(typed)
    plays = await service.legal_plays(
        table_id,
        user_id,
        limit=LIMIT,
        where=lambda cards: _ranks(format_cards(cards)).startswith(prefix),
    )
    wanted = _typed_play(game, typed, hand)
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for cards in ([wanted] if wanted else []) + plays:
        value = format_cards(cards)
        if value in seen or len(value) > MAX_VALUE:
            continue
        seen.add(value)
        kind = _kind(game, view, cards)
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
            cards = parse_cards(typed)
    except CardParseError:
        return None
    return cards or None


def _kind(game: str, view: Any, cards: list[Card]) -> str | None:
    if game == "qingdun":
        combo = classify(cards)
        return f"kind.{combo.kind.name.lower()}" if combo else None
    try:
        return f"kind.{classify_lead(cards, order_for(view.trump)).kind.value}"
    except IllegalMove:
        return None
