"""Refusals of the table service, with stable codes for translation.

``MESSAGES`` is the catalogue: code → English template over the error's ``params``. Front
ends translate by code; the English text is the fallback. Engine refusals are not wrapped:
they reach the caller as the engine's own ``IllegalMove`` / ``CardParseError``. The codes
here never reuse an engine code: one code, one meaning and one set of params everywhere.
"""

from __future__ import annotations

from typing import Any

from bot import metrics
from engine.errors import CardParseError, IllegalMove

MESSAGES: dict[str, str] = {
    # tables
    "table_not_found": "there is no table {table_id}",
    "table_ended": "table {table_id} has ended",
    "table_not_waiting": "table {table_id} is playing; seats change only between hands",
    "no_line_waiting": "table {table_id} is not playing: join it now",
    "line_full": "the line for a seat at table {table_id} is full",
    "unknown_game": "unknown game {game!r}: choose qingdun or sankou",
    "not_host": "only the table's host (seat {seat}) or a server manager can do that",
    "not_manager": "only a server manager can do that",
    "table_unavailable": "table {table_id} cannot be reached right now (a database problem); "
    "nothing was changed, the bot keeps retrying",
    "table_quarantined": "table {table_id} could not be restored from its log and is set aside; "
    "a server admin can look into it",
    # the database
    "database_busy": "the database is busy; nothing was changed, try again in a moment",
    "database_gone": "the bot lost its database file; nothing can be saved until it restarts",
    "database_unavailable": "the database cannot be reached right now; the table shows what was "
    "saved, try again in a moment",
    "table_changed": "table {table_id} was just changed by another bot process; nothing was "
    "changed by you, look at the table again and retry",
    "guild_not_served": "this server's tables are served by another bot process right now; try "
    "again in a moment",
    # seats
    "table_full": "table {table_id} has no free seat",
    "already_seated": "you already sit at seat {seat} of this table",
    "already_seated_here": "you already sit at table {table_id} in this channel; leave it first",
    "not_seated": "you do not sit at table {table_id}",
    "target_not_seated": "that player does not sit at table {table_id}",
    "kick_needs_missed_turn": "during a hand only a player whose turn timed out can be removed; "
    "seat {seat} has not",
    "seat_taken": "seat {seat} is taken",
    "no_such_seat_number": "seat {seat} does not exist: seats are 0 to 3",
    "not_a_bot": "seat {seat} is not a bot",
    "need_four_players": "four players are needed to start; {seated} seated",
    # between hands and after the end
    "hand_not_over": "hand {number} of table {table_id} is still being played",
    "table_waiting": "table {table_id} is waiting for players; its host starts the next hand",
    "table_not_ended": "table {table_id} has not ended",
    "rematch_open": "table {table_id} already plays here: join it",
    # play
    "table_hand_over": "no hand is being played at table {table_id}",
    "not_your_turn": "not your turn: seat {seat} is to play",
    "wrong_game": "{request} is not an action of {game}",
    "bad_trump_suit": "{suit!r} is not a suit: use S, H, D or C",
    "bad_bid_amount": "a bid is a whole number of points, not {amount!r}",
    # ending mid-hand
    "vote_open": "a vote on ending table {table_id} is open already",
    "table_closing": "table {table_id} already ends when this hand ends",
    "no_vote": "there is no open vote on ending this hand of table {table_id}",
    # taking back a move
    "take_back_open": "a take-back is being asked already at table {table_id}",
    "no_take_back": "there is no open request to take back a move at table {table_id}",
    "take_back_own": "you asked for this take-back: the other players answer it",
    "take_back_not_asked": "only the players this take-back affects answer it: the other side",
    "take_back_once": "you asked for a take-back in this trick already: one request per trick",
    # a moment of reading tables back (a database restart, a change of rules)
    "busy_try_again": "busy for a moment: try again in a moment",
    # settings
    "bad_turn_limit": "the turn time limit must be between {min} and {max} minutes, not {minutes}",
    "bad_timeout_rule": "the timeout rule must be 'bot' or 'remove', not {rule!r}",
    "bad_hand_count": "the number of hands must be at least 1 (or open-ended), not {hands}",
    "bad_language": "language must be en, zh-TW or zh-CN, not {language!r}",
    "bad_ping_mode": "pings are auto, always, idle or dm, not {mode!r}",
    "bad_idle_minutes": "idle minutes must be between {min} and {max}, not {minutes}",
    "bad_quiet_hours": "quiet hours are whole hours from 0 to 23",
    "bad_time_zone": "{zone!r} is not a time zone: use a name like Asia/Taipei or Europe/Paris",
    "unknown_setting": "there is no setting named {name!r}",
    "bad_bot_level": "the bot level must be one of {levels}, not {level!r}",
    "bad_bot_seconds": "a bot's thinking time must be {min} to {max} seconds, not {seconds!r}",
    "bad_hint_seconds": "a hint's thinking time must be {min} to {max} seconds, not {seconds!r}",
    "bot_level_in_hand": "the bot level changes between hands only: hand {number} of table "
    "{table_id} is being played",
    "bad_min_hands": "the minimum of completed hands must be 0 to {max}, not {hands}",
    # scores, history and replays
    "unknown_period": "unknown period {period!r}: choose week, month or all",
    "unknown_board_order": "a board is by rating or by points, not {by!r}",
    "hand_not_found": "there is no hand #{hand} in this server",
    "hand_running": "hand #{hand} is still being played: replays and exports come once it is over",
    "review_running": "hand #{hand} is still being played: it can be reviewed once it is over",
    "review_not_player": "only the players of hand #{hand} can ask for its review",
    "review_earlier_rules": "hand #{hand} was played under earlier rules (version {rules}): "
    "it cannot be reviewed",
    "review_not_played_out": "hand #{hand} was not played to its end: there is nothing to review",
    "bad_hand_id": "{text!r} is not a hand id: use one that /scores history shows, like #2F",
}


class ServiceError(ValueError):
    """A request the table service refuses; nothing was changed.

    Same shape as the engine's ``IllegalMove``: ``code`` is a key of ``MESSAGES`` and
    ``params`` holds the values its text mentions.
    """

    def __init__(self, message: str, *, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(message)


def refuse(code: str, **params: Any) -> ServiceError:
    """The error for ``code``, its English text filled from ``MESSAGES``."""
    metrics.refused(code)
    return ServiceError(MESSAGES[code].format(**params), code=code, **params)


# What a request may be refused with, nothing changed: the service's own refusals and the
# engines', which reach the caller unwrapped (front ends catch these as one).
REFUSALS = (ServiceError, IllegalMove, CardParseError)
