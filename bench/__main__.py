"""``python -m bench [NAME ...]``: run the benchmarks (all of them by default).

Each benchmark is a module here with a ``main()`` that prints its medians, rates and the
ratios against its goals. Run one alone with ``python -m bench NAME`` or ``python -m bench.NAME``;
options after the name go to that benchmark (``python -m bench ai --deals 40``). ``ai`` plays
thousands of hands and takes hours at its defaults, so it runs only when named.
"""

from __future__ import annotations

import importlib
import sys
from itertools import takewhile

DEFAULT = ("qingdun_engine", "sankou_engine", "render_images", "service_load", "autocomplete")
BENCHMARKS = (*DEFAULT, "ai")
PARTS = ("board_load",)  # run by service_load; may also run alone


def main(argv: list[str]) -> int:
    names = list(takewhile(lambda arg: not arg.startswith("-"), argv))
    options = argv[len(names) :]
    names = names or list(DEFAULT)
    unknown = [name for name in names if name not in BENCHMARKS + PARTS]
    if unknown:
        known = ", ".join(BENCHMARKS + PARTS)
        print(f"unknown benchmark(s): {', '.join(unknown)}; choose from {known}")
        return 2
    if options and len(names) != 1:
        print("options go to one benchmark: python -m bench NAME --option ...")
        return 2
    for name in names:
        print(f"\n=== {name} ===", flush=True)
        module = importlib.import_module(f"bench.{name}")
        if options:
            module.main(options)
        else:
            module.main()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
