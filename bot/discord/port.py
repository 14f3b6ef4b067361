"""The narrow interface the adapter's parts see of the client (``CardTableBot`` implements it).

No part imports the client itself: each takes a ``Client`` and uses only what is named here, so
the parts import one another in one direction (entry points, verbs, presenters, helpers).
``Part`` is the base of the parts: the client they serve, its service and presenter at hand.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import discord

from bot.discord.scroll import Scroll
from bot.service import TableInfo, TableService, Update


@runtime_checkable
class Publisher(Protocol):
    """What the parts use of the presenter: showing committed changes in a table's thread."""

    @property
    def scroll(self) -> Scroll: ...

    async def publish(self, update: Update) -> None: ...

    async def send(
        self, info: TableInfo, *, room: bool = True, **kwargs: Any
    ) -> discord.Message | None: ...

    async def post_table(self, info: TableInfo) -> None: ...

    async def announce_settings(self, info: TableInfo, creator: str, *, moved: bool) -> None: ...

    async def announce_bots(self, info: TableInfo, name: str) -> None: ...

    async def announce_again(self, info: TableInfo, name: str, old: int) -> None: ...

    async def remind(self, table_id: int, user_id: int) -> None: ...

    async def ping_waiting(self) -> None: ...

    async def repair(self) -> None: ...


@runtime_checkable
class Client(Protocol):
    """What the parts use of the Discord client: the table service, the presenter, channels to
    post in, and the pause between bot moves."""

    @property
    def service(self) -> TableService: ...

    @property
    def presenter(self) -> Publisher: ...

    @property
    def bot_pause(self) -> float: ...

    def get_channel(self, id: int, /) -> Any: ...

    async def fetch_user(self, user_id: int, /) -> discord.User: ...

    def get_partial_messageable(
        self,
        id: int,
        *,
        guild_id: int | None = None,
        type: discord.ChannelType | None = None,
    ) -> discord.PartialMessageable: ...


class Part:
    """A part of the adapter serving ``client``, with its service and presenter at hand (looked
    up on each use: the client may open its service after making its parts)."""

    def __init__(self, client: Client) -> None:
        self.client = client

    @property
    def service(self) -> TableService:
        return self.client.service

    @property
    def presenter(self) -> Publisher:
        return self.client.presenter
