"""The AI's reasons in the reader's language: a hint's or a review's one line of why.

``engine.ai`` gives a ``Reason`` as data (a code and its parameters, docs/ai.md "Reasons");
here its parameters are named in the reader's language (a combination kind, a suit or the
trumps, the side suits a kitty empties) and its sentence taken from the catalogue
(``bot/i18n/reasons.py``). ``found_by_search`` wraps the sentence of the move it describes.
Reasons hold no text from users: nothing needs escaping. Only a private answer shows them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import CATALOGUE, t
from engine.ai import Reason

SEPARATORS = {"en": ", ", "zh-TW": "、", "zh-CN": "、"}


def reason_line(reason: Reason | None, lang: str) -> str | None:
    """ "Why: …." for a hint or a review entry; None without a reason (or an unknown code)."""
    sentence = reason_sentence(reason, lang) if reason is not None else None
    return None if sentence is None else t("reason.line", lang, reason=sentence)


def reason_sentence(reason: Reason, lang: str) -> str | None:
    """The reason's sentence in ``lang`` (None for a code the catalogue does not know)."""
    code, params = reason.code, dict(reason.params)
    if code == "found_by_search":
        inner = params.pop("move", None)
        if not isinstance(inner, str):
            return None
        move = reason_sentence(Reason(inner, params), lang)
        return None if move is None else t("reason.found_by_search", lang, move=move)
    if f"reason.{code}" not in CATALOGUE:
        return None
    return t(f"reason.{code}", lang, **_named(params, lang))


def _named(params: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The parameters as the sentence shows them (numbers stay numbers: ``t``'s singulars)."""
    out = dict(params)
    if isinstance(params.get("kind"), str):
        out["kind"] = kind_name(params["kind"], lang)
    for key in ("suit", "trump"):
        if isinstance(params.get(key), str):
            out[key] = suit_name(params[key], lang)
    if "voids" in params:
        voids = [suit_name(str(s), lang) for s in params["voids"] or ()]
        out["voids"] = (
            t("reason.voids", lang, suits=SEPARATORS.get(lang, ", ").join(voids))
            if voids
            else t("reason.no_voids", lang)
        )
    return out


def kind_name(kind: str, lang: str) -> str:
    """A 清墩 combination kind (``pair``, ``full_house``…) as the game's word for it."""
    if f"kind.{kind}" not in CATALOGUE:
        return kind.replace("_", " ")
    name = t(f"kind.{kind}", lang)
    return name.lower() if lang == "en" else name


def suit_name(suit: str, lang: str) -> str:
    """A suit letter (``S H D C``) as its name with its symbol, or ``trump`` as the trumps."""
    if suit == "trump":
        return t("reason.trumps", lang)
    return t(f"suit.{suit}", lang) if f"suit.{suit}" in CATALOGUE else suit
