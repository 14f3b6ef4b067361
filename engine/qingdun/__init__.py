"""清墩 (Qingdun): the climbing game for two teams of two with three decks (RULES.md §1).

``classify`` and ``beats`` answer what a set of cards is and what it beats; ``Game`` runs a
hand from a seed (``Game.deal``) or given hands (``Game.from_hands``). The player-facing rules,
with every decision RULES.md left open, are in ``docs/rules/qingdun.md``.
"""

from engine.qingdun.combos import Combo, beats, classify, sort_hand
from engine.qingdun.errors import MESSAGES
from engine.qingdun.game import Game
from engine.qingdun.kinds import ComboKind
from engine.qingdun.view import (
    FinishedTrick,
    QingdunResult,
    QingdunView,
    ResultKind,
    Tally,
    TrickPlay,
    partner_of,
    team_of,
)

__all__ = [
    "MESSAGES",
    "Combo",
    "ComboKind",
    "FinishedTrick",
    "Game",
    "QingdunResult",
    "QingdunView",
    "ResultKind",
    "Tally",
    "TrickPlay",
    "beats",
    "classify",
    "partner_of",
    "sort_hand",
    "team_of",
]
