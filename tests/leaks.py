"""The secrets the tests use, and the scan that fails a test whose output or logs show one.

``tests/conftest.py`` scans every test's captured stdout, stderr and log records (and its
failure report) for each watched secret; a test that runs a process scans that process's
output itself with ``found``. Passwords hold each character that breaks a URL (``/ # @ : ? %
+`` and spaces), so a redaction that gives up on a URL shows here.
"""

from __future__ import annotations

BREAKERS = "/#@:?%+ "
#: Database passwords: each breaker in the middle and at the end, all of them, and a
#: percent-escape that a URL parser would decode.
PASSWORDS = (
    *(f"pw{c}Kq7{c}z" for c in BREAKERS),
    "S3cr/#@:?%+ et!",
    "x%41y%2Fz",
)
TOKEN = "MTIz.test-bot-token.Zq9vXk2Lw8Ym"  # a bot token's shape; Discord never sees it
WATCHED: set[str] = {*PASSWORDS, TOKEN}


def watch(*secrets: str) -> None:
    """Watch more secrets (a test's own)."""
    WATCHED.update(s for s in secrets if s)


def found(text: str) -> int:
    """How many watched secrets ``text`` shows (never which: the report must not show them)."""
    return sum(secret in text for secret in WATCHED)
