"""The deployment files: both compose files follow the compose specification's rules and say
what docs/deploy.md says (secrets as Docker secrets, init, health check, log rotation), the
Dockerfile's instructions are checked, and the image's user, data folder and entry command are
run the way the Dockerfile runs them. Docker itself cannot run here; this is what it gets."""

from __future__ import annotations

import configparser
import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
import yaml

from bot.discord.stopping import GRACE
from bot.settings import Settings, load_settings
from tests.docs.compose_spec import problems
from tests.leaks import TOKEN

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
COMPOSE = DEPLOY / "docker-compose.yml"
SQLITE_COMPOSE = DEPLOY / "compose.sqlite.yml"
DOCUMENTED = set(
    re.findall(r"^([A-Z_]+)=", (ROOT / ".env.example").read_text(encoding="utf-8"), re.M)
)


def instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions as (KEYWORD, arguments), continuations joined."""
    text = (DEPLOY / "Dockerfile").read_text(encoding="utf-8")
    joined = re.sub(r"\\\n\s*", " ", re.sub(r"^\s*#.*\n", "", text, flags=re.M))
    return [
        (line.split(None, 1)[0].upper(), line.split(None, 1)[1])
        for line in joined.splitlines()
        if line.strip()
    ]


def image_env() -> dict[str, str]:
    env: dict[str, str] = {}
    for keyword, args in instructions():
        if keyword == "ENV":
            env |= dict(part.split("=", 1) for part in shlex.split(args))
    return env


def compose(path: Path) -> dict[str, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def settings_of(service: dict[str, Any], secrets: Path) -> Settings:
    """The bot's settings in this service: the image's ENV, then the service's, with the
    Docker secrets (``/run/secrets/NAME``) as files in ``secrets``."""
    env = image_env() | service["environment"]
    for name in service["secrets"]:
        (secrets / name).write_text(TOKEN if "token" in name else "pw/with#all@of:it?%+ ")
    env = {k: v.replace("/run/secrets", str(secrets)) for k, v in env.items()}
    return load_settings(env, dotenv=Path("/nonexistent"))


@pytest.mark.parametrize("path", [COMPOSE, SQLITE_COMPOSE], ids=lambda p: p.name)
def test_the_compose_files_follow_the_specification(path: Path) -> None:
    parsed = compose(path)
    assert problems(parsed) == []
    for name, service in parsed["services"].items():
        assert service["restart"] == "unless-stopped"
        assert service["logging"]["options"] == {"max-size": "10m", "max-file": "3"}, name
        assert "healthcheck" in service, name
        if "build" in service:  # a bot
            assert service["init"] is True  # a signal reaches the bot, not an init-less PID 1
            assert service["healthcheck"]["test"] == ["CMD", "python", "-m", "bot.healthcheck"]
            assert set(service["environment"]) <= DOCUMENTED
            build = service["build"]
            assert (path.parent / build["context"] / build["dockerfile"]).is_file()
        for value in service.get("environment", {}).values():
            assert "${" not in value  # no secret comes through the environment
    for secret in parsed["secrets"].values():
        assert secret["file"].startswith("./secrets/")


def test_the_postgres_file_runs_two_bots_on_disjoint_shards_with_secrets(tmp_path: Path) -> None:
    services = compose(COMPOSE)["services"]
    assert set(services) == {"postgres", "bot-0", "bot-1"}
    postgres = services["postgres"]
    assert postgres["environment"]["POSTGRES_PASSWORD_FILE"] == "/run/secrets/postgres_password"
    shards: set[int] = set()
    for name in ("bot-0", "bot-1"):
        bot = services[name]
        assert bot["depends_on"] == {"postgres": {"condition": "service_healthy"}}
        chosen = settings_of(bot, tmp_path)
        assert chosen.token == TOKEN
        assert chosen.describe_database() == "postgresql://cardtable:***@postgres:5432/cardtable"
        assert chosen.shards is not None and chosen.shards.count == 2
        assert len(chosen.shards.ids) == 1
        shards |= chosen.shards.ids
    assert shards == {0, 1}


def test_the_sqlite_file_is_one_bot_with_its_database_in_the_data_volume(tmp_path: Path) -> None:
    parsed = compose(SQLITE_COMPOSE)
    [bot] = parsed["services"].values()
    assert bot["volumes"] == ["data:/data"] and "data" in parsed["volumes"]
    chosen = settings_of(bot, tmp_path)
    assert chosen.database == Path("/data/cardtable.db") and chosen.shards is None


def test_the_dockerfile_builds_a_locked_non_root_image_with_a_data_volume() -> None:
    steps = instructions()
    keywords = [keyword for keyword, _ in steps]
    assert keywords[0] == "FROM" and re.fullmatch(r"python:3\.11-slim", steps[0][1])
    args = {keyword: args for keyword, args in steps}  # the last of each
    assert args["USER"] == "cardtable" and keywords[-1] == "CMD"
    assert json.loads(args["CMD"]) == ["python", "-m", "bot"]
    assert json.loads(args["VOLUME"]) == ["/data"] and args["WORKDIR"] == "/data"
    assert args["STOPSIGNAL"] == "SIGTERM"
    assert args["HEALTHCHECK"].endswith('CMD ["python", "-m", "bot.healthcheck"]')
    assert image_env()["DATABASE_PATH"] == "/data/cardtable.db"
    assert set(image_env()) <= DOCUMENTED | {"PYTHONUNBUFFERED"}
    runs = [args for keyword, args in steps if keyword == "RUN"]
    assert any("-r requirements/run.txt" in run for run in runs)  # the lock, tested
    assert not any(" -e " in run for run in runs)  # a normal install: rules in the package
    assert all("--no-cache-dir" in run for run in runs if "pip install" in run)
    assert all("rm -rf /var/lib/apt/lists" in run for run in runs if "apt-get install" in run)
    for keyword, copied in steps:
        if keyword == "COPY":
            assert (ROOT / copied.split()[0]).exists(), copied


@pytest.fixture
def data_folder() -> Iterator[Path]:
    """A stand-in for the image's /data, in a folder every user may pass through."""
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("running as another user needs root and setpriv")
    base = Path(tempfile.mkdtemp(prefix="cardtable-image-"))
    base.chmod(0o755)
    try:
        yield base / "data"
    finally:
        shutil.rmtree(base, ignore_errors=True)


