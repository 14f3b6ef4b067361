"""A hand's result and a table's standings in words and pictures, and the table's scores."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import render
from bot.i18n import CATALOGUE, t
from bot.service import ServiceError, TableInfo, TableService
from bot.service import events as ev
from bot.store import ScoreLine


def score_name(line: ScoreLine, lang: str) -> str:
    """A table score line's player: the name it played under, a bot by its seat."""
    if line.user_id is None:
        return t("table.bot_name", lang, seat=(line.seat or 0) + 1)
    return line.name


def totals(lines: Sequence[ScoreLine], users: Sequence[int | None]) -> list[int]:
    """The table score of whoever played each seat (``users``: None for a bot), leavers too."""
    out = []
    for seat, user in enumerate(users):
        out.append(
            next(
                (
                    line.total
                    for line in lines
                    if line.user_id == user and (user is not None or line.seat == seat)
                ),
                0,
            )
        )
    return out


async def score_lines(service: TableService, info: TableInfo) -> list[ScoreLine]:
    """The table's score lines; none once the service cannot say."""
    try:
        lines: list[ScoreLine] = await service.table_score(info.id)
    except ServiceError:
        return []
    return lines


def result_word(kind: Any, event: ev.HandEnded, lang: str, *, removed: bool = False) -> str:
    """The kind of hand result in ``lang`` (清墩 result kind, 三扣 scoring tier); a void hand
    says whether a player left or was removed (``removed``: kicked, or out of time)."""
    value = getattr(kind, "value", str(kind))
    if event.void or value == "left":
        return t("result.removed" if removed else "result.left", lang)
    if f"result.{value}" in CATALOGUE:
        return t(f"result.{value}", lang)
    return t("result.failed", lang)


def tally_lines(result: Any, names: Sequence[str], lang: str) -> list[str]:
    """Where a 清墩 result's team points come from (RULES §1.6), so players can check it."""
    tally = getattr(result, "tally", None)
    if tally is None or getattr(result, "leaver", None) is not None:
        return []
    a, b = result.team_points
    lines = [t("result.team_points", lang, a=a, b=b)]
    if tally.lead is not None:
        score, merged = tally.lead_score, tally.merged
        name = names[tally.lead]
        lines.append(t("result.lead_score", lang, name=name, score=score, merged=merged))
    if getattr(result.kind, "value", None) == "early_end":
        second = result.order[1]
        points = tally.points[second]
        lines.append(t("result.second_points", lang, name=names[second], points=points))
    if tally.last is not None:
        lines.append(
            t(
                "result.forfeit",
                lang,
                name=names[tally.last],
                captured=tally.forfeit_captured,
                in_hand=tally.forfeit_in_hand,
                penalty=tally.penalty,
            )
        )
    return lines


def draw_result(
    result: Any, names: list[str], lang: str, score: list[int]
) -> tuple[bytes, str, str]:
    """A hand's result picture, its file name and its alt text (in a worker thread)."""
    image = render.render_result(result, names, lang, table_score=score)
    return image, "result.png", render.describe_result(result, names, lang, table_score=score)


def draw_standings(
    rows: list[tuple[str, int, int]], lang: str, info: TableInfo
) -> tuple[bytes, str]:
    """The final standings picture and its alt text (in a worker thread)."""
    image = render.render_standings(rows, lang, game=info.game, hands=info.hands_done)
    return image, render.describe_standings(rows, lang, game=info.game, hands=info.hands_done)
