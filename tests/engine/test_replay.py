"""Hand records and replays: JSON round trips, the table at each trick's end, the CLI, summaries."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import qingdun, sankou
from engine.actions import TakeBack
from engine.cards import parse_cards
from engine.game import GameBase
from engine.records import GAMES, HandRecord, Player, RecordError
from engine.replay import main, replay
from engine.summary import SeatSummary, summarize
from tests.engine.sankou.deals import playing

NAMES = ("ann", "bo", "cy", "di")


def played(game: str, seed: int) -> GameBase:
    """A whole hand by the hint policy from ``seed``."""
    hand = GAMES[game].from_start({"seed": seed})
    while not hand.over:
        assert hand.to_move is not None
        hand.apply(hand.hint(hand.to_move))
    return hand


def record_of(game: str, hand: GameBase) -> HandRecord:
    players = [Player(seat, name) for seat, name in enumerate(NAMES)]
    return HandRecord.of(game, hand, outcome="complete", players=players, id="7", number=1)


@pytest.mark.parametrize("game", ["qingdun", "sankou"])
def test_a_record_survives_json_and_replays_to_the_same_result(game: str) -> None:
    hand = played(game, 11)
    text = json.dumps(record_of(game, hand).to_json(), ensure_ascii=False)
    again = HandRecord.from_json(json.loads(text))
    assert again.actions == hand.actions and again.start == {**hand.start, "rules": 2}
    assert again.info == {"id": "7", "number": 1}
    assert again.names() == list(NAMES)
    result = replay(again)
    assert result.result_matches
    assert result.game.result == hand.result


def test_sankou_pages_are_the_finished_tricks_with_nothing_hidden() -> None:
    hand = played("sankou", 3)
    pages = replay(record_of("sankou", hand)).tricks
    assert len(pages) == len(hand.tricks) == 25
    for page, trick, earlier in zip(pages, hand.tricks, (None, *hand.tricks), strict=False):
        assert page.seat is None and page.hand is None and page.kitty is None
        assert page.trick == trick.plays and page.winning_seat == trick.winner
        assert page.leader == trick.leader and page.last_trick == earlier
        assert page.to_move is None
    assert pages[-1].dealer_points == hand.result.dealer_points - (
        hand.result.kitty_points if hand.result.kitty_to_dealer else 0
    )


def test_qingdun_pages_show_each_trick_as_it_closed() -> None:
    hand = played("qingdun", 11)
    pages = replay(record_of("qingdun", hand)).tricks
    assert pages and all(page.hand is None and page.to_move is None for page in pages)
    dealt = sum(len(cards) for cards in qingdun.Game.from_start(hand.start).hands)
    shown = sum(len(play.cards) for page in pages for play in page.trick)
    assert shown == dealt - sum(hand.hand_sizes)  # every card played is on exactly one page
    for page, earlier in zip(pages[1:], pages, strict=False):
        assert page.last_trick is not None and page.last_trick.plays == earlier.trick


def test_a_hand_that_ends_inside_a_trick_ends_with_that_trick() -> None:
    # ann goes out with 3S, bo passes, cy goes out with 4S: 雙扣 before the trick closes
    game = qingdun.Game.from_hands(["3S", "9D 9C", "4S", "5S 5H"], leader=0)
    game.play(0, "3S")
    game.pass_turn(1)
    game.play(2, "4S")
    assert game.result is not None and game.result.kind is qingdun.ResultKind.DOUBLE_KOU
    [page] = replay(record_of("qingdun", game)).tricks
    assert [(p.seat, p.cards) for p in page.trick] == [
        (0, tuple(parse_cards("3S"))),
        (1, ()),
        (2, tuple(parse_cards("4S"))),
    ]


def test_the_revealed_deal_of_sankou_shows_the_bidding_and_both_kitties() -> None:
    hand = played("sankou", 5)
    deal = replay(record_of("sankou", hand)).deal
    dealt = sankou.Game.from_start(hand.start)
    assert [sorted(h) for h in deal.hands] == [sorted(h) for h in dealt.hands]
    assert sorted(deal.kitty) == sorted(dealt.kitty)
    assert sorted(deal.buried) == sorted(hand.kitty)
    assert deal.dealer == hand.dealer and deal.contract == hand.contract
    assert deal.trump == hand.trump and deal.bids == hand.view(None).bids


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "other"}, "not a hand record"),
        ({"version": 9}, "unknown record version 9"),
        ({"game": "poker"}, "unknown game 'poker'"),
        ({"start": "seed"}, "'start' must be an object"),
        ({"outcome": "won"}, "unknown outcome 'won'"),
        ({"actions": [{"type": "play", "seat": 0, "cards": "3Z"}]}, "action 1: cannot read card"),
    ],
)
def test_a_bad_record_says_what_is_wrong(change: dict, message: str) -> None:
    data = record_of("qingdun", played("qingdun", 2)).to_json() | change
    with pytest.raises(RecordError, match=message):
        HandRecord.from_json(data)


def test_an_illegal_action_names_its_number() -> None:
    data = record_of("qingdun", played("qingdun", 2)).to_json()
    data["actions"][1] = {"type": "pass", "seat": (data["actions"][0]["seat"] + 2) % 4}
    with pytest.raises(RecordError, match=r"action 2 \(.*not your turn"):
        replay(HandRecord.from_json(data))


def test_the_command_line_prints_the_tricks_and_checks_the_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hand.json"
    data = record_of("sankou", played("sankou", 8)).to_json()
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main([str(path)]) == 0
    out = capsys.readouterr().out
    assert "Trick 1: " in out and "Trick 25: " in out
    assert "Bidding: " in out and "Trump: " in out
    assert "The re-played result is equal to the recorded one." in out

    data["result"]["deltas"] = [9, 9, 9, 9]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main([str(path)]) == 1
    assert "DIFFERS" in capsys.readouterr().out

    path.write_text("{not json", encoding="utf-8")
    assert main([str(path)]) == 2
    assert "hand.json" in capsys.readouterr().err


def test_qingdun_summary_names_the_first_out_and_team_points() -> None:
    hand = played("qingdun", 11)
    result = hand.result
    facts = summarize(hand)
    assert [f.first_out for f in facts] == [seat == result.order[0] for seat in range(4)]
    assert [f.team_points for f in facts] == [result.team_points[seat % 2] for seat in range(4)]


def test_a_void_hand_summarizes_nothing() -> None:
    hand = qingdun.Game.from_start({"seed": 4})
    hand.leave(2)
    assert summarize(hand) == (SeatSummary(),) * 4


def test_sankou_summary_counts_bids_contract_and_throws() -> None:
    game = playing(["AS QS 2S 3H", "KS 3S 4S 5H", "5D 8D 9D 6H", "JD QD 7S 7H"], dealer=0)
    game.play(0, "AS QS")  # fails on KS: QS is forced
    for seat in (1, 2, 3):
        game.play(seat, next(iter(game.legal_plays(seat))))
    facts = summarize(game)
    assert facts[0] == SeatSummary(bid=80, contract=80, throws=1, failed_throws=1)
    assert facts[1] == SeatSummary()
    assert parse_cards("QS")[0] in game.tricks[0].plays[0].cards


@pytest.mark.parametrize("game", ["qingdun", "sankou"])
def test_a_take_back_replays_without_a_page_of_its_own(game: str) -> None:
    hand = GAMES[game].from_start({"seed": 5})
    undone = 0
    while not hand.over:
        assert hand.to_move is not None
        hand.apply(hand.hint(hand.to_move))
        mover = hand.actions[-1].seat
        if len(hand.actions) > 30 and hand.may_take_back(mover) and undone < 5:
            hand.apply(TakeBack(mover))  # and the same move again, as a player who misclicked
            undone += 1
    assert undone == 5
    again = replay(record_of(game, hand))
    assert again.result_matches
    assert len(again.tricks) == len(replay(record_of(game, played(game, 5))).tricks)
