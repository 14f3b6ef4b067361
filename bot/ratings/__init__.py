"""Skill ratings (openskill), the running standings behind boards, and their rebuild.

``record_hand`` adds a settled hand inside the hand's own transaction; ``rebuild`` recomputes
everything from the event log (``python -m bot.ratings rebuild DATABASE``).
"""

from bot.ratings.model import MODEL, Holder, Place, Rating, bot, person, rate_hand, shown
from bot.ratings.rebuild import Rebuilt, rebuild
from bot.ratings.record import record_hand
from bot.ratings.tally import DEFAULT_BOT_LEVEL, Tally, holder_of, tally

__all__ = [
    "DEFAULT_BOT_LEVEL",
    "MODEL",
    "Holder",
    "Place",
    "Rating",
    "Rebuilt",
    "Tally",
    "bot",
    "holder_of",
    "person",
    "rate_hand",
    "rebuild",
    "record_hand",
    "shown",
    "tally",
]
