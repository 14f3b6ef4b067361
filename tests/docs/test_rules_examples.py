"""Every worked example of the rules documents, read from the document, holds in the engine."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from functools import cache

import pytest

from engine.cards import Card, Suit, deck
from engine.errors import IllegalMove
from engine.qingdun import game as qingdun
from engine.qingdun import settlement
from engine.qingdun.combos import Combo, beats, classify
from engine.sankou import scoring
from engine.sankou.combos import classify_lead
from engine.sankou.game import Game as SankouGame
from engine.sankou.order import order_for
from tests.docs.examples import BID, GAMES, LANGS, cards, examples, read, signed

# The examples are code spans (``tests/docs/examples.py`` reads them, in each language); the
# scoring and leaving tables are read cell by cell. A document that says something the engine
# does not do fails here, in whichever language it says it.
CASES = [(game, lang) for game in GAMES for lang in LANGS]
TRUMP = Suit.HEARTS  # "hearts are trump in every example" (sankou.md)

# 清墩 forms
BEATS = re.compile(r"^(?P<play>.+) (?P<op>[>≯]) (?P<top>.+)$")
KIND = re.compile(r"^(?P<play>.+) (?P<op>[=≠≤≥]) kind:(?P<kind>\w+)$")
HAND = re.compile(r"^(?P<seat>[0-3]): (?P<held>.+)$")
TRICK = re.compile(r"^(?P<turns>[0-3] .+) ⇒ (?P<winner>[0-3]) \+(?P<points>\d+)$")
RESULT = re.compile(r"^⇒ (?P<points>[^/]+) / (?P<teams>[^/]+) / (?P<deltas>[^/]+)$")
# 三扣 forms
ORDER = re.compile(r"^(?P<low>.+) < (?P<high>.+)$")
THROW = re.compile(r"^(?P<throw>.+) vs (?P<held>.+) ⇒ (?P<forced>.+)$")
PLAYS = re.compile(r"^(?P<turns>0 .+?)(?: ⇒ (?P<winner>[0-3]))?$")
SCORE = re.compile(r"^bid (?P<bid>\d+), c = (?P<c>\d+) ⇒ (?P<dealer>\S+) (?P<each>\S+)$")


def checks(game: str) -> Checks:
    return QingdunChecks() if game == "qingdun" else SankouChecks()


@pytest.mark.parametrize("game", GAMES)
def test_the_documents_have_examples_of_every_form(game: str) -> None:
    texts = [e.text for e in examples(game)]
    for pattern, _ in checks(game).forms():
        assert any(pattern.match(text) for text in texts), pattern.pattern


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_every_example_holds_in_the_engine(game: str, lang: str) -> None:
    check = checks(game)
    found = examples(game, lang)
    for example in found:
        try:
            check.example(example.text)
        except (AssertionError, ValueError) as exc:
            raise AssertionError(f"{game}.{lang} line {example.line}: `{example.text}`") from exc
    check.done()
    assert len(found) >= 20


@pytest.mark.parametrize("lang", LANGS)
def test_the_sankou_scoring_table_is_the_engines(lang: str) -> None:
    """Each row's condition, read from the table, picks exactly the engine's score."""
    table = tables(read("sankou", lang))[0]
    rows = []
    for cells in table:
        condition = cells[0].replace(BID[lang] + "分", "bid").replace(BID[lang], "bid")
        condition = condition.replace("，且", " and ").replace("≤", "<=").replace("≥", ">=")
        condition = re.sub(r"(?<![<>=])=(?!=)", "==", condition)
        assert re.fullmatch(r"[\sc\d<>=()]*(?:(?:and|bid)[\sc\d<>=()]*)*", condition), condition
        rows.append((condition, signed(cells[1])[0], signed(cells[2])[0]))
    for bid in range(80, 201, 5):
        for c in range(0, 201, 5):
            matching = [r for r in rows if eval(r[0], {}, {"c": c, "bid": bid})]
            assert len(matching) == 1, (lang, bid, c)
            _, dealer, each = matching[0]
            m = scoring.multiplier(bid)
            assert scoring.deltas(0, scoring.score(bid, c)) == (dealer * m, *[each * m] * 3)


@pytest.mark.parametrize("lang", LANGS)
def test_the_sankou_leaving_table_is_the_engines(lang: str) -> None:
    header, *rows = tables(read("sankou", lang), header=True)[1]
    assert len(rows) == 2
    for column, band in enumerate(header[1:], start=1):
        *bids, multiplier = signed(band)
        for bid in range(bids[0], bids[-1] + 1, 5):
            assert scoring.multiplier(bid) == multiplier
            dealer, each = signed(rows[0][column])
            assert scoring.leave_deltas(0, 0, bid) == (dealer, each, each, each)
            leaver, dealer, others = signed(rows[1][column])
            assert scoring.leave_deltas(1, 0, bid) == (dealer, leaver, others, others)


@pytest.mark.parametrize("lang", LANGS)
def test_the_qingdun_scoring_table_is_the_engines(lang: str) -> None:
    double, early, negative, normal = tables(read("qingdun", lang))[2]
    assert signed(double[1])[0] == -signed(double[2])[0] == settlement.DOUBLE_KOU_DELTA
    assert signed(early[0]) == [*settlement.EARLY_FIRST, *settlement.EARLY_SECOND]
    assert signed(early[1])[0] == -signed(early[2])[0] == settlement.WIN_DELTA
    assert signed(negative[1])[0] == -signed(negative[2])[0] == settlement.NEGATIVE_DELTA
    assert signed(normal[1])[0] == -signed(normal[2])[0] == settlement.WIN_DELTA


def tables(text: str, *, header: bool = False) -> list[list[list[str]]]:
    """Each Markdown table's rows as cells: its header row only with ``header``, never the
    separator row."""
    found: list[list[list[str]]] = []
    inside = False
    for line in text.splitlines():
        row = line.strip()
        if not row.startswith("|"):
            inside = False
            continue
        if not inside:
            found.append([])
            inside = True
        found[-1].append([cell.strip() for cell in row.strip("|").split("|")])
    return [rows[:1] * header + rows[2:] for rows in found]


class Checks:
    """One game's examples: each form a pattern and the check its groups are given to."""

    def forms(self) -> tuple[tuple[re.Pattern[str], Callable[..., None]], ...]:
        raise NotImplementedError

    def example(self, text: str) -> None:
        for pattern, check in self.forms():
            found = pattern.match(text)
            if found:
                check(**found.groupdict())
                return
        raise AssertionError("no example reads like this")

    def done(self) -> None:
        """After the last example (nothing runs over several examples unless said)."""


