"""The deployment example (deploy/docker-compose.yml) parses, and says what docs/deploy.md
says: PostgreSQL plus two bot processes on disjoint shards, settings from the environment
only, no secret in the file. Docker itself cannot run here; this is the check it gets."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from bot.settings import load_settings

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "deploy" / "docker-compose.yml"
SECRET = re.compile(r"^\$\{[A-Z_]+:\?[^}]*\}$")  # a required variable, never a value


def test_the_compose_file_runs_postgres_and_two_bots_on_disjoint_shards() -> None:
    compose = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))
    services = compose["services"]
    assert set(services) == {"postgres", "bot-0", "bot-1"}
    assert SECRET.match(services["postgres"]["environment"]["POSTGRES_PASSWORD"])
    assert "healthcheck" in services["postgres"] and "pgdata" in compose["volumes"]
    shards = set()
    for name in ("bot-0", "bot-1"):
        bot = services[name]
        assert bot["depends_on"] == {"postgres": {"condition": "service_healthy"}}
        assert (ROOT / "deploy" / bot["build"]["context"] / bot["build"]["dockerfile"]).is_file()
        env = bot["environment"]
        assert SECRET.match(env["DISCORD_TOKEN"])
        assert env["DATABASE_URL"].startswith("postgresql://cardtable:${POSTGRES_PASSWORD")
        assert env["DATABASE_URL"].endswith("@postgres:5432/cardtable")
        # The bot accepts these settings as they would arrive (variables filled in).
        filled = {key: re.sub(r"\$\{[^}]*\}", "x", str(value)) for key, value in env.items()}
        settings = load_settings(filled, dotenv=Path("/nonexistent"))
        assert settings.shards is not None and settings.shards.count == 2
        shards |= settings.shards.ids
        assert len(settings.shards.ids) == 1
    assert shards == {0, 1}


def test_every_variable_the_compose_file_sets_is_a_documented_setting() -> None:
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    documented = set(re.findall(r"^([A-Z_]+)=", example, re.MULTILINE))
    compose = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))
    for name in ("bot-0", "bot-1"):
        assert set(compose["services"][name]["environment"]) <= documented


def test_the_image_copies_what_the_bot_needs() -> None:
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text(encoding="utf-8")
    for copied in re.findall(r"^COPY (\S+)", dockerfile, re.MULTILINE):
        assert (ROOT / copied).exists(), copied
    assert "pip install --no-cache-dir -e ." in dockerfile  # docs/rules/ read beside bot/
