"""Every request the bot sends through SimCord, checked against Discord's documented limits.

SimCord accepts payloads the real Discord would refuse with a 400 (or deliver with a ping
nobody wanted), so the autouse fixture in ``conftest.py`` runs each request through ``check``
and each finished interaction through ``check_interaction``, and fails the test on any problem.

The limits, from discord/discord-api-docs (commit c98d64bc, August 2026):

- ``developers/resources/message.mdx``, *Create Message* JSON params: ``content`` "up to 2000
  characters"; ``embeds`` "Up to 10 rich embeds (up to 6000 characters)". *Embed Limits*:
  title 256, description 4096, up to 25 fields, field.name 256, field.value 1024, footer.text
  2048, author.name 256, and the sum of all those across a message's embeds at most 6000.
  *Allowed Mentions Object*: without ``allowed_mentions`` a regular message parses users,
  roles and everyone; interactions and webhooks parse users.
- ``developers/components/reference.mdx``: "Legacy messages allow up to 5 action rows"; an
  action row holds "Up to 5 ... buttons" or "a single select"; ``custom_id`` is "a string of 1
  to 100 characters" and "Multiple components on the same message must not share the same
  custom_id"; button label "max 80 characters"; string select ``options`` "max 25",
  ``placeholder`` "max 150 characters", ``min_values``/``max_values`` max 25; select option
  ``label``, ``value`` and ``description`` "max 100 characters".
- ``developers/resources/message.mdx``, *Attachment Object*: ``description`` "description for
  the file (max 1024 characters)" (the alt text screen readers say).
- ``developers/interactions/receiving-and-responding.mdx``: "you must send an initial response
  within 3 seconds of receiving the event"; autocomplete "choices (max of 25 choices)".
- ``developers/interactions/application-commands.mdx``, *Application Command Option Choice*:
  ``name`` "1-100 character choice name", ``value`` "up to 100 characters if string".
- ``developers/resources/channel.mdx``, *Start Thread without Message*: ``name`` "1-100
  character channel name".

Lengths are counted in UTF-16 code units, which is never less than the count of code points:
whichever way Discord counts, a payload that passes here passes there.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

CONTENT = 2000
EMBEDS = 10
EMBED_TOTAL = 6000
EMBED_FIELDS = 25
EMBED_TEXT = {"title": 256, "description": 4096}
FIELD_NAME, FIELD_VALUE, FOOTER, AUTHOR = 256, 1024, 2048, 256
ROWS, BUTTONS_PER_ROW = 5, 5
CUSTOM_ID = 100
BUTTON_LABEL = 80
OPTIONS, OPTION_TEXT, PLACEHOLDER, SELECT_VALUES = 25, 100, 150, 25
CHOICES, CHOICE_TEXT = 25, 100
CHANNEL_NAME = 100
ALT_TEXT = 1024
ANSWER_WITHIN = timedelta(seconds=3)

ROW, BUTTON, STRING_SELECT = 1, 2, 3
MESSAGE_RESPONSE, UPDATE_MESSAGE, AUTOCOMPLETE = 4, 7, 8
_MESSAGE_ROUTES = (
    re.compile(r"POST /channels/\d+/messages$"),
    re.compile(r"PATCH /channels/\d+/messages/\d+$"),
    re.compile(r"POST /webhooks/\d+/[^/]+$"),
    re.compile(r"PATCH /webhooks/\d+/[^/]+/messages/[^/]+$"),
)
CALLBACK = re.compile(r"POST /interactions/(\d+)/[^/]+/callback$")
_THREAD = re.compile(r"POST /channels/\d+(/messages/\d+)?/threads$")
_CHANNEL_EDIT = re.compile(r"PATCH /channels/\d+$")


def size(text: str) -> int:
    """Characters as Discord may count them: UTF-16 code units (an emoji counts twice)."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def check(method: str, path: str, body: Any) -> list[str]:
    """The problems with one request (empty when Discord would take it as meant)."""
    route = f"{method} {path}"
    if not isinstance(body, dict):
        return []
    if any(pattern.match(route) for pattern in _MESSAGE_ROUTES):
        return [f"{route}: {p}" for p in message(body)]
    callback = CALLBACK.match(route)
    if callback:
        data = body.get("data") or {}
        if body.get("type") in (MESSAGE_RESPONSE, UPDATE_MESSAGE):
            return [f"{route}: {p}" for p in message(data)]
        if body.get("type") == AUTOCOMPLETE:
            return [f"{route}: {p}" for p in autocomplete(data.get("choices", []))]
        return []
    if _THREAD.match(route) or (_CHANNEL_EDIT.match(route) and "name" in body):
        name = str(body.get("name", ""))
        if not 1 <= size(name) <= CHANNEL_NAME:
            return [f"{route}: thread name of {size(name)} characters"]
    return []


def message(body: dict[str, Any]) -> Iterator[str]:
    """Content, embeds, components and mentions of one message payload."""
    content = body.get("content") or ""
    if size(content) > CONTENT:
        yield f"content of {size(content)} characters"
    yield from embeds(body.get("embeds") or [])
    yield from components(body.get("components") or [])
    for attachment in body.get("attachments") or []:
        if size(str(attachment.get("description") or "")) > ALT_TEXT:
            yield f"attachment description of {size(attachment['description'])} characters"
    if content or body.get("components"):
        yield from mentions(body.get("allowed_mentions"), content)


