"""The worked examples of the rules documents, read from their code spans in any language."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from bot.i18n import CATALOGUE
from engine.cards import Card, parse_cards
from engine.qingdun.kinds import ComboKind
from engine.sankou.combos import Kind

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"
GAMES = ("qingdun", "sankou")
LANGS = ("en", "zh-TW", "zh-CN")
KINDS = {
    "qingdun": [kind.name.lower() for kind in ComboKind],
    "sankou": [kind.value for kind in Kind],
}
BID = {"en": "bid", "zh-TW": "叫", "zh-CN": "叫"}

SPAN = re.compile(r"`([^`]+)`")
#: What makes a code span an example: a seat's hand (``0:``) or one of these signs.
MARK = re.compile(r"^[0-3]: | (?:>|≯|=|≠|≤|≥|<|vs) |⇒")
RANK = r"10|[2-9TJQKA]"
CARD = re.compile(rf"(?:{RANK})[SHDC♠♥♦♣]|[BS]J")
SHORTHAND = re.compile(rf"(?:{RANK})+")


# Every example in docs/rules/ is a code span in a notation of its own (each document's "The
# examples" says how to read it). Its words are the reader's: the names of combinations come
# from the bot's own catalogue (``kind.*`` in ``bot.i18n``) and 三扣's "bid" from ``BID``.
# ``examples`` turns a document into language-neutral lines, the same in every translation.


@dataclass(frozen=True, slots=True)
class Example:
    """One example: its line in the document and its text with the reader's words replaced
    (``kind:pair_chain``, ``bid``), so that every translation has the same ones."""

    line: int
    text: str


def read(game: str, lang: str = "en") -> str:
    name = f"{game}.md" if lang == "en" else f"{game}.{lang}.md"
    return (RULES / name).read_text(encoding="utf-8")


def spans(text: str) -> list[tuple[int, str]]:
    """Every code span with the line it starts on; a span wrapped over lines is one line."""
    return [
        (text.count("\n", 0, m.start()) + 1, " ".join(m.group(1).split()))
        for m in SPAN.finditer(text)
    ]


def is_example(span: str) -> bool:
    """Whether a code span is an example (not cards, nor a sign on its own explained)."""
    return len(span.split()) > 1 and bool(MARK.search(span))


def neutral(span: str, game: str, lang: str) -> str:
    """An example with the reader's words replaced: ``= 連對`` → ``= kind:pair_chain``,
    ``叫 180`` → ``bid 180``. Anything else is returned as it is."""
    if not is_example(span):
        return span
    names = {CATALOGUE[f"kind.{kind}"][lang].lower(): kind for kind in KINDS[game]}
    found = re.search(r" ([=≠≤≥]) (.+)$", span)
    if found and found.group(2).lower() in names:
        span = f"{span[: found.start()]} {found.group(1)} kind:{names[found.group(2).lower()]}"
    return re.sub(rf"^{re.escape(BID[lang])} ", "bid ", span)


def examples(game: str, lang: str = "en") -> list[Example]:
    """The document's examples, in order, in language-neutral form."""
    return [
        Example(line, neutral(span, game, lang))
        for line, span in spans(read(game, lang))
        if is_example(span)
    ]


def cards(text: str, *, mixed: bool = True) -> list[Card]:
    """Cards in the documents' notation. With ``mixed``, ranks without a suit (``333 22``,
    ``A2345``) are cards of those ranks with the suits taken in turn (S H D C S …)."""
    out: list[Card] = []
    suits = "SHDC"
    for token in text.split():
        if CARD.fullmatch(token) or not mixed:
            out.extend(parse_cards(token))
        elif SHORTHAND.fullmatch(token):
            for rank in re.findall(RANK, token):
                out.extend(parse_cards(rank + suits[len(out) % 4]))
        else:
            raise ValueError(f"not cards: {token!r} in {text!r}")
    return out


def signed(text: str) -> list[int]:
    """The numbers of ``text``, with − or + signs (``+20 −20`` → [20, -20])."""
    return [int(n.replace("−", "-").replace("+", "")) for n in re.findall(r"[+−-]?\d+", text)]
