"""``python -m bot``: start the Discord bot, or explain clearly why it cannot start."""

from __future__ import annotations

import sys

from bot.settings import SettingsError, load_settings


def main() -> int:
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"cardtable: {exc}", file=sys.stderr)
        return 2
    from bot.discord.app import run  # imports discord.py: not needed to report bad settings

    return run(settings)


if __name__ == "__main__":
    sys.exit(main())
