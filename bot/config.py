"""Where settings come from (environment, ``.env``, ``*_FILE`` secrets) and the database.

``.env`` is read by python-dotenv's parser: ``export KEY=…``, quotes and trailing ``# comments``
as a shell reads them, and no ``${VAR}`` expansion (a password may hold a ``$``). A line it
cannot read is refused with its number, never its text (it may hold a secret).

A PostgreSQL URL is read with ``urllib.parse`` and written back with its user and password
percent-encoded, so the driver reads exactly what was meant. Its password may come instead
from ``DATABASE_PASSWORD_FILE`` (a Docker secret) or ``PGPASSWORD``. ``redact`` shows a URL
without credentials and fails closed: a URL it cannot read, or whose password would still
show, is not shown at all. No message here ever holds a URL's text, a password or a token.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import SplitResult, quote, unquote, urlsplit, urlunsplit

from dotenv.parser import parse_stream

SCHEMES = ("postgresql", "postgres")
HIDDEN = "a PostgreSQL database (its URL is not shown)"
_ENCODE_HELP = (
    "a password holding / ? # @ : % + or a space must be percent-encoded in the URL; better, "
    "leave it out of DATABASE_URL and put it in DATABASE_PASSWORD_FILE (a file holding only "
    "the password, e.g. a Docker secret) or PGPASSWORD"
)


class SettingsError(Exception):
    """A setting is missing or malformed; the message tells the operator what to do."""


def read_dotenv(path: Path) -> dict[str, str]:
    """The ``KEY=value`` lines of ``path`` (nothing when there is no such file)."""
    if not path.is_file():
        return {}
    values: dict[str, str] = {}
    with path.open(encoding="utf-8") as stream:
        for binding in parse_stream(stream):
            if binding.error:
                raise SettingsError(
                    f"{path}, line {binding.original.line}: not a KEY=value line (write "
                    'KEY=value, KEY="value with spaces" or a # comment)'
                )
            if binding.key is not None:
                values[binding.key] = binding.value or ""
    return values


def environment(
    env: Mapping[str, str] | None = None, dotenv: Path = Path(".env")
) -> dict[str, str]:
    """The settings: the environment (or ``env``) wins over ``.env``."""
    return read_dotenv(dotenv) | dict(os.environ if env is None else env)


def secret(settings: Mapping[str, str], name: str) -> str:
    """``name``'s value, or the content of the file ``name_FILE`` names (one line breaks at its
    end dropped); empty when neither is set. Never both."""
    value = settings.get(name, "")
    file = settings.get(f"{name}_FILE", "").strip()
    if not file:
        return value
    if value:
        raise SettingsError(f"{name} and {name}_FILE are both set: keep one of them")
    try:
        text = Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SettingsError(
            f"{name}_FILE: cannot read {file} ({type(exc).__name__}: "
            f"{getattr(exc, 'strerror', None) or 'not UTF-8 text'})"
        ) from None
    text = text.removesuffix("\n").removesuffix("\r")
    if not text:
        raise SettingsError(f"{name}_FILE: {file} is empty")
    return text


def is_postgres_url(database: object) -> bool:
    return isinstance(database, str) and database.startswith(tuple(f"{s}://" for s in SCHEMES))


def _split(url: str) -> SplitResult:
    """The parts of a PostgreSQL URL, or ``SettingsError`` saying what is wrong (never the URL)."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError when what follows ':' is no number
    except ValueError:
        raise SettingsError(
            f"DATABASE_URL cannot be read: its port is not a number; {_ENCODE_HELP}"
        ) from None
    if parts.scheme not in SCHEMES:
        raise SettingsError(
            "DATABASE_URL must be a PostgreSQL URL like postgresql://user@host:5432/cardtable "
            "(leave it empty to use the SQLite file DATABASE_PATH)"
        )
    if "#" in url or "@" in parts.path + parts.query or parts.path.count("/") > 1:
        raise SettingsError(f"DATABASE_URL cannot be read as one URL; {_ENCODE_HELP}")
    return parts


def _with_credentials(parts: SplitResult, user: str | None, password: str | None) -> str:
    host = parts.netloc.rpartition("@")[2]
    auth = quote(user, safe="") if user else ""
    if password is not None:
        auth += f":{quote(password, safe='')}"
    return urlunsplit(parts._replace(netloc=f"{auth}@{host}" if auth else host))


def database_url(url: str, password: str | None = None) -> str:
    """``url`` checked, written back with its credentials percent-encoded; with ``password``
    (which the URL must not hold as well) in place of its own."""
    parts = _split(url)
    user = unquote(parts.username) if parts.username is not None else None
    own = unquote(parts.password) if parts.password is not None else None
    if password is not None and own is not None:
        raise SettingsError(
            "DATABASE_URL holds a password and DATABASE_PASSWORD_FILE is set: keep one of them"
        )
    return _with_credentials(parts, user, password if password is not None else own)


def redact(url: str) -> str:
    """The URL without password or query options, for messages and logs; ``HIDDEN`` when in any
    doubt (a URL that cannot be read, or whose password would still show)."""
    try:
        parts = _split(url)
        user = quote(unquote(parts.username), safe="") if parts.username else ""
        auth = f"{user}:***@" if parts.password is not None else f"{user}@" if user else ""
        host = parts.netloc.rpartition("@")[2]
        shown = urlunsplit(parts._replace(netloc=f"{auth}{host}", query="", fragment=""))
        password = parts.password
        if password and any(p in shown for p in (password, unquote(password)) if p):
            return HIDDEN
        return shown
    except Exception:  # fail closed: whatever went wrong, show no credentials
        return HIDDEN


def sqlite_path(settings: Mapping[str, str]) -> Path:
    return Path(settings.get("DATABASE_PATH", "").strip() or "cardtable.db")


def database(settings: Mapping[str, str]) -> str | Path:
    """The database the settings name: a PostgreSQL URL (``DATABASE_URL``, with the password of
    ``DATABASE_PASSWORD_FILE`` or ``PGPASSWORD`` when it holds none), else the SQLite file
    ``DATABASE_PATH`` (default ``cardtable.db``)."""
    url = settings.get("DATABASE_URL", "").strip()
    if not url:
        return sqlite_path(settings)
    password = secret(settings, "DATABASE_PASSWORD") or None
    if password is None and _split(url).password is None:
        password = settings.get("PGPASSWORD") or None
    return database_url(url, password)


def scrub(text: str, url: str) -> str:
    """``text`` (a driver's error message) without the password of ``url``, in any spelling."""
    try:
        password = urlsplit(url).password
    except ValueError:
        return "(details not shown: they might hold the password)"
    for spelling in filter(None, (password, password and unquote(password))):
        text = text.replace(spelling, "***")
    return text


def tool_database(argument: str | None, env: Mapping[str, str] | None = None) -> str | Path:
    """The database an operator's tool works on: ``argument`` (a SQLite file or a PostgreSQL
    URL, which gets its password from the settings as the bot's does when it holds none), else
    the one the settings (the environment, ``.env``) name."""
    settings = environment(env)
    if argument is None:
        return database(settings)
    if not is_postgres_url(argument):
        return Path(argument)
    return database({**settings, "DATABASE_URL": argument})
