"""The 清墩 players (see ``player``)."""

from bench.baselines.strong_v1.qingdun.player import choose

__all__ = ["choose"]
