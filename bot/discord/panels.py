"""Each player's one live hand panel: which private message it is, and retiring the others.

A player has at most one hand message with live controls at a table: the newest. Whenever a
new one is sent (*My hand*, a hint, a fresh panel at the bottom of the channel), or an old one
is brought back to life by a click, the previous one is deleted with its interaction's token
(Discord lets a token edit or delete its messages for 15 minutes), or if that fails collapsed
to one line without controls. A panel past that window cannot be touched any more: its
controls are refused instead (the newest message is remembered, and every control carries the
hand and turn it was drawn for, ``panel_controls``). Shortly before its token runs out, a
panel is closed: its controls are taken off and a line says to press *My hand* (``expiring``,
run by the deadline pass), so no old message keeps controls that look live.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import discord

from bot.discord.replies import SEND_FAILURES
from bot.i18n import t

log = logging.getLogger(__name__)
KEPT_FOR = timedelta(minutes=14)  # Discord lets an interaction's messages be edited for 15
BELOW = 3  # messages under the panel when the turn comes: more, and a fresh one is sent below
Key = tuple[int, int]  # (table id, user id)


@dataclass(slots=True)
class Panel:
    """A hand panel the bot may still edit: the interaction whose token reaches it, and the
    message (its original response, or ``followup``: one of its follow-ups)."""

    interaction: discord.Interaction
    message_id: int | None
    followup: bool
    lang: str
    state: tuple[Any, ...]
    until: datetime

    @property
    def live(self) -> bool:
        return discord.utils.utcnow() < self.until

    async def edit(self, **changes: Any) -> bool:
        """Put new contents in the panel's message; whether it was done."""
        try:
            if self.followup and self.message_id is not None:
                await self.interaction.followup.edit_message(self.message_id, **changes)
            else:
                await self.interaction.edit_original_response(**changes)
        except SEND_FAILURES as exc:
            log.info("a hand panel could not be updated (%s)", getattr(exc, "status", exc))
            return False
        return True

    async def send_below(self, **kwargs: Any) -> Panel | None:
        """A fresh panel at the bottom of the channel: a private follow-up of the same
        interaction (its token is still valid); None when Discord refused it."""
        try:
            sent = await self.interaction.followup.send(ephemeral=True, wait=True, **kwargs)
        except SEND_FAILURES as exc:
            log.info("a fresh hand panel could not be sent (%s)", getattr(exc, "status", exc))
            return None
        return Panel(self.interaction, sent.id, True, self.lang, self.state, self.until)

    async def retire(self) -> None:
        """The panel is not the newest any more: deleted, else collapsed to one line."""
        if not self.live:
            return
        try:
            if self.followup and self.message_id is not None:
                await self.interaction.followup.delete_message(self.message_id)
            else:
                await self.interaction.delete_original_response()
            return
        except SEND_FAILURES as exc:
            log.info("an old hand panel was not deleted (%s)", getattr(exc, "status", exc))
        await self.edit(content=t("hand.moved", self.lang), view=None, attachments=[])


def panel_of(
    interaction: discord.Interaction, message_id: int | None, lang: str, state: tuple[Any, ...]
) -> Panel:
    """The panel this interaction answered with (a new message, or the one it edited)."""
    return Panel(interaction, message_id, False, lang, state, interaction.created_at + KEPT_FOR)


class Panels:
    """The newest hand panel of each player at each table."""

    def __init__(self) -> None:
        self._open: dict[Key, Panel] = {}  # the newest panel, while its token may edit it
        self._newest: dict[Key, int] = {}  # the newest panel's message, kept after that

    def get(self, key: Key) -> Panel | None:
        return self._open.get(key)

    def keys(self, table_id: int) -> list[Key]:
        return [key for key in self._open if key[0] == table_id]

    def is_old(self, key: Key, message_id: int | None) -> bool:
        """Whether ``message_id`` is a hand panel that a newer one replaced."""
        newest = self._newest.get(key)
        return newest is not None and message_id is not None and message_id != newest

    async def put(self, key: Key, panel: Panel) -> None:
        """``panel`` is the newest; the one before (another message) is retired."""
        before = self._open.get(key)
        self._open[key] = panel
        if panel.message_id is not None:
            self._newest[key] = panel.message_id
        if before is not None and before.message_id != panel.message_id:
            await before.retire()

    def drop(self, key: Key) -> None:
        """The panel can no longer be followed (its token expired, or the seat is gone)."""
        self._open.pop(key, None)

    def expiring(self, within: timedelta) -> list[tuple[Key, Panel]]:
        """The panels whose token runs out within ``within``, taken off the list."""
        soon = discord.utils.utcnow() + within
        out = [(key, panel) for key, panel in self._open.items() if panel.until <= soon]
        for key, _ in out:
            del self._open[key]
        return out
