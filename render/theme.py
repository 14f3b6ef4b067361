"""Colours and the felt background shared by every picture."""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

RGB = tuple[int, int, int]

FELT_CENTRE: RGB = (38, 120, 74)
FELT_EDGE: RGB = (22, 82, 50)
FELT_LINE: RGB = (52, 138, 88)
PANEL: RGB = (14, 52, 33)
PLATE: RGB = (245, 243, 236)
PLATE_DIM: RGB = (196, 204, 198)  # a player who has gone out
PLATE_TEXT: RGB = (28, 32, 40)
MUTED_TEXT: RGB = (92, 100, 108)
TEXT: RGB = (240, 244, 240)
SOFT_TEXT: RGB = (186, 214, 196)
TURN: RGB = (255, 196, 0)  # whose turn: a bright gold ring
TOP_PLAY: RGB = (255, 214, 90)
TEAM: tuple[RGB, RGB] = ((52, 120, 220), (222, 104, 40))
DEALER: RGB = (196, 38, 54)
RED: RGB = (204, 28, 44)
BLACK: RGB = (28, 32, 44)
BLUE: RGB = (16, 92, 204)  # ♦ in the four-colour deck
GREEN: RGB = (10, 130, 60)  # ♣ in the four-colour deck
KITTY: RGB = (94, 170, 255)  # cards that came from the kitty
TRUMP: RGB = (255, 146, 84)  # 三扣 trumps' codes in a hand (gold means turn, chosen, winning)
GOLD: RGB = (222, 170, 40)
CARD_WHITE: RGB = (255, 255, 253)
CARD_EDGE: RGB = (176, 180, 188)
BACK: RGB = (44, 84, 160)
GOOD: RGB = (64, 190, 110)
BAD: RGB = (236, 84, 84)
GOOD_DARK: RGB = (22, 128, 62)  # the same on a light plate
BAD_DARK: RGB = (196, 36, 48)


@functools.lru_cache(maxsize=8)
def felt(width: int, height: int) -> Image.Image:
    """A flat green felt with a darker rim and a thin inlay line (flat colours keep PNGs small)."""
    image = Image.new("RGB", (width, height), FELT_EDGE)
    draw = ImageDraw.Draw(image)
    inset = 8
    draw.rounded_rectangle(
        (inset, inset, width - 1 - inset, height - 1 - inset), 48, fill=FELT_CENTRE
    )
    inset += 10
    draw.rounded_rectangle(
        (inset, inset, width - 1 - inset, height - 1 - inset), 40, outline=FELT_LINE, width=2
    )
    return image
