"""The bench's oracle: the strong 三扣 player whose play-phase worlds are the true deal (a
diagnostic of how much better inference could gain), peeking only while it decides, only in
play, and only in 三扣."""

from __future__ import annotations

import random

import pytest

from bench import ai
from bench.ai_oracle import peeking, truth
from bench.ai_players import Player
from engine import qingdun, sankou
from engine.actions import Play
from engine.ai.sankou.sampling import KITTY, Sampler
from engine.cards import Card
from engine.sankou.order import order_for
from tests.engine.sankou.deals import playing
from tests.hands import sankou_in_play


def test_in_play_the_oracles_worlds_are_the_true_deal() -> None:
    game = sankou_in_play(3)
    for seat in range(4):
        obs = game.observation(seat)
        sampled = Sampler(obs).deal(random.Random(1))
        with peeking(game):
            slots = Sampler(obs).deal(random.Random(1))
            world = Sampler(obs).world(random.Random(1))
        assert slots == truth(game, seat)
        assert slots[seat] == [] and slots[KITTY] == list(game.kitty)
        assert [sorted(world.hand(s)) for s in range(4)] == [sorted(game.hand(s)) for s in range(4)]
        assert sampled != slots  # without it, a sampled deal (the sampler is back)
        assert Sampler(obs).deal(random.Random(1)) == sampled


def test_the_oracle_bids_as_the_strong_player_does() -> None:
    game = sankou.Game.deal(5)
    obs = game.observation(game.to_move)
    with peeking(game):
        slots = Sampler(obs).deal(random.Random(2))
    assert slots == Sampler(obs).deal(random.Random(2))  # sampled: the auction is not peeked at
    oracle, strong = Player.parse("oracle:8"), Player.parse("strong:8")
    assert oracle.act(obs, 7, game)[0] == strong.act(obs, 7, game)[0]


def test_the_oracle_plays_sankou_only_and_needs_the_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = sankou_in_play(4)
    seat = game.to_move
    action, stats = Player.parse("oracle:8").act(game.observation(seat), 1, game)
    assert isinstance(action, Play) and game.is_legal(seat, action.cards)
    assert stats is not None and stats.phase == "play"
    with pytest.raises(ValueError, match="the oracle plays 三扣 only"):
        Player.parse("oracle:8").act(game.observation(seat), 1)
    other = qingdun.Game.deal(1)
    with pytest.raises(ValueError, match="the oracle plays 三扣 only"):
        Player.parse("oracle:8").act(other.observation(other.to_move), 1, other)
    with pytest.raises(ValueError, match="oracle needs a budget"):
        Player.parse("oracle")
    with pytest.raises(SystemExit) as stopped:
        ai.main(["--games", "qingdun", "--tested", "oracle:8", "--opponent", "strong:8"])
    assert stopped.value.code == 2
    assert "the oracle plays 三扣 only" in capsys.readouterr().err


def test_the_dealers_oracle_peeks_only_as_the_dealer() -> None:
    game = sankou_in_play(3)
    dealer = game.dealer
    assert dealer is not None
    for seat in range(4):
        obs = game.observation(seat)
        sampled = Sampler(obs).deal(random.Random(1))
        with peeking(game, sees="dealer"):
            slots = Sampler(obs).deal(random.Random(1))
        assert slots == (truth(game, seat) if seat == dealer else sampled)
    assert Player.parse("oracle-dealer:8").label() == "oracle-dealer:8"


@pytest.mark.parametrize(
    ("sees", "seen"),
    [("dealerhand", lambda dealer, seat: {dealer, KITTY}),
     ("partners", lambda dealer, seat: set(range(4)) - {dealer, seat})],
)  # fmt: skip
def test_a_defenders_oracle_sees_its_part_of_the_deal_and_samples_the_rest(
    sees: str, seen: object
) -> None:
    game = sankou_in_play(3)
    dealer = game.dealer
    assert dealer is not None
    for seat in range(4):
        obs = game.observation(seat)
        sampler = Sampler(obs)
        sampled = sampler.deal(random.Random(1))
        with peeking(game, sees=sees):
            slots = sampler.deal(random.Random(1))
        if seat == dealer:
            assert slots == sampled  # the dealer's decisions are not peeked at
            continue
        real = truth(game, seat)
        shown = seen(dealer, seat)  # type: ignore[operator]
        assert all(slots[s] == real[s] for s in shown)
        rest = [s for s in range(5) if s not in shown and s != seat]
        assert [len(slots[s]) for s in rest] == [len(real[s]) for s in rest]
        assert sorted(c for s in rest for c in slots[s]) == sorted(c for s in rest for c in real[s])
        assert any(slots[s] != real[s] for s in rest)  # dealt anew, not the truth
        suit = order_for(obs.trump).suit
        assert all(suit[c.index] not in obs.voids[s] for s in rest if s < 4 for c in slots[s])
        assert sampler.unseen == Sampler(obs).unseen  # the sampler is left as it was
    assert Player.parse(f"oracle-{sees}:8").label() == f"oracle-{sees}:8"


def test_an_unknown_oracle_is_refused() -> None:
    game = sankou_in_play(3)
    with pytest.raises(ValueError, match="unknown oracle 'kitty'"), peeking(game, sees="kitty"):
        pass


def test_a_partial_oracles_worlds_are_checked_whole_against_a_failed_throw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Trump clubs, seat 0 deals and throws AS QS; seat 2's KS beats the QS, so QS is forced.
    game = playing(["AS QS 3C", "2H 3H 4C", "KS 2S 5C", "3D 4D 6C"], trump="C", dealer=0)
    game.play(0, "AS QS")
    obs = game.observation(1)
    assert obs.failed_throw is not None
    dealt = Sampler._assign
    attempts: list[int] = []

    def counted(self: Sampler, rng: random.Random) -> list[list[Card]]:
        attempts.append(1)
        return dealt(self, rng)

    monkeypatch.setattr(Sampler, "_assign", counted)
    sampler = Sampler(obs)
    with peeking(game, sees="partners"):
        slots = sampler.deal(random.Random(3))
    # the KS seen in seat 2's hand explains the failure: the first world is kept
    assert attempts == [1] and sampler._repeats_failures(slots)
    assert slots[2] == list(game.hand(2)) and slots[3] == list(game.hand(3))
