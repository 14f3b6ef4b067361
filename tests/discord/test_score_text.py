"""What ``/scores stats`` says, line by line (``bot.discord.score_text``)."""

from __future__ import annotations

import pytest

from bot.discord.score_text import stats_lines
from bot.store.score_rows import GameStats


def stats(**given: object) -> GameStats:
    base: dict[str, object] = dict(
        game="sankou", hands=1, wins=1, points=-6, voids=10, left=0, bonus=0, bonus_counted=0,
        rating=None, rating_change=None, shown=False,
    )  # fmt: skip
    return GameStats(**{**base, **given})  # type: ignore[arg-type]


def test_leaving_bonuses_stand_on_their_own_line_with_the_part_that_counts() -> None:
    # Issue 23: ten walk-outs in one day paid +30, of which one counts (+3), after 1 hand.
    lines = stats_lines(stats(bonus=30, bonus_counted=3), minimum=1, lang="en")
    assert lines[2] == (
        "Leaving bonuses +30, of which +3 count in the points: a bonus counts once per leaver "
        "and day, and only once you have 1 completed hands."
    )


@pytest.mark.parametrize("lang", ["en", "zh-TW", "zh-CN"])
def test_no_bonus_line_without_a_bonus(lang: str) -> None:
    with_bonus = stats_lines(stats(bonus=3, bonus_counted=0), minimum=5, lang=lang)
    assert stats_lines(stats(), minimum=5, lang=lang) == with_bonus[:2] + with_bonus[3:]
