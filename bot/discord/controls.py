"""Persistent controls: buttons and menus whose custom ids carry the table id.

They are discord.py ``DynamicItem``s registered at start-up, so a click on a message posted
before a restart still reaches the right table (``ct:42:hand``). The controls of a private hand
message also carry the hand's number (``ct:42:7:h:play``): one left over from an earlier hand
is refused kindly instead of acting in the hand being played now (ids without a number, from
before numbers were added, count as earlier). Each callback only hands the click to
``bot.discord.verbs``; the logic lives there, shared with the slash commands.

Menus whose pick acts at once (the legal plays, a bid, trump, a kitty to choose) carry their
choice in the option's value, never in the bot's memory: ``p`` and two digits per card index
for cards (``p0415``: 6♠ 4♥; at most 82 characters for 41 cards, within Discord's 100).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
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
    "refresh": "button.refresh",
    "takeback": "button.take_back",
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

    def __init__(
        self, table_id: int, verb: str, lang: str = "en", label: str | None = None
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or t(_LABELS[verb], lang),
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
        await interaction.client.table_verbs.public_button(interaction, self.table_id, self.verb)  # type: ignore[attr-defined]


class HandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"ct:(?P<table>\d+):{_HAND}h:(?P<verb>{'|'.join(HAND_VERBS)})",
):
    """A button on a player's private hand message."""

    def __init__(
        self, table_id: int, hand: int, verb: str, lang: str = "en", label: str | None = None
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or t(_LABELS.get(verb, f"button.{verb}"), lang),
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
        await interaction.client.hand_controls.button(  # type: ignore[attr-defined]
            interaction, self.table_id, self.hand, self.verb
        )


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
                row=index + 1,  # row 0 holds the menu that acts in one pick
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
        await interaction.client.hand_controls.select(  # type: ignore[attr-defined]
            interaction, self.table_id, self.hand, self.index, values
        )


class BidMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"ct:(?P<table>\d+):{_HAND}bid"
):
    """三扣 bidding: one option per possible amount (``suggested``: the hint's, marked)."""

    def __init__(
        self,
        table_id: int,
        hand: int,
        lang: str = "en",
        amounts: list[int] | None = None,
        suggested: int | None = None,
    ) -> None:
        amounts = amounts or [80]
        super().__init__(
            discord.ui.Select(
                custom_id=f"ct:{table_id}:{hand}:bid",
                placeholder=t("select.bid", lang),
                options=[
                    discord.SelectOption(
                        label=t("option.bid", lang, amount=a),
                        value=str(a),
                        description=t("option.suggested", lang) if a == suggested else None,
                    )
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
        await interaction.client.hand_controls.bid(  # type: ignore[attr-defined]
            interaction, self.table_id, self.hand, int(values[0])
        )


class TrumpMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"ct:(?P<table>\d+):{_HAND}trump"
):
    """三扣 dealer: name the trump suit (``suggested``: the hint's, marked)."""

    def __init__(
        self, table_id: int, hand: int, lang: str = "en", suggested: str | None = None
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"ct:{table_id}:{hand}:trump",
                placeholder=t("select.trump", lang),
                options=[
                    discord.SelectOption(
                        label=t(f"suit.{s}", lang),
                        value=s,
                        description=t("option.suggested", lang) if s == suggested else None,
                    )
                    for s in "SHDC"
                ],
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
        await interaction.client.hand_controls.trump(  # type: ignore[attr-defined]
            interaction, self.table_id, self.hand, values[0]
        )


class PickMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"ct:(?P<table>\d+):{_HAND}(?P<kind>lp|kc)",
):
    """A hand message's menu that acts in one pick, its choice held in the option's value:
    ``lp`` the legal plays of this turn, best first (a pick plays it); ``kc`` the 三扣
    dealer's whole kitties (a pick chooses those 8 cards, *Lay kitty* buries them)."""

    def __init__(
        self,
        table_id: int,
        hand: int,
        kind: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"ct:{table_id}:{hand}:{kind}",
                placeholder=placeholder,
                options=options or [discord.SelectOption(label="-", value="-")],
                row=0,
            )
        )
        self.table_id, self.hand, self.kind = table_id, hand, kind

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PickMenu:
        return cls(int(match["table"]), hand_of(match), match["kind"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = list((interaction.data or {}).get("values", []))  # type: ignore[union-attr]
        await interaction.client.hand_controls.pick(  # type: ignore[attr-defined]
            interaction, self.table_id, self.hand, self.kind, values[0] if values else ""
        )


class ConfirmButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ct:(?P<table>\d+):(?P<hand>\d+):cf:(?P<what>leave|end|stay)",
):
    """Yes / No under the private question before leaving or ending a table mid-hand; the
    hand number keeps a late click from costing a later hand."""

    def __init__(self, table_id: int, hand: int, what: str, label: str = "-") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary
                if what == "stay"
                else discord.ButtonStyle.danger,
                custom_id=f"ct:{table_id}:{hand}:cf:{what}",
            )
        )
        self.table_id, self.hand, self.what = table_id, hand, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ConfirmButton:
        return cls(int(match["table"]), int(match["hand"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.ending_verbs.confirmed(  # type: ignore[attr-defined]
            interaction, self.table_id, self.hand, self.what
        )


class TakeBackButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ct:(?P<table>\d+):tb:(?P<hand>\d+):(?P<moves>\d+):(?P<choice>y|n)",
):
    """Agree / Refuse under a request to take back a move; hand and move number tie a click
    to that one request."""

    def __init__(self, table_id: int, hand: int, moves: int, agree: bool, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t("button.take_back_yes" if agree else "button.take_back_no", lang),
                style=discord.ButtonStyle.success if agree else discord.ButtonStyle.secondary,
                custom_id=f"ct:{table_id}:tb:{hand}:{moves}:{'y' if agree else 'n'}",
            )
        )
        self.table_id, self.hand, self.moves, self.agree = table_id, hand, moves, agree

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TakeBackButton:
        return cls(
            int(match["table"]), int(match["hand"]), int(match["moves"]), match["choice"] == "y"
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.take_backs.answer_take_back(  # type: ignore[attr-defined]
            interaction, self.table_id, self.hand, self.moves, self.agree
        )


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
        await interaction.client.play_verbs.rules_page(interaction, self.game, self.lang, self.page)  # type: ignore[attr-defined]


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
        await interaction.client.ending_verbs.vote(  # type: ignore[attr-defined]
            interaction, self.table_id, self.hand, self.agree
        )


DYNAMIC_ITEMS = (
    TableButton,
    HandButton,
    CardMenu,
    BidMenu,
    TrumpMenu,
    PickMenu,
    ConfirmButton,
    TakeBackButton,
    RulesPage,
    VoteButton,
)


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


def confirm_view(table_id: int, hand: int, what: str, yes: str, no: str) -> discord.ui.View:
    """The two buttons under a question before leaving or ending a table mid-hand."""
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmButton(table_id, hand, what, yes))
    view.add_item(ConfirmButton(table_id, hand, "stay", no))
    return view


def take_back_view(table_id: int, hand: int, moves: int, lang: str) -> discord.ui.View:
    """Agree / Refuse under a request to take back a move."""
    view = discord.ui.View(timeout=None)
    view.add_item(TakeBackButton(table_id, hand, moves, True, lang))
    view.add_item(TakeBackButton(table_id, hand, moves, False, lang))
    return view


def vote_view(table_id: int, hand: int, lang: str) -> discord.ui.View:
    """The buttons under a vote on ending the table mid-hand."""
    view = discord.ui.View(timeout=None)
    view.add_item(VoteButton(table_id, hand, True, lang))
    view.add_item(VoteButton(table_id, hand, False, lang))
    return view


def public_view(
    table_id: int, status: str, game: str, lang: str, hand: Any = None
) -> discord.ui.View:
    """The buttons under the public table message for the table's state (``hand``: its public
    view): *Pass* only when it can be used (清墩 on a trick, 三扣 in the bidding, as 不叫),
    *Partner's hand* once someone has gone out."""
    view = discord.ui.View(timeout=None)
    phase = str(getattr(hand, "phase", "play"))
    labels: dict[str, str] = {}
    if status == "waiting":
        verbs: tuple[str, ...] = ("join", "leave", "addbot", "start")
    elif status == "playing" and game == "qingdun":
        verbs = ("hand", "pass", "hint")
        if getattr(hand, "finished", ()):
            verbs += ("partner",)
    elif status == "playing":
        verbs = ("hand", "pass", "hint") if phase == "bidding" else ("hand", "hint")
        labels["pass"] = t("button.bid_pass", lang)
    else:
        return view
    for verb in verbs:
        view.add_item(TableButton(table_id, verb, lang, labels.get(verb)))
    return view
