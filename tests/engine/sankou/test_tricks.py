"""Following (RULES.md §2.6) and who wins the trick (§2.7)."""

from __future__ import annotations

import pytest

from .deals import one_trick, playing, refused

# ---------------------------------------------------------------------------------------
# Following


def test_a_player_holding_the_suit_must_follow_it() -> None:
    game = playing(["AS 6S", "3S 2H", "4S 5S", "9D 3H"])
    game.play(0, "AS")
    error = refused(game, "must_follow", "play", 1, "2H")
    assert str(error) == "you must follow ♠: you still hold 3S"
    assert error.params == {"suit": "S", "card": "3S"}
    game.play(1, "3S")


def test_holding_fewer_than_the_lead_plays_them_all_and_fills_up() -> None:
    game = playing(["7S 7S 2D", "3S 2H 4D", "5D 8D 9D", "JS QS 5H"])
    game.play(0, "7S 7S")
    refused(game, "must_follow", "play", 1, "2H 4D")
    game.play(1, "3S 2H")  # its only spade, then anything
    game.play(2, "5D 9D")  # void: anything
    game.play(3, "QS JS")  # a pair lead may be followed by two singles of the suit
    assert game.tricks[-1].winner == 0


def test_trumps_are_one_suit_for_following_10s_and_jokers_included() -> None:
    game = playing(["2H 9S", "10S AS", "SJ KS", "AD 2S"], trump="H")
    game.play(0, "2H")
    error = refused(game, "must_follow_trump", "play", 1, "AS")
    assert str(error) == "you must follow trumps: you still hold 10S"
    game.play(1, "10S")
    refused(game, "must_follow_trump", "play", 2, "KS")
    game.play(2, "SJ")
    game.play(3, "AD")
    assert game.tricks[-1].winner == 2


def test_a_follow_has_as_many_cards_as_the_lead() -> None:
    game = playing(["7S 7S", "3S 4S", "5D 8D", "JS QS"])
    game.play(0, "7S 7S")
    error = refused(game, "follow_count", "play", 1, "3S")
    assert str(error) == "play exactly 2 cards, as many as the lead"
    refused(game, "held_once", "play", 1, "3S 3S")


def test_a_tractor_lead_does_not_force_pairs() -> None:
    game = playing(["7S 7S 8S 8S", "3S 3S 4S 9S", "2D 5D 8D 9D", "2C 5C 8C 9C"])
    game.play(0, "7S 7S 8S 8S")
    game.play(1, "3S 4S 9S 3S")  # holds a pair but need not play it as one
    assert game.to_move == 2


def test_holding_the_suit_but_too_few_means_no_trumping() -> None:
    game = playing(["7S 7S 2D", "3S 2H 2H", "5D 8D 9D", "JD QD 5H"])
    game.play(0, "7S 7S")
    refused(game, "must_follow", "play", 1, "2H 2H")
    game.play(1, "3S 2H")
    game.play(2, "5D 8D")
    game.play(3, "QD JD")
    assert game.tricks[-1].winner == 0


# ---------------------------------------------------------------------------------------
# Who wins


@pytest.mark.parametrize(
    ("plays", "winner"),
    [
        (["KS", "AS", "3D", "2S"], 1),  # the highest of the led suit; off-suit is a discard
        (["AS", "2H", "KS", "3D"], 1),  # 枪: a void player trumps
        (["AS", "2H", "3H", "KS"], 2),  # over-trumped
        (["AS", "3D", "JC", "9D"], 0),  # nobody follows or trumps
        (["KS", "KS", "QS", "2S"], 0),  # equal cards: the earlier play wins
        (["10S", "10D", "AH", "2H"], 0),  # the other 10s are equal, above trump A
        (["10S", "10D", "10H", "9H"], 2),  # the trump 10 above the other 10s
        (["AS", "10C", "2H", "KS"], 1),  # a side-suit 10 is a trump: it trumps the spade
        (["10H", "SJ", "BJ", "SJ"], 2),  # BJ > SJ > trump 10
        (["2H", "AS", "3H", "AH"], 3),  # a trump lead: the highest trump
    ],
)
def test_single_tricks(plays: list[str], winner: int) -> None:
    assert one_trick(plays, trump="H").winner == winner


@pytest.mark.parametrize(
    ("plays", "winner"),
    [
        (["7S 7S", "9S 8S", "2S 2S", "QS JS"], 0),  # two singles never beat a pair
        (["7S 7S", "9S 9S", "JS QS", "2S 3S"], 1),
        (["7S 7S", "2H 2H", "3H 4H", "AS KS"], 1),  # a trump pair beats; two trumps don't
        (["7S 7S", "2H 2H", "3H 3H", "9S 9S"], 2),
        (["10S 10S", "10D 10D", "AH AH", "2H 2H"], 0),  # equal pairs of other 10s
    ],
)
def test_pair_tricks(plays: list[str], winner: int) -> None:
    assert one_trick(plays, trump="H").winner == winner


@pytest.mark.parametrize(
    ("plays", "winner"),
    [
        # loose trump pairs are only a discard; a trump tractor beats
        (["7S 7S 8S 8S", "2H 2H 5H 5H", "3H 3H 4H 4H", "2S 3S 4S 5S"], 2),
        (["7S 7S 8S 8S", "2H 2H 5H 5H", "9D 9D JD JD", "2S 3S 4S 5S"], 0),
        # 99JJ is a tractor (10 skipped), beaten by a higher one, or by trumps
        (["9S 9S JS JS", "QS QS KS KS", "2D 5D 8D 9D", "2S 3S 4S 5S"], 1),
        (["9S 9S JS JS", "QS QS KS KS", "8H 8H 9H 9H", "2S 3S 4S 5S"], 2),
        # AA22 is the lowest tractor of its length
        (["AS AS 2S 2S", "3S 3S 4S 4S", "2D 5D 8D 9D", "5S 6S 7S 8S"], 1),
        # a lower tractor of the same length does not beat
        (["KS KS AS AS", "JS JS QS QS", "2D 5D 8D 9D", "5S 6S 7S 8S"], 0),
        # a trump tractor lead is beaten by a higher trump tractor
        (["2H 2H 3H 3H", "JH JH QH QH", "AH AH KH KH", "5S 6S 7S 8S"], 2),
        # jokers and 10s make no tractor, so they cannot beat one
        (["2H 2H 3H 3H", "SJ SJ BJ BJ", "10S 10S 10H 10H", "5S 6S 7S 8S"], 0),
    ],
)
def test_tractor_tricks(plays: list[str], winner: int) -> None:
    assert one_trick(plays, trump="H").winner == winner


def test_the_trick_points_go_to_the_winner() -> None:
    game = playing(["5S", "KS", "10D", "2S"], trump="H")
    for seat, card in enumerate(["5S", "KS", "10D", "2S"]):
        game.play(seat, card)
    assert game.tricks[-1].points == 25 and game.tricks[-1].winner == 2
    assert game.defender_points == 25 and game.dealer_points == 0
