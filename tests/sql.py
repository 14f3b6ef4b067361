"""Raw SQL on a test's database, whichever backend: to look at rows, or to damage them."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import asyncpg

from bot.config import is_postgres_url
from bot.store.dialect import Params, bind


async def execute(database: str | Path, sql: str, params: Params = ()) -> list[tuple[Any, ...]]:
    """Run one statement (``?`` / ``:name`` placeholders) in its own transaction; its rows."""
    if is_postgres_url(database):
        conn = await asyncpg.connect(str(database))
        try:
            text, values = bind(sql, params)
            return [tuple(row) for row in await conn.fetch(text, *values)]
        finally:
            await conn.close()
    con = sqlite3.connect(database)
    try:
        rows = con.execute(sql, params).fetchall()  # type: ignore[arg-type]
        con.commit()
        return rows
    finally:
        con.close()
