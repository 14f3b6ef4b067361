"""A throwaway PostgreSQL cluster in a temporary folder, for the tests and the benchmarks.

``start()`` runs the system's ``initdb`` and ``postgres`` (Debian keeps them in
``/usr/lib/postgresql/<version>/bin``, off PATH; ``PG_BIN`` names another folder). The server
listens on a Unix socket in that folder only, trusts local connections and stops with the
process that started it (``--pdeathsig``), so a killed test run leaves no server behind.
PostgreSQL refuses to run as root: as root, both run as the ``postgres`` user (or ``nobody``)
through ``setpriv``, and the folder is handed to that user.

Raises ``Unavailable`` with the reason when there is no server to run: callers skip then.
"""

from __future__ import annotations

import ctypes
import os
import pwd
import re
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

USER = "cardtable"  # the cluster's superuser
FAST = {"fsync": "off", "synchronous_commit": "off", "full_page_writes": "off"}  # tests only


class Unavailable(Exception):
    """No PostgreSQL server can be run here; the message says why."""


def server_binaries() -> Path | None:
    """The folder holding ``initdb`` and ``postgres``: PG_BIN if set (and nothing else: set it
    to an empty folder to run without PostgreSQL), else the newest Debian-style install, else
    the folder of an ``initdb`` on PATH."""
    if "PG_BIN" in os.environ:
        chosen = Path(os.environ["PG_BIN"])
        return chosen if (chosen / "initdb").is_file() and (chosen / "postgres").is_file() else None
    candidates: list[str] = []

    def version(folder: Path) -> tuple[int, ...]:
        return tuple(int(n) for n in re.findall(r"\d+", folder.parent.name)) or (0,)

    installed = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=version, reverse=True)
    candidates += [str(folder) for folder in installed]
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(str(Path(on_path).resolve().parent))
    for folder in candidates:
        if (Path(folder) / "initdb").is_file() and (Path(folder) / "postgres").is_file():
            return Path(folder)
    return None


def _run_as() -> tuple[list[str], pwd.struct_passwd | None]:
    """The command prefix that drops root (none when not root), and that user."""
    if os.geteuid() != 0:
        return [], None
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        raise Unavailable("running as root and setpriv (util-linux) is missing")
    for name in ("postgres", "nobody"):
        try:
            user = pwd.getpwnam(name)
        except KeyError:
            continue
        prefix = [setpriv, f"--reuid={user.pw_uid}", f"--regid={user.pw_gid}", "--clear-groups"]
        return prefix, user
    raise Unavailable("running as root and there is no postgres or nobody user to run as")


def _die_with_parent() -> None:  # pragma: no cover - runs in the child
    """Linux: the server gets SIGQUIT (immediate shutdown) when its parent dies."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(1, signal.SIGQUIT)  # PR_SET_PDEATHSIG


@dataclass
class Cluster:
    directory: Path
    process: subprocess.Popen[bytes]
    port: int = 5432  # the socket's name says it (and, when it listens on TCP, the port)

    @property
    def socket_dir(self) -> Path:
        return self.directory

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@/{database}?host={self.socket_dir}&port={self.port}"

    def log(self) -> str:
        path = self.directory / "server.log"
        return path.read_text(errors="replace") if path.is_file() else ""

    def stop(self) -> None:
        """Fast shutdown (SIGINT), then remove the folder."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.directory, ignore_errors=True)


def start(
    settings: Mapping[str, str] = FAST, *, timeout: float = 60.0, auth_host: str = "trust"
) -> Cluster:
    """A new cluster with these server settings, up and accepting connections.

    Local (Unix socket) connections are trusted; TCP ones use ``auth_host`` (e.g.
    ``scram-sha-256``, with ``listen_addresses`` and ``port`` among ``settings``)."""
    binaries = server_binaries()
    if binaries is None:
        raise Unavailable(
            "no PostgreSQL server found (initdb/postgres); scripts/setup.sh installs it "
            "(apt-get install postgresql), or set PG_BIN to its bin folder"
        )
    prefix, user = _run_as()
    directory = Path(tempfile.mkdtemp(prefix="cardtable-pg-"))
    try:
        if user is not None:
            os.chown(directory, user.pw_uid, user.pw_gid)
        directory.chmod(0o755)  # the socket must be reachable by this (root) process
        data = directory / "data"
        init = subprocess.run(
            [*prefix, str(binaries / "initdb"), "-D", str(data), "-U", USER,
             "--auth-local=trust", f"--auth-host={auth_host}",
             "-E", "UTF8", "--locale=C", "--no-sync"],
            capture_output=True, text=True, timeout=timeout, check=False,
        )  # fmt: skip
        if init.returncode != 0:
            raise Unavailable(f"initdb failed: {init.stderr.strip()[-500:]}")
        options = {
            "listen_addresses": "",
            "unix_socket_directories": str(directory),
            "max_connections": "200",
            **settings,
        }
        arguments = [arg for key, value in options.items() for arg in ("-c", f"{key}={value}")]
        log = (directory / "server.log").open("wb")
        if prefix:
            command = [*prefix, "--pdeathsig", "QUIT", str(binaries / "postgres")]
            preexec = None
        else:
            command, preexec = [str(binaries / "postgres")], _die_with_parent
        process = subprocess.Popen(
            [*command, "-D", str(data), *arguments],
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            preexec_fn=preexec,
        )  # fmt: skip
        log.close()
        cluster = Cluster(directory, process, int(options.get("port", 5432)))
        _wait_ready(cluster, timeout)
        return cluster
    except BaseException:
        shutil.rmtree(directory, ignore_errors=True)
        raise


def _wait_ready(cluster: Cluster, timeout: float) -> None:
    """Until ``postmaster.pid`` says "ready" (PostgreSQL 10+ writes it there)."""
    pid_file = cluster.directory / "data" / "postmaster.pid"
    give_up = time.monotonic() + timeout
    while time.monotonic() < give_up:
        if cluster.process.poll() is not None:
            raise Unavailable(f"the PostgreSQL server did not start: {cluster.log()[-800:]}")
        try:
            if "ready" in pid_file.read_text():
                return
        except OSError:
            pass
        time.sleep(0.02)
    cluster.stop()
    raise Unavailable("the PostgreSQL server did not get ready in time")
