"""Suggestions for ``/play cards:``: up to 25 plays legal now, guided by what was typed.

Autocomplete must answer within Discord's 3 seconds and never hold up anything else, so it
works on the player's view as last committed (``TableService.peek_view``: no lock awaited,
nothing read from disk; a table busy with a change gives only what was typed back) and asks the
engines for plays lazily, looking at no more than ``WORK`` of them per keystroke. In 三扣 a
follow is suggested by groups (the cards the rule forces, then the free part by lowest cards,
pairs, one suit; ``engine.sankou.follows``), never by listing every subset; in 清墩 the
engine lists one play per distinct strength (``engine.qingdun.suggest``).

What was typed comes first when it reads as cards. 三扣: the cards typed in full stay in every
suggestion and a half-typed last card (``10``, ``K``, ``♥``, ``大``) is completed from the hand.
清墩: suggestions hold at least the ranks typed.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from itertools import islice
from typing import Any

from bot.discord import shorthand, text
from bot.i18n import t
from bot.service import TableService
from engine.cards import RANK_NAMES, Card, format_cards, parse_cards
from engine.errors import CardParseError, IllegalMove
from engine.qingdun import suggest
from engine.qingdun.combos import classify
from engine.sankou import classify_lead, follows, order_for

LIMIT = 25  # Discord's limit on choices
MAX_VALUE = 100  # Discord's limit on a choice's name and value
WORK = 2000  # plays looked at, at most, per keystroke
PER_CARD = 3  # 三扣: suggestions for each card a half-typed token may be
_SEPARATORS = re.compile(r"[\s,;，、]+")
_ALIASES = {"大王": "BJ", "大鬼": "BJ", "小王": "SJ", "小鬼": "SJ"}


def suggestions(
    service: TableService, table_id: int, user_id: int, game: str, typed: str, lang: str
) -> list[tuple[str, str]]:
    """``(label, value)`` pairs; ``value`` is card notation the play command accepts."""
    view = service.peek_view(table_id, user_id)
    hand = list(getattr(view, "hand", None) or ())
    wanted = _typed_play(game, typed, hand)
    plays: Iterator[list[Card]] = iter(())
    if view is not None:
        plays = _qingdun(view, typed) if game == "qingdun" else _sankou(view, typed)
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for cards in [*([wanted] if wanted else []), *islice(plays, WORK)]:
        value = format_cards(cards)
        if value in seen or len(value) > MAX_VALUE:
            continue
        seen.add(value)
        kind = _kind(game, view, cards)
        label = f"{t(kind, lang) if kind else t('kind.cards', lang, count=len(cards))} · "
        out.append((text.clip(label + text.cards(cards), MAX_VALUE), value))
        if len(out) >= LIMIT:
            break
    return out


def _qingdun(view: Any, typed: str) -> Iterator[list[Card]]:
    """The legal plays holding at least the ranks typed."""
    ranks = shorthand.typed_ranks(typed)
    for play in suggest.plays_for(view):
        if not ranks - Counter(card.rank for card in play):
            yield play


def _sankou(view: Any, typed: str) -> Iterator[list[Card]]:
    """Sensible plays holding the cards typed, the half-typed last one completed."""
    split = split_typed(typed)
    if split is None:
        return
    chosen, partial = split
    if not partial:
        yield from follows.suggestions(view, chosen)
        return
    for card in dict.fromkeys(view.hand or ()):
        if completes(partial, card):
            yield from islice(follows.suggestions(view, [*chosen, card]), PER_CARD)


def split_typed(typed: str) -> tuple[list[Card], str] | None:
    """The cards typed in full and the half-typed rest (``"AH 10"`` → ``[AH]``, ``"10"``);
    None when something before the end is not a card."""
    stripped = typed.lstrip()
    chunks = _SEPARATORS.split(stripped)
    last = "" if not stripped or _SEPARATORS.fullmatch(stripped[-1]) else chunks.pop()
    try:
        cards = [card for chunk in chunks if chunk for card in parse_cards(chunk)]
    except CardParseError:
        return None
    if not last:
        return cards, ""
    try:
        return cards + parse_cards(last), ""
    except CardParseError as exc:
        head = last[: len(last) - len(exc.token)]
        try:
            return cards + parse_cards(head), exc.token
        except CardParseError:  # pragma: no cover - the head is what parse_cards read
            return None


def completes(partial: str, card: Card) -> bool:
    """Whether ``card`` may be what the half-typed ``partial`` is becoming."""
    partial = partial.upper()
    if card.suit is None:
        names = [str(card), *(alias for alias, name in _ALIASES.items() if name == str(card))]
        return any(name.upper().startswith(partial) for name in names)
    rank = RANK_NAMES[card.rank]
    names = [str(card), card.pretty, card.suit.symbol + rank]
    if card.rank == 10:
        names.append("T" + card.suit.value)
    return any(name.upper().startswith(partial) for name in names)


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
        return f"kind.{classify_lead(cards, order_for(getattr(view, 'trump', None))).kind.value}"
    except IllegalMove:
        return None
