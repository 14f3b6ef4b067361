"""Settings from the environment or a ``.env`` file (see ``.env.example``), each one checked."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from bot.config import SettingsError, database, environment, redact, secret
from bot.service.thinking import MAX_WORKERS
from bot.store.postgres import MAX_SHARDS
from bot.store.shards import Shards

__all__ = ["LOG_LEVELS", "Settings", "SettingsError", "load_settings"]

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOG_FORMATS = ("text", "json")
HEALTH_PORT = 8080


@dataclass(frozen=True, slots=True)
class Settings:
    token: str
    database_path: Path
    dev_guild_id: int | None
    log_level: str
    database_url: str | None = None  # PostgreSQL; when set, ``database_path`` is not used
    shards: Shards | None = None  # None: one process, one connection to Discord, every guild
    ai_workers: int | None = None  # AI worker processes; None: ``thinking.default_workers()``
    log_format: str = "text"  # or "json": one JSON object per line
    http_host: str = "127.0.0.1"  # where /healthz (and /metrics) listen
    health_port: int | None = None  # None: no /healthz
    metrics_port: int | None = None  # None: no /metrics

    def __repr__(self) -> str:  # never the token, nor the database's password
        return f"Settings({self.describe_database()}, shards={self.shards})"

    @property
    def database(self) -> str | Path:
        """What ``TableService.open`` takes: the PostgreSQL URL, else the SQLite file."""
        return self.database_url or self.database_path

    def describe_database(self) -> str:
        return redact(self.database_url) if self.database_url else f"SQLite {self.database_path}"


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


def _choice(merged: Mapping[str, str], name: str, choices: tuple[str, ...], default: str) -> str:
    value = merged.get(name, "").strip() or default
    if value.upper() in (c.upper() for c in choices):
        return value.upper() if choices[0].isupper() else value.lower()
    raise SettingsError(f"{name} must be one of {', '.join(choices)}, not {value!r}")


def _number(merged: Mapping[str, str], name: str, low: int, high: int, what: str) -> int | None:
    text = merged.get(name, "").strip()
    if not text:
        return None
    if not text.isdigit() or not low <= int(text) <= high:
        raise SettingsError(f"{name} must be a number from {low} to {high} ({what}), not {text!r}")
    return int(text)


def load_settings(env: Mapping[str, str] | None = None, dotenv: Path = Path(".env")) -> Settings:
    """Environment variables win over ``.env``; ``SettingsError`` says what is wrong."""
    merged = environment(env, dotenv)
    token = secret(merged, "DISCORD_TOKEN").strip()
    if not token:
        raise SettingsError(
            "DISCORD_TOKEN is not set.\n"
            "  1. Create a bot at https://discord.com/developers/applications (Bot tab).\n"
            "  2. Copy .env.example to .env and put the token after DISCORD_TOKEN=\n"
            "     (or name a file holding it in DISCORD_TOKEN_FILE).\n"
            "  3. Run `make run` again."
        )
    guild = merged.get("DEV_GUILD_ID", "").strip()
    if guild and not guild.isdigit():
        raise SettingsError(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}")
    chosen = database(merged)
    url = chosen if isinstance(chosen, str) else None
    health = merged.get("HEALTH_PORT", str(HEALTH_PORT))
    return Settings(
        token=token,
        database_path=Path(merged.get("DATABASE_PATH", "").strip() or "cardtable.db"),
        dev_guild_id=int(guild) if guild else None,
        log_level=_choice(merged, "LOG_LEVEL", LOG_LEVELS, "INFO"),
        database_url=url,
        shards=_shards(
            merged.get("SHARD_COUNT", "").strip(), merged.get("SHARD_IDS", "").strip(), bool(url)
        ),
        ai_workers=_number(
            merged, "AI_WORKERS", 1, MAX_WORKERS, "or empty: one per core, at most 2"
        ),
        log_format=_choice(merged, "LOG_FORMAT", LOG_FORMATS, "text"),
        http_host=merged.get("HTTP_HOST", "").strip() or "127.0.0.1",
        health_port=_number({"HEALTH_PORT": health}, "HEALTH_PORT", 0, 65535, "0: none") or None,
        metrics_port=_number(merged, "METRICS_PORT", 1, 65535, "or empty: no metrics"),
    )
