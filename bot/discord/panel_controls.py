"""The hand panel's persistent controls: custom ids that carry the hand and turn drawn for.

A player's private hand message (the *panel*) has buttons and menus whose ids name the table,
the hand's number and the turn they were drawn at (``ct:42:7.31:h:play``: table 42, hand 7,
drawn after 31 moves of that hand). A click on a control drawn for another hand or turn is
refused as an old hand message (with a fresh panel in its place), never played, even when its
cards would still be legal (``hand_controls``). Ids from before turns were added, and from
before hands were numbered, count as old. At most 100 characters (Discord's limit): table and
hand ids of 19 digits and a turn of 5 still leave 50 to spare.

Menus whose pick acts at once (the legal plays, a bid, trump, a kitty to choose) carry their
choice in the option's value, never in the bot's memory: ``p`` and two digits per card index
for cards (``p0415``: 6♠ 4♥; at most 82 characters for 41 cards, within Discord's 100).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.i18n import t
from engine.cards import ALL_CARDS, Card

HAND_VERBS = (
    "play",
    "pass",
    "bidpass",
    "hint",
    "clear",
    "kitty",
    "partner",
    "refresh",
    "colours",
    "takeback",
)
_LABELS = {
    "pass": "button.pass",
    "bidpass": "button.bid_pass",
    "hint": "button.hint",
    "partner": "button.partner",
    "play": "button.play",
    "clear": "button.clear",
    "kitty": "button.kitty",
    "refresh": "button.refresh",
    "takeback": "button.take_back",
}
_STYLES = {"play": discord.ButtonStyle.success, "kitty": discord.ButtonStyle.success}
# the hand's number and the turn; either may be absent in ids made before it was added
_STAMP = r"(?:(?P<hand>\d+)(?:\.(?P<turn>\d+))?:)?"
_CARD_MENU = re.compile(r"ct:\d+:(?:\d+(?:\.\d+)?:)?c:\d$")


@dataclass(frozen=True, slots=True)
class Stamp:
    """What a panel control was drawn for: the hand's number and the moves made in it then
    (``turn``; -1 in an id from before turns were added: old whatever is played now)."""

    hand: int
    turn: int

    @property
    def tag(self) -> str:
        return f"{self.hand}.{self.turn}"

    @classmethod
    def of(cls, match: re.Match[str]) -> Stamp:
        turn = match["turn"]
        return cls(int(match["hand"] or 0), -1 if turn is None else int(turn))


def is_card_menu(custom_id: str | None) -> bool:
    return bool(custom_id and _CARD_MENU.match(custom_id))


def card_menu_id(table_id: int, stamp: Stamp, index: int) -> str:
    return f"ct:{table_id}:{stamp.tag}:c:{index}"


def _values(interaction: discord.Interaction) -> list[str]:
    return list((interaction.data or {}).get("values", []))  # type: ignore[union-attr]


class HandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"ct:(?P<table>\d+):{_STAMP}h:(?P<verb>{'|'.join(HAND_VERBS)})",
):
    """A button on a player's private hand message."""

    def __init__(
        self, table_id: int, stamp: Stamp, verb: str, lang: str = "en", label: str | None = None
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or t(_LABELS.get(verb, f"button.{verb}"), lang),
                style=_STYLES.get(verb, discord.ButtonStyle.secondary),
                custom_id=f"ct:{table_id}:{stamp.tag}:h:{verb}",
                row=4,
            )
        )
        self.table_id, self.stamp, self.verb = table_id, stamp, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HandButton:
        return cls(int(match["table"]), Stamp.of(match), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.hand_controls.button(  # type: ignore[attr-defined]
            interaction, self.table_id, self.stamp, self.verb
        )


class CardMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"ct:(?P<table>\d+):{_STAMP}c:(?P<index>\d)",
):
    """One of the hand's card menus; choosing only marks the selection in the message."""

    def __init__(
        self,
        table_id: int,
        stamp: Stamp,
        index: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        options = options or [discord.SelectOption(label="-", value="-")]
        super().__init__(
            discord.ui.Select(
                custom_id=card_menu_id(table_id, stamp, index),
                placeholder=placeholder,
                min_values=0,
                max_values=len(options),
                options=options,
                row=index + 1,  # row 0 holds the menu that acts in one pick
            )
        )
        self.table_id, self.stamp, self.index = table_id, stamp, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CardMenu:
        return cls(int(match["table"]), Stamp.of(match), int(match["index"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.hand_controls.select(  # type: ignore[attr-defined]
            interaction, self.table_id, self.stamp, self.index, _values(interaction)
        )


class BidMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"ct:(?P<table>\d+):{_STAMP}bid"
):
    """三扣 bidding: one option per possible amount (``suggested``: the hint's, marked with
    ``note``: its reason)."""

    def __init__(
        self,
        table_id: int,
        stamp: Stamp,
        lang: str = "en",
        amounts: list[int] | None = None,
        suggested: int | None = None,
        note: str | None = None,
    ) -> None:
        amounts = amounts or [80]
        note = note or t("option.suggested", lang)
        super().__init__(
            discord.ui.Select(
                custom_id=f"ct:{table_id}:{stamp.tag}:bid",
                placeholder=t("select.bid", lang),
                options=[
                    discord.SelectOption(
                        label=t("option.bid", lang, amount=a),
                        value=str(a),
                        description=note if a == suggested else None,
                    )
                    for a in amounts
                ],
                row=0,
            )
        )
        self.table_id, self.stamp = table_id, stamp

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BidMenu:
        return cls(int(match["table"]), Stamp.of(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.hand_controls.bid(  # type: ignore[attr-defined]
            interaction, self.table_id, self.stamp, int(_values(interaction)[0])
        )


class TrumpMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"ct:(?P<table>\d+):{_STAMP}trump"
):
    """三扣 dealer: name the trump suit (``suggested``: the hint's, marked with ``note``)."""

    def __init__(
        self,
        table_id: int,
        stamp: Stamp,
        lang: str = "en",
        suggested: str | None = None,
        note: str | None = None,
    ) -> None:
        note = note or t("option.suggested", lang)
        super().__init__(
            discord.ui.Select(
                custom_id=f"ct:{table_id}:{stamp.tag}:trump",
                placeholder=t("select.trump", lang),
                options=[
                    discord.SelectOption(
                        label=t(f"suit.{s}", lang),
                        value=s,
                        description=note if s == suggested else None,
                    )
                    for s in "SHDC"
                ],
                row=0,
            )
        )
        self.table_id, self.stamp = table_id, stamp

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TrumpMenu:
        return cls(int(match["table"]), Stamp.of(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.hand_controls.trump(  # type: ignore[attr-defined]
            interaction, self.table_id, self.stamp, _values(interaction)[0]
        )


class PickMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"ct:(?P<table>\d+):{_STAMP}(?P<kind>lp|kc)",
):
    """A hand message's menu that acts in one pick, its choice held in the option's value:
    ``lp`` the legal plays of this turn, best first (a pick plays it); ``kc`` the 三扣
    dealer's whole kitties (a pick chooses those 8 cards, *Lay kitty* buries them)."""

    def __init__(
        self,
        table_id: int,
        stamp: Stamp,
        kind: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"ct:{table_id}:{stamp.tag}:{kind}",
                placeholder=placeholder,
                options=options or [discord.SelectOption(label="-", value="-")],
                row=0,
            )
        )
        self.table_id, self.stamp, self.kind = table_id, stamp, kind

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PickMenu:
        return cls(int(match["table"]), Stamp.of(match), match["kind"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = _values(interaction)
        await interaction.client.hand_controls.pick(  # type: ignore[attr-defined]
            interaction, self.table_id, self.stamp, self.kind, values[0] if values else ""
        )


PANEL_ITEMS = (HandButton, CardMenu, BidMenu, TrumpMenu, PickMenu)


def encode_cards(cards: Sequence[Card]) -> str:
    """A menu option's value for these cards (``p`` and two digits per card index, sorted)."""
    return "p" + "".join(f"{card.index:02d}" for card in sorted(cards))


def decode_cards(value: str) -> list[Card] | None:
    """The cards of ``encode_cards``; None for anything else (a forged or odd value)."""
    digits = value[1:]
    if not value.startswith("p") or not digits or len(digits) % 2 or not digits.isdigit():
        return None
    indexes = [int(digits[i : i + 2]) for i in range(0, len(digits), 2)]
    if any(i >= len(ALL_CARDS) for i in indexes):
        return None
    return [ALL_CARDS[i] for i in indexes]
