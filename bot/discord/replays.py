"""Replays of a hand that is over: one private message, paged with ⏮ ◀ ▶ ⏭.

The buttons carry the hand and the page to show in their custom ids
(``ct:rp:<hand>:<page>:<button>``): paging needs no memory and works after a restart. Each
page re-plays the hand from the log in a worker thread and draws one picture: half of the deal
(two pages, each about as tall as the table picture), the table at the end of one trick, or
the result.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

import render
from bot.discord import text
from bot.discord.pictures import png
from bot.discord.results import result_word, tally_lines
from bot.discord.score_text import seat_name
from bot.i18n import t
from bot.service import events as ev
from bot.service.hand_ids import short_id
from bot.store.score_rows import HandLine
from engine.cards import Card
from engine.replay import Replay

BUTTONS = {"first": "⏮", "prev": "◀", "next": "▶", "last": "⏭"}
DEAL_PAGES = 2  # the deal is shown in two parts (``render_deal``'s ``part``)


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ct:rp:(?P<hand>\d+):(?P<page>\d+):(?P<how>first|prev|next|last)",
):
    """One of a replay's paging buttons: the page it shows is in its custom id."""

    def __init__(self, hand_id: int, page: int, how: str, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=BUTTONS[how],
                style=discord.ButtonStyle.secondary,
                custom_id=f"ct:rp:{hand_id}:{page}:{how}",
                disabled=disabled,
            )
        )
        self.hand_id, self.page = hand_id, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        return cls(int(match["hand"]), int(match["page"]), match["how"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.score_verbs.replay_page(interaction, self.hand_id, self.page)  # type: ignore[attr-defined]


def replay_message(
    line: HandLine, played: Replay, page: int, lang: str, four_colour: bool = False
) -> dict[str, Any]:
    """The message fields for one page of a replay: text, one picture (in the reader's own
    card colours), the paging buttons."""
    names = [seat_name(line, seat, lang) for seat in range(4)]
    shown = [text.name(name) for name in names]
    pages = DEAL_PAGES + len(played.tricks) + 1
    page = max(0, min(page, pages - 1))
    head = t(
        "replay.title",
        lang,
        id=short_id(line.hand_id),
        game=t(f"game.{line.game}", lang),
        table=line.table_id,
        number=line.number,
    )
    lines = [f"**{head}** · {t('replay.page', lang, page=page + 1, pages=pages)}"]
    if played.earlier:
        lines.append(t("replay.earlier_rules", lang))
    image: bytes | None
    if page < DEAL_PAGES:  # the deal in two pictures, each about as tall as the table's
        lines += _deal_lines(played, shown, lang)
        deal = played.deal
        image = render.render_deal(deal, names, lang, four_colour=four_colour, part=page)
        name, alt = "deal.png", render.describe_deal(deal, names, lang, part=page)
    elif page < DEAL_PAGES + len(played.tricks):
        number = page - DEAL_PAGES + 1
        view = played.tricks[number - 1]
        lines += _trick_lines(view, number, played, shown, lang)
        image = render.render_table(view, names, lang, four_colour=four_colour)
        name, alt = "table.png", render.describe_table(view, names, lang)
    else:
        image, name, alt = _result_page(line, played, names, shown, lang, lines, four_colour)
    view = discord.ui.View(timeout=None)
    last = pages - 1
    for how, target in (("first", 0), ("prev", page - 1), ("next", page + 1), ("last", last)):
        target = max(0, min(target, last))
        view.add_item(ReplayButton(line.hand_id, target, how, disabled=target == page))
    return {
        "content": text.fit(lines),
        "attachments": [png(image, name, alt)] if image is not None else [],
        "view": view,
    }


def _deal_lines(played: Replay, names: Sequence[str], lang: str) -> list[str]:
    lines = [t("replay.deal", lang)]
    deal = played.deal
    if deal.bids:
        bids = ", ".join(
            f"{names[b.seat]} {t('button.bid_pass', lang) if b.amount is None else b.amount}"
            for b in deal.bids
        )
        lines.append(t("replay.bids", lang, bids=bids))
    if deal.dealer is not None and deal.trump is not None:
        suit = t(f"suit.{deal.trump.value}", lang)
        lines.append(
            t("replay.dealer", lang, name=names[deal.dealer], bid=deal.contract, suit=suit)
        )
    return lines


def _trick_lines(
    view: Any, number: int, played: Replay, names: Sequence[str], lang: str
) -> list[str]:
    """A trick's turns in order, a failed throw, and who took it (or that the hand ended)."""
    tricks = len(played.tricks)
    turns = [
        t("replay.turn", lang, name=names[play.seat], cards=text.cards(play.cards))
        if play.cards
        else t("replay.pass", lang, name=names[play.seat])
        for play in view.trick
    ]
    lines = [f"__{t('replay.trick', lang, number=number, tricks=tricks)}__", " · ".join(turns)]
    failed = getattr(view, "failed_throw", None)
    if failed is not None:
        tried: Sequence[Card] = failed.attempted
        lines.append(t("replay.failed", lang, name=names[failed.seat], cards=text.cards(tried)))
    if played.unfinished and number == tricks:
        lines.append(t("replay.unfinished", lang))
        return lines
    winner = view.winning_seat if hasattr(view, "winning_seat") else view.top_seat
    points = sum(card.points for play in view.trick for card in play.cards)
    lines.append(t("replay.took", lang, name=names[winner], points=points))
    return lines


def _result_page(
    line: HandLine,
    played: Replay,
    names: Sequence[str],
    shown: Sequence[str],
    lang: str,
    lines: list[str],
    four_colour: bool = False,
) -> tuple[bytes | None, str, str]:
    result = played.game.result if played.game.over else None
    deltas = tuple(
        next((s.delta for s in line.seats if s.seat == seat and s.delta is not None), 0)
        for seat in range(4)
    )
    if played.earlier and line.result is not None and line.outcome != "abandoned":
        kind = line.result.get("kind") or line.result.get("tier")  # as recorded: never re-scored
        event = ev.HandEnded(line.number, None, deltas, line.outcome == "void")  # type: ignore[arg-type]
        lines.append(t("replay.result", lang, kind=result_word(kind, event, lang)))
        lines.append(", ".join(f"{shown[seat]} {deltas[seat]:+d}" for seat in range(4)))
        return None, "result.png", ""
    if result is None or line.outcome == "abandoned":
        lines.append(t("replay.abandoned", lang))
        return None, "result.png", ""
    event = ev.HandEnded(line.number, result, deltas, line.outcome == "void")  # type: ignore[arg-type]
    kind = getattr(result, "kind", None) or getattr(result, "tier", None)
    lines.append(t("replay.result", lang, kind=result_word(kind, event, lang)))
    lines += tally_lines(result, shown, lang)
    lines.append(", ".join(f"{shown[seat]} {deltas[seat]:+d}" for seat in range(4)))
    image = render.render_result(result, names, lang, four_colour=four_colour)
    return image, "result.png", render.describe_result(result, names, lang)
