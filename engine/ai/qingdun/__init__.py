"""The 清墩 players (see ``player``)."""

from engine.ai.qingdun.player import think

__all__ = ["think"]
