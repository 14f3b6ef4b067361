"""The hand review: only for a finished hand, the seat's costliest decisions, as data."""

from __future__ import annotations

from typing import Any

import pytest

from engine.actions import DeclareTrump, Discard, Pass, Play, TakeBack
from engine.ai import REASONS, choose, judge, review
from engine.ai.sankou import judge as sankou_judge
from engine.cards import Suit
from engine.qingdun import Game as QingdunGame
from engine.sankou import Game as SankouGame


def _played_out(game: Any) -> Any:
    """The hand finished by the heuristic in every seat."""
    step = 0
    while not game.over:
        game.apply(choose(game, game.to_move, level="medium", seed=step))
        step += 1
    return game


def _finished_qingdun() -> QingdunGame:
    hands = ["5H 6S QC AC 2S", "3D 3H 4D 7C KS", "3C 4C 6C 9H QS", "4S 5D 9C JD QD"]
    return _played_out(QingdunGame.from_hands(hands, leader=0))


def _finished_sankou() -> SankouGame:
    """A whole deal (the AI's worlds assume full decks) in which the dealer's review finds a
    move to name at 20 rollouts (deal 8 did before the middle level laid suits whole)."""
    return _played_out(SankouGame.deal(11))


def test_a_review_needs_a_finished_hand() -> None:
    game = QingdunGame.deal(3)
    game.apply(game.hint(game.to_move))
    with pytest.raises(ValueError, match="over"):
        review("qingdun", game.start, game.actions, 0)
    with pytest.raises(ValueError, match="unknown game"):
        review("chess", game.start, game.actions, 0)


@pytest.mark.parametrize("make", [_finished_qingdun, _finished_sankou])
def test_the_costliest_decisions_with_what_to_play_instead(make) -> None:
    game = make()
    name = "qingdun" if isinstance(game, QingdunGame) else "sankou"
    # a small 清墩 deal is cheap to play out; below the floor nothing would be overridden
    seats, rollouts = ([0, 1], 32) if name == "qingdun" else ([game.result.dealer], 20)
    found = 0
    for seat in seats:
        mistakes = review(name, game.start, game.actions, seat, rollouts=rollouts, seed=1)
        found += len(mistakes)
        assert len(mistakes) <= 3
        assert [m.cost for m in mistakes] == sorted((m.cost for m in mistakes), reverse=True)
        for m in mistakes:
            assert game.actions[m.index] == m.played and m.played.seat == seat
            assert m.better != m.played and m.cost > 0
            assert m.reason is not None and m.reason.code in REASONS
    assert found  # the heuristic's moves are not all the strong player's
    again = review(name, game.start, game.actions, seats[0], rollouts=rollouts, seed=1)
    assert again == review(name, game.start, game.actions, seats[0], rollouts=rollouts, seed=1)


def test_a_move_taken_back_is_not_reviewed() -> None:
    game = QingdunGame.from_hands(["3S 4S", "5H 6H", "7D 8D", "JC QC"], leader=0)
    game.play(0, "4S")
    game.take_back(0)
    for action in (Play(0, tuple(game.hands[0][:1])),):
        game.apply(action)
    while not game.over:
        game.apply(choose(game, game.to_move, level="medium"))
    assert isinstance(game.actions[1], TakeBack)
    mistakes = review("qingdun", game.start, game.actions, 0, rollouts=8)
    assert all(m.index != 0 for m in mistakes)
    assert all(not isinstance(m.played, Pass) or m.played.seat == 0 for m in mistakes)


def test_judge_is_the_review_of_one_decision() -> None:
    """``judge`` values one move against the strong player's at a position: the review's
    findings are its judgements, and a forced move is never judged."""
    game = _finished_qingdun()
    mistakes = review("qingdun", game.start, game.actions, 0, rollouts=32, seed=1)
    assert mistakes
    for m in mistakes:
        before = QingdunGame.replay(game.start, game.actions[: m.index])
        obs = before.observation(0)
        judged = judge(obs, m.played, rollouts=32, seed=1 * 100_003 + m.index)
        assert judged is not None
        assert (judged.better, judged.cost, judged.reason) == (m.better, m.cost, m.reason)
    forced = QingdunGame.from_hands(["3S", "5H", "7D", "JC"], leader=0)
    assert judge(forced.observation(0), Play(0, tuple(forced.hands[0])), rollouts=8) is None


def test_a_kitty_is_priced_with_the_trump_its_dealer_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review knows the trump named after the kitty; the burial is judged with it (as
    the strong player lays a burial for its trump), not with the trump best for the rest."""
    game = _finished_sankou()
    dealer = game.result.dealer
    kitty = next(i for i, a in enumerate(game.actions) if isinstance(a, Discard))
    named = next(a.suit for a in game.actions[kitty:] if isinstance(a, DeclareTrump))
    priced: list[tuple] = []
    real = sankou_judge._compare

    def compare(obs: Any, options: Any, played: Any, *rest: Any) -> Any:
        if obs.phase.value == "kitty":
            priced.append(played)
        return real(obs, options, played, *rest)

    monkeypatch.setattr(sankou_judge, "_compare", compare)
    review("sankou", game.start, game.actions, dealer, rollouts=4, seed=1)
    assert priced == [(tuple(sorted(game.actions[kitty].cards)), named)]


def test_a_better_option_burying_the_same_cards_is_the_trumps_mistake_not_the_kittys(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = _finished_sankou()
    kitty = next(i for i, a in enumerate(game.actions) if isinstance(a, Discard))
    laid = tuple(sorted(game.actions[kitty].cards))
    named = next(a.suit for a in game.actions[kitty:] if isinstance(a, DeclareTrump))
    other = next(suit for suit in Suit if suit is not named)
    replay = SankouGame.from_start(game.start)
    for action in game.actions[:kitty]:
        replay.apply(action)
    obs = replay.observation(game.actions[kitty].seat)
    # the search prefers the same cards laid for another trump: the kitty was right
    monkeypatch.setattr(sankou_judge, "_compare", lambda *a: ((laid, other), 5.0))
    assert judge(obs, game.actions[kitty], rollouts=4, trump=named) is None
    # another burial is the kitty's mistake, priced as found
    better = tuple(sorted(c for c in replay.hand(obs.seat)[:8]))
    monkeypatch.setattr(sankou_judge, "_compare", lambda *a: ((better, other), 5.0))
    judged = judge(obs, game.actions[kitty], rollouts=4, trump=named)
    assert judged is not None and judged.better == Discard(obs.seat, better) and judged.cost == 5.0
