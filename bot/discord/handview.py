"""The private hand message's controls: the menus and buttons that fit the seat's situation.

On the player's turn the first row is a menu that acts in one pick: the legal plays of this
turn best first (``TurnOptions.plays``, the hint's first), the bids, the dealer's whole kitties
or the trump suits. Below it, card select menus choose cards one by one for anything else,
and a row of buttons acts on that selection. Off turn there is nothing to play: *Take back*
(while the last move is the player's and may be taken back), *Refresh*, and the colour toggle.

The selection lives in the message itself (the options marked ``default``), not in the bot's
memory, so it survives a restart and each click is a fresh, stateless interaction. Option
values are unique even for identical copies: ``10H#0``, ``10H#1``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any

import discord

from bot.discord import panel_controls as controls
from bot.discord import text
from bot.discord.panel_controls import Stamp
from bot.discord.reason_text import reason_sentence
from bot.i18n import t
from bot.service import TurnOptions
from engine.actions import Bid, DeclareTrump, Pass, Play
from engine.cards import BIG_JOKER, Card, parse_cards
from engine.errors import IllegalMove
from engine.qingdun.combos import classify
from engine.sankou import classify_lead, order_for
from engine.sankou.combos import play_key
from engine.sankou.follows import best_key, lead_of

MAX_OPTIONS = 25  # Discord's limit per select menu
MAX_TEXT = 100  # Discord's limit on an option's label, value and description
MAX_MENUS = 3  # five rows per message: one for the one-pick menu, one for the buttons
PASS = "pass"  # the legal-plays option that passes (when the hint says to)


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


def values_for(cards: Iterable[Card], hand: Sequence[Card]) -> set[str]:
    """The option values selecting ``cards`` among the hand's (the first free copy of each)."""
    wanted = Counter(cards)
    chosen = set()
    for value, card in option_values(hand):
        if wanted[card] > 0:
            wanted[card] -= 1
            chosen.add(value)
    return chosen


def in_hand_order(selected: Collection[str], hand: Sequence[Card]) -> list[Card]:
    """The selected cards in the order the hand shows them (the option values' order)."""
    return [card for value, card in option_values(hand) if value in selected]


def chunks(
    cards: Sequence[Card], group: Any, most: int = MAX_MENUS
) -> list[list[tuple[str, Card]]]:
    """Options split into menus of at most 25, keeping each ``group(card)`` run together.

    Two menus side by side always hold more than 25 options (else they would be one), so
    three menus hold any hand of up to 51 cards (清墩: 41, the 三扣 dealer: 33).
    """
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
    return [menu for menu in menus if menu][:most]


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


def kind_key(game: str, view: Any, cards: Sequence[Card]) -> str | None:
    """The catalogue key of the kind a play makes (None when it names none: a 三扣 follow)."""
    if game == "qingdun":
        combo = classify(cards)
        return f"kind.{combo.kind.name.lower()}" if combo else None
    if lead_of(view) is not None:
        return None
    try:
        return f"kind.{classify_lead(list(cards), order_for(view.trump)).kind.value}"
    except IllegalMove:
        return None


def play_label(game: str, view: Any, cards: Sequence[Card], lang: str) -> str:
    """A play as a menu shows it: its kind and its cards (``Pair · 3♠ 3♥``), at most 100."""
    kind = kind_key(game, view, cards)
    head = t(kind, lang) if kind else t("kind.cards", lang, count=len(cards))
    return text.clip(f"{head} · {text.cards(cards)}", MAX_TEXT)


def card_menus(
    table_id: int,
    stamp: Stamp,
    cards: Sequence[Card],
    lang: str,
    selected: Collection[str],
    *,
    by_suit: bool,
) -> list[discord.ui.Item[Any]]:
    """One select menu per chunk of the hand (by rank for 清墩, by suit for 三扣), rows 1-3."""
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
        items.append(controls.CardMenu(table_id, stamp, index, options, placeholder))
    return items


def plays_menu(table_id: int, game: str, options: TurnOptions, lang: str) -> Any:
    """The one-pick menu of this turn's legal plays (None when there is none)."""
    view, hint = options.view, options.hint
    winning = _winning(view) if game == "sankou" else (lambda cards: False)
    items: list[discord.SelectOption] = []
    if isinstance(hint, Pass) and options.may_pass:
        items.append(
            discord.SelectOption(
                label=t("option.pass", lang),
                value=PASS,
                description=suggested_note(options, lang),
            )
        )
    for index, cards in enumerate(options.plays[: MAX_OPTIONS - len(items)]):
        note = None
        if index == 0 and isinstance(hint, Play):
            note = suggested_note(options, lang)
        elif winning(cards):
            note = t("option.wins", lang)
        items.append(
            discord.SelectOption(
                label=play_label(game, view, cards, lang),
                value=controls.encode_cards(cards),
                description=note,
            )
        )
    if not items:
        return None
    return controls.PickMenu(table_id, stamp_of(options), "lp", items, t("select.plays", lang))


