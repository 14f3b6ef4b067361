"""Hand result pictures: how the hand was settled, each seat's delta and the table score.

A 清墩 result also shows where the team points come from (RULES §1.6), so a player can check
them by hand: each seat's points, 頭家's score with what it took from the partner, and 末家's
forfeit (captured + in hand) and the 30 its team loses.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.qingdun.view import QingdunResult, ResultKind, Tally, team_of
from engine.sankou.view import SankouResult
from render import theme
from render.fonts import Style, draw_text, fit
from render.labels import label
from render.qingdun import PLACE_KEYS
from render.theme import canvas
from render.widgets import draw_cards, panel, pill, signed, style

WIDTH = 1000
ROWS_TOP = 272
ROW_H = 52
HEIGHT = ROWS_TOP + 4 * ROW_H + 40
NOTES_TOP = HEIGHT - 16  # the 清墩 tally notes, below the rows
NOTE_H = 34


def _header(image: Image.Image, game: str, verdict: str, colour: theme.RGB, lang: str) -> None:
    title = f"{label('hand_result', lang)} · {label(game, lang)}"
    width = draw_text(image, (40, 52), title, style(lang, 30, bold=True))
    pill(image, (60 + width, 52), verdict, style(lang, 22, theme.PLATE_TEXT, bold=True), colour)


def _delta_colour(n: int) -> theme.RGB:
    return theme.GOOD if n > 0 else theme.BAD if n < 0 else theme.SOFT_TEXT


def _rows(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    names: Sequence[str],
    roles: Sequence[str],
    deltas: Sequence[int],
    table_score: Sequence[int] | None,
    lang: str,
    stripes: Sequence[theme.RGB | None],
    points: Sequence[int | None] | None = None,
) -> None:
    x0, x1 = 40, WIDTH - 40
    panel(draw, (x0 - 16, ROWS_TOP - 52, x1 + 16, ROWS_TOP + 4 * ROW_H + 8))
    head = style(lang, 17, theme.SOFT_TEXT)
    draw_text(image, (x1 - 170, ROWS_TOP - 26), label("delta", lang), head, "r")
    if points is not None:
        draw_text(image, (x1 - 330, ROWS_TOP - 26), label("points", lang), head, "r")
    if table_score is not None:
        draw_text(image, (x1, ROWS_TOP - 26), label("table_score", lang), head, "r")
    name_style = style(lang, 22, bold=True)
    role_style = style(lang, 18, theme.SOFT_TEXT)
    for seat in range(4):
        y = ROWS_TOP + seat * ROW_H + ROW_H // 2
        if seat:
            draw.line((x0, y - ROW_H // 2, x1, y - ROW_H // 2), fill=(40, 90, 62), width=1)
        stripe = stripes[seat]
        if stripe is not None:
            draw.rounded_rectangle((x0, y - 15, x0 + 8, y + 15), 4, fill=stripe)
        draw_text(image, (x0 + 22, y), fit(names[seat], name_style, 380), name_style)
        draw_text(image, (x0 + 430, y), roles[seat], role_style)
        if points is not None and points[seat] is not None:
            draw_text(image, (x1 - 330, y), str(points[seat]), style(lang, 22), "r")
        delta_style = style(lang, 26, _delta_colour(deltas[seat]), bold=True)
        draw_text(image, (x1 - 170, y), signed(deltas[seat]), delta_style, "r")
        if table_score is not None:
            total_style = style(lang, 22, theme.TEXT, bold=True)
            draw_text(image, (x1, y), signed(table_score[seat]), total_style, "r")


def qingdun_image(
    result: QingdunResult, names: Sequence[str], lang: str, table_score: Sequence[int] | None
) -> Image.Image:
    note_style = style(lang, 19, theme.SOFT_TEXT)
    short = [fit(name, note_style, 240) for name in names]  # the numbers must stay in view
    notes = tally_notes(result, short, lang)
    height = NOTES_TOP + len(notes) * NOTE_H + 44 if notes else HEIGHT
    image, draw = canvas(WIDTH, height)
    verdict = label(f"result_{result.kind.value}", lang)
    _header(image, "qingdun", verdict, theme.TOP_PLAY, lang)
    for team in (0, 1):
        x = 40 + team * 470
        box = (x, 96, x + 450, 176)
        won = result.winner_team == team
        panel(draw, box, fill=theme.PANEL)
        if won:
            draw.rounded_rectangle(box, 14, outline=theme.TURN, width=4)
        draw.rounded_rectangle((x + 16, 116, x + 28, 156), 5, fill=theme.TEAM[team])
        members = f"{label(f'team_{team}', lang)} · {names[team]} & {names[team + 2]}"
        small = style(lang, 18, theme.SOFT_TEXT)
        draw_text(image, (x + 42, 122), fit(members, small, 300), small)
        if won:
            draw_text(
                image, (x + 42, 152), label("winner", lang), style(lang, 18, theme.TURN, bold=True)
            )
        points = style(lang, 40, bold=True)
        draw_text(image, (x + 430, 136), str(result.team_points[team]), points, "r")
    roles = []
    for seat in range(4):
        if seat == result.leaver:
            roles.append(label("left", lang))
        elif seat in result.order:
            roles.append(label(PLACE_KEYS[result.order.index(seat)], lang))
        else:
            roles.append("")
    stripes = [theme.TEAM[team_of(seat)] for seat in range(4)]
    points = result.tally.points
    _rows(image, draw, names, roles, result.deltas, table_score, lang, stripes, points)
    if notes:
        _notes(image, draw, notes, note_style)
    return image


def tally_notes(result: QingdunResult, names: Sequence[str], lang: str) -> list[str]:
    """Where the team points come from, in words: 頭家's score, the early-end check, 末家."""
    tally: Tally = result.tally
    if result.kind is ResultKind.LEFT:
        return []  # a void hand is not settled
    notes = []
    if tally.lead is not None:
        name, score = names[tally.lead], tally.lead_score
        notes.append(label("note_lead", lang, name=name, score=score, merged=tally.merged))
    if result.kind is ResultKind.EARLY_END:
        second = result.order[1]
        notes.append(label("note_second", lang, name=names[second], points=tally.points[second]))
    if tally.last is not None:
        team = label(f"team_{team_of(tally.last)}", lang)
        notes.append(
            label(
                "note_last",
                lang,
                name=names[tally.last],
                captured=tally.forfeit_captured,
                in_hand=tally.forfeit_in_hand,
                team=team,
                penalty=tally.penalty,
            )
        )
    return notes


