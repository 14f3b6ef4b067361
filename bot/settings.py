"""Settings from the environment or a ``.env`` file (see ``.env.example``)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from bot.service.thinking import MAX_WORKERS
from bot.store.postgres import MAX_SHARDS, is_postgres_url, redact
from bot.store.shards import Shards


class SettingsError(Exception):
    """A setting is missing or malformed; the message tells the operator what to do."""


@dataclass(frozen=True, slots=True)
class Settings:
    token: str
    database_path: Path
    dev_guild_id: int | None
    log_level: str
    database_url: str | None = None  # PostgreSQL; when set, ``database_path`` is not used
    shards: Shards | None = None  # None: one process, one connection to Discord, every guild
    ai_workers: int | None = None  # AI worker processes; None: ``thinking.default_workers()``

    @property
    def database(self) -> str | Path:
        """What ``TableService.open`` takes: the PostgreSQL URL, else the SQLite file."""
        return self.database_url or self.database_path

    def describe_database(self) -> str:
        return redact(self.database_url) if self.database_url else f"SQLite {self.database_path}"


def read_dotenv(path: Path) -> dict[str, str]:
    """``KEY=value`` lines; blank lines and ``#`` comments ignored, quotes stripped."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        values[key.strip()] = value.strip().strip("'\"")
    return values


def _shards(count_text: str, ids_text: str, postgres: bool) -> Shards | None:
    """SHARD_COUNT and SHARD_IDS as ``Shards`` (None when neither is set)."""
    if not count_text:
        if ids_text:
            raise SettingsError("SHARD_IDS needs SHARD_COUNT (the total number of shards)")
        return None
    if not count_text.isdigit() or not 1 <= int(count_text) <= MAX_SHARDS:
        raise SettingsError(
            f"SHARD_COUNT must be a number from 1 to {MAX_SHARDS}, not {count_text!r}"
        )
    count = int(count_text)
    ids: list[int] = []
    for part in filter(None, (p.strip() for p in ids_text.split(","))):
        low, _, high = part.partition("-")
        if not low.isdigit() or (high and not high.isdigit()):
            raise SettingsError(f"SHARD_IDS is a list like 0,1 or 0-3, not {ids_text!r}")
        ids += range(int(low), int(high or low) + 1)
    try:
        shards = Shards.of(count, ids or None)
    except ValueError as exc:
        raise SettingsError(f"SHARD_IDS: {exc} (SHARD_COUNT is {count})") from exc
    if count > 1 and not postgres:
        raise SettingsError(
            "SHARD_COUNT above 1 runs several bot processes on one database, which needs "
            "PostgreSQL: set DATABASE_URL=postgresql://… (a SQLite file serves one process). "
            "See docs/deploy.md."
        )
    return shards


def load_settings(env: dict[str, str] | None = None, dotenv: Path = Path(".env")) -> Settings:
    """Environment variables win over ``.env``."""
    merged = read_dotenv(dotenv) | dict(os.environ if env is None else env)
    token = merged.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise SettingsError(
            "DISCORD_TOKEN is not set.\n"
            "  1. Create a bot at https://discord.com/developers/applications (Bot tab).\n"
            "  2. Copy .env.example to .env and put the token after DISCORD_TOKEN=.\n"
            "  3. Run `make run` again."
        )
    guild = merged.get("DEV_GUILD_ID", "").strip()
    if guild and not guild.isdigit():
        raise SettingsError(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}")
    url = merged.get("DATABASE_URL", "").strip() or None
    if url is not None and not is_postgres_url(url):
        raise SettingsError(
            "DATABASE_URL must be a PostgreSQL URL like postgresql://user:password@host/cardtable "
            "(leave it empty to use the SQLite file DATABASE_PATH)"
        )
    workers = merged.get("AI_WORKERS", "").strip()
    if workers and (not workers.isdigit() or not 1 <= int(workers) <= MAX_WORKERS):
        raise SettingsError(
            f"AI_WORKERS must be a number from 1 to {MAX_WORKERS} (or empty: one per core, "
            f"at most 2), not {workers!r}"
        )
    return Settings(
        token=token,
        database_path=Path(merged.get("DATABASE_PATH", "").strip() or "cardtable.db"),
        dev_guild_id=int(guild) if guild else None,
        log_level=merged.get("LOG_LEVEL", "INFO").strip().upper() or "INFO",
        database_url=url,
        shards=_shards(
            merged.get("SHARD_COUNT", "").strip(), merged.get("SHARD_IDS", "").strip(), bool(url)
        ),
        ai_workers=int(workers) if workers else None,
    )
