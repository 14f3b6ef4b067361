"""The language of each reader: what is said to one player alone is said in their language.

A player's language is the one they chose with ``/settings language``, else their Discord
client's (the locale of their latest interaction), else the table's. Chosen languages are
read from the service once at start-up and kept up to date when changed, so every private
answer can know its language at once.
"""

from __future__ import annotations

import discord

from bot.i18n import lang_of


class Readers:
    """Chosen languages and the locales seen, per user."""

    def __init__(self) -> None:
        self.chosen: dict[int, str] = {}  # /settings language
        self._seen: dict[int, str] = {}  # the latest interaction's locale

    def private(self, interaction: discord.Interaction) -> str:
        """The language of an answer to this interaction (and the locale is remembered)."""
        user = interaction.user.id
        self._seen[user] = lang_of(interaction.locale)
        return self.chosen.get(user) or self._seen[user]

    def lang(self, user_id: int, default: str) -> str:
        """The language of a message meant for ``user_id`` (a ping), ``default`` if unknown."""
        return self.chosen.get(user_id) or self._seen.get(user_id) or default
