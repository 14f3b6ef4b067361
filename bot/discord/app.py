"""The Discord client: start-up wiring and ``run(settings)`` for ``python -m bot``.

``setup_hook`` opens the store and the service (which replays every unfinished table),
registers the persistent controls, installs the command Translator, syncs the command tree
only when it changed, starts the deadline loop and lets bot seats resume their turns.
Intents: ``guilds`` (slash commands and components need nothing more) and ``guild_messages``,
not privileged, so the bot sees that messages were posted or deleted in a table's thread and
can keep the table message in view (``bot.discord.scroll``). Message content is never read:
the privileged ``message_content`` intent stays off.

With ``SHARD_COUNT`` the process is a ``discord.AutoShardedClient`` for its ``SHARD_IDS``:
Discord sends it the events of those shards' guilds only, and the service it opens loads,
drives and times out only those guilds' tables, after taking the lease on the shards from any
process still serving them (``docs/deploy.md``).

``run`` stops cleanly on SIGTERM, SIGHUP or SIGINT (``bot.discord.stopping``): each interaction
passes through ``InFlight`` on its way in, so that a stop can refuse new ones and wait for
those being handled. ``/healthz`` and ``/metrics`` are served by ``bot.discord.health``.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot import metrics
from bot.discord import commands, controls, logs, offers, replays
from bot.discord.cooldowns import Cooldowns
from bot.discord.deadlines import DeadlineLoop
from bot.discord.hand_controls import HandControls
from bot.discord.hand_message import HandMessages
from bot.discord.health import Endpoints, PortTaken, gateway_connected
from bot.discord.presenter import Presenter
from bot.discord.replies import SEND_FAILURES
from bot.discord.stopping import InFlight, run_until_stopped, stop_serving
from bot.discord.sync import sync_commands
from bot.discord.takeback import TakeBacks
from bot.discord.translator import CatalogueTranslator
from bot.discord.verbs.ending import EndingVerbs
from bot.discord.verbs.play import PlayVerbs
from bot.discord.verbs.scores import ScoreVerbs
from bot.discord.verbs.table import TableVerbs
from bot.i18n import lang_of, t
from bot.service import Clock, Dealer, TableService, deal_by_seed
from bot.service.thinking import Thinker
from bot.settings import Settings
from bot.store import DatabaseUnusable
from bot.store.shards import ALL_GUILDS

log = logging.getLogger(__name__)
# The bot has no voice: discord.py need not say at every start that voice would not work.
discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
KINDS = {2: "command", 3: "component", 4: "autocomplete", 5: "modal"}  # interaction types


class CardTree(app_commands.CommandTree[Any]):
    """Unexpected errors get a short private apology, never a traceback in the channel."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        log.error("command failed", exc_info=error)
        text = t("discord.failed", lang_of(interaction.locale))
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except SEND_FAILURES:
            pass


class CardTableBot(discord.Client):
    """The cardtable bot: a thin adapter over ``TableService``. It implements ``port.Client``
    and makes the parts, each of which sees it through that interface only."""

    def __init__(
        self,
        database: str | Path,
        *,
        dev_guild_id: int | None = None,
        bot_pause: float = 1.5,
        check_every: float = 30.0,
        seed_source: Any = None,
        dealer: Dealer = deal_by_seed,
        clock: Clock = discord.utils.utcnow,
        intents: discord.Intents | None = None,
        service: TableService | None = None,
        thinker: Thinker | None = None,
        **client_options: Any,
    ) -> None:
        super().__init__(
            intents=intents or discord.Intents(guilds=True, guild_messages=True),
            allowed_mentions=discord.AllowedMentions.none(),  # each ping is allowed by name
            **client_options,
        )
        logs.hide_payloads()  # discord.py's debug lines would write private hands
        self.in_flight = InFlight()  # interactions being handled (a stop waits for them)
        parse = self._connection.parsers["INTERACTION_CREATE"]
        self._connection.parsers["INTERACTION_CREATE"] = lambda data: self._interaction(parse, data)
        self.tree = CardTree(self)
        self.database = database  # a SQLite file, or a postgresql:// URL
        self.dev_guild_id = dev_guild_id
        self.bot_pause = bot_pause
        self.seed_source = seed_source
        self.dealer = dealer
        self.clock = clock
        self.thinker = thinker  # the AI workers of the service opened here (default: a pool)
        # Opened by ``run`` before connecting (so a bad database stops us early), or here.
        self.service: TableService = service  # type: ignore[assignment]
        # The parts, presenters first, then the verbs of each area (``interaction.client.*``).
        self.presenter = Presenter(self)
        self.hands = HandMessages(self)
        self.take_backs = TakeBacks(self, self.hands)
        self.hand_controls = HandControls(self, self.hands, self.take_backs)
        self.ending_verbs = EndingVerbs(self)
        self.table_verbs = TableVerbs(
            self, Cooldowns(clock), self.ending_verbs, self.hands, self.hand_controls
        )
        self.play_verbs = PlayVerbs(self, self.hands, self.hand_controls, self.take_backs)
        self.score_verbs = ScoreVerbs(self)
        # Take-back requests close, and open hands follow the table, after every change.
        self.presenter.listeners += [self.take_backs.follow, self.hands.follow]
        self.presenter.pings.watching = self.hands.watching  # no ping while the panel is live
        self.readers = self.presenter.readers  # each reader's language (``private_lang``)
        self.deadlines = DeadlineLoop(self, check_every, clock)
        self.presenter.listeners.append(self.deadlines.follow)  # votes end on time
        self.deadlines.also.append(self.hands.close_expiring)  # no old panel looks live

    async def setup_hook(self) -> None:
        if self.service is None:
            self.service = await TableService.open(
                self.database,
                clock=self.clock,
                seed_source=self.seed_source,
                dealer=self.dealer,
                thinker=self.thinker,
            )
        self.readers.chosen.update(await self.service.languages())
        self.add_dynamic_items(*controls.DYNAMIC_ITEMS, offers.OfferButton, replays.ReplayButton)
        await self.tree.set_translator(CatalogueTranslator())
        guild = discord.Object(self.dev_guild_id) if self.dev_guild_id else None
        for command in commands.COMMANDS:
            self.tree.add_command(command, guild=guild)
        if 0 in self.service.shards.ids:  # one process syncs for the whole application
            await sync_commands(self.tree, self.service.store, guild)
        self.deadlines.start()
        for table_id in self.service.bot_turns():
            self.presenter.drive_bots(table_id)

    def _interaction(self, parse: Any, data: dict[str, Any]) -> None:
        """discord.py's parser for one interaction, in flight (refused once stopping)."""
        tasks = self.in_flight.take(lambda: parse(data))
        if tasks is not None:
            metrics.interaction(KINDS.get(data.get("type", 0), "other"), tasks)

    def background(self) -> list[asyncio.Task[Any]]:
        """Tasks that go on by themselves (the bots' moves): cancelled at a stop."""
        return list(self.presenter._driving.values())

    async def on_message(self, message: discord.Message) -> None:
        """Count what is posted below table messages (ids only: content is never read)."""
        if not message.flags.ephemeral:
            self.presenter.scroll.posted(message.channel.id, message.id)

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        self.presenter.scroll.deleted(payload.channel_id, payload.message_id)

    async def close(self) -> None:
        self.deadlines.stop()
        if self.service is not None:
            await self.service.close()
        await super().close()


