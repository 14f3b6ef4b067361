"""Short hand ids for people to read and type: the hand's number in Crockford's base 32.

``#2F`` is hand 79. Reading forgives what people mix up: any case, ``O`` for 0, ``I`` and ``L``
for 1, a leading ``#`` and spaces.
"""

from __future__ import annotations

_DIGITS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUES = {ch: value for value, ch in enumerate(_DIGITS)} | {"O": 0, "I": 1, "L": 1}
MAX_LENGTH = 12  # far beyond any real hand number; longer text is not an id


def short_id(hand_id: int) -> str:
    """``79`` → ``"2F"`` (shown with a ``#`` in front)."""
    if hand_id < 0:
        raise ValueError(f"hand ids are not negative: {hand_id}")
    digits = ""
    while True:
        hand_id, rest = divmod(hand_id, 32)
        digits = _DIGITS[rest] + digits
        if not hand_id:
            return digits


def parse_short_id(text: str) -> int | None:
    """The hand id written as ``text`` (``"#2f"``, ``"2F"``), or None if it is not one."""
    cleaned = text.strip().lstrip("#").strip().upper()
    if not cleaned or len(cleaned) > MAX_LENGTH:
        return None
    value = 0
    for ch in cleaned:
        digit = _VALUES.get(ch)
        if digit is None:
            return None
        value = value * 32 + digit
    return value
