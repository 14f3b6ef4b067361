"""``python -m bench ai --bids-only``: a deal whose two seatings bid alike is scored 0
without being played (the same seeds then play the same cards, and 三扣 is zero-sum), a
deal bid otherwise is played in full, and a check on every tenth deal bid alike stops a
match between players that differ outside their bidding, whose figure would be wrong."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from bench import ai
from bench.ai_players import Player
from bench.ai_report import HandRecord, report
from engine.actions import Pass
from engine.ai import Stats, decide
from engine.sankou.view import Phase

MEDIUM, SIMPLE, PASSER = Player("medium"), Player("simple"), Player("rules")


class _Serial:
    """A pool of no processes: the tasks run here, where the stand-in players are."""

    def imap_unordered(self, work: Callable[[Any], Any], tasks: list[Any]) -> Iterator[Any]:
        return map(work, tasks)


@contextmanager
def _in_process(workers: int, kept: str) -> Iterator[_Serial]:
    yield _Serial()


@pytest.fixture
def acts(monkeypatch: pytest.MonkeyPatch) -> list[Phase]:
    """Stand-in players, fast and seeded like the bench's: ``medium`` plays the middle level
    throughout; ``simple`` bids like it and plays the simple level; ``rules`` here always
    passes in the auction and plays like ``medium``. Returns the phase of every call."""
    phases: list[Phase] = []

    def act(self: Player, obs: Any, seed: int, game: Any = None) -> tuple[Any, Stats | None]:
        phases.append(obs.phase)
        bidding = obs.phase is Phase.BIDDING
        if self == PASSER and bidding:
            return Pass(obs.seat), None
        level = "simple" if self == SIMPLE and not bidding else "medium"
        return decide(obs, level=level, seed=seed), None

    monkeypatch.setattr(Player, "act", act)
    return phases


def test_a_deal_bid_alike_scores_zero_without_its_play(acts: list[Phase]) -> None:
    assert 1 % ai.VERIFY_EVERY  # not a deal played to check
    deal, hands, _ = ai.play_deal(ai.Task("sankou", 1, MEDIUM, MEDIUM, bids_only=True))
    assert deal == 1
    assert [(h.delta, h.alike, h.bid, h.times) for h in hands] == [(0.0, True, None, [])] * 2
    assert set(acts) == {Phase.BIDDING}  # nothing after the auctions was asked


def test_a_deal_bid_otherwise_is_played_in_full(acts: list[Phase]) -> None:
    _, hands, _ = ai.play_deal(ai.Task("sankou", 1, MEDIUM, PASSER, bids_only=True))
    assert [h.alike for h in hands] == [False, False]
    assert all(h.bid is not None and h.made is not None for h in hands)
    assert Phase.PLAY in acts
    # The same as the plain match plays it, seeds and all.
    plain = ai.play_deal(ai.Task("sankou", 1, MEDIUM, PASSER))[1]
    assert [(h.delta, h.bid, h.made) for h in hands] == [(h.delta, h.bid, h.made) for h in plain]


def test_every_tenth_deal_bid_alike_is_played_and_scores_zero(acts: list[Phase]) -> None:
    _, hands, _ = ai.play_deal(ai.Task("sankou", 0, MEDIUM, MEDIUM, bids_only=True))
    assert [h.alike for h in hands] == [False, False]
    assert hands[0].delta == -hands[1].delta  # one seating's gain is the other's loss
    assert Phase.PLAY in acts


def test_players_that_differ_in_play_are_refused(acts: list[Phase]) -> None:
    with pytest.raises(ai.DiffersOutsideBidding, match=r"deal 0 bid alike.*differ outside"):
        ai.play_deal(ai.Task("sankou", 0, MEDIUM, SIMPLE, bids_only=True))


def test_the_report_counts_alike_deals_as_zero_and_nowhere_else() -> None:
    played = [HandRecord(2.0, True, [0.1], True, 80, True), HandRecord(-1.0, False, [0.2])]
    alike = [HandRecord(0.0, False, alike=True), HandRecord(0.0, False, alike=True)]
    lines = list(report("sankou", MEDIUM, PASSER, [played, alike, alike], 0, 0.0))
    text = "\n".join(lines)
    assert "3 deals (2 hands played)" in lines[0]
    assert "mean delta per seat per hand : +0.167" in text  # (0.5 + 0 + 0) / 3
    assert "deals bid alike, scored 0    : 2 of 3" in text
    assert "deals played, for / against  : 1: 1 / 0" in text
    assert "hands won                    : 50.0%" in text
    assert "tested side as dealer: 1 hands, made 100%" in text


def test_the_option_is_for_a_sankou_pair_only(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (
        ["--games", "qingdun", "--tested", "medium", "--opponent", "simple", "--bids-only"],
        ["--games", "sankou", "--bids-only"],
    ):
        with pytest.raises(SystemExit) as stopped:
            ai.main(argv)
        assert stopped.value.code == 2
        assert "--bids-only needs --games sankou" in capsys.readouterr().err


def test_a_match_that_cannot_be_measured_so_stops_with_one_line(
    acts: list[Phase], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ai, "pool", _in_process)
    argv = ["--games", "sankou", "--tested", "medium", "--opponent", "simple", "--bids-only"]
    with pytest.raises(SystemExit, match=r"^stopped: deal 0 bid alike .* differ outside"):
        ai.main([*argv, "--deals", "1"])
