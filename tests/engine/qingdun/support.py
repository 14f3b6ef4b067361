"""Small helpers so a test reads like the situation it describes."""

from __future__ import annotations

from engine.cards import Card, parse_cards
from engine.qingdun import Combo, Game, classify


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def combo(text: str) -> Combo:
    result = classify(parse_cards(text))
    assert result is not None, f"{text} should be a combination"
    return result


def game(*hands: str, leader: int = 0) -> Game:
    return Game.from_hands(list(hands), leader)


def run(g: Game, *moves: str) -> None:
    """Apply turns in order: ``"pass"`` or cards, each by the seat to move."""
    for move in moves:
        seat = g.to_move
        assert seat is not None, f"the hand is over before {move!r}"
        if move == "pass":
            g.pass_turn(seat)
        else:
            g.play(seat, move)
