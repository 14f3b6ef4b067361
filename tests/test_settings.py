"""Settings from the environment or ``.env``: the database to use, the shards a process serves,
its AI workers, logs and ports; each bad one a clear message."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import Settings, SettingsError, load_settings
from bot.store import Shards
from tests import leaks
from tests.leaks import TOKEN

ROOT = Path(__file__).resolve().parents[1]
NOWHERE = Path("/nonexistent")
KNOWN = {line.partition("=")[0] for line in (ROOT / ".env.example").read_text().splitlines()}

URL = "postgresql://bot:secret@db/cardtable"


def settings(**env: str) -> Settings:
    return load_settings({"DISCORD_TOKEN": "t", **env}, dotenv=Path("/nonexistent"))


def test_sqlite_is_the_default_and_postgres_is_chosen_by_its_url() -> None:
    default = settings()
    assert default.database == Path("cardtable.db") and default.shards is None
    chosen = settings(DATABASE_URL=URL, DATABASE_PATH="ignored.db")
    assert chosen.database == URL
    assert chosen.describe_database() == "postgresql://bot:***@db/cardtable"
    with pytest.raises(SettingsError, match="PostgreSQL URL"):
        settings(DATABASE_URL="mysql://db/x")


def test_shards_are_a_count_and_the_ids_this_process_serves() -> None:
    assert settings(DATABASE_URL=URL, SHARD_COUNT="4", SHARD_IDS="0,1").shards == Shards(
        4, frozenset({0, 1})
    )
    assert settings(DATABASE_URL=URL, SHARD_COUNT="4", SHARD_IDS="1-3").shards == Shards(
        4, frozenset({1, 2, 3})
    )
    assert settings(DATABASE_URL=URL, SHARD_COUNT="2").shards == Shards(2, frozenset({0, 1}))
    assert settings(SHARD_COUNT="1").shards == Shards(1, frozenset({0}))  # SQLite: one is fine


@pytest.mark.parametrize(
    ("env", "words"),
    [
        ({"SHARD_COUNT": "2"}, "needs PostgreSQL"),
        ({"SHARD_IDS": "0"}, "needs SHARD_COUNT"),
        ({"SHARD_COUNT": "two", "DATABASE_URL": URL}, "SHARD_COUNT must be a number"),
        ({"SHARD_COUNT": "0", "DATABASE_URL": URL}, "SHARD_COUNT must be a number"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2", "DATABASE_URL": URL}, "shard ids must be 0 to 1"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "a", "DATABASE_URL": URL}, "a list like 0,1"),
    ],
)
def test_bad_shard_settings_say_what_to_do(env: dict[str, str], words: str) -> None:
    with pytest.raises(SettingsError, match=words):
        settings(**env)


def test_the_ai_worker_count_is_a_small_number_or_the_default() -> None:
    assert settings().ai_workers is None  # the service's default: one per core, at most 2
    assert settings(AI_WORKERS="3").ai_workers == 3
    for bad in ("0", "many", "-1", "33"):
        with pytest.raises(SettingsError, match="AI_WORKERS must be a number from 1 to 32"):
            settings(AI_WORKERS=bad)


def test_a_sharded_process_is_an_auto_sharded_client_for_its_shards() -> None:
    from bot.discord.app import ShardedCardTableBot

    bot = ShardedCardTableBot("cardtable.db", shard_count=4, shard_ids=[1, 3])
    assert (bot.shard_count, bot.shard_ids) == (4, [1, 3])
    assert bot.tree is not None and bot.database == "cardtable.db"


def test_guilds_belong_to_shards_as_discord_says() -> None:
    shards = Shards.of(4, [1])
    assert shards.owns(1 << 22) and not shards.owns(2 << 22) and shards.owns(5 << 22)
    assert Shards.of(1).owns(12345)
    assert shards.where("g") == ("(g >> 22) % ? IN (?)", (4, 1))


def run_bot_with_dotenv(tmp_path: Path, dotenv: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` in a folder holding this ``.env`` (and nothing of the environment's)."""
    (tmp_path / ".env").write_text(dotenv, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in KNOWN}
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_log_level_that_is_no_level_is_one_clear_line_not_a_traceback(tmp_path: Path) -> None:
    done = run_bot_with_dotenv(tmp_path, f"DISCORD_TOKEN={TOKEN}\nLOG_LEVEL=verbose\n")
    assert done.returncode == 2
    assert done.stderr == (
        "cardtable: LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL, not 'verbose'\n"
    )
    assert leaks.found(done.stdout + done.stderr) == 0


def test_dotenv_comments_export_and_quotes_mean_what_they_say(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text(
        f"export DISCORD_TOKEN={TOKEN}\n"
        "LOG_LEVEL=INFO  # default\n"
        'DATABASE_PATH="games.db"  # the file\n'
        "LOG_FORMAT=json\n",
        encoding="utf-8",
    )
    chosen = load_settings({}, dotenv=dotenv)
    assert (chosen.token, chosen.log_level, chosen.database) == (TOKEN, "INFO", Path("games.db"))
    assert chosen.log_format == "json"
    assert TOKEN not in repr(chosen)


def test_the_token_may_come_from_a_file(tmp_path: Path) -> None:
    file = tmp_path / "discord_token"
    file.write_text(TOKEN + "\n", encoding="utf-8")
    assert load_settings({"DISCORD_TOKEN_FILE": str(file)}, dotenv=NOWHERE).token == TOKEN


def test_health_and_metrics_ports() -> None:
    default = settings()
    assert (default.http_host, default.health_port, default.metrics_port) == (
        "127.0.0.1",
        8080,
        None,
    )
    chosen = settings(HEALTH_PORT="0", METRICS_PORT="9100", HTTP_HOST="0.0.0.0")
    assert (chosen.http_host, chosen.health_port, chosen.metrics_port) == ("0.0.0.0", None, 9100)
    for name, bad in (("HEALTH_PORT", "http"), ("METRICS_PORT", "70000"), ("LOG_FORMAT", "xml")):
        with pytest.raises(SettingsError, match=f"{name} must be"):
            settings(**{name: bad})
