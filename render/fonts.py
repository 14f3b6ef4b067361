"""Fonts found through fontconfig, and text drawing that never shows tofu boxes.

Names on Discord mix Latin, Chinese and emoji. We look up a CJK font once (``fc-list
:lang=zh``), then draw text in runs: each character goes to the first font that really has a
glyph for it (checked against that font's ``.notdef`` mask), emoji go to Noto Color Emoji
(bitmap only at size 109, so drawn once and scaled), and whatever no font can draw is dropped.
When no font is found at all, Pillow's built-in font is used and nothing crashes.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
import threading
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
RGB = tuple[int, int, int]

_EMOJI_SIZE = 109  # the only size Noto Color Emoji's bitmaps come in
# Fonts are shared between pictures and the bot draws in worker threads (asyncio.to_thread);
# a FreeType face must not be used by two threads at once. Every use is cached, so the lock
# is rarely taken.
_FREETYPE = threading.RLock()
_ELLIPSIS = "…"
# Preferred CJK families, best first; any other ``:lang=zh`` font is still better than none.
_CJK_FAMILIES = (
    "Noto Sans CJK TC",
    "Noto Sans CJK SC",
    "Source Han Sans TC",
    "Source Han Sans SC",
    "WenQuanYi Zen Hei",
    "WenQuanYi Micro Hei",
    "Droid Sans Fallback",
)
_SC_FAMILIES = ("Noto Sans CJK SC", "Source Han Sans SC")


@dataclass(frozen=True, slots=True)
class FontFile:
    path: str
    index: int = 0


@dataclass(frozen=True, slots=True)
class FontSet:
    """The font files we draw with; any of them may be missing."""

    regular: FontFile | None
    bold: FontFile | None
    regular_sc: FontFile | None  # Simplified glyph shapes for zh-CN
    bold_sc: FontFile | None
    emoji: FontFile | None
    symbol: FontFile | None  # a Latin/symbol font for what the CJK font lacks


def _fc_list(pattern: str) -> list[tuple[str, int, str, str]]:
    """``(file, index, family, style)`` rows from ``fc-list``; empty when fontconfig is absent."""
    if shutil.which("fc-list") is None:
        return []
    try:
        out = subprocess.run(
            ["fc-list", pattern, "--format", "%{file}|%{index}|%{family[0]}|%{style[0]}\n"],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    rows = []
    for line in out.splitlines():
        parts = line.split("|")
        if len(parts) == 4 and Path(parts[0]).is_file():
            rows.append((parts[0], int(parts[1] or 0), parts[2], parts[3]))
    return sorted(rows)  # fc-list order is not stable; sort for determinism


def _pick(
    rows: list[tuple[str, int, str, str]], families: tuple[str, ...], bold: bool
) -> FontFile | None:
    def score(row: tuple[str, int, str, str]) -> tuple[int, int]:
        family_rank = families.index(row[2]) if row[2] in families else len(families)
        is_bold = "bold" in row[3].lower()
        return family_rank, 0 if is_bold == bold else 1

    if not rows:
        return None
    best = min(rows, key=score)
    return FontFile(best[0], best[1])


def discover() -> FontSet:
    """Ask fontconfig for our fonts. Tests replace this to force the no-font path."""
    cjk = [r for r in _fc_list(":lang=zh") if "Mono" not in r[2] and "Serif" not in r[2]]
    cjk = cjk or _fc_list(":lang=zh")
    emoji = [r for r in _fc_list(":charset=1f600") if "emoji" in r[2].lower()]
    symbol = _fc_list("DejaVu Sans:style=Book") or _fc_list(":charset=2660:lang=en")
    sc = [r for r in cjk if r[2] in _SC_FAMILIES]
    return FontSet(
        regular=_pick(cjk, _CJK_FAMILIES, bold=False),
        bold=_pick(cjk, _CJK_FAMILIES, bold=True),
        regular_sc=_pick(sc, _SC_FAMILIES, bold=False),
        bold_sc=_pick(sc, _SC_FAMILIES, bold=True),
        emoji=FontFile(emoji[0][0], emoji[0][1]) if emoji else None,
        symbol=FontFile(symbol[0][0], symbol[0][1]) if symbol else None,
    )


@functools.cache
def font_set() -> FontSet:
    return discover()


def reset() -> None:
    """Forget every cached font (after ``discover`` was replaced, e.g. in a test)."""
    for cached in (
        font_set,
        _load,
        _chain,
        _notdef,
        has_glyph,
        _emoji_image,
        runs,
        _run_width,
        _text_mask,
        _cap_ratio,
    ):
        cached.cache_clear()


@functools.lru_cache(maxsize=64)
def _load(file: FontFile | None, size: int) -> Font:
    if file is None:
        return ImageFont.load_default(size)
    try:
        return ImageFont.truetype(file.path, size, index=file.index)
    except OSError:
        return ImageFont.load_default(size)


@functools.lru_cache(maxsize=64)
def _chain(size: int, bold: bool, simplified: bool) -> tuple[Font, ...]:
    """The text fonts to try in order for one style: CJK (or default), then the symbol font."""
    fs = font_set()
    if simplified and fs.regular_sc is not None:
        main = fs.bold_sc if bold else fs.regular_sc
    else:
        main = fs.bold if bold else fs.regular
    fonts = [_load(main or fs.regular, size)]
    if fs.symbol is not None:
        fonts.append(_load(fs.symbol, size))
    return tuple(fonts)


@functools.lru_cache(maxsize=64)
def _notdef(font: Font) -> bytes:
    """The mask a font draws for a character it does not have (its ``.notdef`` glyph)."""
    return _mask_bytes(font, "\U0010fffd")


def _mask_bytes(font: Font, ch: str) -> bytes:
    with _FREETYPE:
        mask = font.getmask(ch)
        return bytes(mask.size) + bytes(mask)


@functools.lru_cache(maxsize=8192)
def has_glyph(font: Font, ch: str) -> bool:
    """Whether ``font`` really draws ``ch`` (not its tofu box)."""
    if ch.isspace():
        return True
    return _mask_bytes(font, ch) != _notdef(font)


# ---------------------------------------------------------------------------------------
# Emoji

_JOINERS = {0x200D, 0xFE0F, 0xFE0E, 0x20E3}


def _is_emoji(ch: str) -> bool:
    cp = ord(ch)
    return (
        0x1F000 <= cp <= 0x1FAFF
        or 0x2600 <= cp <= 0x27BF
        or 0x2B00 <= cp <= 0x2BFF
        or 0xE0020 <= cp <= 0xE007F
        or cp in _JOINERS
    )


def _is_attached(ch: str) -> bool:
    """Characters that belong to the previous one (joiners, selectors, skin tones, marks)."""
    cp = ord(ch)
    return cp in _JOINERS or 0x1F3FB <= cp <= 0x1F3FF or unicodedata.combining(ch) > 0


@functools.lru_cache(maxsize=512)
def _emoji_image(run: str, height: int) -> Image.Image | None:
    """An emoji run drawn from the colour font at its bitmap size and scaled to ``height``."""
    file = font_set().emoji
    if file is None:
        return None
    try:
        font = ImageFont.truetype(file.path, _EMOJI_SIZE, index=file.index)
        left, top, right, bottom = font.getbbox(run)
        if right - left <= 0 or bottom - top <= 0:
            return None
        big = Image.new("RGBA", (right, bottom), (0, 0, 0, 0))
        ImageDraw.Draw(big).text((0, 0), run, font=font, embedded_color=True)
    except (OSError, ValueError):
        return None
    box = big.getbbox()
    if box is None:
        return None
    big = big.crop((0, 0, big.width, bottom))
    width = max(1, round(big.width * height / big.height))
    return big.resize((width, height), Image.Resampling.LANCZOS)


# ---------------------------------------------------------------------------------------
# Runs


def _is_flag_half(ch: str) -> bool:
    return 0x1F1E6 <= ord(ch) <= 0x1F1FF  # regional indicators: two make a flag


def clusters(text: str) -> list[str]:
    """Split text into user-visible characters (an emoji with its joiners stays one piece).

    Control characters are dropped and other whitespace becomes a plain space, so a name can
    never break a line or move the pen.
    """
    out: list[str] = []
    for ch in text:
        if ch.isspace():
            ch = " "
        elif unicodedata.category(ch) == "Cc":
            continue
        previous = out[-1] if out else ""
        joined = previous and (
            _is_attached(ch)
            or ord(previous[-1]) == 0x200D
            or (len(previous) == 1 and _is_flag_half(previous) and _is_flag_half(ch))
        )
        if joined:
            out[-1] += ch
        else:
            out.append(ch)
    return out


Run = tuple[str, int]  # text and font slot: 0.. = index in the chain, -1 = emoji


@functools.lru_cache(maxsize=4096)
def runs(text: str, size: int, bold: bool = False, simplified: bool = False) -> tuple[Run, ...]:
    """Text split into pieces that one font can draw; pieces nothing can draw are dropped."""
    chain = _chain(size, bold, simplified)
    out: list[Run] = []
    for cluster in clusters(text):
        slot: int | None = None
        if _is_emoji(cluster[0]) and _emoji_image(cluster, size) is not None:
            slot = -1
        else:
            base = cluster[0]
            for i, font in enumerate(chain):
                if has_glyph(font, base):
                    slot = i
                    cluster = "".join(c for c in cluster if has_glyph(font, c))
                    break
        if slot is None:
            continue
        if out and out[-1][1] == slot and slot != -1:
            out[-1] = (out[-1][0] + cluster, slot)
        else:
            out.append((cluster, slot))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Style:
    size: int
    color: RGB | tuple[int, int, int, int] = (255, 255, 255)
    bold: bool = False
    simplified: bool = False  # prefer Simplified-Chinese glyph shapes


@functools.lru_cache(maxsize=4096)
def _run_width(text: str, slot: int, size: int, bold: bool, simplified: bool) -> int:
    if slot == -1:
        image = _emoji_image(text, size)
        return image.width if image is not None else 0
    font = _chain(size, bold, simplified)[slot]
    with _FREETYPE:
        return round(font.getlength(text))


@functools.lru_cache(maxsize=2048)
def _text_mask(text: str, slot: int, size: int, bold: bool, simplified: bool) -> Image.Image:
    """The coverage of a run of text, drawn once: its left-middle point sits at (size, size)."""
    font = _chain(size, bold, simplified)[slot]
    width = _run_width(text, slot, size, bold, simplified)
    mask = Image.new("L", (width + 2 * size, 2 * size), 0)
    with _FREETYPE:
        ImageDraw.Draw(mask).text((size, size), text, font=font, fill=255, anchor="lm")
    return mask


def text_width(text: str, style: Style) -> int:
    return sum(
        _run_width(t, s, style.size, style.bold, style.simplified)
        for t, s in runs(text, style.size, style.bold, style.simplified)
    )


def fit(text: str, style: Style, max_width: int) -> str:
    """``text`` shortened with an ellipsis (by measured width) so it fits ``max_width``."""
    if text_width(text, style) <= max_width:
        return text
    pieces = clusters(text)
    while pieces:
        pieces.pop()
        candidate = "".join(pieces).rstrip() + _ELLIPSIS
        if text_width(candidate, style) <= max_width:
            return candidate
    return _ELLIPSIS


def wrap(text: str, style: Style, max_width: int) -> list[str]:
    """``text`` in lines no wider than ``max_width``: broken at spaces where it has them,
    between any two characters otherwise (Chinese has no spaces)."""
    lines: list[str] = []
    line = ""
    for piece in clusters(text):
        candidate = line + piece
        if not line or text_width(candidate, style) <= max_width:
            line = candidate
            continue
        cut = line.rfind(" ")
        if piece != " " and cut > 0 and text_width(line[cut + 1 :] + piece, style) <= max_width:
            lines.append(line[:cut])
            line = line[cut + 1 :] + piece
        else:
            lines.append(line.rstrip())
            line = piece.lstrip()
    if line.strip():
        lines.append(line.rstrip())
    return lines


# ---------------------------------------------------------------------------------------
# What was drawn: every text with its size, so tests can check it stays readable on phones


@dataclass(frozen=True, slots=True)
class Drawn:
    """One text drawn into a picture; ``size`` and ``cap`` in pixels of the finished picture."""

    text: str
    size: float  # the font size (em)
    cap: float  # the height of a capital letter or digit: what decides whether it reads


_drawn: ContextVar[list[Drawn] | None] = ContextVar("render_drawn_text", default=None)


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Collect every text drawn in this thread/context while the block runs."""
    drawn: list[Drawn] = []
    token = _drawn.set(drawn)
    try:
        yield drawn
    finally:
        _drawn.reset(token)


