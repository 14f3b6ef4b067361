"""Frozen players the bench measures the AI against (never used by the bot)."""
