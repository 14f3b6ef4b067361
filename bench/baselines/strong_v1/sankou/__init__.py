"""The 三扣 players (see ``player``)."""

from bench.baselines.strong_v1.sankou.player import choose

__all__ = ["choose"]
