"""Persistent controls: buttons and menus whose custom ids carry the table id.

They are discord.py ``DynamicItem``s registered at start-up, so a click on a message posted
before a restart still reaches the right table (``ct:42:hand``). The controls of a private hand
message also carry the hand's number (``ct:42:7:h:play``): one left over from an earlier hand
is refused kindly instead of acting in the hand being played now (ids without a number, from
before numbers were added, count as earlier). Each callback only hands the click to
``bot.verbs``; the logic lives there, shared with the slash commands.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import t

PUBLIC_VERBS = ("join", "leave", "addbot", "start", "hand", "pass", "hint", "partner")
HAND_VERBS = ("play", "pass", "bidpass", "hint", "clear", "kitty", "partner")
_LABELS = {
    "join": "button.join",
    "leave": "button.leave",
    "addbot": "button.add_bot",
    "start": "button.start",
    "hand": "button.hand",
    "pass": "button.pass",
    "bidpass": "button.bid_pass",
    "hint": "button.hint",
    "partner": "button.partner",
    "play": "button.play",
    "clear": "button.clear",
    "kitty": "button.kitty",
}
_STYLES = {
    "join": discord.ButtonStyle.success,
    "start": discord.ButtonStyle.primary,
    "hand": discord.ButtonStyle.primary,
    "play": discord.ButtonStyle.success,
    "kitty": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.danger,
}
_CARD_MENU = re.compile(r"ct:\d+:(?:\d+:)?c:\d$")
_HAND = r"(?:(?P<hand>\d+):)?"  # the hand number; absent in ids made before it was added


def hand_of(match: re.Match[str]) -> int:
    """The hand number in a matched custom id (0 when it has none: an earlier hand)."""
    return int(match["hand"] or 0)


def is_card_menu(custom_id: str | None) -> bool:
    return bool(custom_id and _CARD_MENU.match(custom_id))


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ct:(?P<table>\d+):(?P<verb>join|leave|addbot|start|hand|pass|hint|partner)",
):
    """A button on the public table message."""

    def __init__(self, table_id: int, verb: str, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t(_LABELS[verb], lang),
                style=_STYLES.get(verb, discord.ButtonStyle.secondary),
                custom_id=f"ct:{table_id}:{verb}",
            )
        )
        self.table_id, self.verb = table_id, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableButton:
        return cls(int(match["table"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.verbs.public_button(interaction, self.table_id, self.verb)  # type: ignore[attr-defined]


class HandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"ct:(?P<table>\d+):{_HAND}h:(?P<verb>play|pass|bidpass|hint|clear|kitty|partner)",
):
    """A button on a player's private hand message."""

    def __init__(self, table_id: int, hand: int, verb: str, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t(_LABELS[verb], lang),
                style=_STYLES.get(verb, discord.ButtonStyle.secondary),
                custom_id=f"ct:{table_id}:{hand}:h:{verb}",
                row=4,
            )
        )
        self.table_id, self.hand, self.verb = table_id, hand, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HandButton:
        return cls(int(match["table"]), hand_of(match), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.verbs.hand_button(interaction, self.table_id, self.hand, self.verb)  # type: ignore[attr-defined]


class CardMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"ct:(?P<table>\d+):{_HAND}c:(?P<index>\d)",
):
    """One of the hand's card menus; choosing only marks the selection in the message."""

    def __init__(
        self,
        table_id: int,
        hand: int,
        index: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        options = options or [discord.SelectOption(label="-", value="-")]
        super().__init__(
            discord.ui.Select(
                custom_id=f"ct:{table_id}:{hand}:c:{index}",
                placeholder=placeholder,
                min_values=0,
                max_values=len(options),
                options=options,
                row=index,
            )
        )
        self.table_id, self.hand, self.index = table_id, hand, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CardMenu:
        return cls(int(match["table"]), hand_of(match), int(match["index"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = list((interaction.data or {}).get("values", []))  # type: ignore[union-attr]
        await interaction.client.verbs.select_cards(  # type: ignore[attr-defined]
            interaction, self.table_id, self.hand, self.index, values
        )


class BidMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"ct:(?P<table>\d+):{_HAND}bid"
):
    """三扣 bidding: one option per possible amount."""

    def __init__(
        self, table_id: int, hand: int, lang: str = "en", amounts: list[int] | None = None
    ) -> None:
        amounts = amounts or [80]
        super().__init__(
            discord.ui.Select(
                custom_id=f"ct:{table_id}:{hand}:bid",
                placeholder=t("select.bid", lang),
                options=[
                    discord.SelectOption(label=t("option.bid", lang, amount=a), value=str(a))
                    for a in amounts
                ],
                row=0,
            )
        )
        self.table_id, self.hand = table_id, hand

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BidMenu:
        return cls(int(match["table"]), hand_of(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = list((interaction.data or {}).get("values", []))  # type: ignore[union-attr]
        await interaction.client.verbs.bid(interaction, self.table_id, self.hand, int(values[0]))  # type: ignore[attr-defined]


class TrumpMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"ct:(?P<table>\d+):{_HAND}trump"
):
    """三扣 dealer: name the trump suit."""

    def __init__(self, table_id: int, hand: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"ct:{table_id}:{hand}:trump",
                placeholder=t("select.trump", lang),
                options=[discord.SelectOption(label=t(f"suit.{s}", lang), value=s) for s in "SHDC"],
                row=0,
            )
        )
        self.table_id, self.hand = table_id, hand

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TrumpMenu:
        return cls(int(match["table"]), hand_of(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = list((interaction.data or {}).get("values", []))  # type: ignore[union-attr]
        await interaction.client.verbs.trump(interaction, self.table_id, self.hand, values[0])  # type: ignore[attr-defined]


class RulesPage(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ct:rules:(?P<game>qingdun|sankou):(?P<lang>en|zh-TW|zh-CN):(?P<page>\d+):(?P<dir>p|n)",
):
    """Previous / Next on a /rules answer: the page to show is in the custom id."""

    def __init__(self, game: str, lang: str, page: int, direction: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=t("button.prev" if direction == "p" else "button.next", lang),
                style=discord.ButtonStyle.secondary,
                custom_id=f"ct:rules:{game}:{lang}:{page}:{direction}",
            )
        )
        self.game, self.lang, self.page = game, lang, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RulesPage:
        return cls(match["game"], match["lang"], int(match["page"]), match["dir"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.verbs.rules_page(interaction, self.game, self.lang, self.page)  # type: ignore[attr-defined]


class VoteButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ct:(?P<table>\d+):vote:(?P<hand>\d+):(?P<choice>y|n)",
):
    """Agree / Refuse on the vote to end a table mid-hand; the hand number keeps an old vote's
    buttons from counting in a later one."""

    def __init__(self, table_id: int, hand: int, agree: bool, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t("button.vote_yes" if agree else "button.vote_no", lang),
                style=discord.ButtonStyle.danger if agree else discord.ButtonStyle.success,
                custom_id=f"ct:{table_id}:vote:{hand}:{'y' if agree else 'n'}",
            )
        )
        self.table_id, self.hand, self.agree = table_id, hand, agree

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> VoteButton:
        return cls(int(match["table"]), int(match["hand"]), match["choice"] == "y")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.verbs.vote(interaction, self.table_id, self.hand, self.agree)  # type: ignore[attr-defined]


DYNAMIC_ITEMS = (TableButton, HandButton, CardMenu, BidMenu, TrumpMenu, RulesPage, VoteButton)


def vote_view(table_id: int, hand: int, lang: str) -> discord.ui.View:
    """The buttons under a vote on ending the table mid-hand."""
    view = discord.ui.View(timeout=None)
    view.add_item(VoteButton(table_id, hand, True, lang))
    view.add_item(VoteButton(table_id, hand, False, lang))
    return view


def public_view(table_id: int, status: str, game: str, lang: str) -> discord.ui.View:
    """The buttons under the public table message for the table's state."""
    view = discord.ui.View(timeout=None)
    if status == "waiting":
        verbs: tuple[str, ...] = ("join", "leave", "addbot", "start")
    elif status == "playing":
        verbs = ("hand", "pass", "hint", "partner") if game == "qingdun" else ("hand", "hint")
    else:
        return view
    for verb in verbs:
        view.add_item(TableButton(table_id, verb, lang))
    return view