def embeds(items: list[dict[str, Any]]) -> Iterator[str]:
    if len(items) > EMBEDS:
        yield f"{len(items)} embeds"
    total = 0
    for embed in items:
        texts = [(key, embed.get(key) or "", limit) for key, limit in EMBED_TEXT.items()]
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS:
            yield f"{len(fields)} embed fields"
        for f in fields:
            texts += [("field.name", f.get("name") or "", FIELD_NAME)]
            texts += [("field.value", f.get("value") or "", FIELD_VALUE)]
        texts.append(("footer.text", (embed.get("footer") or {}).get("text") or "", FOOTER))
        texts.append(("author.name", (embed.get("author") or {}).get("name") or "", AUTHOR))
        for key, text, limit in texts:
            n = size(text.strip())
            total += n
            if n > limit:
                yield f"embed {key} of {n} characters"
    if total > EMBED_TOTAL:
        yield f"embeds of {total} characters together"


def components(rows: list[dict[str, Any]]) -> Iterator[str]:
    if len(rows) > ROWS:
        yield f"{len(rows)} action rows"
    ids: list[str] = []
    for row in rows:
        if row.get("type") != ROW:
            yield f"a top-level component of type {row.get('type')}"
            continue
        children = row.get("components") or []
        selects = [c for c in children if c.get("type") != BUTTON]
        if selects and len(children) > 1:
            yield "a select shares its row"
        if len(children) > BUTTONS_PER_ROW:
            yield f"{len(children)} buttons in a row"
        for child in children:
            if "custom_id" in child:
                ids.append(child["custom_id"])
            if child.get("type") == BUTTON and size(child.get("label") or "") > BUTTON_LABEL:
                yield f"button label {child.get('label')!r}"
            if child.get("type") == STRING_SELECT:
                yield from select(child)
    for custom_id in ids:
        if not 1 <= size(str(custom_id)) <= CUSTOM_ID:
            yield f"custom_id {custom_id!r}"
    if len(ids) != len(set(ids)):
        yield f"custom_ids repeat: {sorted(ids)}"


def select(menu: dict[str, Any]) -> Iterator[str]:
    options = menu.get("options") or []
    if not 1 <= len(options) <= OPTIONS:
        yield f"a select with {len(options)} options"
    if size(menu.get("placeholder") or "") > PLACEHOLDER:
        yield f"placeholder {menu.get('placeholder')!r}"
    low, high = menu.get("min_values", 1), menu.get("max_values", 1)
    if not 0 <= low <= high <= min(SELECT_VALUES, len(options)):
        yield f"select values {low}..{high} of {len(options)} options"
    values = [str(o.get("value")) for o in options]
    if len(values) != len(set(values)):
        yield "select option values repeat"
    for option in options:
        for key in ("label", "value", "description"):
            text = str(option.get(key) or "")
            if size(text) > OPTION_TEXT or (key != "description" and not text):
                yield f"select option {key} {text!r}"


def mentions(allowed: Any, content: str) -> Iterator[str]:
    """Mentions only as meant: never everyone or roles, users only by explicit id."""
    if not isinstance(allowed, dict):
        yield "no allowed_mentions: Discord would parse every mention in the text"
        return
    parse = set(allowed.get("parse") or ())
    if parse & {"everyone", "roles"} or allowed.get("roles"):
        yield f"allowed_mentions lets everyone or roles be pinged: {allowed}"
    if "users" in parse:
        yield f"allowed_mentions pings any user named in the text: {allowed}"
    for user in allowed.get("users") or ():
        if f"<@{user}>" not in content:
            yield f"allowed_mentions names user {user}, who is not mentioned"


def autocomplete(choices: list[dict[str, Any]]) -> Iterator[str]:
    if len(choices) > CHOICES:
        yield f"{len(choices)} autocomplete choices"
    for choice in choices:
        name, value = str(choice.get("name", "")), choice.get("value")
        if not 1 <= size(name) <= CHOICE_TEXT:
            yield f"autocomplete choice name {name!r}"
        if isinstance(value, str) and size(value) > CHOICE_TEXT:
            yield f"autocomplete choice value {value!r}"


def check_interaction(
    record: Any, answered: tuple[datetime, float] | None, created: float | None = None
) -> list[str]:
    """An interaction got its first answer within 3 s: of simulated time (``answered[0]``,
    SimCord's clock), and of wall time from its creation (``created``) to the answer
    (``answered[1]``, ``time.perf_counter`` both)."""
    if not record.responded or answered is None:
        return [f"interaction {record.id} ({record.command_name or 'component'}) never answered"]
    answered_at, answered_wall = answered
    deadline = datetime.fromisoformat(record.initial_response_deadline)
    received = deadline - ANSWER_WITHIN
    if answered_at - received > ANSWER_WITHIN:
        return [f"interaction {record.id} answered after {answered_at - received}"]
    if created is not None and answered_wall - created > ANSWER_WITHIN.total_seconds():
        took = answered_wall - created
        return [f"interaction {record.id} answered after {took:.2f} s of wall time"]
    return []
