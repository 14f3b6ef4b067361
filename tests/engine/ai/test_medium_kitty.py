"""The middle level's 三扣 kitty lays short side suits whole, point cards and aces too: on
real hands where the search's judge priced the old burial (which kept them) as costly (the
judging scan of docs/ai.md, deals 9001-9050), it now lays exactly the judge's burial. The
strong player's kitty candidates are as before."""

from __future__ import annotations

import pytest

from engine.actions import Discard
from engine.ai import think
from engine.ai.sankou.player import kitty_options
from engine.ai.sankou.setup import burial
from engine.cards import Suit, format_cards, parse_cards
from engine.sankou import Game
from engine.sankou.view import Phase


def medium_setup(deal: int) -> tuple[int, str, dict[str, object], Suit]:
    """Deal ``deal`` bid and set up by the middle level in every seat: the dealer, its
    burial, the burial's reason and the trump it then names."""
    game = Game.deal(deal)
    step, laid, why = 0, "", {}
    while game.phase is not Phase.PLAY:
        seat = game.to_move
        decision = think(game.observation(seat), level="medium", seed=step, explain=True)
        if isinstance(decision.action, Discard):
            assert decision.reason is not None
            laid, why = format_cards(sorted(decision.action.cards)), dict(decision.reason.params)
        game.apply(decision.action)
        step += 1
    return game.dealer, laid, why, game.trump


@pytest.mark.parametrize(
    ("deal", "dealer", "judged_best", "void", "points", "trump"),
    [
        (9001, 1, "2S 3S 4C 4C 5C QC AC AC", "C", 5, "H"),  # old burial cost 0.99
        (9016, 0, "2S 2D 4D 5D 6D 9D AD 2C", "D", 5, "H"),  # 1.49
        (9024, 0, "2H 2H 4H 5H 5H AH 2D 4D", "H", 10, "S"),  # 0.86
        (9039, 3, "2S 3S 6S 8S 8H 9H KH 3D", "H", 10, "C"),  # 1.09
        (9044, 0, "2D 3D 3C 6C 8C QC KC AC", "C", 10, "H"),  # 0.56
    ],
)
def test_medium_lays_the_burial_the_judge_found_best(
    deal: int, dealer: int, judged_best: str, void: str, points: int, trump: str
) -> None:
    seat, laid, why, named = medium_setup(deal)
    assert (seat, laid) == (dealer, judged_best)
    assert why == {"voids": [void], "points": points, "trump": trump}
    assert named is Suit(trump)  # the trump the burial was laid for


def test_whole_lays_a_short_suit_with_its_points_and_aces_only_when_asked() -> None:
    # Deal 9001's dealer after the kitty came in: clubs (AC AC QC 5C 4C 4C) is its shortest
    # side suit under hearts.
    hand = parse_cards(
        "SJ 10S 10C QS 9S 6S 5S 4S 3S 2S AH QH QH 8H 7H 7H 6H 5H 3H "
        "AD AD QD 9D 9D 8D 7D 3D AC AC QC 5C 4C 4C"
    )
    kept = burial(hand, Suit.HEARTS, points=False)
    assert not any(c.points or c.rank == 14 for c in kept)
    whole = burial(hand, Suit.HEARTS, points=False, whole=True)
    assert format_cards(sorted(whole)) == "2S 3S 4C 4C 5C QC AC AC"
    # The search's list starts from the old burial (here the whole clubs are among its
    # candidates anyway, with points and aces allowed); the middle level's from the new one.
    assert kitty_options(hand)[0] == (tuple(sorted(kept)), Suit.HEARTS)
    assert kitty_options(hand, whole=True)[0] == (tuple(sorted(whole)), Suit.HEARTS)
