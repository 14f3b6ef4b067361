"""Fonts: CJK names as real glyphs, emoji or nothing (never tofu), clean shortening, and a
picture even when no font at all is installed."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

import render
from render import demo, fonts
from render.fonts import Style, clusters, draw_text, fit, runs, text_width

NAME = "王小明"


def _main_font(size: int = 24) -> fonts.Font:
    return fonts._chain(size, False, False)[0]


def _need_cjk() -> None:
    if fonts.font_set().regular is None:
        pytest.skip("no CJK font installed")


def test_cjk_name_draws_real_glyphs_not_notdef() -> None:
    _need_cjk()
    font = _main_font()
    notdef = fonts._mask_bytes(font, "\U0010fffd")
    for ch in NAME + "頭家雙扣庄家":
        assert fonts._mask_bytes(font, ch) != notdef, ch
    assert runs(NAME, 24) == ((NAME, 0),)


def test_cjk_name_ink_differs_from_tofu_boxes() -> None:
    """The whole drawn name is not just three .notdef boxes in a row."""
    _need_cjk()
    style = Style(32, (0, 0, 0))

    def ink(text: str) -> bytes:
        image = Image.new("RGB", (200, 60), (255, 255, 255))
        draw_text(image, (10, 30), text, style)
        return image.tobytes()

    tofu = Image.new("RGB", (200, 60), (255, 255, 255))
    font = _main_font(32)
    x = 10
    for _ in NAME:
        ImageDraw.Draw(tofu).text((x, 30), "\U0010fffd", font=font, fill=(0, 0, 0), anchor="lm")
        x += round(font.getlength("\U0010fffd"))
    assert ink(NAME) != tofu.tobytes()
    assert ink(NAME) != ink("")


def test_unrenderable_characters_are_dropped() -> None:
    assert runs("\U0010fffd", 20) == ()
    assert runs("A\U0010fffdB", 20) == (("AB", 0),)


def test_emoji_use_the_colour_font_when_present() -> None:
    if fonts.font_set().emoji is None:
        pytest.skip("no colour emoji font installed")
    pieces = runs("🐉 Bob", 24)
    assert pieces[0] == ("🐉", -1)
    assert fonts._emoji_image("🐉", 24) is not None
    assert fonts._emoji_image("🐉", 24).height == 24  # type: ignore[union-attr]


def test_emoji_sequences_stay_together() -> None:
    family = "👨\u200d👩\u200d👧"
    assert clusters(family + "x") == [family, "x"]
    assert clusters("👍🏽!") == ["👍🏽", "!"]


@pytest.mark.parametrize(
    "name", ["Bob the Builder from Ningbo", "麻將王麻將王麻將王麻將王麻將王", "🐉" * 30]
)
def test_long_names_are_shortened_by_width(name: str) -> None:
    style = Style(24, bold=True)
    short = fit(name, style, 150)
    assert short.endswith("…")
    assert text_width(short, style) <= 150
    assert fit("Bob", style, 150) == "Bob"


def test_no_font_found_still_draws_everything(no_fonts: None) -> None:
    assert fonts.font_set().regular is None
    for stem, make in demo.samples().items():
        assert make("zh-TW").startswith(b"\x89PNG"), stem
    # CJK and emoji cannot be drawn by the built-in font: dropped, not boxed
    assert runs(NAME, 20) == ()
    # labels fall back to English, undrawable names to "Seat n"
    no_font = render.render_table(demo.qingdun_view(), [NAME, "Bob", "🐉 王", "Al"], "zh-TW")
    assert no_font == render.render_table(demo.qingdun_view(), ["Seat 1", "Bob", "Seat 3", "Al"])
    assert text_width("王小明 Bob", Style(20)) == text_width(" Bob", Style(20))


def test_same_bytes_after_caches_are_cleared() -> None:
    view = demo.qingdun_states()["mid_trick"]
    first = render.render_table(view, demo.NAMES, "zh-TW")
    fonts.reset()
    assert render.render_table(view, demo.NAMES, "zh-TW") == first
