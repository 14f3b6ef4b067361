"""Text that is safe to post: what users typed, escaped and clipped, within Discord's limits.

Names (display names, nicknames, names kept in the database) and anything a user typed that a
reply echoes are untrusted: ``@everyone``, ``<@&role>``, ``||spoilers||``, backticks or
``# heading`` must show as typed, never ping or reformat the message. ``discord.utils``
escapes Markdown; mentions are broken here with a zero-width space after every ``@`` (its
``escape_mentions`` leaves ``<@2>`` and ``<@&1>`` alone, which still draw as mentions). The
other markup Discord draws from ``<…>`` is broken the same way after its ``<``: channel links
``<#id>``, command links ``</name:id>``, custom emoji ``<:name:id>`` / ``<a:name:id>``, guild
navigation ``<id:…>`` and timestamps ``<t:…>``, so a name can't pass for a live countdown or
a link to another channel.
Lengths are measured in UTF-16 code units, which Discord never counts as fewer characters.

Cards are shown to players one way everywhere, public or private: with suit symbols (``3♦``,
``10♥``) and the jokers as 大王 / 小王 (``cards``), never in the notation players type
(``3D``, ``BJ``), which the engines use in their refusals' params (``symbols`` turns it over).

Seats are named one way too (``seat_names``): the player's name, bots and empty seats in words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import discord

from bot.i18n import t
from bot.service import TableInfo
from engine.cards import Card, parse_cards
from engine.errors import CardParseError
from render.order import by_rank

CONTENT_LIMIT = 2000  # characters in a message's content
NAME_LIMIT = 64  # Discord names have at most 32 code points: 64 UTF-16 units
ECHO_LIMIT = 100  # a typed value repeated in a refusal (a 33-card play)
ELLIPSIS = "…"
_NO_MENTION = "@\u200b"
_MARKUP = re.compile(r"<(?=[#/:]|a:|t:|id:)")


def size(text: str) -> int:
    """Length as Discord may count it: UTF-16 code units (an emoji counts twice)."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def clip(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters (by ``size``), marked with an ellipsis."""
    if size(text) <= limit:
        return text
    out, used = [], size(ELLIPSIS)
    for ch in text:
        used += size(ch)
        if used > limit:
            break
        out.append(ch)
    return "".join(out) + ELLIPSIS


def escape(text: str) -> str:
    """Markdown and mentions made literal; line breaks become spaces."""
    flat = " ".join(text.split())
    escaped = discord.utils.escape_markdown(flat).replace("@", _NO_MENTION)
    return _MARKUP.sub("<\u200b", escaped)


def name(text: str) -> str:
    """A user-provided name as it may appear in a message."""
    return escape(clip(text, NAME_LIMIT))


def echo(text: str) -> str:
    """Something a user typed, repeated back (cut short: a refusal must still arrive)."""
    return escape(clip(text, ECHO_LIMIT))


def cards(shown: Iterable[Card]) -> str:
    """Cards as players read them, by rank, then suit: ``3♠ 3♥ 10♥ J♠ 大王``."""
    return " ".join(card.pretty for card in by_rank(shown))


def symbols(notation: str) -> str:
    """Card notation (``3D 10H BJ``) written as players read it (``3♦ 10♥ 大王``); any other
    text is returned unchanged."""
    try:
        parsed = parse_cards(notation)
    except CardParseError:
        return notation
    return cards(parsed) if parsed else notation


def fit(lines: Sequence[str], limit: int = CONTENT_LIMIT, *, newest_last: bool = False) -> str:
    """Lines joined into one message of at most ``limit`` characters.

    Whole lines are dropped, never cut: the first line (a title) stays, then as many of the
    rest as fit, from the top (or, with ``newest_last``, from the bottom), with ``…`` where
    lines were left out. A single line too long on its own is clipped.
    """
    text = "\n".join(lines)
    if size(text) <= limit or not lines:
        return text
    head, rest = lines[0], list(lines[1:])
    if newest_last:
        rest.reverse()
    kept: list[str] = []
    used = size(head) + size("\n" + ELLIPSIS)
    for line in rest:
        if used + size(line) + 1 > limit:
            break
        kept.append(line)
        used += size(line) + 1
    if newest_last:
        kept.reverse()
        return clip("\n".join([head, ELLIPSIS, *kept]), limit)
    return clip("\n".join([head, *kept, ELLIPSIS]), limit)


def seat_names(info: TableInfo, lang: str) -> list[str]:
    """The four seat names as shown to players; bots and empty seats in ``lang``.

    Raw, for pictures: text takes them through ``name`` first.
    """
    names = []
    for index, seat in enumerate(info.seats):
        if seat is None:
            names.append(t("table.empty_seat", lang))
        elif seat.user_id is None:
            names.append(t("table.bot_name", lang, seat=index + 1))
        else:
            names.append(seat.name)
    return names
