"""Pure pieces of the adapter: rank shorthand, rules pages, hand menus, start-up errors."""

from __future__ import annotations

import re
from collections import Counter

import discord
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.discord import app, handview, rules, shorthand
from bot.discord.scroll import KEEP, Scroll
from bot.settings import Settings
from engine.cards import ALL_CARDS, Card, parse_cards
from engine.errors import CardParseError


def test_shorthand_keeps_qingdun_and_straight_flushes() -> None:
    hand = parse_cards("3S 3S 3S 3H 4D 4C 5H 6H 7H 8H 9H 9C")
    assert shorthand.resolve("33", hand) == parse_cards("3H 3S")  # one loose 3, then the 清墩's
    assert shorthand.resolve("9", hand) == parse_cards("9C")  # 9♥ ends a straight flush
    assert shorthand.resolve("3 4", hand)[0] == parse_cards("3H")[0]
    assert shorthand.resolve("3S 4", hand)[0] == parse_cards("3S")[0]  # explicit suit honoured
    assert shorthand.resolve("大王", parse_cards("BJ 3S")) == parse_cards("BJ")
    with pytest.raises(CardParseError) as missing:
        shorthand.resolve("99 9", hand)
    assert missing.value.code == "not_enough_cards" and missing.value.params == {"token": "9"}
    with pytest.raises(CardParseError) as bad:
        shorthand.resolve("3 Z", hand)
    assert bad.value.code == "bad_rank"


@given(st.lists(st.sampled_from(ALL_CARDS[:52]), min_size=1, max_size=30), st.data())
def test_shorthand_takes_only_held_cards_of_the_named_ranks(hand: list[Card], data) -> None:
    wanted = data.draw(st.lists(st.sampled_from(hand), min_size=1, max_size=len(hand)))
    typed = " ".join("10" if c.rank == 10 else str(c)[:-1] for c in wanted)
    if Counter(c.rank for c in wanted) - Counter(c.rank for c in hand):
        return
    chosen = shorthand.resolve(typed, hand)
    assert sorted(c.rank for c in chosen) == sorted(c.rank for c in wanted)
    assert not Counter(chosen) - Counter(hand)


def test_rules_pages_fit_discord_and_keep_every_line() -> None:
    for game in ("qingdun", "sankou"):
        for lang in ("en", "zh-TW", "zh-CN"):
            pages = rules.pages(game, lang)
            limit = rules.PAGE_CHARS if lang == "en" else rules.CJK_PAGE_CHARS
            assert pages and all(len(p) <= limit for p in pages)
            text, _ = rules.document(game, lang)
            shown = "\n".join(pages)
            assert "|" not in shown  # tables are drawn as lines
            for line in text.splitlines():
                for word in re.split(r"[\s|]+", line):
                    if word and not re.fullmatch(r":?-{3,}:?", word):
                        assert word in shown, (game, lang, word)
            first = rules.page(game, lang, 0)
            assert first["embed"].footer.text and len(first["embed"]) <= 6000


def test_rules_text_is_reshaped_for_discord() -> None:
    source = (
        "# Title\n\nA paragraph wrapped\n  in the source.\n\n- an item\n  continued\n- next\n\n"
        "| kind | score |\n|---|---|\n| 雙扣 | +30 |\n| early | +10 |\n\n"
        "清墩是\n一種遊戲。\n"
    )
    assert rules.for_discord(source).splitlines() == [
        "# Title",
        "",
        "A paragraph wrapped in the source.",
        "",
        "- an item continued",
        "- next",
        "",
        "**kind · score**",
        "• 雙扣 · +30",
        "• early · +10",
        "",
        "清墩是一種遊戲。",
    ]


def test_hand_menus_hold_at_most_25_unique_options_and_keep_ranks_together() -> None:
    hand = sorted(parse_cards("3S 3S 3H " * 4 + "4D 4D 5C 6C 7C 8C 9C 10C JC QC KC AC 2C " * 2))
    menus = handview.chunks(hand, lambda c: c.rank)
    values = [v for menu in menus for v, _ in menu]
    assert len(values) == len(hand) == len(set(values))
    assert all(len(menu) <= 25 for menu in menus)
    assert "3S#7" in values and "3S#8" not in values
    last_ranks = {menu[-1][1].rank for menu in menus[:-1]}
    first_ranks = {menu[0][1].rank for menu in menus[1:]}
    assert not last_ranks & first_ranks


def test_a_bad_token_is_a_clear_message_not_a_traceback(monkeypatch, capsys, tmp_path) -> None:
    async def refuse(self, token, **kwargs):
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(app.CardTableBot, "start", refuse)
    settings = Settings("not-a-token", tmp_path / "x.db", None, "WARNING")
    assert app.run(settings) == 1
    err = capsys.readouterr().err
    assert "refused the token" in err and "Traceback" not in err and "not-a-token" not in err


def test_scroll_counts_what_sits_below_a_message() -> None:
    seen = Scroll()
    seen.posted(7, 100)  # someone else's message in a channel the bot has not posted in
    assert seen.below(7, 100) is None and seen.newest(7) is None
    seen.posted(7, 200, ours=True)  # the table message: the watch starts
    for message in (210, 220, 220, 230):  # the bot's own post is told twice (220)
        seen.posted(7, message)
    assert seen.below(7, 200) == 3 and seen.below(7, 220) == 1 and seen.newest(7) == 230
    seen.deleted(7, 210)
    assert seen.below(7, 200) == 2
    assert seen.below(7, 150) is None  # older than the watch: unknown
    assert seen.below(8, 200) is None
    for message in range(1000, 1000 + 2 * KEEP):
        seen.posted(7, message)
    assert seen.below(7, 200) == KEEP  # a long way down is still "far too many"
