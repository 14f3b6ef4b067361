"""``python scripts/minimums.py``: the requirements of the minimums check, one a line.

Each runtime dependency of ``pyproject.toml`` at exactly its declared floor (``>=X`` becomes
``==X``; one without a floor is an error: it could not be tested), and the test tools at the
versions locked in ``requirements/dev.txt``. ``make minimums`` installs these in a venv of its
own and runs a fast subset of the tests, so a floor that is too low fails ``make test``.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOOLS = (
    "pytest",
    "pytest-asyncio",
    "pytest-xdist",
    "pytest-timeout",
    "hypothesis",
    "simcord",
    "pyyaml",
)


def floors(dependencies: list[str]) -> list[str]:
    pinned = []
    for dependency in dependencies:
        found = re.match(r"^([A-Za-z0-9_.\-]+)\s*(?:\[[^\]]*\])?\s*.*?>=\s*([^,;\s]+)", dependency)
        if found is None:
            sys.exit(f"{dependency!r} declares no minimum (>=): it cannot be tested")
        pinned.append(f"{found[1]}=={found[2]}")
    return pinned


def locked(names: tuple[str, ...]) -> list[str]:
    lines = (ROOT / "requirements" / "dev.txt").read_text(encoding="utf-8").splitlines()
    pins = {line.split("==")[0].lower(): line for line in lines if "==" in line}
    return [pins[name] for name in names]


def main() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    print("\n".join(floors(project["dependencies"]) + locked(TOOLS)))


if __name__ == "__main__":
    main()
