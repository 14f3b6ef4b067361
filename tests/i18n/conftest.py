"""The Chinese SimCord flows use the Discord tests' virtual world."""

from tests.discord.conftest import clock, db_path, deals, locales, simcord_bot, world

__all__ = ["clock", "db_path", "deals", "locales", "simcord_bot", "world"]
