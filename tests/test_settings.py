"""Settings from the environment: the database to use, the shards a process serves and its AI
workers."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import Settings, SettingsError, load_settings
from bot.store import Shards

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
