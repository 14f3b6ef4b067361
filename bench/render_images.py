"""Picture speed and size: render + PNG encode of tables, hands and results (issue 5).

Goals: median table < 40 ms, hand < 25 ms, every file < 300 KB. Fonts and card faces are
cached, so the first picture of the process (which loads them) is timed apart as "cold" and
not in the medians. Run: ``.venv/bin/python -m bench.render_images``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from render import demo

GOALS_MS = {"table": 40.0, "hand": 25.0, "result": 40.0}  # the issue sets none for results
MAX_BYTES = 300_000
ROUNDS = 15


def _timed(make: Callable[[], bytes]) -> tuple[float, int]:
    start = time.perf_counter()
    data = make()
    return (time.perf_counter() - start) * 1000, len(data)


def main() -> None:
    samples = demo.samples()
    stems = list(samples)
    cold_ms, _ = _timed(lambda: samples[stems[0]]("zh-TW"))
    print(f"cold first picture (fonts and faces loaded): {cold_ms:.1f} ms")
    for stem in stems:  # warm every face and text size once, as a running bot would be
        for lang in ("en", "zh-TW", "zh-CN"):
            samples[stem](lang)
    times: dict[str, list[float]] = {kind: [] for kind in GOALS_MS}
    sizes: dict[str, int] = {kind: 0 for kind in GOALS_MS}
    by_stem: dict[str, list[float]] = {stem: [] for stem in stems}
    for _ in range(ROUNDS):
        for stem, make in samples.items():
            kind = "table" if "_table_" in stem else "result" if "_result_" in stem else "hand"
            for lang in ("en", "zh-TW", "zh-CN"):
                ms, size = _timed(lambda make=make, lang=lang: make(lang))
                times[kind].append(ms)
                by_stem[stem].append(ms)
                sizes[kind] = max(sizes[kind], size)
    print(f"{'picture':<8} {'median ms':>10} {'goal ms':>8} {'ratio':>6} {'max KB':>7} {'n':>5}")
    for kind, goal in GOALS_MS.items():
        median = statistics.median(times[kind])
        print(
            f"{kind:<8} {median:>10.1f} {goal:>8.0f} {median / goal:>6.2f} "
            f"{sizes[kind] / 1000:>7.1f} {len(times[kind]):>5}"
        )
    slowest = max(stems, key=lambda stem: statistics.median(by_stem[stem]))
    print(f"slowest picture: {slowest}, median {statistics.median(by_stem[slowest]):.1f} ms")
    largest = max(sizes.values())
    print(f"largest file {largest / 1000:.1f} KB (goal < {MAX_BYTES // 1000} KB)")


if __name__ == "__main__":
    main()
