"""``python -m bot.healthcheck``: exit 0 when the bot's ``/healthz`` says ok (the image's check).

It asks ``http://127.0.0.1:$HEALTH_PORT/healthz`` (``HEALTH_PORT`` from the environment or
``.env``, default 8080) and exits 0 on 200; otherwise it prints why (the bot's own words, or
that nothing answers) and exits 1. Only the standard library: it runs every few seconds.
"""

from __future__ import annotations

import sys
import urllib.error
import urllib.request

from bot.config import environment

TIMEOUT = 4.0


def check(port: int) -> str | None:
    """None when healthy, else why not."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=TIMEOUT):
            return None
    except urllib.error.HTTPError as exc:
        return f"unhealthy: {exc.read().decode('utf-8', 'replace')}"
    except OSError as exc:
        return f"no answer on port {port}: {exc}"


def main() -> int:
    port = environment().get("HEALTH_PORT", "").strip() or "8080"
    if not port.isdigit() or int(port) == 0:
        print(f"HEALTH_PORT is {port!r}: no /healthz to ask", file=sys.stderr)
        return 1
    problem = check(int(port))
    if problem:
        print(problem, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
