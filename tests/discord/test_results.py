"""A hand's result in words (``bot.discord.results``)."""

from __future__ import annotations

from bot.discord.results import tally_lines
from render import demo


def test_qingdun_result_text_shows_who_contributed_what() -> None:
    results = demo.qingdun_results()
    names = ["ann", "bo", "cy", "di"]
    assert tally_lines(results["result_normal"], names, "en") == [
        "Points: Team A 115 · Team B 155",
        "bo went out first: score 85 (35 of it from the partner).",
        "cy was last: 25 captured + 25 in hand go to the other team, and cy's team loses 30.",
    ]
    assert tally_lines(results["result_early_end"], names, "zh-TW") == [
        "得分：甲隊 180 · 乙隊 35",
        "頭家 ann：得分 170（含對家的 60 分）。",
        "二家 di：自己得分 35。",
    ]
    assert tally_lines(results["result_left"], names, "en") == []  # a void hand: no points
