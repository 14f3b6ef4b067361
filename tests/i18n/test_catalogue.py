"""The catalogue is complete: three languages, same placeholders, every refusal code covered."""

from __future__ import annotations

import importlib
import re
import string
from pathlib import Path

import pytest

from bot.i18n import CATALOGUE, LANGS, lang_of, refusal, t
from bot.i18n.errors import ERRORS
from bot.service.errors import MESSAGES as SERVICE
from bot.service.errors import refuse
from engine.errors import CardParseError, IllegalMove
from engine.qingdun.errors import MESSAGES as QINGDUN
from engine.sankou.errors import MESSAGES as SANKOU

ROOT = Path(__file__).resolve().parents[2]


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_every_key_in_three_languages_with_the_same_placeholders(key: str) -> None:
    entry = CATALOGUE[key]
    assert set(entry) == set(LANGS)
    names = {lang: placeholders(entry[lang]) for lang in LANGS}
    assert names["zh-TW"] == names["en"] == names["zh-CN"], key


def test_chinese_entries_are_chinese_and_differ_where_the_scripts_do() -> None:
    for key, entry in CATALOGUE.items():
        if key.startswith("cmd.") and not key.endswith(".desc") and key.count(".") <= 2:
            continue  # short command names are checked in test_commands
        for lang in ("zh-TW", "zh-CN"):
            if entry["en"] and entry[lang] == entry["en"]:
                assert not re.search(r"[A-Za-z]{4,}", entry[lang]), (key, lang)
    # a few words that must be in each game's own script
    assert t("place.1", "zh-TW") == "頭家" and t("place.1", "zh-CN") == "头家"
    assert t("kind.qingdun_brothers", "zh-TW") == "兄弟墩"
    assert t("kind.tractor", "zh-CN") == "拖拉机" and t("kind.tractor", "zh-TW") == "拖拉機"
    assert t("result.double_kou", "zh-TW") == "雙扣" and t("result.double_kou", "zh-CN") == "双扣"


# Characters that exist in one script only, among the words this bot uses.
SIMPLIFIED_ONLY = set("这轮张开对号过电脑头双为时间选单择结赢们离请庄连顺弹东级机枪垫闲张")
TRADITIONAL_ONLY = set("這輪張開對號過電腦頭雙為時間選單擇結贏們離請莊連順彈東級機槍墊閒張")


@pytest.mark.parametrize(
    ("lang", "foreign"), [("zh-TW", SIMPLIFIED_ONLY), ("zh-CN", TRADITIONAL_ONLY)]
)
def test_each_chinese_entry_keeps_to_its_own_script(lang: str, foreign: set[str]) -> None:
    """Bilingual entries may quote the other script in English text, never in Chinese."""
    mixed = {key: entry[lang] for key, entry in CATALOGUE.items() if set(entry[lang]) & foreign}
    assert mixed == {}


def raised_codes() -> set[str]:
    """Every refusal code raised anywhere in engine/ and bot/ (source scan + MESSAGES tables)."""
    codes: set[str] = set()
    patterns = [
        re.compile(r"""\bcode\s*(?::\s*str\s*)?=\s*["']([a-z_]+)["']"""),
        re.compile(r"""\b(?:refuse|illegal)\(\s*["']([a-z_]+)["']"""),
        re.compile(r"""return\s+"[^"]*",\s*"([a-z_]+)"\s*$""", re.MULTILINE),
    ]
    for folder in ("engine", "bot"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.is_relative_to(ROOT / "engine" / "ai"):
                continue  # the AI's reason codes (engine.ai.REASONS) are not refusals
            text = path.read_text(encoding="utf-8")
            for pattern in patterns:
                codes.update(pattern.findall(text))
    for module in ("engine.qingdun.errors", "engine.sankou.errors", "bot.service.errors"):
        try:
            codes.update(importlib.import_module(module).MESSAGES)
        except ImportError:  # a part still being written
            continue
    return codes


def test_every_raised_code_has_a_translation() -> None:
    codes = raised_codes()
    assert {"bad_card", "missing_suit", "not_your_turn"} <= codes
    assert sorted(codes - set(ERRORS)) == []


def test_service_codes_never_mean_something_else_in_an_engine() -> None:
    """A code shared with an engine must take the same params: one code, one catalogue text."""
    for engine in (QINGDUN, SANKOU):
        for code in set(SERVICE) & set(engine):
            assert placeholders(SERVICE[code]) == placeholders(engine[code]), code
    assert not {"bad_suit", "bad_seat", "hand_over"} & set(SERVICE)  # the engines' codes


def test_service_refusals_in_three_languages() -> None:
    trump = refuse("bad_trump_suit", suit="X")
    assert refusal(trump, "en") == "“X” is not a suit: name trumps with S H D C (or ♠ ♥ ♦ ♣)."
    assert refusal(refuse("no_such_seat_number", seat=4), "zh-CN") == "没有 5 号位：座位是 1 到 4。"
    assert refusal(refuse("table_hand_over", table_id=3), "zh-TW") == "這一桌現在沒有在打牌。"
    assert refusal(IllegalMove("the hand is over", code="hand_over"), "en") == "The hand is over."


def test_refusals_name_players_cards_and_kinds_in_the_readers_language() -> None:
    names = ["Ann", "Bo", "陳", "Dee"]
    exc = IllegalMove("not your turn: seat 2 is to play", code="not_your_turn", seat=2)
    assert refusal(exc, "en", names) == "Not your turn: 陳 is to play."
    assert refusal(exc, "zh-TW", names) == "還沒輪到你：現在輪到 陳。"
    beat = IllegalMove(
        "x", code="does_not_beat", play="3S 3H", play_kind="pair", top="4S 4H", top_kind="pair"
    )
    assert refusal(beat, "zh-CN") == "3S 3H（对子）压不过 4S 4H（对子）。"
    follow = IllegalMove("x", code="must_follow", suit="H", card="7H")
    assert refusal(follow, "zh-TW") == "你要跟♥ 紅心：你手上還有 7H。"
    parse = CardParseError("3X", "suits are S H D C", code="bad_suit")
    assert "3X" in refusal(parse, "zh-CN")


def test_unknown_code_never_shows_english_to_a_chinese_reader() -> None:
    exc = IllegalMove("some new english reason", code="brand_new_code")
    assert refusal(exc, "en") == "some new english reason"
    assert refusal(exc, "zh-TW") == t("error.illegal", "zh-TW")


def test_locale_mapping() -> None:
    assert lang_of("zh-TW") == "zh-TW"
    assert lang_of("zh-CN") == "zh-CN"
    for other in ("en-US", "en-GB", "fr", "ja", "", None):
        assert lang_of(other) == "en"


def test_formatting_never_crashes_on_missing_or_odd_params() -> None:
    assert t("turn.play", "en") == "{mention}, your turn."
    assert t("play.delta_line", "en", name="A", delta="x", total=3)  # bad spec: raw text
    assert t("no.such.key", "en") == "no.such.key"
