"""海宁三扣 Haining Sankou: one dealer against three, two decks, 10 always trump.

The player-facing rules, with every decision RULES.md leaves open, are in docs/rules/sankou.md.
"""

from engine.sankou.combos import Kind, Lead, classify_lead, tractor_top
from engine.sankou.errors import MESSAGES
from engine.sankou.game import Game
from engine.sankou.order import CardOrder, order_for, sort_hand
from engine.sankou.policy import random_action, random_play
from engine.sankou.scoring import score
from engine.sankou.view import Phase, SankouResult, SankouView, Tier

__all__ = [
    "MESSAGES",
    "CardOrder",
    "Game",
    "Kind",
    "Lead",
    "Phase",
    "SankouResult",
    "SankouView",
    "Tier",
    "classify_lead",
    "order_for",
    "random_action",
    "random_play",
    "score",
    "sort_hand",
    "tractor_top",
]
