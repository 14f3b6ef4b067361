"""``/rules``: each game's rules document, in the reader's language, in pages a phone can read.

The documents are docs/rules/<game>.md (English, by the engine engineers) and
docs/rules/<game>.<lang>.md (translations, when they exist); a missing translation falls back
to English with a note. An installed package carries them as ``bot/discord/rules_docs/``
(copied there by the build: ``setup.py``), read with ``importlib.resources``; a source
checkout or an editable install reads ``docs/rules/`` itself. Discord draws no Markdown tables
and keeps every line break, so the text is first reshaped for it (``for_discord``). Pages break
at headings or paragraphs and stay well under Discord's 4096 characters per embed (shorter for
Chinese, which packs more into each character); Previous / Next buttons carry the page number
in their custom id, so paging needs no memory and works after a restart.
"""

from __future__ import annotations

import functools
import re
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import discord

from bot.discord import controls
from bot.i18n import t

SOURCE_DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"
PAGE_CHARS = 3500  # comfortably below 4096; short enough to read on a phone
CJK_PAGE_CHARS = 1500  # about as much reading per page as 3500 characters of English
_CELL_RULE = re.compile(r":?-{3,}:?")
_BLOCK_START = re.compile(r"#{1,6} |[-*] |\d+\. ")
_CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")
COLOURS = {"qingdun": 0x2E7D32, "sankou": 0xC62828}


def folder() -> Traversable:
    """Where the rules documents are: inside the installed package, else in the checkout."""
    packaged = resources.files("bot.discord").joinpath("rules_docs")
    return packaged if packaged.is_dir() else SOURCE_DOCS


@functools.cache
def document(game: str, lang: str) -> tuple[str, bool] | None:
    """The rules text for ``lang`` and whether it is a translation (False: English fallback)."""
    docs = folder()
    translated = docs / f"{game}.{lang}.md"
    if lang != "en" and translated.is_file():
        return translated.read_text(encoding="utf-8"), True
    english = docs / f"{game}.md"
    if english.is_file():
        return english.read_text(encoding="utf-8"), lang == "en"
    return None


def for_discord(markdown: str) -> str:
    """Markdown as Discord shows it well.

    Hard-wrapped paragraphs and list items become one line each (Discord would break the
    sentence where the source file did, mid-line on a phone), and each table becomes a bold
    header line followed by one bullet line per row (Discord shows tables as raw ``|`` text).
    """
    out: list[str] = []
    joinable = False  # whether the last line is prose that a wrapped line continues
    for line in markdown.splitlines():
        text = line.strip()
        if text.startswith("|"):
            cells = [cell.strip() for cell in text.strip("|").split("|")]
            if not all(_CELL_RULE.fullmatch(cell) for cell in cells):
                table_started = out and out[-1].startswith(("**", "• ")) and not joinable
                row = " · ".join(cells)
                out.append(f"• {row}" if table_started else f"**{row}**")
            joinable = False
        elif not text:
            out.append("")
            joinable = False
        elif joinable and not _BLOCK_START.match(text):
            gap = "" if _CJK.match(text) and _CJK.match(out[-1][-1]) else " "
            out[-1] = f"{out[-1]}{gap}{text}"
        else:
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}{text}")
            joinable = not text.startswith("#")
    return "\n".join(out)


def split(text: str, limit: int = PAGE_CHARS) -> list[str]:
    """Pages of at most ``limit`` characters, broken before headings, else between paragraphs."""
    blocks = re.split(r"\n(?=#{1,3} )|\n\s*\n", text.strip())
    pages: list[str] = []
    current = ""
    for block in blocks:
        block = block.strip("\n")
        while len(block) > limit:  # a single huge block: cut it at a line break
            cut = block.rfind("\n", 0, limit)
            cut = cut if cut > 0 else limit
            pages, current = _flush(pages, current), ""
            pages.append(block[:cut])
            block = block[cut:].lstrip("\n")
        starts_section = block.startswith("#") and len(current) > limit // 2
        if current and (len(current) + len(block) + 2 > limit or starts_section):
            pages, current = _flush(pages, current), ""
        current = f"{current}\n\n{block}" if current else block
    return _flush(pages, current) or [""]


def _flush(pages: list[str], current: str) -> list[str]:
    return [*pages, current] if current.strip() else pages


@functools.cache
def pages(game: str, lang: str) -> tuple[str, ...]:
    found = document(game, lang)
    if found is None:
        return ()
    text, translated = found
    note = "" if translated else t("rules.english_only", lang)
    limit = PAGE_CHARS if lang == "en" or not translated else CJK_PAGE_CHARS
    return tuple(f"{note}\n\n{p}".strip() if note else p for p in split(for_discord(text), limit))


def page(game: str, lang: str, number: int) -> dict[str, Any]:
    """Message fields (``embed`` and ``view``) for page ``number``: page 0 is the one screen
    "how to play here" (a turn, and the three ways to play: menus, typed, hint), then the
    rules document."""
    game_name = t(f"game.{game}", lang)
    all_pages = (t(f"rules.howto.{game}", lang), *pages(game, lang))
    number = max(0, min(number, len(all_pages) - 1))
    title = game_name if number else f"{game_name} · {t('rules.howto_title', lang)}"
    embed = discord.Embed(title=title, description=all_pages[number], colour=COLOURS[game])
    embed.set_footer(text=t("rules.page", lang, page=number + 1, pages=len(all_pages)))
    view = discord.ui.View(timeout=None)
    if number > 0:
        view.add_item(controls.RulesPage(game, lang, number - 1, "p"))
    if number < len(all_pages) - 1:
        view.add_item(controls.RulesPage(game, lang, number + 1, "n"))
    return {"embed": embed, "view": view}
