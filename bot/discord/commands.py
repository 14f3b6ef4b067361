"""The slash command tree: /table, /play, /scores and /rules, each a thin call into a verb.

English names and descriptions come from the catalogue (``bot/i18n/commands.py``); the
Translator serves the Chinese ones, so the tree has a single source of words.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.discord import text
from bot.discord.autocomplete import suggestions
from bot.discord.lookup import find_table, scored_table, table_or_refuse
from bot.discord.replies import private_lang, say
from bot.discord.results import score_name
from bot.discord.verbs.ending import EndingVerbs
from bot.discord.verbs.play import PlayVerbs
from bot.discord.verbs.scores import ScoreVerbs
from bot.discord.verbs.table import TableVerbs
from bot.i18n import command_text as c
from bot.i18n import t
from bot.i18n.commands import TURN_LIMITS
from bot.service import PING_MODES
from bot.service.people import IDLE_MINUTES
from bot.service.settings import BOT_SECONDS_RANGE, HINT_SECONDS_RANGE

GAMES = [
    Choice(name=c("choice.qingdun"), value="qingdun"),
    Choice(name=c("choice.sankou"), value="sankou"),
]
RULES = [Choice(name=c("choice.bot"), value="bot"), Choice(name=c("choice.remove"), value="remove")]
LANGUAGES = [Choice(name=c(f"choice.{code}"), value=code) for code in ("en", "zh-TW", "zh-CN")]
LIMITS = [Choice(name=c(f"choice.{m}"), value=m) for m in TURN_LIMITS]
SUITS = [Choice(name=c(f"choice.{s}"), value=s) for s in "SHDC"]
PERIODS = [Choice(name=c(f"choice.{p}"), value=p) for p in ("week", "month", "all")]
ORDERS = [Choice(name=c(f"choice.{o}"), value=o) for o in ("rating", "points")]
LEVELS = [Choice(name=c(f"choice.{v}"), value=v) for v in ("strong", "medium", "simple")]
BotSeconds = app_commands.Range[float, BOT_SECONDS_RANGE[0], BOT_SECONDS_RANGE[1]]
HintSeconds = app_commands.Range[float, HINT_SECONDS_RANGE[0], HINT_SECONDS_RANGE[1]]
DEFAULT_LIMIT = 720  # minutes: 12 h suits asynchronous play
log = logging.getLogger(__name__)


def table_verbs(interaction: discord.Interaction) -> TableVerbs:
    return interaction.client.table_verbs  # type: ignore[attr-defined, no-any-return]


def ending_verbs(interaction: discord.Interaction) -> EndingVerbs:
    return interaction.client.ending_verbs  # type: ignore[attr-defined, no-any-return]


def play_verbs(interaction: discord.Interaction) -> PlayVerbs:
    return interaction.client.play_verbs  # type: ignore[attr-defined, no-any-return]


def score_verbs(interaction: discord.Interaction) -> ScoreVerbs:
    return interaction.client.score_verbs  # type: ignore[attr-defined, no-any-return]


def _d(key: str) -> str:
    return c(f"{key}.desc")


#: Every command is for servers only: tables live in channels and threads.
IN_SERVERS = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)


def _contexts_only(payload: dict[str, Any]) -> dict[str, Any]:
    """Where a command works is said by ``contexts``; the deprecated ``dm_permission`` (which
    discord.py still sends) is left out."""
    payload.pop("dm_permission", None)
    return payload


class ServerGroup(app_commands.Group):
    """A top-level command group usable in servers only."""

    def __init__(self, key: str) -> None:
        super().__init__(name=c(key), description=_d(key), allowed_contexts=IN_SERVERS)

    def to_dict(self, tree: app_commands.CommandTree[Any]) -> dict[str, Any]:
        return _contexts_only(super().to_dict(tree))


class ServerCommand(app_commands.Command[Any, Any, Any]):
    """A top-level command usable in servers only."""

    def to_dict(self, tree: app_commands.CommandTree[Any]) -> dict[str, Any]:
        return _contexts_only(super().to_dict(tree))


table = ServerGroup("table")
play = ServerGroup("play")
scores = ServerGroup("scores")
settings = ServerGroup("settings")


# -- /table -------------------------------------------------------------------------------------


@table.command(name=c("table.create"), description=_d("table.create"))
@app_commands.describe(
    game=_d("table.create.game"),
    hands=_d("table.create.hands"),
    turn_limit=_d("table.create.turn_limit"),
    timeout_rule=_d("table.create.timeout_rule"),
    language=_d("table.create.language"),
    auto_deal=_d("table.create.auto_deal"),
    bot_level=_d("table.create.bot_level"),
    bot_seconds=_d("table.create.bot_seconds"),
    hint_seconds=_d("table.create.hint_seconds"),
)
@app_commands.choices(
    game=GAMES, turn_limit=LIMITS, timeout_rule=RULES, language=LANGUAGES, bot_level=LEVELS
)
async def create(
    interaction: discord.Interaction,
    game: Choice[str],
    hands: app_commands.Range[int, 1, 100] | None = None,
    turn_limit: Choice[int] | None = None,
    timeout_rule: Choice[str] | None = None,
    language: Choice[str] | None = None,
    auto_deal: bool = True,
    bot_level: Choice[str] | None = None,
    bot_seconds: BotSeconds | None = None,
    hint_seconds: HintSeconds | None = None,
) -> None:
    await table_verbs(interaction).create(
        interaction,
        game.value,
        hands,
        turn_limit.value if turn_limit else DEFAULT_LIMIT,
        timeout_rule.value if timeout_rule else "bot",
        language.value if language else None,
        auto_deal,
        bots=_bot_settings(bot_level, bot_seconds, hint_seconds),
    )


def _bot_settings(
    level: Choice[str] | None, bot_seconds: float | None, hint_seconds: float | None
) -> dict[str, Any]:
    """The bot settings given (those left out keep their defaults, or their current values)."""
    given = {
        "bot_level": level.value if level else None,
        "bot_seconds": bot_seconds,
        "hint_seconds": hint_seconds,
    }
    return {name: value for name, value in given.items() if value is not None}


@table.command(name=c("table.bots"), description=_d("table.bots"))
@app_commands.describe(
    bot_level=_d("table.bots.bot_level"),
    bot_seconds=_d("table.bots.bot_seconds"),
    hint_seconds=_d("table.bots.hint_seconds"),
)
@app_commands.choices(bot_level=LEVELS)
async def bots(
    interaction: discord.Interaction,
    bot_level: Choice[str] | None = None,
    bot_seconds: BotSeconds | None = None,
    hint_seconds: HintSeconds | None = None,
) -> None:
    await table_verbs(interaction).bots(
        interaction, _bot_settings(bot_level, bot_seconds, hint_seconds)
    )


@table.command(name=c("table.join"), description=_d("table.join"))
async def join(interaction: discord.Interaction) -> None:
    v = table_verbs(interaction)
    await v.join(interaction, await table_or_refuse(v.service, interaction))


@table.command(name=c("table.leave"), description=_d("table.leave"))
async def leave(interaction: discord.Interaction) -> None:
    v = ending_verbs(interaction)
    await v.leave(interaction, await table_or_refuse(v.service, interaction))


@table.command(name=c("table.seat"), description=_d("table.seat"))
@app_commands.describe(seat=_d("table.seat.seat"))
async def seat(interaction: discord.Interaction, seat: app_commands.Range[int, 1, 4]) -> None:
    await table_verbs(interaction).seat(interaction, seat)


@table.command(name=c("table.addbot"), description=_d("table.addbot"))
@app_commands.describe(seat=_d("table.addbot.seat"))
async def addbot(
    interaction: discord.Interaction, seat: app_commands.Range[int, 1, 4] | None = None
) -> None:
    v = table_verbs(interaction)
    await v.add_bot(interaction, await table_or_refuse(v.service, interaction), seat)


@table.command(name=c("table.removebot"), description=_d("table.removebot"))
@app_commands.describe(seat=_d("table.removebot.seat"))
async def removebot(interaction: discord.Interaction, seat: app_commands.Range[int, 1, 4]) -> None:
    await table_verbs(interaction).remove_bot(interaction, seat)


@table.command(name=c("table.start"), description=_d("table.start"))
async def start(interaction: discord.Interaction) -> None:
    v = table_verbs(interaction)
    await v.start(interaction, await table_or_refuse(v.service, interaction))


@table.command(name=c("table.show"), description=_d("table.show"))
async def show(interaction: discord.Interaction) -> None:
    await table_verbs(interaction).show(interaction)


@table.command(name=c("table.end"), description=_d("table.end"))
async def end(interaction: discord.Interaction) -> None:
    await ending_verbs(interaction).end(interaction)


@table.command(name=c("table.kick"), description=_d("table.kick"))
@app_commands.describe(player=_d("table.kick.player"))
async def kick(interaction: discord.Interaction, player: discord.Member) -> None:
    await table_verbs(interaction).kick(interaction, player)


# -- /play --------------------------------------------------------------------------------------


async def cards_autocomplete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    """Up to 25 plays legal now (what was typed first); at once, never waiting on the table."""
    v = play_verbs(interaction)
    try:
        info = find_table(v.service, interaction)
        if info is None:
            return []
        lang = private_lang(interaction)
        found = suggestions(v.service, info.id, interaction.user.id, info.game, current, lang)
    except Exception:  # an empty list still answers; an exception would leave Discord waiting
        log.exception("autocomplete failed")
        return []
    return [Choice(name=name, value=value) for name, value in found]


@play.command(name=c("play.cards"), description=_d("play.cards"))
@app_commands.describe(cards=_d("play.cards.cards"))
@app_commands.autocomplete(cards=cards_autocomplete)
async def cards(interaction: discord.Interaction, cards: str) -> None:
    await play_verbs(interaction).typed_play(interaction, cards)


@play.command(name=c("play.pass"), description=_d("play.pass"))
async def pass_(interaction: discord.Interaction) -> None:
    await play_verbs(interaction).pass_turn(interaction)


@play.command(name=c("play.nobid"), description=_d("play.nobid"))
async def no_bid(interaction: discord.Interaction) -> None:
    await play_verbs(interaction).pass_turn(interaction)  # 不叫, as the button says it


@play.command(name=c("play.hand"), description=_d("play.hand"))
async def hand(interaction: discord.Interaction) -> None:
    await play_verbs(interaction).hand_command(interaction)


@play.command(name=c("play.hint"), description=_d("play.hint"))
async def hint(interaction: discord.Interaction) -> None:
    await play_verbs(interaction).hint_command(interaction)


@play.command(name=c("play.bid"), description=_d("play.bid"))
@app_commands.describe(amount=_d("play.bid.amount"))
async def bid(interaction: discord.Interaction, amount: app_commands.Range[int, 80, 200]) -> None:
    await play_verbs(interaction).bid_command(interaction, amount)


@play.command(name=c("play.kitty"), description=_d("play.kitty"))
@app_commands.describe(cards=_d("play.kitty.cards"))
async def kitty(interaction: discord.Interaction, cards: str) -> None:
    await play_verbs(interaction).kitty_command(interaction, cards)


@play.command(name=c("play.trump"), description=_d("play.trump"))
@app_commands.describe(suit=_d("play.trump.suit"))
@app_commands.choices(suit=SUITS)
async def trump(interaction: discord.Interaction, suit: Choice[str]) -> None:
    await play_verbs(interaction).trump_command(interaction, suit.value)


@play.command(name=c("play.partner"), description=_d("play.partner"))
async def partner(interaction: discord.Interaction) -> None:
    await play_verbs(interaction).partner_command(interaction)


@play.command(name=c("play.takeback"), description=_d("play.takeback"))
async def takeback(interaction: discord.Interaction) -> None:
    await play_verbs(interaction).take_back_command(interaction)


# -- /settings ----------------------------------------------------------------------------------

SWITCH = [Choice(name=c("choice.on"), value="on"), Choice(name=c("choice.off"), value="off")]


@settings.command(name=c("settings.cards"), description=_d("settings.cards"))
@app_commands.describe(four_colour=_d("settings.cards.four_colour"))
@app_commands.choices(four_colour=SWITCH)
async def card_settings(interaction: discord.Interaction, four_colour: Choice[str]) -> None:
    await play_verbs(interaction).card_colours(interaction, four_colour.value == "on")


PINGS = [Choice(name=c(f"choice.{mode}"), value=mode) for mode in PING_MODES]
Hour = app_commands.Range[int, 0, 23]


@settings.command(name=c("settings.pings"), description=_d("settings.pings"))
@app_commands.describe(
    when=_d("settings.pings.when"),
    minutes=_d("settings.pings.minutes"),
    quiet_from=_d("settings.pings.quiet_from"),
    quiet_to=_d("settings.pings.quiet_to"),
    time_zone=_d("settings.pings.time_zone"),
)
@app_commands.choices(when=PINGS)
async def ping_settings(
    interaction: discord.Interaction,
    when: Choice[str] | None = None,
    minutes: app_commands.Range[int, IDLE_MINUTES[0], IDLE_MINUTES[1]] | None = None,
    quiet_from: Hour | None = None,
    quiet_to: Hour | None = None,
    time_zone: app_commands.Range[str, 1, 64] | None = None,
) -> None:
    quiet = None if quiet_from is None or quiet_to is None else (quiet_from, quiet_to)
    await play_verbs(interaction).ping_settings(
        interaction, when.value if when else None, minutes, quiet, time_zone
    )


@settings.command(name=c("settings.language"), description=_d("settings.language"))
@app_commands.describe(language=_d("settings.language.language"))
@app_commands.choices(language=LANGUAGES)
async def language_setting(interaction: discord.Interaction, language: Choice[str]) -> None:
    await play_verbs(interaction).language(interaction, language.value)


# -- /scores ------------------------------------------------------------------------------------


@scores.command(name=c("scores.table"), description=_d("scores.table"))
async def table_score(interaction: discord.Interaction) -> None:
    v = score_verbs(interaction)
    info = await scored_table(v.service, interaction)
    if info is None:
        return
    lang = private_lang(interaction)
    lines = [f"**{t('table.score', lang)}**"]
    for line in await v.service.table_score(info.id):
        name = score_name(line, lang)
        lines.append(t("table.score_line", lang, name=text.name(name), total=line.total))
    if len(lines) == 1:
        lines.append(t("scores.no_hands", lang))
    await say(interaction, text.fit(lines))


@scores.command(name=c("scores.board"), description=_d("scores.board"))
@app_commands.describe(
    game=_d("scores.board.game"), period=_d("scores.board.period"), by=_d("scores.board.by")
)
@app_commands.choices(game=GAMES, period=PERIODS, by=ORDERS)
async def board(
    interaction: discord.Interaction,
    game: Choice[str],
    period: Choice[str] | None = None,
    by: Choice[str] | None = None,
) -> None:
    await score_verbs(interaction).board(
        interaction, game.value, period.value if period else "all", by.value if by else "rating"
    )


@scores.command(name=c("scores.stats"), description=_d("scores.stats"))
@app_commands.describe(player=_d("scores.stats.player"))
async def stats(interaction: discord.Interaction, player: discord.Member | None = None) -> None:
    await score_verbs(interaction).stats(interaction, player or interaction.user)


@scores.command(name=c("scores.history"), description=_d("scores.history"))
@app_commands.describe(player=_d("scores.history.player"))
async def history(interaction: discord.Interaction, player: discord.Member | None = None) -> None:
    await score_verbs(interaction).history(interaction, player)


async def hand_autocomplete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    """The caller's latest hands (the replay and export of any hand of the server work too)."""
    return await score_verbs(interaction).hand_choices(interaction, current)