class ShardedCardTableBot(CardTableBot, discord.AutoShardedClient):
    """The bot as one of several processes: Discord's shards ``shard_ids`` of ``shard_count``."""


class _Process:
    """One run of ``python -m bot``: the service, then the client, until stopped."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.bot: CardTableBot | None = None
        self.task: asyncio.Task[Any] | None = None

    async def serve(self) -> None:
        """The database first (a bad one stops us before we connect; each table it sets aside
        is one logged line; with shards, the lease on them is waited for), then Discord."""
        self.task = asyncio.current_task()
        settings, shards = self.settings, self.settings.shards
        service = await TableService.open(
            settings.database, shards=shards or ALL_GUILDS, thinker=Thinker(settings.ai_workers)
        )
        log.info(
            "serving %s from %s: %d unfinished tables; %d AI worker processes",
            shards or "every guild",
            settings.describe_database(),
            len(service.live_tables()),
            service.thinker.workers,
        )
        bot: CardTableBot
        if shards is None:
            bot = CardTableBot(
                settings.database, dev_guild_id=settings.dev_guild_id, service=service
            )
        else:
            bot = ShardedCardTableBot(
                settings.database,
                dev_guild_id=settings.dev_guild_id,
                service=service,
                shard_count=shards.count,
                shard_ids=sorted(shards.ids),
            )
        self.bot = bot
        endpoints = Endpoints(lambda: gateway_connected(bot), service)
        try:
            await endpoints.start(settings.http_host, settings.health_port, settings.metrics_port)
            async with bot:
                await bot.start(settings.token)
        finally:
            await endpoints.stop()
            await service.close()  # a second close (from ``bot.close``) is harmless

    async def stop(self) -> None:
        """At a signal: still opening, give up; serving, stop cleanly (``stop_serving``)."""
        if self.bot is None:
            assert self.task is not None
            self.task.cancel()
            return
        await stop_serving(self.bot.in_flight, self.bot.background(), self.bot.close)


async def _serve(settings: Settings) -> None:
    process = _Process(settings)
    stopped_by = await run_until_stopped(process.serve(), process.stop)
    if stopped_by is not None:
        log.warning("stopped cleanly after %s", stopped_by)


def run(settings: Settings) -> int:
    """Run until stopped. Expected problems end with a clear message and a non-zero code."""
    logs.configure(settings.log_level, settings.log_format)
    try:
        asyncio.run(_serve(settings))
    except KeyboardInterrupt:
        return 0
    except DatabaseUnusable as exc:
        print(f"cardtable: {exc}", file=sys.stderr)
        return 3
    except PortTaken as exc:
        print(f"cardtable: {exc}", file=sys.stderr)
        return 2
    except discord.LoginFailure:
        print(
            "cardtable: Discord refused the token (DISCORD_TOKEN). Copy it again from the "
            "Bot tab of your application at https://discord.com/developers/applications.",
            file=sys.stderr,
        )
        return 1
    except discord.PrivilegedIntentsRequired:
        print(
            "cardtable: Discord asks for a privileged intent; none should be needed.",
            file=sys.stderr,
        )
        return 1
    except OSError as exc:
        print(f"cardtable: cannot reach Discord or open the database: {exc}", file=sys.stderr)
        return 1
    return 0
