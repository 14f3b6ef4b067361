"""The 清墩 players (see ``player``)."""

from engine.ai.qingdun.player import choose

__all__ = ["choose"]