def suggested_note(options: TurnOptions, lang: str) -> str:
    """The hint's mark in the legal-plays menu, with its reason when the AI gave one."""
    sentence = reason_sentence(options.reason, lang) if options.reason is not None else None
    if sentence is None:
        return t("option.suggested", lang)
    return text.clip(t("option.suggested_why", lang, reason=sentence), MAX_TEXT)


def _winning(view: Any) -> Callable[[Sequence[Card]], bool]:
    """三扣: whether a follow would take the trick as it stands (leads: no mark)."""
    lead = lead_of(view)
    if lead is None:
        return lambda cards: False
    order = order_for(view.trump)
    best = best_key(view, lead, order)

    def wins(cards: Sequence[Card]) -> bool:
        key = play_key(lead, list(cards), order)
        return key is not None and best is not None and key > best

    return wins


def kitty_menu(table_id: int, options: TurnOptions, lang: str) -> Any:
    """The dealer's whole kitties to choose from (one per suit that may become trump)."""
    items = [
        discord.SelectOption(
            label=text.clip(
                t("option.kitty", lang, suit=suit.symbol, cards=text.cards(cards)), MAX_TEXT
            ),
            value=controls.encode_cards(cards),
            description=suggested_note(options, lang) if index == 0 else None,
        )
        for index, (suit, cards) in enumerate(options.kitties[:MAX_OPTIONS])
    ]
    if not items:
        return None
    return controls.PickMenu(table_id, stamp_of(options), "kc", items, t("select.kitty", lang))


def build_view(
    table_id: int,
    game: str,
    options: TurnOptions,
    lang: str,
    selected: Collection[str],
    *,
    four_colour: bool,
) -> discord.ui.View | None:
    """The controls that fit the seat's situation (``None``: nothing to do but look)."""
    view = options.view
    stamp = stamp_of(options)
    ui = discord.ui.View(timeout=None)
    hand = tuple(view.hand or ())
    if view.over:
        return None

    def button(verb: str, label: str | None = None) -> None:
        ui.add_item(controls.HandButton(table_id, stamp, verb, lang, label))

    def colours() -> None:
        button("colours", t("button.two_colours" if four_colour else "button.four_colours", lang))

    if not options.my_turn:
        if options.take_back:
            button("takeback")
        if getattr(view, "partner_hand", None) is not None:
            button("partner")
        button("refresh")
        colours()
        return ui
    phase = str(getattr(view, "phase", "play"))
    hint = options.hint
    if phase == "bidding":
        amounts = bid_amounts(view)
        suggested = hint.amount if isinstance(hint, Bid) else None
        note = suggested_note(options, lang)
        ui.add_item(controls.BidMenu(table_id, stamp, lang, amounts, suggested, note))
        button("bidpass")
        button("hint")
        colours()
        return ui
    if phase == "trump":
        suggested = hint.suit.value if isinstance(hint, DeclareTrump) else None
        note = suggested_note(options, lang)
        ui.add_item(controls.TrumpMenu(table_id, stamp, lang, suggested, note))
        button("hint")
        colours()
        return ui
    first = kitty_menu(table_id, options, lang) if phase == "kitty" else None
    first = first or plays_menu(table_id, game, options, lang)
    if first is not None:
        ui.add_item(first)
    for item in card_menus(table_id, stamp, hand, lang, selected, by_suit=game == "sankou"):
        ui.add_item(item)
    button("kitty" if phase == "kitty" else "play")
    if options.may_pass:
        button("pass")
    button("hint")
    button("clear")
    colours()
    return ui


def stamp_of(options: TurnOptions) -> Stamp:
    """What the panel's controls are drawn for: this hand, this turn."""
    return Stamp(options.hand_number, options.moves)


def bid_amounts(view: Any) -> list[int]:
    """The bids still possible (RULES.md §2.2: ≥ 80, 5 above the highest, ≤ 200)."""
    highest = max((b.amount for b in view.bids if b.amount is not None), default=None)
    low = 80 if highest is None else highest + 5
    return list(range(low, 201, 5))[:MAX_OPTIONS]
