"""The pictures in words: alt text within Discord's limit, in three languages, and never a
hidden card in a public text (issue 12 §4)."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Iterator

import pytest

import render
from engine.cards import BIG_JOKER, Card
from engine.qingdun.game import Game as QingdunGame
from engine.qingdun.view import QingdunView
from engine.sankou.game import Game as SankouGame
from engine.sankou.view import SankouView
from render import demo
from render.describe import DESCRIPTION_LIMIT, SUMMARY_LIMIT

NAMES = ["Ann", "Ben", "Cat", "Dan"]
LANGS = ["en", "zh-TW", "zh-CN"]
_CARD = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])|Big joker|Small joker|大王|小王")


def mentioned(text: str) -> Counter[str]:
    """Every card named in a text, by its symbol form ("10♥", "大王")."""
    out: Counter[str] = Counter()
    for match in _CARD.finditer(text):
        token = match.group(0)
        out[{"Big joker": "大王", "Small joker": "小王"}.get(token, token)] += 1
    return out


def _token(card: Card) -> str:
    if card.suit is None:
        return "大王" if card.rank == BIG_JOKER else "小王"
    return card.pretty


def public_cards(view: QingdunView | SankouView) -> Counter[str]:
    """Every card the public view shows, as often as it shows it."""
    shown: list[Card] = [card for play in view.trick for card in play.cards]
    if view.last_trick is not None:
        shown += [card for play in view.last_trick.plays for card in play.cards]
    if isinstance(view, QingdunView):
        if view.face_up is not None:
            shown.append(view.face_up)
    else:
        for failed in (view.failed_throw, getattr(view.last_trick, "failed_throw", None)):
            if failed is not None:
                shown += [*failed.attempted, *failed.forced]
    return Counter(_token(card) for card in shown)


def public_views(seed: int) -> Iterator[QingdunView | SankouView]:
    for game in (QingdunGame.deal(seed), SankouGame.deal(seed)):
        yield game.view(None)
        while not game.over:
            game.apply(game.hint(game.to_move))
            yield game.view(None)


@pytest.mark.parametrize("seed", [1, 2])
def test_public_texts_never_name_a_hidden_card(seed: int) -> None:
    """Every card a public text names is on the table (or in the last trick), no more often:
    a card from a hand would show up as one too many."""
    for view in public_views(seed):
        allowed = public_cards(view)
        for lang in LANGS:
            text = render.describe_table(view, NAMES, lang, table_score=(1, -2, 3, -4))
            assert len(text) <= DESCRIPTION_LIMIT
            assert not mentioned(text) - allowed, text
            line = render.summarize_table(view, NAMES, lang)
            assert "\n" not in line and len(line) <= SUMMARY_LIMIT
            # the summary names the play to beat, which may repeat a card once more
            assert not mentioned(line) - allowed - allowed, line


def test_public_texts_refuse_a_view_with_cards() -> None:
    seat_view = demo.qingdun_hand_views()["hand"]
    with pytest.raises(render.PublicViewRequired):
        render.describe_table(seat_view, NAMES)
    with pytest.raises(render.PublicViewRequired):
        render.summarize_table(seat_view, NAMES)
    kitty = dataclasses.replace(demo.sankou_view(), kitty=demo.cards("5S 5S 10H 10H KD KD 2C 3C"))
    with pytest.raises(render.PublicViewRequired):
        render.describe_table(kitty, NAMES)


def test_table_description_says_the_trick_in_order() -> None:
    view = demo.qingdun_states()["mid_trick"]
    text = render.describe_table(view, demo.NAMES, "en", table_score=demo.SCORES)
    assert text.startswith("Qingdun table. Alice to play. This trick (30 points): ")
    assert "1. 王小明: Pair chain ×3 4♠ 4♠ 5♦ 5♦ 6♥ 6♥" in text
    assert "2. Bob the Builder from Ningbo: Passed" in text
    assert "3. 🀄 麻將王 🐉: Pair chain ×3 9♣ 9♣ 10♠ 10♠ J♦ J♦ (top)" in text
    assert "Last trick, won by 王小明 (+25): 1. 王小明: 5♠ 5♥ 10♦ 10♦ K♠" in text
    assert "Table score: Alice +20" in text
    zh = render.describe_table(view, demo.NAMES, "zh-TW")
    assert zh.startswith("清墩牌桌。輪到 Alice 出牌。本輪（30 分）：1. 王小明：連對 ×3")


def test_summary_is_one_line_with_what_to_beat() -> None:
    view = demo.qingdun_states()["mid_trick"]
    assert render.summarize_table(view, demo.NAMES, "en") == (
        "Qingdun · Alice to play · to beat: 🀄 麻將王 🐉, Pair chain ×3 9♣ 9♣ 10♠ 10♠ J♦ J♦"
    )
    bidding = demo.sankou_states()["bidding"]
    assert render.summarize_table(bidding, demo.NAMES, "zh-CN") == (
        "海宁三扣 · 叫分 · 轮到 Alice 叫分 · 最高叫分 95"
    )
    failed = demo.sankou_states()["failed_throw"]
    assert render.summarize_table(failed, demo.NAMES, "en") == (
        "Haining Sankou · Alice to play · to beat: 🀄 麻將王 🐉, 2♥ · dealer 130/120"
    )


def test_sankou_description_tells_the_failed_throw() -> None:
    view = demo.sankou_states()["failed_throw"]
    text = render.describe_table(view, demo.NAMES, "zh-CN")
    assert "Bob the Builder from Ningbo 甩牌失败：想甩 9♠ Q♠ K♠ K♠ A♠，只出 9♠" in text
    assert "庄家 Alice，叫分 120，主 ♥" in text


def test_long_names_stay_within_the_limit() -> None:
    names = ["🐉" * 32, "麻" * 32, "W" * 32, "😀 " * 16]
    for view in public_views(3):
        for lang in LANGS:
            text = render.describe_table(view, names, lang, table_score=(100, -100, 0, 5))
            assert len(text) <= DESCRIPTION_LIMIT
            assert text.endswith(("." if lang == "en" else "。", "…"))


def test_hand_description_lists_the_cards_and_marks() -> None:
    view = demo.qingdun_hand_views()["hand"]
    text = render.describe_hand(view, "en", highlight=demo.HINT)
    assert text.startswith("Your hand, 41 cards: 3♠ 3♠ 3♥ 4♦")
    assert "小王 小王 大王." in text  # one name for the jokers, in English too
    assert text.endswith("Chosen: 5♠ 5♠ 6♠ 6♣ 7♥ 7♦.")
    kitty = demo.sankou_hand_views()["kitty"]
    zh = render.describe_hand(kitty, "zh-TW")
    assert zh.startswith("你的牌，33 張：大王")
    assert zh.endswith("其中來自底牌：2♠ 3♣ 4♠ 5♣ 8♠ 9♦ 10♦ K♥。")
    assert render.describe_hand(demo.sankou_hand_views()["hand"], "en").startswith("Trump ♥.")


def test_result_description() -> None:
    result = demo.qingdun_results()["result_double_kou"]
    text = render.describe_result(result, demo.NAMES, "en", table_score=demo.SCORES)
    assert text == (
        "Hand result, Qingdun: Double kou. Team A 150 (wins); Team B 60. "
        "Alice (1st out) +30 (table +20); 王小明 -30 (table -10); "
        "Bob the Builder from Ningbo (2nd out) +30 (table +40); 🀄 麻將王 🐉 -30 (table -50). "
        "1st out Alice: score 120 (50 of it from the partner)."
    )
    made = demo.sankou_results()["result_made"]
    zh = render.describe_result(made, demo.NAMES, "zh-TW")
    assert zh.startswith("本局結果（海寧三扣）：成功 ×2。莊家 Alice：145/120。底牌 2♠ 3♣")


def test_names_are_put_on_one_line() -> None:
    names = ["Ann\nsmith", "Ben\t\tlee", "Cat\u2028x", "Dan\x00"]
    line = render.summarize_table(demo.qingdun_view(), names)
    assert line == "Qingdun · Ann smith to play"
    text = render.describe_table(demo.qingdun_view(), names)
    assert "\n" not in text and "\u2028" not in text and "Ben lee 41" in text
    with pytest.raises(ValueError, match="four"):
        render.describe_table(demo.qingdun_view(), names[:3])


def test_boards_and_deals_have_alt_text_and_an_empty_hand_says_so() -> None:
    """Every picture has words (issue 20): boards, replays' deal pages; no "0 cards: ."."""
    empty = render.describe_board(demo.board_pictures()["nobody_ranked"], "en")
    assert empty.startswith("Qingdun board, This week, by rating")
    assert "No one on this board yet" in empty and "Dee" in empty and "be ranked" in empty
    ranked = render.describe_board(demo.board_pictures()["rating_week"], "zh-TW")
    assert "1. Alice 1534" in ranked
    deal = render.describe_deal(demo.revealed_deal("sankou"), demo.NAMES, "en")
    assert deal.startswith("Every hand as dealt.") and "Kitty:" in deal and len(deal) <= 1024
    out = dataclasses.replace(demo.qingdun_hand_views()["hand"], hand=())
    assert render.describe_hand(out, "en") == "Your hand: no cards."


def test_a_finished_trick_is_won_not_winning_in_a_replay() -> None:
    live = demo.sankou_states()["failed_throw"]
    last = live.last_trick
    assert last is not None and len(last.plays) == 4
    done = dataclasses.replace(
        live, trick=last.plays, winning_seat=last.winner, failed_throw=None, to_move=None
    )
    assert "(won)" in render.describe_table(done, demo.NAMES, "en")
    assert "(winning)" not in render.describe_table(done, demo.NAMES, "en")
