"""The Chinese SimCord flows use the Discord tests' virtual world."""

from tests.discord.conftest import (
    clock,
    close_databases,
    db_path,
    deals,
    locales,
    simcord_bot,
    world,
)

__all__ = ["clock", "close_databases", "db_path", "deals", "locales", "simcord_bot", "world"]
