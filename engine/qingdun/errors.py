"""Every refusal of the 清墩 engine: a stable code, its params and its English text.

Front ends translate by ``code`` and ``params`` (seats as ints, cards as notation strings,
kinds as ``ComboKind`` names in lower case). ``MESSAGES`` is the complete list, for translators.
Params in the English text that end in ``_desc`` / ``_word`` are English renderings of other
params (``play_desc`` of ``play`` + ``play_kind``, ``held_word`` of ``held``) and are not part
of ``params``.
"""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalMove

MESSAGES: dict[str, str] = {
    # code: English template                                   # params
    "hand_over": "the hand is over",  # -
    "no_such_seat": "there is no seat {seat}: seats are 0 to 3",  # seat
    "gone_out": "seat {seat} has gone out",  # seat
    "not_your_turn": "not your turn: seat {seat} is to play",  # seat (the one to play)
    "empty_play": "choose at least one card to play",  # -
    "card_not_held": "you hold no {card}",  # card, wanted
    "too_few_held": "you hold only {held_word} {card}",  # card, held, wanted
    "not_a_combination": "{cards} is not a combination",  # cards
    "does_not_beat": "{play_desc} does not beat {top_desc}",  # play, play_kind, top, top_kind
    "wrong_kind": (  # play, play_kind, top, top_kind
        "{play_desc} cannot beat {top_desc}: play the same kind of the same length, or a bomb"
    ),
    "leader_cannot_pass": "the leader cannot pass",  # -
    "wrong_action": "{action} is not an action of 清墩",  # action
    "take_back_none": "only the hand's last move can be taken back, by its player",  # -
    "take_back_trick_over": "that move ended its trick: it cannot be taken back",  # -
    "take_back_went_out": (  # -
        "a play that went out cannot be taken back: it showed the partner's hand"
    ),
}

_NUMBER_WORDS = {1: "one", 2: "two", 3: "three"}


def refuse(code: str, english: dict[str, str] | None = None, **params: Any) -> IllegalMove:
    """The ``IllegalMove`` for ``code``; ``english`` fills English-only placeholders."""
    words = dict(english or {})
    if "held" in params:
        words.setdefault("held_word", _NUMBER_WORDS.get(params["held"], str(params["held"])))
    return IllegalMove(MESSAGES[code].format(**params, **words), code=code, **params)
