"""The Chinese SimCord flows use the Discord tests' virtual world."""

from tests.discord.conftest import db_path, deals, locales, simcord_bot, world

__all__ = ["db_path", "deals", "locales", "simcord_bot", "world"]
