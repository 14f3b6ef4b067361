"""The adapter's shape: its modules import one another one way only, none runs long, each says
what it holds, and the client implements the interface its parts see (``bot.discord.port``)."""

from __future__ import annotations

import ast
from pathlib import Path

import bot.discord
from bot.discord import port
from tests.discord.conftest import make_bot

PACKAGE = Path(bot.discord.__file__).parent
LONGEST = 500  # lines


def modules() -> dict[str, Path]:
    """Every module of ``bot.discord`` by its dotted name."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imports(path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``path`` imports anywhere: at the top, inside functions
    and under ``if TYPE_CHECKING:`` alike."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
            out |= {f"{node.module}.{alias.name}" for alias in node.names}
    return out & known


def graph() -> dict[str, set[str]]:
    found = modules()
    return {name: imports(path, set(found)) - {name} for name, path in found.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles a depth-first search meets (none: the modules form layers)."""
    found: list[list[str]] = []
    state: dict[str, str] = {}
    stack: list[str] = []

    def visit(name: str) -> None:
        state[name] = "open"
        stack.append(name)
        for other in sorted(edges[name]):
            if state.get(other) == "open":
                found.append([*stack[stack.index(other) :], other])
            elif other not in state:
                visit(other)
        stack.pop()
        state[name] = "done"

    for name in sorted(edges):
        if name not in state:
            visit(name)
    return found


def test_no_import_cycle_even_under_type_checking() -> None:
    edges = graph()
    assert "bot.discord.verbs.table" in edges and edges["bot.discord.app"]
    assert cycles(edges) == []


def test_only_app_imports_the_client() -> None:
    users = [name for name, used in graph().items() if "bot.discord.app" in used]
    assert users == []


def test_each_module_is_short_and_opens_with_what_it_holds() -> None:
    for name, path in modules().items():
        source = path.read_text()
        assert len(source.splitlines()) <= LONGEST, name
        doc = ast.get_docstring(ast.parse(source))
        assert doc and doc.strip(), name


def test_the_client_implements_the_port(tmp_path: Path) -> None:
    client = make_bot(tmp_path / "port.db")
    assert isinstance(client, port.Client)
    assert isinstance(client.presenter, port.Publisher)
