"""The 三扣 players (see ``player``)."""

from engine.ai.sankou.player import think

__all__ = ["think"]
