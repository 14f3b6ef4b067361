"""The AI bench's player syntax (``bench.ai_players.Player``): a typo in a match's players
must be refused before hours of play, and a label must name the player it was parsed from,
since the records of a match are filed under it."""

from __future__ import annotations

from typing import Any

import pytest

from bench.ai_players import Player, ablated
from engine.actions import Pass, Play
from engine.ai.qingdun import inference as qingdun_inference
from engine.ai.qingdun import player as qingdun_player
from engine.ai.qingdun import policy as qingdun_policy
from engine.ai.sankou import bidding as sankou_bidding
from engine.ai.sankou import player as sankou_player
from engine.ai.sankou.bidding import best_bid
from tests.engine.ai.positions import at


@pytest.mark.parametrize(
    ("text", "player"),
    [
        ("simple", Player("simple")),
        ("medium", Player("medium")),
        ("rules", Player("rules")),
        ("medium-overtake", Player("medium-overtake")),
        ("strong:200", Player("strong", simulations=200)),
        ("strong:0.5s", Player("strong", seconds=0.5)),
        ("strong:200:0", Player("strong", simulations=200, edge=0.0)),
        ("strong:500:2.5", Player("strong", simulations=500, edge=2.5)),
        ("strong:200/2400", Player("strong", simulations=200, setup=2400)),
        ("strong:200/2400:0.5", Player("strong", simulations=200, edge=0.5, setup=2400)),
        ("strong_v1:200", Player("strong_v1", simulations=200)),
        ("strong-inference:200", Player("strong-inference", simulations=200)),
        ("strong-first:200", Player("strong-first", simulations=200)),
        ("strong-narrow:200", Player("strong-narrow", simulations=200)),
        ("strong-sharp:200", Player("strong-sharp", simulations=200)),
        ("strong-soft:200", Player("strong-soft", simulations=200)),
        ("strong-eager:100", Player("strong-eager", simulations=100)),
        ("strong-ownfull:200", Player("strong-ownfull", simulations=200)),
    ],
)
def test_parse_and_label_round_trip(text: str, player: Player) -> None:
    assert Player.parse(text) == player
    assert player.label() == text
    assert Player.parse(player.label()) == player


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("expert:200", "unknown player 'expert'"),
        ("medium:200", "medium takes no budget"),
        ("medium-overtake:200", "medium-overtake takes no budget"),
        ("medium-first", "unknown player 'medium-first'"),
        ("strong", "strong needs a budget"),
        ("strong:0.5s:1", "an edge or a kitty budget goes with rollouts"),
        ("strong:0.5s/800", "an edge or a kitty budget goes with rollouts"),
        ("strong_v1:200:1", "strong_v1 takes no edge nor kitty budget"),
        ("strong_v1:200/800", "strong_v1 takes no edge nor kitty budget"),
    ],
)
def test_parse_refuses_with_a_message(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Player.parse(text)


def test_the_first_ablation_gives_the_search_the_rollouts_first_candidate() -> None:
    # strong-first: the player whose search starts from the rollouts' heuristic (no torn
    # play nor take-over in 清墩, no low pair in 三扣), set while it decides and restored after.
    def flags() -> tuple[bool, bool, bool]:
        return (
            qingdun_player.FIRST_TEARS,
            qingdun_player.FIRST_TAKES_OVER,
            sankou_player.FIRST_PAIRS,
        )

    before = flags()
    assert before == (False, False, True)  # the shipped players: 三扣's search starts from a pair
    with ablated("first"):
        assert flags() == (False, False, False)
    assert flags() == before


def test_the_narrow_ablation_weighs_fewer_worlds_on_fewer_plays() -> None:
    # strong-narrow: the 清墩 weighing of worlds as before 3 December 2026, restored after.
    def now() -> tuple[int, int, int]:
        return (
            qingdun_inference.CANDIDATES,
            qingdun_inference.RECENT,
            qingdun_inference.SMALL_HAND,
        )

    assert now() == (6, 8, 20)
    with ablated("narrow"):
        assert now() == (3, 4, 15)
    assert now() == (6, 8, 20)


def test_the_sharp_and_soft_ablations_trust_the_heuristic_more_and_less() -> None:
    # A decision the heuristic would not have made weighs 0.2 (sharp) or 0.5 (soft), not 0.35.
    assert qingdun_inference.MISMATCH == 0.35
    with ablated("sharp"):
        assert qingdun_inference.MISMATCH == 0.2
    with ablated("soft"):
        assert qingdun_inference.MISMATCH == 0.5
    assert qingdun_inference.MISMATCH == 0.35


def test_medium_overtake_is_the_middle_level_that_lets_a_partners_play_stand() -> None:
    # medium-overtake: the 清墩 heuristic before 6 December 2026, which never took over a
    # partner's play; it plays only while it decides.
    game, seat = at("overtake_low_1")
    obs = game.observation(seat)
    assert isinstance(Player.parse("medium").act(obs, 1)[0], Play)
    assert Player.parse("medium-overtake").act(obs, 1)[0] == Pass(seat)
    assert (qingdun_policy.OVERTAKE_RANK, qingdun_policy.OVERTAKE_PLAYS) == (10, 3)


def test_the_eager_ablation_bids_on_the_mean_without_a_standard_error() -> None:
    # Five worlds: dealing at 80 takes 100 or 60 points, passing is worth 0. The plan's
    # mean (+0.65) beats the margin but not its standard error (1.52): the shipped bidding
    # passes, strong-eager bids 80; the constant is restored after.
    worlds = [(100, 0.0, 0), (60, 0.0, 0), (100, 0.0, 0), (60, 0.0, 0), (100, 0.0, 0)]
    assert best_bid(worlds, [80, 85]) is None
    with ablated("eager"):
        assert best_bid(worlds, [80, 85]) == 80
    assert sankou_bidding.BID_SIGMAS == 1.0


def test_the_ownfull_variant_gives_the_full_rules_to_the_seats_own_team_in_rollouts() -> None:
    # strong-ownfull: the 清墩 rollouts play torn plays and take-overs for the deciding seat
    # and its partner (the opponents keep the lean rules), set while it decides.
    assert (qingdun_policy.ROLLOUTS_FULL, qingdun_policy.ROLLOUTS_OWN_FULL) == (False, False)
    with ablated("ownfull"):
        assert qingdun_policy.ROLLOUTS_OWN_FULL is True
    assert qingdun_policy.ROLLOUTS_OWN_FULL is False


def test_ownfull_rollouts_play_the_full_rules_for_the_seats_team_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game, seat = at("overtake_low_1")
    calls: list[tuple[bool, bool, bool]] = []
    real = qingdun_player.decide

    def watched(units: Any, table: Any, *, tear: bool, overtake: bool) -> Any:
        calls.append((table.seat % 2 == seat % 2, tear, overtake))
        return real(units, table, tear=tear, overtake=overtake)

    monkeypatch.setattr(qingdun_player, "decide", watched)
    with ablated("ownfull"):
        Player.parse("strong:8").act(game.observation(seat), 1)
    first, rollouts = calls[0], calls[1:]
    assert first == (True, False, False)  # the first candidate stays the lean heuristic's
    assert set(rollouts) == {(True, True, True), (False, False, False)}