def test_the_image_user_writes_its_database_in_data_and_nowhere_else(data_folder: Path) -> None:
    steps = instructions()
    [user_setup] = [args for keyword, args in steps if keyword == "RUN" and "useradd" in args]
    uid = re.search(r"--uid (\d+)", user_setup)[1]  # type: ignore[index]
    gid = re.search(r"--gid (\d+)", user_setup)[1]  # type: ignore[index]
    [make_data] = [args for keyword, args in steps if keyword == "RUN" and "install -d" in args]
    subprocess.run(make_data.replace("/data", str(data_folder)), shell=True, check=True)
    token = data_folder.parent / "discord_token"  # a Docker secret: readable by all
    token.write_text(TOKEN)
    token.chmod(0o444)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {k: v.replace("/data", str(data_folder)) for k, v in image_env().items()}
    program, *arguments = json.loads(dict(steps)["CMD"])
    assert program == "python"  # the image's; here this test's, named in full
    done = subprocess.run(
        ["setpriv", f"--reuid={uid}", f"--regid={gid}", "--clear-groups",
         sys.executable, *arguments],
        cwd=data_folder,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT),
             **env, "HEALTH_PORT": str(port), "DISCORD_TOKEN_FILE": str(token)},
        capture_output=True, text=True, timeout=90,
    )  # fmt: skip
    database = data_folder / "cardtable.db"
    assert f"serving every guild from SQLite {database}" in done.stderr, done.stderr[-2000:]
    # The image user may not reach this machine's Python to spawn the AI workers (a Python
    # under /root): they then fail to start (logged, the medium player stands in) and
    # multiprocessing may print its own cleanup errors at exit, from other processes into the
    # same pipe: around the bot's last line or in the middle of it ("Exception ignored in:
    # cardtable: cannot reach Discord ..."), so the line is looked for anywhere.
    assert "cardtable: cannot reach Discord" in done.stderr, done.stderr[-2000:]
    assert done.returncode == 1  # no network here: the database was opened, then Discord failed
    assert (database.stat().st_uid, database.stat().st_gid) == (int(uid), int(gid))
    assert sorted(p.name for p in data_folder.iterdir() if p.name != "cardtable.db") in (
        [],
        ["cardtable.db-shm", "cardtable.db-wal"],
    )
    assert TOKEN not in done.stdout + done.stderr


def test_the_systemd_unit_runs_the_bot_and_stops_it_with_sigterm() -> None:
    parser = configparser.ConfigParser(strict=True, interpolation=None, comment_prefixes="#")
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(DEPLOY / "cardtable.service", encoding="utf-8")
    service = parser["Service"]
    home = service["WorkingDirectory"]
    assert service["ExecStart"] == f"{home}/.venv/bin/python -m bot"
    assert service["KillSignal"] == "SIGTERM" and int(service["TimeoutStopSec"]) > GRACE
    assert service["RestartPreventExitStatus"].split() == ["2", "3"]  # bad settings or database
    assert service["ReadWritePaths"] == home and service["User"] != "root"
    assert parser["Install"]["WantedBy"] == "multi-user.target"


def test_the_invite_link_asks_exactly_the_permissions_the_bot_needs() -> None:
    text = (ROOT / "docs" / "discord.md").read_text(encoding="utf-8")
    [link] = re.findall(r"https://discord\.com/oauth2/authorize\?\S+", text)
    assert "scope=bot+applications.commands" in link
    granted = discord.Permissions(int(re.search(r"permissions=(\d+)", link)[1]))  # type: ignore[index]
    assert {name for name, on in granted if on} == {
        "read_messages",  # discord.py's name for View Channels
        "send_messages",
        "send_messages_in_threads",
        "create_public_threads",
        "embed_links",
        "attach_files",
    }
