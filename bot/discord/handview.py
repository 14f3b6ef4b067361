"""The private hand message: card select menus and the buttons that act on the selection.

The selection lives in the message itself (the options marked ``default``), not in the bot's
memory, so it survives a restart and each click is a fresh, stateless interaction. Option
values are unique even for identical copies: ``10H#0``, ``10H#1``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import discord

from bot.discord import controls
from bot.i18n import t
from engine.cards import BIG_JOKER, Card, parse_cards

MAX_OPTIONS = 25  # Discord's limit per select menu
MAX_MENUS = 4  # five rows per message, one kept for the buttons


def option_values(cards: Sequence[Card]) -> list[tuple[str, Card]]:
    """``(value, card)`` per card, numbering identical copies ``#0``, ``#1`` …"""
    seen: Counter[Card] = Counter()
    out = []
    for card in cards:
        out.append((f"{card}#{seen[card]}", card))
        seen[card] += 1
    return out


def cards_of(values: Iterable[str]) -> list[Card]:
    """The cards behind option values (the ``#n`` copy marks dropped)."""
    return [parse_cards(value.split("#", 1)[0])[0] for value in values]


def in_hand_order(selected: set[str], hand: Sequence[Card]) -> list[Card]:
    """The selected cards in the order the hand shows them (the option values' order)."""
    return [card for value, card in option_values(hand) if value in selected]


def chunks(cards: Sequence[Card], group: Any) -> list[list[tuple[str, Card]]]:
    """Options split into menus of at most 25, keeping each ``group(card)`` run together."""
    menus: list[list[tuple[str, Card]]] = [[]]
    runs: list[list[tuple[str, Card]]] = []
    for value, card in option_values(cards):
        if runs and group(runs[-1][-1][1]) == group(card):
            runs[-1].append((value, card))
        else:
            runs.append([(value, card)])
    for run in runs:
        for item in run:
            if len(menus[-1]) >= MAX_OPTIONS or (
                len(menus[-1]) + len(run) > MAX_OPTIONS and item is run[0] and menus[-1]
            ):
                menus.append([])
            menus[-1].append(item)
    return [menu for menu in menus if menu][:MAX_MENUS]


def label(card: Card, lang: str) -> str:
    if card.is_joker:
        return t("card.BJ" if card.rank == BIG_JOKER else "card.SJ", lang)
    return card.pretty


def selected_values(message: discord.Message | None) -> list[str]:
    """The option values marked selected in a hand message's menus, in the hand's order."""
    chosen: list[str] = []
    if message is None:
        return chosen
    for row in message.components:
        for child in getattr(row, "children", ()):
            if isinstance(child, discord.SelectMenu) and controls.is_card_menu(child.custom_id):
                chosen.extend(option.value for option in child.options if option.default)
    return chosen


def card_menus(
    table_id: int,
    hand: int,
    cards: Sequence[Card],
    lang: str,
    selected: set[str],
    *,
    by_suit: bool,
) -> list[discord.ui.Item[Any]]:
    """One select menu per chunk of the hand (by rank for 清墩, by suit for 三扣)."""
    group = (lambda c: c.suit) if by_suit else (lambda c: c.rank)
    items: list[discord.ui.Item[Any]] = []
    for index, menu in enumerate(chunks(cards, group)):
        options = [
            discord.SelectOption(label=label(card, lang), value=value, default=value in selected)
            for value, card in menu
        ]
        placeholder = t(
            "select.cards", lang, first=label(menu[0][1], lang), last=label(menu[-1][1], lang)
        )
        items.append(controls.CardMenu(table_id, hand, index, options, placeholder))
    return items


def build_view(
    table_id: int, number: int, game: str, view: Any, lang: str, selected: set[str]
) -> discord.ui.View | None:
    """The controls that fit the seat's situation in hand ``number`` (``None``: nothing to do
    but look)."""
    ui = discord.ui.View(timeout=None)
    hand = tuple(view.hand or ())
    seat = view.seat

    def button(verb: str) -> controls.HandButton:
        return controls.HandButton(table_id, number, verb, lang)

    if game == "sankou":
        phase = str(view.phase)
        if phase == "bidding":
            ui.add_item(controls.BidMenu(table_id, number, lang, bid_amounts(view)))
            ui.add_item(button("bidpass"))
            ui.add_item(button("hint"))
            return ui
        if phase == "trump":
            if view.dealer != seat:
                return None
            ui.add_item(controls.TrumpMenu(table_id, number, lang))
            ui.add_item(button("hint"))
            return ui
        if phase == "kitty" and view.dealer != seat:
            return None
        if phase not in ("kitty", "play") or not hand:
            return None
        for item in card_menus(table_id, number, hand, lang, selected, by_suit=True):
            ui.add_item(item)
        ui.add_item(button("kitty" if phase == "kitty" else "play"))
    else:
        if not hand or view.over:
            if view.partner_hand is not None and not view.over:
                ui.add_item(button("partner"))
                return ui
            return None
        for item in card_menus(table_id, number, hand, lang, selected, by_suit=False):
            ui.add_item(item)
        ui.add_item(button("play"))
        ui.add_item(button("pass"))
    ui.add_item(button("hint"))
    ui.add_item(button("clear"))
    return ui


def bid_amounts(view: Any) -> list[int]:
    """The bids still possible (RULES.md §2.2: ≥ 80, 5 above the highest, ≤ 200)."""
    highest = max((b.amount for b in view.bids if b.amount is not None), default=None)
    low = 80 if highest is None else highest + 5
    return list(range(low, 201, 5))[:MAX_OPTIONS]
