"""Golden pictures of fixed states of both games, compared with a small tolerance.

Refresh after an intended change of the pictures (then look at them!):
``UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render``
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import ImageChops, ImageStat

from render import demo, fonts
from tests.render.conftest import decode

GOLDEN = Path(__file__).parent / "golden"
TOLERANCE = 1.5  # mean absolute difference per channel, 0-255

# (sample stem, language): both games, every kind of picture, all three languages.
CASES = [
    ("qingdun_table_mid_trick", "zh-TW"),
    ("qingdun_table_bombs", "en"),
    ("qingdun_table_someone_out", "zh-CN"),
    ("qingdun_table_long_chains", "zh-TW"),  # 14-card plays: chips by rank (issue 20)
    ("qingdun_hand", "en"),
    ("qingdun_result_double_kou", "zh-TW"),
    ("qingdun_result_normal", "en"),
    ("sankou_table_bidding", "en"),
    ("sankou_table_failed_throw", "zh-TW"),
    ("sankou_kitty", "zh-CN"),
    ("sankou_result_made", "en"),
    ("sankou_hand", "en", True),  # the four-colour deck
    ("board_rating_week", "zh-TW"),
    ("board_nobody_ranked", "en"),  # nothing overlaps, the footnote is wrapped (issue 20)
    ("sankou_deal_1", "en"),  # the deal in two halves, each about as tall as the table
    ("sankou_deal_2", "en"),
]


def _fonts_as_recorded() -> bool:
    regular = fonts.font_set().regular
    return regular is not None and "NotoSansCJK" in regular.path


@pytest.mark.parametrize("case", CASES, ids=lambda case: ".".join(map(str, case)))
def test_golden(case: tuple) -> None:  # type: ignore[type-arg]
    stem, lang, *four = case
    suffix = ".four" if four else ""
    path = GOLDEN / f"{stem}.{lang}{suffix}.png"
    data = demo.samples(four_colour=bool(four))[stem](lang)
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_bytes(data)
        return
    if not _fonts_as_recorded():
        pytest.skip("golden pictures were drawn with Noto Sans CJK, which is not installed")
    expected = decode(path.read_bytes())
    actual = decode(data)
    assert actual.size == expected.size
    diff = ImageStat.Stat(ImageChops.difference(actual, expected)).mean
    assert max(diff) <= TOLERANCE, f"{path.name} differs by {diff}"
