"""Which guilds a process serves: Discord's shards, ``(guild_id >> 22) % count``."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Shards:
    """Shards ``ids`` of ``count``: the guilds this process loads, drives and times out."""

    count: int = 1
    ids: frozenset[int] = frozenset({0})

    @classmethod
    def of(cls, count: int, ids: Iterable[int] | None = None) -> Shards:
        """``ids`` of ``count`` (all of them when ``ids`` is None); ``ValueError`` if wrong."""
        chosen = frozenset(range(count) if ids is None else ids)
        if count < 1:
            raise ValueError(f"the shard count must be at least 1, not {count}")
        if not chosen or not all(0 <= shard < count for shard in chosen):
            raise ValueError(f"shard ids must be 0 to {count - 1}, not {sorted(chosen)}")
        return cls(count, chosen)

    @property
    def everything(self) -> bool:
        return len(self.ids) == self.count

    def owns(self, guild_id: int) -> bool:
        return self.everything or (guild_id >> 22) % self.count in self.ids

    def where(self, column: str) -> tuple[str, tuple[int, ...]]:
        """An SQL condition keeping this process's guilds, with its ``?`` parameters."""
        if self.everything:
            return "1 = 1", ()
        marks = ", ".join("?" * len(self.ids))
        return f"({column} >> 22) % ? IN ({marks})", (self.count, *sorted(self.ids))

    def __str__(self) -> str:
        return f"shards {','.join(map(str, sorted(self.ids)))} of {self.count}"


ALL_GUILDS = Shards()  # one process serving every guild
