"""Buttons that offer the next step: under a refusal (the fix for it), a result and the end of a
table.

- **Add bots and start** (``ct:42:fill``) under "four players are needed to start";
- **Join** and **My hand** (the table's own buttons) under refusals they fix;
- **Next hand** (``ct:42:next``) under a hand's result when the table does not deal by itself;
- **Play again** (``ct:42:again``) under a table's final standings: same seats, new table.

Like the other controls they are persistent ``DynamicItem``s carrying the table id, so they
work after a restart; each hands the click to ``bot.discord.verbs``.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord import controls
from bot.i18n import t
from bot.service import TableInfo
from engine.errors import CardParseError, IllegalMove

_LABELS = {"fill": "button.fill", "next": "button.next_hand", "again": "button.play_again"}


class OfferButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ct:(?P<table>\d+):(?P<verb>fill|next|again)",
):
    """A button offering the next step at table ``table_id``."""

    def __init__(self, table_id: int, verb: str, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t(_LABELS[verb], lang),
                style=discord.ButtonStyle.success,
                custom_id=f"ct:{table_id}:{verb}",
            )
        )
        self.table_id, self.verb = table_id, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OfferButton:
        return cls(int(match["table"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.table_verbs.offer(interaction, self.table_id, self.verb)  # type: ignore[attr-defined]


def offer(table_id: int, verb: str, lang: str) -> discord.ui.View:
    """A view holding one offer button."""
    ui = discord.ui.View(timeout=None)
    ui.add_item(OfferButton(table_id, verb, lang))
    return ui


def between_hands(info: TableInfo, lang: str) -> discord.ui.View:
    """The table message's buttons once a hand is over and the next is not dealt yet:
    **Next hand** (at a table that deals by hand) and **My hand**."""
    ui = discord.ui.View(timeout=None)
    if not info.settings.auto_deal:
        ui.add_item(OfferButton(info.id, "next", lang))
    ui.add_item(controls.TableButton(info.id, "hand", lang))
    return ui


def fix(
    refused: Exception, info: TableInfo | None, lang: str, *, typed: bool = False
) -> discord.ui.View | None:
    """The button that fixes what was refused, where there is one. A play typed with
    ``/play cards`` and refused by the rules (or unreadable) gets **My hand**: its menus
    offer only cards the player holds."""
    code = getattr(refused, "code", None)
    if info is None or code is None:
        return None
    if typed and isinstance(refused, IllegalMove | CardParseError) and info.status == "playing":
        return table_button(info.id, "hand", lang)
    if code == "need_four_players":
        return offer(info.id, "fill", lang)
    if code == "table_hand_over" and info.status == "playing" and not info.settings.auto_deal:
        return offer(info.id, "next", lang)
    if code == "not_seated" and info.status == "waiting" and None in info.seats:
        return table_button(info.id, "join", lang)
    if code in ("table_not_waiting", "not_seated") and info.status == "playing":
        return table_button(info.id, "queue", lang)  # a seat at the next deal
    return None


def table_button(table_id: int, verb: str, lang: str) -> discord.ui.View:
    """A view holding one of the table message's own buttons (``join``, ``hand`` …)."""
    ui = discord.ui.View(timeout=None)
    ui.add_item(controls.TableButton(table_id, verb, lang))
    return ui
