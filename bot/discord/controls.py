"""Persistent controls: buttons whose custom ids carry the table id (the hand panel's own are
in ``panel_controls``).

They are discord.py ``DynamicItem``s registered at start-up, so a click on a message posted
before a restart still reaches the right table (``ct:42:hand``). Questions and votes carry the
hand's number (``ct:42:7:cf:leave``), so a late click never counts in a later hand. Each
callback only hands the click to ``bot.discord.verbs``; the logic lives there, shared with the
slash commands.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.panel_controls import PANEL_ITEMS
from bot.i18n import t

_LABELS = {
    "join": "button.join",
    "leave": "button.leave",
    "addbot": "button.add_bot",
    "start": "button.start",
    "hand": "button.hand",
    "pass": "button.pass",
    "hint": "button.hint",
    "partner": "button.partner",
    "catchup": "button.catch_up",
    "queue": "button.queue",
}
_STYLES = {
    "join": discord.ButtonStyle.success,
    "start": discord.ButtonStyle.primary,
    "hand": discord.ButtonStyle.primary,
    "leave": discord.ButtonStyle.danger,
}


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ct:(?P<table>\d+):(?P<verb>join|leave|addbot|start|hand|pass|hint|partner|catchup|queue)",
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
    *PANEL_ITEMS,
    ConfirmButton,
    TakeBackButton,
    RulesPage,
    VoteButton,
)


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
    *Partner's hand* once someone has gone out, *Catch up* (what you missed, privately) and
    *Join next hand* (a place in line for a seat at the next deal)."""
    view = discord.ui.View(timeout=None)
    phase = str(getattr(hand, "phase", "play"))
    labels: dict[str, str] = {}
    if status == "waiting":
        verbs: tuple[str, ...] = ("join", "leave", "addbot", "start")
    elif status == "playing" and game == "qingdun":
        verbs = ("hand", "pass", "hint")
        if getattr(hand, "finished", ()):
            verbs += ("partner",)
        verbs += ("catchup", "queue")
    elif status == "playing":
        verbs = ("hand", "pass", "hint") if phase == "bidding" else ("hand", "hint")
        verbs += ("catchup", "queue")
        labels["pass"] = t("button.bid_pass", lang)
    else:
        return view
    for verb in verbs:
        view.add_item(TableButton(table_id, verb, lang, labels.get(verb)))
    return view
