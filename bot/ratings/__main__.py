"""``python -m bot.ratings check|rebuild [DATABASE]``: recompute ratings from the event log.

DATABASE is the SQLite file, or the ``postgresql://`` URL; without it, the bot's own
(``DATABASE_URL``, else ``DATABASE_PATH``, from the environment or ``.env``).

``check`` compares the stored ratings and standings with a recomputation and exits 1 when they
differ; ``rebuild`` also writes the recomputed ones (and any missing hand summaries). Stop the
bot before ``rebuild``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.config import SettingsError, tool_database
from bot.ratings.rebuild import rebuild
from bot.store import Store


async def _run(command: str, path: str | Path) -> int:
    store = await Store.open(path)
    try:
        report = await rebuild(store, write=command == "rebuild")
    finally:
        await store.close()
    print(f"{report.hands} settled hands, {report.standings} standings recomputed")
    if report.summaries_added:
        print(f"{report.summaries_added} hand summaries added by re-playing their hands")
    for line in report.differences:
        print(f"  {line}")
    if report.equal:
        print("stored ratings and standings are equal to the recomputed ones")
        return 0
    if command == "rebuild":
        print("the recomputed ratings and standings were written")
        return 0
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.ratings", description=__doc__)
    parser.add_argument("command", choices=("check", "rebuild"))
    parser.add_argument(
        "database", nargs="?", help="a SQLite file, or a postgresql:// URL; default: the bot's"
    )
    args = parser.parse_args(argv)
    try:
        database = tool_database(args.database)
    except SettingsError as exc:
        print(f"cardtable: {exc}", file=sys.stderr)
        return 2
    if isinstance(database, Path) and not database.is_file():
        print(f"no database at {database}", file=sys.stderr)
        return 2
    return asyncio.run(_run(args.command, database))


if __name__ == "__main__":
    sys.exit(main())
