"""Every picture reads on a phone, where Discord shows it about 330 px wide (issue 12 §4).

How text height is measured: the renderer records every text it draws (``fonts.recording``)
with its cap height, the height of a capital letter or digit in the font that draws it, in
pixels of the finished picture. Card corner indices are recorded too, at the size they end up
after the face is shrunk. Scaled by 330 / picture width, no text may have capitals under 9 px
(Chinese characters are taller than capitals at the same size, so they pass with room).
The test also makes the 330 px copy itself and checks the recorded scale against it.
"""

from __future__ import annotations

import pytest
from PIL import Image

import render
from render import demo, fonts
from render.fonts import Style, draw_text
from tests.render.conftest import decode

PHONE = 330
MIN_CAP = 9.0


def _need_fonts() -> None:
    if fonts.font_set().regular is None:
        pytest.skip("no text font installed: sizes are those of Pillow's fallback font")


def test_recorded_cap_height_is_the_ink_of_a_capital() -> None:
    """The measure the phone test relies on: recorded cap height = inked height of "H"."""
    _need_fonts()
    for size, bold in ((26, False), (26, True), (40, True)):
        image = Image.new("L", (200, 100), 0)
        with fonts.recording() as drawn:
            draw_text(image, (10, 50), "H", Style(size, 255, bold))
        box = image.getbbox()
        assert box is not None
        assert len(drawn) == 1 and drawn[0].size == size
        assert abs(drawn[0].cap - (box[3] - box[1])) <= 1.0


def test_card_corners_are_recorded_at_their_shrunk_size() -> None:
    view = demo.qingdun_hand_views()["hand"]
    with fonts.recording() as drawn:
        render.render_hand(view)
    ranks = [d for d in drawn if d.text in {"3", "10", "A", "大", "小"}]
    assert {"3", "10", "A"} <= {d.text for d in ranks}
    ten = next(d for d in ranks if d.text == "10")
    assert 20 < ten.size < 40  # about 0.4 of a 66 px card, not the 3x drawing size


@pytest.mark.parametrize(
    ("lang", "four_colour"), [("en", False), ("zh-TW", False), ("zh-CN", False), ("en", True)]
)
def test_smallest_text_on_a_phone_is_at_least_9_px(lang: str, four_colour: bool) -> None:
    _need_fonts()
    for stem, make in demo.samples(four_colour).items():
        with fonts.recording() as drawn:
            data = make(lang)
        width, height = decode(data).size
        phone = decode(demo.phone_copy(data, PHONE))
        assert phone.width == PHONE
        assert abs(phone.height - height * PHONE / width) <= 1
        assert drawn, stem
        smallest = min(drawn, key=lambda d: d.cap)
        cap = smallest.cap * PHONE / width
        assert cap >= MIN_CAP, f"{stem}: {smallest.text!r} is {cap:.1f} px tall at {PHONE} px"


def test_pictures_are_phone_shaped() -> None:
    """660 px wide (2x a phone), and the table no taller than ~1.2x its width, so a desktop
    preview that limits height does not shrink it much below the phone size."""
    for stem, make in demo.samples().items():
        width, height = decode(make("en")).size
        assert width == 660, stem
        if "_table_" in stem or "_result_" in stem:
            assert height <= 1.2 * width, stem
