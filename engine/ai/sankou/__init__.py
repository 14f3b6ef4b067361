"""The 三扣 players (see ``player``)."""

from engine.ai.sankou.player import choose

__all__ = ["choose"]
