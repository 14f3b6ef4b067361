"""Build hook: ship the rules documents inside the package, read with ``importlib.resources``.

They stay in ``docs/rules/`` (where the README links them and their authors edit them); a
build (wheel, or ``pip install .``) copies ``docs/rules/*.md`` into the package as
``bot/discord/rules_docs/``, so ``/rules`` works from an install that has no ``docs/``.
Everything else is in ``pyproject.toml``.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

RULES = Path(__file__).parent / "docs" / "rules"


class BuildWithRules(build_py):
    """``build_py``, then the rules documents copied into the built package."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "bot" / "discord" / "rules_docs"
        self.mkpath(str(target))
        for document in sorted(RULES.glob("*.md")):
            self.copy_file(str(document), str(target / document.name))


setup(cmdclass={"build_py": BuildWithRules})
