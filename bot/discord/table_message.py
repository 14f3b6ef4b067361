"""The table message: the table's picture, one line of its state and its buttons, kept in view.

It is edited in place, and posted anew (the old one deleted) when more than ``BELOW`` messages
would sit under it (never once the table has ended: then it is edited to its final state, above
the result and the standings) (``bot.discord.scroll`` counts them), or when it is older than
``REPOST_AFTER`` and anything would sit under it (or the count is unknown: a message from
before a restart). Every other post in the thread goes through ``send``, which first moves the
table message down if the post would bury it. The picture is drawn in a worker thread
(``asyncio.to_thread``) so the event loop keeps answering while Pillow works.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import replace
from datetime import timedelta
from typing import Any

import discord

import render
from bot import metrics
from bot.discord import controls, offers, pictures, text
from bot.discord.pictures import png
from bot.discord.port import Client, Part
from bot.discord.posts import Posts, why
from bot.discord.replies import SEND_FAILURES
from bot.discord.results import score_lines, totals
from bot.discord.text import seat_names
from bot.i18n import t
from bot.service import ServiceError, TableInfo

log = logging.getLogger(__name__)
BELOW = 5  # messages allowed below the table message before it is posted anew
REPOST_AFTER = timedelta(minutes=10)  # an older table message has scrolled away: post it anew


class TableMessage(Part):
    """The table message of every table, and posting below it."""

    def __init__(self, client: Client, posts: Posts) -> None:
        super().__init__(client)
        self.posts = posts
        self._views: dict[int, Any] = {}  # the last public view: an ended table keeps its picture

    async def public_view(self, table_id: int) -> Any:
        """The table's public view; once it has ended, the last one shown (its final state)."""
        try:
            view = await self.service.public_view(table_id)
        except ServiceError:
            return self._views.get(table_id)
        if view is not None:
            self._views[table_id] = view
        return view

    def forget(self, table_id: int) -> None:
        """The table has ended: nothing more will be shown of it."""
        self._views.pop(table_id, None)

    async def scores(self, info: TableInfo) -> list[int]:
        """The table's running score of each seat's current occupant."""
        users = [None if seat is None else seat.user_id for seat in info.seats]
        score = totals(await score_lines(self.service, info), users)
        return [0 if seat is None else n for seat, n in zip(info.seats, score, strict=True)]

    @staticmethod
    def content(info: TableInfo, names: list[str], lang: str, view: Any = None) -> str:
        game = t(f"game.{info.game}", lang)
        lines = [f"**{t('table.title', lang, game=game, table=info.id)}**"]
        summary = None
        if view is not None and info.status == "playing":
            try:  # one line of the state, for screen readers and notifications
                summary = text.escape(render.summarize_table(view, names, lang))
            except Exception:
                log.exception("table %s: no summary line", info.id)
        if summary:  # the seats are in the picture and its alt text: the message stays short
            if info.deadline is not None and not getattr(view, "over", False):
                when = t("turn.due", lang, when=f"<t:{int(info.deadline)}:R>")
                summary = f"{summary} · {when}"
            lines.append(summary)
        else:
            for index, name in enumerate(names):
                lines.append(t("table.seat_line", lang, seat=index + 1, name=text.name(name)))
        if info.waiting:
            names = ", ".join(text.name(name) for name in info.waiting)
            lines.append(t("table.line", lang, names=names))
        if info.status == "waiting":
            count = sum(1 for s in info.seats if s is not None)
            lines.append(t("table.waiting", lang, count=count))
        elif info.status == "ended":
            lines.append(t("table.ended", lang))
        return text.fit(lines)

    async def refresh(
        self, info: TableInfo, view: Any, names: list[str], *, coming: int = 0, repost: bool = False
    ) -> None:
        """Edit the table message, or post it anew (the old one deleted) when ``repost``, when
        it is missing or cannot be edited, or when with ``coming`` more messages too many
        would sit below it."""
        lang = info.settings.language
        files: list[discord.File] = []
        if info.status == "waiting":  # no hand: a voided one would show newcomers in it
            view = None
        if view is not None:
            score = await self.scores(info)
            drawn = await pictures.draw(
                _draw_table, view, names, lang, score, what=f"table {info.id}"
            )
            if drawn is not None:
                files.append(png(drawn[0], "table.png", drawn[1]))
        content = self.content(info, names, lang, view)
        if info.status == "playing" and getattr(view, "over", False):  # between hands
            controls_view = offers.between_hands(info, lang)
        else:
            controls_view = controls.public_view(info.id, info.status, info.game, lang, view)
        posts = self.posts
        current = posts.message_id(info)
        ended = info.status == "ended"  # edited in place, never posted below the result
        if current is not None and (ended or not (repost or self._crowded(info, current, coming))):
            message = posts.channel(info).get_partial_message(current)  # type: ignore[attr-defined]
            # an ended table keeps its picture; a waiting one shows none
            kept = {"attachments": files} if files or info.status == "waiting" else {}
            try:
                await message.edit(content=content, view=controls_view, **kept)
                posts.stale.discard(info.id)
                return
            except SEND_FAILURES as exc:
                metrics.made_do("repost")
                log.warning("table %s: edit failed (%s); posting anew", info.id, why(exc))
            for file in files:
                file.reset()
        if ended:
            return
        posted = await posts.post(info, content=content, files=files, view=controls_view)
        if posted is None:
            posts.stale.add(info.id)
            return
        posts.stale.discard(info.id)
        if current is not None:
            await posts.retire(info, current)
        with contextlib.suppress(ServiceError):  # the table ended meanwhile
            await self.service.set_message(info.id, thread_id=info.thread_id, message_id=posted.id)
        posts.known[info.id] = replace(posts.known.get(info.id, info), message_id=posted.id)

    def _crowded(self, info: TableInfo, message_id: int, coming: int) -> bool:
        """Whether the table message should move down: more than ``BELOW`` messages under it
        (with ``coming`` more), or an old one with anything under it (it has scrolled away
        since; not knowing what is under it, an old one)."""
        below = self.posts.scroll.below(self.posts.channel_id(info), message_id)
        old = discord.utils.utcnow() - discord.utils.snowflake_time(message_id) > REPOST_AFTER
        if below is None:
            return old
        return below + coming > BELOW or (old and below + coming > 0)

    async def _make_room(self, info: TableInfo) -> None:
        """Before a post: move the table message down first if the post would bury it."""
        current = self.posts.message_id(info)
        if current is None or info.status == "ended":
            return
        below = self.posts.scroll.below(self.posts.channel_id(info), current)
        if below is not None and below + 1 > BELOW:
            view = await self.public_view(info.id)
            names = seat_names(info, info.settings.language)
            await self.refresh(info, view, names, repost=True)

    async def send(
        self, info: TableInfo, *, room: bool = True, **kwargs: Any
    ) -> discord.Message | None:
        """Post in the table's thread (first moving the table message down if this post would
        bury it, unless ``room`` is off); a refusal or a lost connection is logged, never
        raised (the table is then marked for ``repair``)."""
        if room:
            await self._make_room(info)
        return await self.posts.post(info, **kwargs)


def _draw_table(view: Any, names: list[str], lang: str, score: list[int]) -> tuple[bytes, str]:
    """The table picture and its alt text (in a worker thread)."""
    image = render.render_table(view, names, lang, table_score=score)
    return image, render.describe_table(view, names, lang, table_score=score)
