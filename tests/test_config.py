"""Settings' sources and the database URL: ``.env`` as a shell reads it, ``*_FILE`` secrets, URLs
read with a real parser, and a redaction that shows no password whatever the URL."""

from __future__ import annotations

import string
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from bot.config import (
    HIDDEN,
    SettingsError,
    database,
    database_url,
    environment,
    redact,
    scrub,
    secret,
    tool_database,
)
from tests.leaks import BREAKERS, PASSWORDS

NOWHERE = Path("/nonexistent/.env")


def test_dotenv_lines_are_read_as_a_shell_reads_them(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text(
        "# a comment\n"
        "LOG_LEVEL=INFO  # default\n"
        "export AI_WORKERS=2\n"
        'DATABASE_PATH="my games.db"  # a quoted value, then a comment\n'
        "DEV_GUILD_ID='123' # single quotes\n"
        "PGPASSWORD=a$b#c\n",
        encoding="utf-8",
    )
    assert environment({}, dotenv) == {
        "LOG_LEVEL": "INFO",
        "AI_WORKERS": "2",
        "DATABASE_PATH": "my games.db",
        "DEV_GUILD_ID": "123",
        "PGPASSWORD": "a$b#c",  # no expansion; a # inside a word is no comment
    }
    assert environment({"LOG_LEVEL": "DEBUG"}, dotenv)["LOG_LEVEL"] == "DEBUG"  # env wins


def test_a_dotenv_line_that_cannot_be_read_is_named_by_its_number_only(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text(f"DISCORD_TOKEN=ok\nDISCORD TOKEN {PASSWORDS[0]}\n", encoding="utf-8")
    with pytest.raises(SettingsError, match=r"\.env, line 2: not a KEY=value line") as raised:
        environment({}, dotenv)
    assert PASSWORDS[0] not in str(raised.value)


def test_a_secret_comes_from_its_value_or_from_the_file_its_name_FILE_names(
    tmp_path: Path,
) -> None:
    file = tmp_path / "token"
    file.write_text("  spaced secret \n", encoding="utf-8")
    assert secret({"X": "v"}, "X") == "v"
    assert secret({"X_FILE": str(file)}, "X") == "  spaced secret "  # one line break dropped
    assert secret({}, "X") == ""
    with pytest.raises(SettingsError, match="X and X_FILE are both set"):
        secret({"X": "v", "X_FILE": str(file)}, "X")
    with pytest.raises(SettingsError, match=r"X_FILE: cannot read .*missing \(FileNotFoundError"):
        secret({"X_FILE": str(tmp_path / "missing")}, "X")
    (tmp_path / "empty").write_text("\n", encoding="utf-8")
    with pytest.raises(SettingsError, match=r"X_FILE: .*empty is empty"):
        secret({"X_FILE": str(tmp_path / "empty")}, "X")


@pytest.mark.parametrize("password", PASSWORDS, ids=range(len(PASSWORDS)))
def test_a_password_from_a_file_or_pgpassword_is_percent_encoded_into_the_url(
    tmp_path: Path, password: str
) -> None:
    file = tmp_path / "db_password"
    file.write_text(password + "\n", encoding="utf-8")
    url = "postgresql://bot@db.example:5432/cardtable"
    expected = f"postgresql://bot:{quote(password, safe='')}@db.example:5432/cardtable"
    assert database({"DATABASE_URL": url, "DATABASE_PASSWORD_FILE": str(file)}) == expected
    assert database({"DATABASE_URL": url, "PGPASSWORD": password}) == expected
    assert database({"DATABASE_URL": url, "DATABASE_PASSWORD": password}) == expected
    assert database_url(expected) == expected  # read back as it was written
    assert redact(expected) == "postgresql://bot:***@db.example:5432/cardtable"


def test_the_password_in_the_url_wins_over_pgpassword_but_not_over_a_second_secret() -> None:
    url = "postgresql://bot:inurl@db/cardtable"
    assert database({"DATABASE_URL": url, "PGPASSWORD": "other"}) == url
    with pytest.raises(SettingsError, match="holds a password and DATABASE_PASSWORD_FILE"):
        database({"DATABASE_URL": url, "DATABASE_PASSWORD": "other"})


@pytest.mark.parametrize("breaker", "/#?")
def test_a_url_broken_by_a_raw_password_is_refused_without_showing_it(breaker: str) -> None:
    password = f"pw{breaker}Kq7{breaker}z"
    with pytest.raises(SettingsError, match="must be percent-encoded") as raised:
        database({"DATABASE_URL": f"postgresql://bot:{password}@db:5432/cardtable"})
    assert "Kq7" not in str(raised.value) and "bot" not in str(raised.value)


@pytest.mark.parametrize("breaker", "@:+ %")
def test_a_raw_password_the_parser_can_read_is_encoded_for_the_driver(breaker: str) -> None:
    password = f"pw{breaker}Kq7{breaker}z"
    url = f"postgresql://bot:{password}@db:5432/cardtable"
    assert database({"DATABASE_URL": url}) == (
        f"postgresql://bot:{quote(password, safe='')}@db:5432/cardtable"
    )
    assert redact(url) == "postgresql://bot:***@db:5432/cardtable"


@given(
    password=st.text(
        alphabet=string.ascii_letters + string.digits + string.punctuation + " " + BREAKERS,
        min_size=4,
        max_size=24,
    ),
    host=st.sampled_from(["db", "db.example:5432", "[::1]:5432", "", "h:notaport"]),
    query=st.sampled_from(["", "?sslmode=require", "?host=/run/pg&port=5433", "?password=x"]),
)
def test_redaction_never_shows_the_password_of_any_url(
    password: str, host: str, query: str
) -> None:
    assume(password not in HIDDEN)
    for url in (
        f"postgresql://bot:{password}@{host}/cardtable{query}",
        f"postgresql://bot:{quote(password, safe='')}@{host}/cardtable{query}",
        f"postgres://:{password}@{host}/cardtable",
    ):
        shown = redact(url)
        assert password not in shown and "password=" not in shown, shown


def test_scrub_removes_a_password_from_a_drivers_message() -> None:
    url = "postgresql://bot:p%2Fw@db/cardtable"
    assert scrub("bad p/w and p%2Fw", url) == "bad *** and ***"


def test_tools_use_the_argument_else_the_settings(tmp_path: Path) -> None:
    env = {"DATABASE_URL": "postgresql://bot@db/cardtable", "PGPASSWORD": "pw/1"}
    assert tool_database(None, env) == "postgresql://bot:pw%2F1@db/cardtable"
    assert tool_database("postgresql://other@db/x", env) == "postgresql://other:pw%2F1@db/x"
    assert tool_database("games.db", env) == Path("games.db")
    assert tool_database(None, {"DATABASE_PATH": "games.db"}) == Path("games.db")