@scores.command(name=c("scores.replay"), description=_d("scores.replay"))
@app_commands.describe(hand=_d("scores.replay.hand"))
@app_commands.autocomplete(hand=hand_autocomplete)
async def replay(interaction: discord.Interaction, hand: app_commands.Range[str, 1, 20]) -> None:
    await score_verbs(interaction).replay(interaction, hand)


@scores.command(name=c("scores.export"), description=_d("scores.export"))
@app_commands.describe(hand=_d("scores.export.hand"))
@app_commands.autocomplete(hand=hand_autocomplete)
async def export(interaction: discord.Interaction, hand: app_commands.Range[str, 1, 20]) -> None:
    await score_verbs(interaction).export(interaction, hand)


@scores.command(name=c("scores.review"), description=_d("scores.review"))
@app_commands.describe(hand=_d("scores.review.hand"))
@app_commands.autocomplete(hand=hand_autocomplete)
async def review(interaction: discord.Interaction, hand: app_commands.Range[str, 1, 20]) -> None:
    await score_verbs(interaction).review(interaction, hand)


@scores.command(name=c("scores.minhands"), description=_d("scores.minhands"))
@app_commands.describe(hands=_d("scores.minhands.hands"))
async def minhands(
    interaction: discord.Interaction, hands: app_commands.Range[int, 0, 1000] | None = None
) -> None:
    await score_verbs(interaction).min_hands(interaction, hands)


# -- /rules -------------------------------------------------------------------------------------


@app_commands.describe(game=_d("rules.game"))
@app_commands.choices(game=GAMES)
async def _rules(interaction: discord.Interaction, game: Choice[str]) -> None:
    await play_verbs(interaction).rules_command(interaction, game.value)


rules = ServerCommand(
    name=c("rules"), description=_d("rules"), callback=_rules, allowed_contexts=IN_SERVERS
)


COMMANDS: tuple[app_commands.Group | app_commands.Command[Any, Any, Any], ...] = (
    table,
    play,
    scores,
    rules,
    settings,
)
