"""The players' language: one catalogue, a lookup, and Discord's command Translator.

``t(key, lang, **params)`` formats a message (English says "1 card", not "1 cards": an entry
``<key>.<param>_one`` is used instead of ``<key>`` when that number param is exactly 1);
``lang_of(locale)`` maps a Discord locale to one
of ``LANGS`` (zh-TW and zh-CN as themselves, everything else English); ``refusal(exc, lang)``
turns an engine or service error into the player's language from its stable ``code``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.i18n.catalogue import UI, Entry
from bot.i18n.commands import COMMANDS
from bot.i18n.errors import ERRORS
from bot.i18n.reasons import REASONS
from bot.i18n.scores import SCORES

LANGS: tuple[str, ...] = ("en", "zh-TW", "zh-CN")
DEFAULT_LANG = "en"

#: Every user-visible string, by message id. Error codes live under ``error.<code>``.
CATALOGUE: dict[str, Entry] = {
    **UI,
    **SCORES,
    **REASONS,
    **{f"cmd.{key}": entry for key, entry in COMMANDS.items()},
    **{f"error.{code}": entry for code, entry in ERRORS.items()},
}


def lang_of(locale: object) -> str:
    """``discord.Locale`` (or its string value) to a catalogue language."""
    value = str(getattr(locale, "value", locale) or "")
    if value in ("zh-TW", "zh-HK", "zh-Hant"):
        return "zh-TW"
    if value.startswith("zh"):
        return "zh-CN"
    return DEFAULT_LANG


class _Params(dict[str, Any]):
    """Missing placeholders show as ``{name}`` instead of raising: a typo never crashes a reply."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def t(key: str, lang: str, /, **params: Any) -> str:
    """The message ``key`` in ``lang`` (falls back to English, then to the key itself)."""
    entry = CATALOGUE.get(_singular(key, params)) or CATALOGUE.get(key)
    if entry is None:
        return key
    text = entry.get(lang) or entry[DEFAULT_LANG]
    try:
        return text.format_map(_Params(params))
    except (ValueError, TypeError):  # a format spec that does not fit the value, e.g. {x:+d}
        return text


def _singular(key: str, params: dict[str, Any]) -> str:
    """``<key>.<name>_one`` when the number param ``name`` is 1 and that entry exists."""
    for name, value in params.items():
        if value == 1 and isinstance(value, int) and not isinstance(value, bool):
            one = f"{key}.{name}_one"
            if one in CATALOGUE:
                return one
    return key


#: Params that name a seat (0-3): shown to players as seat numbers 1-4 and by name.
SEAT_PARAMS = frozenset({"seat", "to_move", "leader", "dealer", "owner", "winner"})
#: Params holding cards in notation (``10H JS``): shown to players through ``cards``.
CARD_PARAMS = frozenset({"card", "cards", "play", "top", "attempted", "forced"})


def refusal(
    exc: Exception,
    lang: str,
    names: Sequence[str] = (),
    clean: Callable[[str], str] = str,
    cards: Callable[[str], str] = str,
) -> str:
    """An engine or service refusal in ``lang``, from its ``code`` and ``params``.

    Seats become numbers 1-4 (``{seat}``) and names (``{player}``: the ``seat`` param, else the
    first seat-like one); games and suits are named in ``lang``. Without a catalogue entry the
    English message is the fallback, and a Chinese reader gets the generic refusal instead.
    ``clean`` is applied to every text that came from outside the catalogue (what the user
    typed, player names): the front end escapes and shortens them there. ``cards`` turns the
    card notation of ``CARD_PARAMS`` into what players read (``3D`` as ``3♦``).
    """
    code = getattr(exc, "code", None)
    raw: dict[str, Any] = {}
    for key, value in (getattr(exc, "params", {}) or {}).items():
        if isinstance(value, str):
            value = clean(cards(value) if key in CARD_PARAMS else value)
        raw[key] = value
    names = [clean(name) for name in names]
    params = dict(raw)
    for key in sorted(raw, key=lambda k: k != "seat"):
        value = raw[key]
        if key in SEAT_PARAMS and isinstance(value, int) and not isinstance(value, bool):
            params[key] = value + 1
            if 0 <= value < len(names):
                params.setdefault("player", names[value])
    if "player" not in params and "seat" in params:
        params["player"] = params["seat"]
    if isinstance(raw.get("game"), str) and f"game.{raw['game']}" in UI:
        params["game"] = t(f"game.{raw['game']}", lang)
    if isinstance(raw.get("suit"), str) and f"suit.{raw['suit']}" in UI:
        params["suit"] = t(f"suit.{raw['suit']}", lang)
    for key, value in raw.items():
        if key.endswith("_kind") and isinstance(value, str) and f"kind.{value}" in UI:
            params[key] = t(f"kind.{value}", lang)
    if code in ERRORS:
        return t(f"error.{code}", lang, **params)
    if lang == DEFAULT_LANG:
        return str(exc)
    return t("error.illegal", lang)


def command_text(key: str) -> str:
    """The English (base) text of a command-tree entry, used to build the tree itself."""
    return COMMANDS[key]["en"]


__all__ = [
    "CATALOGUE",
    "DEFAULT_LANG",
    "LANGS",
    "command_text",
    "lang_of",
    "refusal",
    "t",
]
