"""The rules documents ship inside the package: the build step every wheel and non-editable
install runs (``setup.py build_py``, with the project's hook) puts them in the built package,
and ``/rules`` reads them there with ``importlib.resources``, no ``docs/`` folder near. (A full
``pip install .`` does the same with an isolated build, which needs the network: not here.)"""

from __future__ import annotations

import shutil
import site
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_an_installed_package_reads_the_rules_from_inside_itself(tmp_path: Path) -> None:
    source = tmp_path / "source"
    for part in ("bot", "engine", "render", "docs/rules"):
        shutil.copytree(ROOT / part, source / part, ignore=shutil.ignore_patterns("__pycache__"))
    for file in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / file, source / file)
    target = tmp_path / "installed"
    subprocess.run(
        [sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(target)],
        cwd=source, check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    shutil.rmtree(source)  # nothing of the checkout is left to read
    packaged = sorted(p.name for p in (target / "bot" / "discord" / "rules_docs").iterdir())
    assert packaged == sorted(p.name for p in (ROOT / "docs" / "rules").glob("*.md"))
    # -S: no .pth files, so no editable install of the project can answer the import.
    path = ":".join([str(target), *site.getsitepackages()])
    done = subprocess.run(
        [sys.executable, "-S", "-c",
         "from bot.discord import rules\n"
         "print(rules.folder())\n"
         "print(rules.document('sankou', 'zh-TW')[0][:200])"],
        cwd=tmp_path, env={"PYTHONPATH": path}, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    where, _, text = done.stdout.partition("\n")
    assert where == str(target / "bot" / "discord" / "rules_docs")
    expected = (ROOT / "docs" / "rules" / "sankou.zh-TW.md").read_text(encoding="utf-8")[:200]
    assert text.rstrip("\n") == expected.rstrip("\n")