def _notes(
    image: Image.Image, draw: ImageDraw.ImageDraw, notes: Sequence[str], text_style: Style
) -> None:
    x0, x1 = 40, WIDTH - 40
    panel(draw, (x0 - 16, NOTES_TOP, x1 + 16, NOTES_TOP + len(notes) * NOTE_H + 20))
    for i, note in enumerate(notes):
        y = NOTES_TOP + 10 + NOTE_H // 2 + i * NOTE_H
        draw_text(image, (x0 + 4, y), fit(note, text_style, x1 - x0 - 8), text_style)


def sankou_image(
    result: SankouResult, names: Sequence[str], lang: str, table_score: Sequence[int] | None
) -> Image.Image:
    image, draw = canvas(WIDTH, HEIGHT)
    verdict = label(f"tier_{result.tier.value}", lang)
    if result.multiplier > 1:
        verdict += f"  ×{result.multiplier}"
    dealer_won = result.deltas[result.dealer] > 0
    _header(image, "sankou", verdict, theme.GOOD if dealer_won else theme.TOP_PLAY, lang)
    panel(draw, (40, 96, 400, 196))
    small = style(lang, 18, theme.SOFT_TEXT)
    dealer = f"{label('dealer', lang)} · {names[result.dealer]}"
    draw_text(image, (58, 118), fit(dealer, small, 320), small)
    points = label("points_vs_bid", lang, points=result.dealer_points, bid=result.bid)
    draw_text(image, (58, 164), points, style(lang, 36, bold=True))
    panel(draw, (420, 96, WIDTH - 40, 196))
    kitty = f"{label('kitty', lang)} +{result.kitty_points}"
    draw_text(image, (438, 118), kitty, small)
    note = label("kitty_to_dealer" if result.kitty_to_dealer else "kitty_to_defenders", lang)
    note_style = style(
        lang, 16, theme.TURN if result.kitty_to_dealer else theme.SOFT_TEXT, bold=True
    )
    draw_text(image, (WIDTH - 58, 118), fit(note, note_style, 300), note_style, "r")
    draw_cards(image, result.kitty, (438, 134), 40, 26)
    roles = [
        label("left", lang)
        if seat == result.leaver
        else label("dealer", lang)
        if seat == result.dealer
        else ""
        for seat in range(4)
    ]
    stripes = [theme.DEALER if seat == result.dealer else None for seat in range(4)]
    _rows(image, draw, names, roles, result.deltas, table_score, lang, stripes)
    return image
