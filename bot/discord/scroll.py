"""What sits below a table message: the messages posted after it, as far as the bot sees them.

The table message (picture and buttons) must stay in view, so the presenter posts it anew once
more than a few messages sit below it. Discord does not say how many messages follow one, and
reading the history each time would cost a request per move, so the bot counts what it is told:
its own posts as it makes them, and everyone's through the gateway's ``MESSAGE_CREATE`` and
``MESSAGE_DELETE`` (the non-privileged ``guild_messages`` intent; the message *content* intent
is not needed, nor used: only ids are kept). A channel is watched from the bot's first post
there after it started: below an older message the count is unknown (``None``) and the
presenter falls back on the message's age. Ids are Discord snowflakes: "below" is "a larger
id".
"""

from __future__ import annotations

import bisect

KEEP = 64  # ids kept per channel: far more than ever sit below a table message before a repost


class Scroll:
    """Per channel (a table's thread, or its channel): the ids of the latest messages."""

    def __init__(self) -> None:
        self._ids: dict[int, list[int]] = {}
        self._first: dict[int, int] = {}  # per channel: the bot's first post since it started

    def posted(self, channel_id: int, message_id: int, *, ours: bool = False) -> None:
        """A message appeared in the channel (told twice for the bot's own posts: once is kept).

        Channels are watched from the bot's first post there: other channels are not kept.
        """
        if not ours and channel_id not in self._ids:
            return
        self._first.setdefault(channel_id, message_id)
        ids = self._ids.setdefault(channel_id, [])
        at = bisect.bisect_left(ids, message_id)
        if at < len(ids) and ids[at] == message_id:
            return
        ids.insert(at, message_id)
        del ids[:-KEEP]

    def deleted(self, channel_id: int, message_id: int) -> None:
        ids = self._ids.get(channel_id)
        if ids and message_id in ids:
            ids.remove(message_id)

    def below(self, channel_id: int, message_id: int) -> int | None:
        """How many messages sit below ``message_id``; None when that cannot be known (the
        message is older than the bot's watch over the channel)."""
        first = self._first.get(channel_id)
        if first is None or message_id < first:
            return None
        ids = self._ids[channel_id]
        return len(ids) - bisect.bisect_right(ids, message_id)

    def newest(self, channel_id: int) -> int | None:
        """The last message seen in the channel (None: none since the bot started)."""
        ids = self._ids.get(channel_id)
        return ids[-1] if ids else None