class QingdunChecks(Checks):
    """清墩 examples; a hand played out runs over several spans (its hands, tricks, result)."""

    def __init__(self) -> None:
        self.hands: dict[int, list[Card]] = {}
        self.game: qingdun.Game | None = None
        self.played = 0

    def forms(self) -> tuple[tuple[re.Pattern[str], Callable[..., None]], ...]:
        return (
            (HAND, self.hand),
            (TRICK, self.trick),
            (RESULT, self.result),
            (KIND, self.kind),
            (BEATS, self.beats),
        )

    def beats(self, play: str, op: str, top: str) -> None:
        mine, led = combo(play), combo(top)
        assert beats(mine, led, top_led=True) is (op == ">")

    def kind(self, play: str, op: str, kind: str) -> None:
        found = classify(cards(play))
        if op == "≠":
            assert found is None or found.kind.name.lower() != kind
            return
        assert found is not None and found.kind.name.lower() == kind
        if op in "≤≥":
            for other in all_plays():
                if other.signature[:2] == found.signature[:2] and other.key != found.key:
                    if op == "≤":
                        assert beats(other, found, top_led=False), other.cards
                    else:
                        assert beats(found, other, top_led=False), other.cards

    def hand(self, seat: str, held: str) -> None:
        assert self.game is None, "hands come before the tricks"
        self.hands[int(seat)] = cards(held)

    def trick(self, turns: str, winner: str, points: str) -> None:
        if self.game is None:
            assert sorted(self.hands) == [0, 1, 2, 3]
            first = int(turns.split()[0])
            self.game = qingdun.Game.from_hands([self.hands[s] for s in range(4)], first)
        game = self.game
        for turn in turns.split(", "):
            seat, *played = turn.split()
            if played == ["—"]:
                game.pass_turn(int(seat))
            else:
                game.play(int(seat), cards(" ".join(played)))
        last = game.view(None).last_trick
        assert game.top is None and last is not None
        assert (last.winner, last.points) == (int(winner), int(points))

    def result(self, points: str, teams: str, deltas: str) -> None:
        assert self.game is not None and self.game.result is not None
        result = self.game.result
        assert list(result.tally.points) == signed(points)
        assert list(result.team_points) == signed(teams)
        assert list(result.deltas) == signed(deltas)
        self.game, self.hands = None, {}
        self.played += 1

    def done(self) -> None:
        assert self.game is None and not self.hands, "a hand played out has no result"
        assert self.played >= 1


