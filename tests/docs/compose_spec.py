"""The rules of the compose specification that the deploy files use, checked with PyYAML.

Docker is not here to run ``docker compose config``; this is the part of the specification
(https://github.com/compose-spec/compose-spec/blob/main/spec.md) our files touch: the keys
allowed at the top and in a service, durations, restart policies, healthchecks, logging,
``depends_on`` conditions, and that every secret and named volume a service uses is declared.
``problems`` lists what breaks a rule (empty: none).
"""

from __future__ import annotations

import re
from typing import Any

TOP = {"version", "name", "services", "networks", "volumes", "secrets", "configs", "include"}
SERVICE = {
    "build", "image", "init", "restart", "stop_grace_period", "stop_signal", "logging",
    "secrets", "healthcheck", "depends_on", "environment", "env_file", "volumes", "ports",
    "expose", "user", "command", "entrypoint", "networks", "deploy", "read_only", "tmpfs",
    "working_dir", "labels", "profiles", "cap_drop", "security_opt", "mem_limit",
}  # fmt: skip
HEALTHCHECK = {"test", "interval", "timeout", "retries", "start_period", "start_interval",
               "disable"}  # fmt: skip
DURATION = re.compile(r"^(\d+(us|ms|s|m|h))+$")
RESTART = {"no", "always", "on-failure", "unless-stopped"}
CONDITIONS = {"service_started", "service_healthy", "service_completed_successfully"}
LOGGING_DRIVERS = {"json-file", "local", "journald", "syslog", "none"}


def _service(name: str, service: dict[str, Any], compose: dict[str, Any]) -> list[str]:
    found = [f"{name}: unknown key {key!r}" for key in set(service) - SERVICE]
    if not ("image" in service or "build" in service):
        found.append(f"{name}: neither image nor build")
    grace = service.get("stop_grace_period")
    if grace is not None and not DURATION.match(str(grace)):
        found.append(f"{name}: stop_grace_period {grace!r} is no duration")
    if "restart" in service and service["restart"] not in RESTART:
        found.append(f"{name}: restart {service['restart']!r}")
    check = service.get("healthcheck", {})
    found += [f"{name}: healthcheck key {key!r}" for key in set(check) - HEALTHCHECK]
    for key in ("interval", "timeout", "start_period"):
        if key in check and not DURATION.match(str(check[key])):
            found.append(f"{name}: healthcheck {key} {check[key]!r} is no duration")
    test = check.get("test")
    if test is not None and not (
        isinstance(test, str) or (test[0] in ("CMD", "CMD-SHELL", "NONE") and len(test) > 1)
    ):
        found.append(f"{name}: healthcheck test must start with CMD or CMD-SHELL")
    for other, how in (service.get("depends_on") or {}).items():
        if other not in compose["services"] or how.get("condition") not in CONDITIONS:
            found.append(f"{name}: depends_on {other} {how}")
    logging = service.get("logging", {})
    if logging and logging.get("driver") not in LOGGING_DRIVERS:
        found.append(f"{name}: logging driver {logging.get('driver')!r}")
    for key, value in (logging.get("options") or {}).items():
        if not isinstance(value, str):
            found.append(f"{name}: logging option {key} must be a string")
    for key, value in (service.get("environment") or {}).items():
        if not isinstance(value, str):
            found.append(f"{name}: environment {key} must be a string, not {value!r}")
    for secret in service.get("secrets", []):
        secret_name = secret if isinstance(secret, str) else secret.get("source")
        if secret_name not in (compose.get("secrets") or {}):
            found.append(f"{name}: secret {secret_name!r} not declared")
    for volume in service.get("volumes", []):
        source = str(volume).split(":")[0]
        if not source.startswith((".", "/")) and source not in (compose.get("volumes") or {}):
            found.append(f"{name}: volume {source!r} not declared")
    return found


def problems(compose: dict[str, Any]) -> list[str]:
    """What in ``compose`` (a parsed compose file) breaks the specification's rules."""
    found = [f"unknown top-level key {k!r}" for k in compose if k not in TOP and k[:2] != "x-"]
    for name, secret in (compose.get("secrets") or {}).items():
        sources = {"file", "environment", "external"} & set(secret or {})
        if not isinstance(secret, dict) or len(sources) != 1:
            found.append(f"secret {name}: one of file, environment or external")
    for name, service in compose.get("services", {}).items():
        found += _service(name, service, compose)
    return found
