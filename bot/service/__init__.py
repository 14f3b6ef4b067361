"""The table service: tables, seats, hands, deadlines, bots and scores, with no Discord in it."""

from bot.service.errors import MESSAGES, REFUSALS, ServiceError
from bot.service.events import (
    CatchUp,
    DueTurn,
    LeaveCost,
    SeatInfo,
    TableInfo,
    TurnOptions,
    Update,
)
from bot.service.games import Dealer, deal_by_seed
from bot.service.people import PING_MODES, PingSettings
from bot.service.requests import DiscardCards, MakeBid, NameTrump, PassTurn, PlayCards, Request
from bot.service.service import TableService
from bot.service.settings import TableSettings, TimeoutRule
from bot.service.state import Clock, read_clock

__all__ = [
    "MESSAGES",
    "PING_MODES",
    "REFUSALS",
    "CatchUp",
    "Clock",
    "Dealer",
    "DiscardCards",
    "DueTurn",
    "LeaveCost",
    "MakeBid",
    "NameTrump",
    "PassTurn",
    "PingSettings",
    "PlayCards",
    "Request",
    "SeatInfo",
    "ServiceError",
    "TableInfo",
    "TableService",
    "TableSettings",
    "TimeoutRule",
    "TurnOptions",
    "Update",
    "deal_by_seed",
    "read_clock",
]
