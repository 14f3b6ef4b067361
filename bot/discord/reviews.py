"""A hand review in words (``/scores review``): the player's costliest decisions of a finished
hand, what the strong player would have played instead, and why.

``review_text`` turns ``engine.ai.review``'s mistakes into one private message: each entry
names the move (its place in the hand's log, as ``/scores export`` numbers them from 1), what
was played, the better move, the expected points it costs and the reason's sentence
(``bot.discord.reason_text``). Nothing in it comes from users: the cards, suits and numbers
are the engine's, so nothing needs escaping.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.discord import text
from bot.discord.reason_text import reason_line
from bot.i18n import t
from bot.service.hand_ids import short_id
from bot.store.score_rows import HandLine
from engine.actions import Action, Bid, DeclareTrump, Discard, Pass, Play
from engine.ai import Mistake


def review_title(line: HandLine, lang: str) -> str:
    game = t(f"game.{line.game}", lang)
    return f"**{t('review.title', lang, id=short_id(line.hand_id), game=game)}**"


def review_working(line: HandLine, lang: str) -> str:
    """What the answer says while the review is being worked out."""
    return f"{review_title(line, lang)}\n{t('review.working', lang, id=short_id(line.hand_id))}"


def review_text(line: HandLine, mistakes: Sequence[Mistake] | None, lang: str) -> str:
    """The finished review as one message (``mistakes`` None: it could not be done)."""
    lines = [review_title(line, lang)]
    if mistakes is None:
        lines.append(t("review.failed", lang))
        return text.fit(lines)
    if not mistakes:
        lines.append(t("review.none", lang))
    for number, mistake in enumerate(mistakes, 1):
        entry = t(
            "review.entry",
            lang,
            number=number,
            move=mistake.index + 1,
            played=action_words(mistake.played, line.game, lang),
            better=action_words(mistake.better, line.game, lang),
            cost=f"{mistake.cost:.1f}",
        )
        why = reason_line(mistake.reason, lang)
        lines.append(entry if why is None else f"{entry}\n  {why}")
    lines.append(f"-# {t('review.footer', lang)}")
    return text.fit(lines)


def action_words(action: Action, game: str, lang: str) -> str:
    """A move as the review names it: its cards, a pass (三扣: no bid), a bid, a kitty, a trump."""
    match action:
        case Play(_, cards):
            return text.cards(cards)
        case Bid(_, amount):
            return t("review.bid", lang, amount=amount)
        case Discard(_, cards):
            return t("review.kitty", lang, cards=text.cards(cards))
        case DeclareTrump(_, suit):
            return t("review.trump", lang, suit=t(f"suit.{suit.value}", lang))
        case Pass():
            return t("review.bid_pass" if game == "sankou" else "review.pass", lang)
    return type(action).__name__
