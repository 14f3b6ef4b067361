"""Shared test settings, and the databases the store and service tests run on.

``database`` is a fresh database for one test, once per backend: a SQLite file in the test's
folder, and a PostgreSQL database copied from a migrated template (``CREATE DATABASE …
TEMPLATE``, a few milliseconds) on a throwaway cluster that each test process starts once
(``tests/postgres.py``). Where no PostgreSQL server can run, its tests are skipped and say why.
"""

from __future__ import annotations

import asyncio
import itertools
import os
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from urllib.parse import urlsplit

import asyncpg
import pytest
from hypothesis import HealthCheck, settings

from bot.store import Store
from tests import leaks, postgres

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=50
)
settings.load_profile("default")

BACKENDS = ("sqlite", "postgres")
SQLITE_ONLY = pytest.mark.parametrize("backend", ["sqlite"])  # what only a file can suffer
POSTGRES_ONLY = pytest.mark.parametrize("backend", ["postgres"])
TEMPLATE = "cardtable_template"


class Databases:
    """Fresh databases of either backend (one PostgreSQL cluster behind them, started lazily)."""

    def __init__(self) -> None:
        self._cluster: postgres.Cluster | None = None
        self._unavailable: str | None = None
        self._names = itertools.count(1)
        self._strategy = ""

    @property
    def cluster(self) -> postgres.Cluster:
        """The running cluster (its template migrated); skips the test where there is none."""
        if self._cluster is None and self._unavailable is None:
            try:
                self._cluster = postgres.start()
                # maybe called inside a running event loop (an async fixture): a thread's own
                with ThreadPoolExecutor(1) as pool:
                    pool.submit(asyncio.run, self._template(self._cluster)).result()
            except postgres.Unavailable as exc:
                self._unavailable = str(exc)
        if self._cluster is None:
            pytest.skip(f"PostgreSQL tests skipped: {self._unavailable}")
        return self._cluster

    async def _template(self, cluster: postgres.Cluster) -> None:
        admin = await asyncpg.connect(cluster.url())
        try:
            await admin.execute(f"CREATE DATABASE {TEMPLATE}")
            if admin.get_server_version().major >= 15:
                self._strategy = " STRATEGY FILE_COPY"
        finally:
            await admin.close()
        await (await Store.open(cluster.url(TEMPLATE))).close()

    def need(self, backend: str) -> None:
        """Skip the calling test now if ``backend`` cannot run here."""
        if backend == "postgres":
            assert self.cluster is not None

    async def create(self) -> str:
        """A new PostgreSQL database with the schema migrated; its URL."""
        cluster = self.cluster
        name = f"test_{os.getpid()}_{next(self._names)}"
        admin = await asyncpg.connect(cluster.url())
        try:
            # FILE_COPY copies the template's files: faster than logging every page (15+)
            await admin.execute(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}{self._strategy}")
        finally:
            await admin.close()
        return cluster.url(name)

    async def drop(self, url: str) -> None:
        name = urlsplit(url).path.lstrip("/")
        admin = await asyncpg.connect(self.cluster.url())
        try:
            await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        finally:
            await admin.close()

    @asynccontextmanager
    async def fresh(self, backend: str, folder: Path) -> AsyncIterator[str | Path]:
        """A database for one test (or one hypothesis example), dropped afterwards."""
        if backend == "sqlite":
            yield folder / "cardtable.db"
            return
        url = await self.create()
        try:
            yield url
        finally:
            await self.drop(url)

    def stop(self) -> None:
        if self._cluster is not None:
            self._cluster.stop()


def examples(backend: str, sqlite: int) -> settings:
    """hypothesis settings for one backend: PostgreSQL runs a third of SQLite's examples
    (each one pays for a fresh database; the rules under test are the same)."""
    count = sqlite if backend == "sqlite" else max(5, sqlite // 3)
    return settings(max_examples=count, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="session")
def databases() -> Iterator[Databases]:
    made = Databases()
    yield made
    made.stop()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
async def database(backend: str, databases: Databases, tmp_path: Path) -> AsyncIterator[str | Path]:
    """A fresh database for this test: a SQLite path, or a PostgreSQL URL."""
    async with databases.fresh(backend, tmp_path) as made:
        yield made


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line saying why the PostgreSQL tests were skipped (they are many; the reason one)."""
    reasons: Counter[str] = Counter()
    for report in terminalreporter.stats.get("skipped", []):
        text = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        if "PostgreSQL tests skipped" in text:
            reasons[text.removeprefix("Skipped: ")] += 1
    for reason, count in reasons.items():
        terminalreporter.write_line(f"{count} tests skipped. {reason}", yellow=True)
    terminalreporter.write_line(
        f"secret scan: {len(leaks.WATCHED)} secrets watched in {LeakScan.reports} reports "
        f"({LeakScan.characters:,} characters of captured output and logs): "
        f"{LeakScan.leaked} leaks"
    )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Fail a test whose captured stdout, stderr or log records, at any level it captured,
    or whose failure report, show a watched secret (``tests/leaks.py``)."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    texts = [content for name, content in report.sections if name.endswith(report.when)]
    if report.failed:
        texts.append(report.longreprtext)
    if leaks.found("\n".join(texts)):
        report.outcome = "failed"
        report.longrepr = (
            f"a watched secret (a test password or bot token) shows in the output or logs of "
            f"{report.when}; see tests/leaks.py"
        )
        report.sections = [(name, "(not shown: it holds a secret)") for name, _ in report.sections]


class LeakScan:
    """Counts what the scan read, for the closing line of the run."""

    reports = 0
    characters = 0
    leaked = 0


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    LeakScan.reports += 1
    LeakScan.characters += sum(
        len(content) for name, content in report.sections if name.endswith(report.when)
    )
    LeakScan.leaked += "watched secret" in str(report.longrepr or "")
