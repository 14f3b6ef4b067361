"""``python -m bench [NAME [ARGS ...] ...]``: run the benchmarks (all of them by default).

Each benchmark is a module here with a ``main()`` that prints its medians, rates and the
ratios against its goals. Run one alone with ``python -m bench NAME`` or ``python -m bench.NAME``.
``ai`` (``python -m bench ai --deals 40``) plays thousands of hands and takes hours at its
defaults, and ``ai_load`` keeps every core busy for minutes, so they run only when named.
"""

from __future__ import annotations

import importlib
import inspect
import sys

BENCHMARKS = (
    "qingdun_engine",
    "sankou_engine",
    "render_images",
    "service_load",
    "autocomplete",
    "hand_menus",
    "stop",
)
#: Too long for a full run: each runs only when named.
ON_REQUEST = (
    "ai",
    "ai_load",
    "ai_search",
    "ai_review",
    "ai_speed",
    "ai_bidding",
    "ai_endgame",
    "ai_handvalue",
    "ai_leaf",
    "ai_worlds",
    "ai_departures",
)
PARTS = ("board_load",)  # run by service_load; may also run alone


def main(argv: list[str]) -> int:
    """Names, each optionally followed by its own arguments (``service_load 10 --backend
    postgres``): a word that names no benchmark belongs to the one before it."""
    runs: list[tuple[str, list[str]]] = []
    for word in argv:
        if word in BENCHMARKS + ON_REQUEST + PARTS:
            runs.append((word, []))
        elif runs:
            runs[-1][1].append(word)
        else:
            known = ", ".join(BENCHMARKS + ON_REQUEST + PARTS)
            print(f"unknown benchmark {word!r}; choose from {known}")
            return 2
    for name, options in runs or [(name, []) for name in BENCHMARKS]:
        print(f"\n=== {name} ===", flush=True)
        module = importlib.import_module(f"bench.{name}")
        if not options:
            module.main()
        elif inspect.signature(module.main).parameters:
            module.main(options)
        else:
            print(f"{name} takes no arguments, not {' '.join(options)}")
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
