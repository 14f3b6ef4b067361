"""``python -m bench [NAME ...]``: run the benchmarks (all of them by default).

Each benchmark is a module here with a ``main()`` that prints its medians, rates and the
ratios against its goals. Run one alone with ``python -m bench NAME`` or ``python -m bench.NAME``.
"""

from __future__ import annotations

import importlib
import sys

BENCHMARKS = (
    "qingdun_engine",
    "sankou_engine",
    "render_images",
    "service_load",
    "autocomplete",
)
PARTS = ("board_load",)  # run by service_load; may also run alone


def main(argv: list[str]) -> int:
    names = argv or list(BENCHMARKS)
    unknown = [name for name in names if name not in BENCHMARKS + PARTS]
    if unknown:
        known = ", ".join(BENCHMARKS + PARTS)
        print(f"unknown benchmark(s): {', '.join(unknown)}; choose from {known}")
        return 2
    for name in names:
        print(f"\n=== {name} ===", flush=True)
        importlib.import_module(f"bench.{name}").main()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
