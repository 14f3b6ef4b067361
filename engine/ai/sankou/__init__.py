"""The 三扣 players (see ``player``)."""

from engine.ai.sankou.player import HINT_ALPHA, think

__all__ = ["HINT_ALPHA", "think"]
