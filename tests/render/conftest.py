"""Fixtures for the picture tests: decoding PNGs and forcing the no-font path."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from PIL import Image

from render import fonts


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image.convert("RGB")


@pytest.fixture
def no_fonts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Pretend fontconfig found nothing at all."""
    empty = fonts.FontSet(None, None, None, None, None, None)
    monkeypatch.setattr(fonts, "discover", lambda: empty)
    fonts.reset()
    yield
    monkeypatch.undo()
    fonts.reset()
