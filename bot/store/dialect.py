"""The one SQL text for both databases, and what turns it into PostgreSQL's.

Queries are written once, with SQLite's placeholders: ``?`` in order, or ``:name`` with a
mapping of parameters. For PostgreSQL ``numbered`` rewrites both into ``$1, $2 …`` (a name used
twice is one parameter, which also lets PostgreSQL infer the type of ``:x IS NULL``) and
``bind`` orders the values to match. Quoted text, comments and ``::`` casts are left alone.

What both databases accept, and so what the queries keep to (see docs/deploy.md):
- ``INSERT … ON CONFLICT (key) DO UPDATE SET col = excluded.col``, never ``INSERT OR REPLACE``;
- ``RETURNING id`` for a new row's id, never the driver's last row id;
- flags are compared and summed as flags (``NOT void``, ``a OR b``, ``SUM(won)``): they are
  INTEGER 0/1 in SQLite and BOOLEAN in PostgreSQL, where the schema adds ``sum(boolean)``;
  bind Python ``bool`` values to them;
- ``x IN (SELECT col FROM cte)``, not SQLite's ``x IN cte``; no ``rowid``;
- a parameter whose type ``IS NULL`` cannot tell is named, and used first where the type
  shows: ``(at >= :since OR :since IS NULL)``.
Where the two really differ (the schema, locks), each backend has its own SQL.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from typing import Any

Params = Iterable[Any] | Mapping[str, Any]

_TOKENS = re.compile(
    r"""'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|/\*.*?\*/|::|\?|:([A-Za-z_]\w*)""", re.S
)


@functools.lru_cache(maxsize=4096)
def numbered(sql: str) -> tuple[str, tuple[str, ...] | int]:
    """``sql`` with ``$n`` placeholders, and the parameter names in order (or how many ``?``).

    A query mixes no ``?`` with ``:name`` (neither sqlite3 nor this allows it).
    """
    names: list[str] = []
    count = 0

    def replace(match: re.Match[str]) -> str:
        nonlocal count
        token, name = match.group(0), match.group(1)
        if token == "?":
            count += 1
            return f"${count}"
        if name is None:
            return token  # quoted text, a comment or a cast
        if name not in names:
            names.append(name)
        return f"${names.index(name) + 1}"

    text = _TOKENS.sub(replace, sql)
    if count and names:
        raise ValueError("a query uses either ? or :name placeholders, not both")
    return text, tuple(names) if names else count


def bind(sql: str, params: Params) -> tuple[str, list[Any]]:
    """PostgreSQL's text of ``sql`` and its values in ``$n`` order."""
    text, order = numbered(sql)
    if isinstance(params, Mapping):
        if isinstance(order, int):
            raise ValueError("named parameters given to a query with ? placeholders")
        return text, [params[name] for name in order]
    values = list(params)
    expected = len(order) if isinstance(order, tuple) else order
    if isinstance(order, tuple) and order:
        raise ValueError("a sequence of parameters given to a query with :name placeholders")
    if len(values) != expected:
        raise ValueError(f"the query takes {expected} parameters, {len(values)} given")
    return text, values