@contextmanager
def unrecorded() -> Iterator[None]:
    """Drawing at another scale (card faces are drawn big and shrunk): noted by the caller."""
    token = _drawn.set(None)
    try:
        yield
    finally:
        _drawn.reset(token)


@functools.lru_cache(maxsize=8)
def _cap_ratio(bold: bool, simplified: bool) -> float:
    """Cap height per pixel of font size: the ink height of "H" in the main text font."""
    font = _chain(100, bold, simplified)[0]
    with _FREETYPE:
        box = font.getbbox("H")
    return (box[3] - box[1]) / 100 if box[3] > box[1] else 0.7


def note(text: str, style: Style, scale: float = 1.0) -> None:
    """Record ``text`` as drawn in ``style``, shown at ``scale`` times its size."""
    drawn = _drawn.get()
    if drawn is not None and text.strip():
        size = style.size * scale
        drawn.append(Drawn(text, size, size * _cap_ratio(style.bold, style.simplified)))


def draw_text(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    style: Style,
    anchor: str = "l",
) -> int:
    """Draw ``text`` centred vertically on ``xy[1]``; ``anchor`` is l, m or r. Returns width."""
    note(text, style)
    width = text_width(text, style)
    x = xy[0] - (width if anchor == "r" else width / 2 if anchor == "m" else 0)
    y = xy[1]
    draw = ImageDraw.Draw(image)
    for piece, slot in runs(text, style.size, style.bold, style.simplified):
        if slot == -1:
            emoji = _emoji_image(piece, style.size)
            if emoji is not None:
                image.paste(emoji, (round(x), round(y - emoji.height / 2)), emoji)
                x += emoji.width
            continue
        font = _chain(style.size, style.bold, style.simplified)[slot]
        if isinstance(font, ImageFont.FreeTypeFont):
            mask = _text_mask(piece, slot, style.size, style.bold, style.simplified)
            left, top = round(x) - style.size, round(y) - style.size
            image.paste(style.color, (left, top, left + mask.width, top + mask.height), mask)
        else:  # Pillow's bitmap font knows no anchors
            with _FREETYPE:
                draw.text((round(x), round(y - style.size / 2)), piece, font=font, fill=style.color)
        x += _run_width(piece, slot, style.size, style.bold, style.simplified)
    return width