class SankouChecks(Checks):
    """三扣 examples, each in a position of its own: seat 0 is the dealer at 80, hearts trump."""

    order = order_for(TRUMP)

    def forms(self) -> tuple[tuple[re.Pattern[str], Callable[..., None]], ...]:
        return (
            (SCORE, self.score),
            (THROW, self.throw),
            (KIND, self.kind),
            (ORDER, self.ordered),
            (PLAYS, self.plays),
        )

    def score(self, bid: str, c: str, dealer: str, each: str) -> None:
        delta = scoring.score(int(bid), int(c))
        assert scoring.deltas(0, delta) == (signed(dealer)[0], *signed(each) * 3)

    def kind(self, play: str, op: str, kind: str) -> None:
        try:
            found = classify_lead(cards(play), self.order).kind.value
        except IllegalMove:
            found = None
        assert (found == kind) is (op == "=")

    def ordered(self, low: str, high: str) -> None:
        below, above = (classify_lead(cards(play), self.order) for play in (low, high))
        assert below.kind is above.kind and below.size == above.size
        assert below.key < above.key

    def throw(self, throw: str, held: str, forced: str) -> None:
        game = position({0: cards(throw), 1: cards(held)})
        assert Counter(game.play(0, cards(throw))) == Counter(cards(forced))

    def plays(self, turns: str, winner: str | None) -> None:
        parts = [turn.split(" ", 1) for turn in turns.split(", ")]
        assert [int(seat) for seat, _ in parts] == list(range(len(parts)))
        held: dict[int, list[Card]] = {}
        for seat, turn in parts:
            held[int(seat)] = cards(turn.removesuffix(" ✗").replace(" + ", " "))
        game = position(held)
        for seat, turn in parts:
            play = cards(turn.removesuffix(" ✗").split(" + ")[0])
            if turn.endswith(" ✗"):
                assert winner is None and (seat, turn) == parts[-1]
                with pytest.raises(IllegalMove):
                    game.play(int(seat), play)
                return
            game.play(int(seat), play)
        won = game.tricks[-1].winner if len(parts) == 4 else game.winning_seat()
        assert winner is not None and won == int(winner)


def position(held: dict[int, list[Card]]) -> SankouGame:
    """A deal where seat ``s`` holds ``held[s]``, filled up with low diamonds and clubs (never
    trump, never led), seat 0 dealer at 80 with hearts trump, to lead."""
    used = Counter(card for cards in held.values() for card in cards)
    pool = [
        card
        for card in deck(2)
        if card.suit in (Suit.DIAMONDS, Suit.CLUBS) and card.rank != 10 and card.points == 0
    ]
    for card, count in used.items():
        for _ in range(count):
            if card in pool:
                pool.remove(card)
    size = max(len(cards) for cards in held.values()) + 1
    hands = [held.get(seat, []) + [pool.pop() for _ in range(size - len(held.get(seat, [])))]
             for seat in range(4)]  # fmt: skip
    kitty = [pool.pop() for _ in range(8)]
    game = SankouGame.from_deal(hands, kitty, first_bidder=0)
    game.bid(0, 80)
    for seat in (1, 2, 3):
        game.pass_turn(seat)
    game.discard(0, kitty)
    game.declare_trump(0, TRUMP)
    return game


def combo(text: str) -> Combo:
    found = classify(cards(text))
    assert found is not None, f"not a combination: {text}"
    return found


@cache
def all_plays() -> tuple[Combo, ...]:
    """Every distinct lead of a hand holding all 162 cards (one per kind, shape and key)."""
    every = deck(3)
    game = qingdun.Game.from_hands([every[:-3], every[-3:-2], every[-2:-1], every[-1:]], 0)
    return tuple(combo(" ".join(map(str, play))) for play in game.legal_plays(0))
