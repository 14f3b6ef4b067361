"""The house rules that a tool can't check: every module opens with a line saying what it
holds, and none runs longer than about a screenful of screens. The import rules (layers, no
cycles, the client behind ``bot.discord.port``) are import-linter's contracts in
``pyproject.toml``, run by ``make test`` (docs/architecture.md)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "engine", "render", "bench")
LONGEST = 500  # lines
#: The string catalogues are data, not code (issue 19).
DATA = {"bot/i18n/catalogue.py", "bot/i18n/errors.py", "bot/i18n/scores.py", "bot/i18n/commands.py"}
#: A frozen copy of an old player, kept as a bench opponent exactly as it was (issue 24).
FROZEN = "bench/baselines/"


def modules() -> list[str]:
    found = (path for package in PACKAGES for path in (ROOT / package).rglob("*.py"))
    return sorted(str(path.relative_to(ROOT)) for path in found)


@pytest.mark.parametrize("name", modules())
def test_each_module_opens_with_what_it_holds(name: str) -> None:
    doc = ast.get_docstring(ast.parse((ROOT / name).read_text()))
    assert doc and doc.splitlines()[0].strip(), f"{name} has no opening docstring"


def test_no_module_runs_long() -> None:
    long = {
        name: lines
        for name in modules()
        if name not in DATA
        and not name.startswith(FROZEN)
        and (lines := len((ROOT / name).read_text().splitlines())) > LONGEST
    }
    assert long == {}


#: What only ``pip install -e '.[bench]'`` brings: a bench needing it is skipped here.
BENCH_EXTRA = {"rlcard", "numpy"}


@pytest.mark.parametrize("name", [m for m in modules() if m.startswith("bench/")])
def test_every_bench_module_imports(name: str) -> None:
    """A bench is not run by the suite, so a move of the code it calls would go unseen (the
    adapter's split once broke ``bench.autocomplete`` and ``bench.hand_menus`` this way)."""
    dotted = name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    try:
        importlib.import_module(dotted)
    except ModuleNotFoundError as exc:
        if exc.name not in BENCH_EXTRA:
            raise
        pytest.skip(f"needs the bench extra ({exc.name})")
