"""Short hand ids: Crockford base 32, forgiving to read."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.service.hand_ids import parse_short_id, short_id


@given(st.integers(min_value=0, max_value=2**50))
def test_every_hand_id_reads_back(hand_id: int) -> None:
    assert parse_short_id(short_id(hand_id)) == hand_id
    assert parse_short_id(f" #{short_id(hand_id).lower()} ") == hand_id


def test_short_ids_are_short_and_readable() -> None:
    assert [short_id(n) for n in (0, 9, 10, 31, 32, 79, 1_000_000)] == [
        "0", "9", "A", "Z", "10", "2F", "YGJ0",
    ]  # fmt: skip
    assert parse_short_id("2f") == parse_short_id("#2F") == 79
    assert parse_short_id("1O") == parse_short_id("lo") == parse_short_id("IO") == 32


def test_text_that_is_not_an_id_reads_as_none() -> None:
    for text in ("", "#", "U1", "2F!", "hand 7", "@everyone", "1" * 13):
        assert parse_short_id(text) is None, text
