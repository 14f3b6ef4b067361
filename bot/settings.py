"""Settings from the environment or a ``.env`` file (see ``.env.example``)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


class SettingsError(Exception):
    """A setting is missing or malformed; the message tells the operator what to do."""


@dataclass(frozen=True, slots=True)
class Settings:
    token: str
    database_path: Path
    dev_guild_id: int | None
    log_level: str


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
    return Settings(
        token=token,
        database_path=Path(merged.get("DATABASE_PATH", "").strip() or "cardtable.db"),
        dev_guild_id=int(guild) if guild else None,
        log_level=merged.get("LOG_LEVEL", "INFO").strip().upper() or "INFO",
    )
