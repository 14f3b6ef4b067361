"""Taking back a move (house rule): the hand goes on as if it had never been made; the log keeps
the move and the ``TakeBack`` after it, and a replay passes through the same states."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import qingdun, sankou
from engine.actions import Pass, Play, TakeBack, action_from_json, action_to_json
from engine.cards import parse_cards
from engine.errors import IllegalMove
from engine.game import GameBase, standing
from tests.engine.qingdun.support import game as qingdun_game
from tests.engine.qingdun.support import run
from tests.engine.sankou.deals import playing


def views(game: GameBase) -> list[object]:
    return [game.view(seat) for seat in (None, 0, 1, 2, 3)]


def observations(game: GameBase) -> list[object]:
    """What each seat's AI is sent: the taken-back move must be gone from it (issue 21)."""
    return [game.observation(seat) for seat in range(4)]  # type: ignore[attr-defined]


def refused(game: GameBase, seat: int, code: str) -> None:
    before = (views(game), game.actions)
    with pytest.raises(IllegalMove) as caught:
        game.apply(TakeBack(seat))
    assert caught.value.code == code
    assert (views(game), game.actions) == before  # a refusal changes nothing


def test_qingdun_a_play_or_a_pass_is_taken_back_while_its_trick_is_open() -> None:
    g = qingdun_game("3S 3H 9C", "5D KD", "4C 6C", "10S JS", leader=0)
    untouched = views(g)
    refused(g, 0, "take_back_none")
    run(g, "3S")
    assert g.may_take_back(0) and not g.may_take_back(1)
    assert g.apply(TakeBack(0)) == Play(0, tuple(parse_cards("3S")))
    assert views(g) == untouched
    assert g.actions == (Play(0, tuple(parse_cards("3S"))), TakeBack(0))
    run(g, "3S 3H", "pass")
    refused(g, 0, "take_back_none")  # seat 1 moved since
    g.take_back(1)
    assert g.to_move == 1 and g.view(1).hand == tuple(parse_cards("5D KD"))
    run(g, "pass", "pass", "pass")  # the third pass ends the trick
    assert not g.view(None).trick
    refused(g, 0 if g.actions[-1].seat == 0 else g.actions[-1].seat, "take_back_trick_over")
    again = qingdun.Game.replay(g.start, g.actions)
    assert views(again) == views(g) and again.actions == g.actions


def test_qingdun_nothing_is_taken_back_once_the_hand_is_over() -> None:
    g2 = qingdun_game("3S", "4S 5S", "5D", "6D 7D", leader=0)
    run(g2, "3S", "4S", "5D")  # 0 and 2 out first and second: 雙扣
    assert g2.over
    refused(g2, 2, "hand_over")


def test_sankou_only_a_play_in_an_unfinished_trick_and_never_a_failed_throw() -> None:
    g = playing(["AH QH 3C", "KH 4C 5C", "6C 7C 8C", "9D JD QD"], trump="S")
    refused(g, 0, "take_back_only_plays")  # the dealer named trump last
    g.play(0, "3C")
    before_second = views(g)
    g.play(1, "4C")
    refused(g, 0, "take_back_none")
    g.take_back(1)
    assert views(g) == before_second
    g.play(1, "5C")
    g.play(2, "6C")
    g.play(3, "9D")  # the trick is complete: seat 2's 6♣ takes it
    refused(g, 3, "take_back_trick_over")
    lead = g.to_move
    assert lead == 2
    t = playing(["AH QH", "KH 4C", "6C 7C", "9D JD"], trump="S")
    t.play(0, "AH QH")  # a throw: seat 1 holds K♥, so it fails
    assert t.view(None).failed_throw is not None
    refused(t, 0, "take_back_throw")
    again = sankou.Game.replay(g.start, g.actions)
    assert views(again) == views(g)


def test_sankou_a_throw_that_stood_cannot_be_taken_back() -> None:
    # RULES.md §2.10: a throw that stood showed that nobody holds a stronger club.
    t = playing(["AC KC", "QC 4D", "6C 7D", "9D JD"], trump="S")
    t.play(0, "AC KC")
    assert t.view(None).failed_throw is None and len(t.view(None).trick) == 1
    refused(t, 0, "take_back_throw")
    t.play(1, "QC 4D")
    t.take_back(1)  # a plain follow reveals nothing hidden: it may be taken back


def test_qingdun_a_play_that_went_out_cannot_be_taken_back() -> None:
    # RULES.md §2.10: going out shows the player the partner's hand (§1.5).
    g = qingdun_game("3S", "5D KD", "4C 6C", "10S JS", leader=0)
    run(g, "3S")
    assert g.view(0).partner_hand is not None  # seat 0 is out and sees seat 2's cards
    assert g.view(None).trick  # the trick is still open
    refused(g, 0, "take_back_went_out")
    run(g, "5D")
    g.take_back(1)  # a play that leaves cards in the hand may still be taken back


def test_the_log_record_round_trips() -> None:
    assert action_to_json(TakeBack(2)) == {"type": "take_back", "seat": 2}
    assert action_from_json({"type": "take_back", "seat": 2}) == TakeBack(2)
    assert standing([Pass(0), Pass(1), TakeBack(1), Pass(1), TakeBack(1)]) == [Pass(0)]


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**32))
def test_random_take_backs_leave_the_game_equal_to_the_replay_of_what_stands(
    seed: int, choice_seed: int
) -> None:
    rng = random.Random(choice_seed)
    for game in (qingdun.Game.deal(seed), sankou.Game.deal(seed)):
        for _ in range(120):
            if game.over:
                break
            last = game.actions[-1].seat if game.actions else None
            if last is not None and game.may_take_back(last) and rng.random() < 0.3:
                before = standing(game.actions)[:-1]
                game.apply(TakeBack(last))
                rebuilt = type(game).replay(game.start, before)
                assert views(game) == views(rebuilt)
                assert observations(game) == observations(rebuilt)
                continue
            seat = game.to_move
            assert seat is not None
            if isinstance(game, sankou.Game):
                game.apply(sankou.random_action(game, rng))
            else:
                game.apply(game.hint(seat) if rng.random() < 0.7 else _any(game, seat, rng))
        logged = [action_from_json(action_to_json(a)) for a in game.actions]
        assert views(type(game).replay(game.start, logged)) == views(game)


def _any(game: qingdun.Game, seat: int, rng: random.Random) -> Play | Pass:
    plays = [p for _, p in zip(range(30), game.legal_plays(seat), strict=False)]
    if game.may_pass(seat) and (not plays or rng.random() < 0.4):
        return Pass(seat)
    return Play(seat, tuple(rng.choice(plays)))
