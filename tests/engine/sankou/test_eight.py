"""Eight of a kind 八张抄家 (RULES.md §2.5, §2.7)."""

from __future__ import annotations

from engine.sankou import Kind

from .deals import one_trick, playing, refused

SEVENS = "7S 7S 7H 7H 7D 7D 7C 7C"
NINES = "9S 9S 9H 9H 9D 9D 9C 9C"
TENS = "10S 10S 10H 10H 10D 10D 10C 10C"
JOKERS_AND_TENS = "BJ BJ SJ SJ 10S 10S 10D 10D"


def test_an_eight_of_a_kind_lead_is_followed_as_trumps_and_beaten_by_a_stronger_one() -> None:
    game = playing([SEVENS, JOKERS_AND_TENS, NINES, "2S 3S 4S 6S 8S JS QS KS"], trump="H")
    game.play(0, SEVENS)
    assert game.lead is not None and game.lead.kind is Kind.EIGHT
    game.play(1, JOKERS_AND_TENS)  # eight trumps, but not an eight of a kind
    game.play(2, NINES)  # holds two trumps (9H 9H) and plays both: a legal follow
    game.play(3, "2S 3S 4S 6S 8S JS QS KS")
    assert game.tricks[-1].winner == 2


def test_eights_compare_by_rank_with_10_in_its_natural_place() -> None:
    trick = one_trick([NINES, TENS, "2S 3S 4S 6S 8S JS QS KS", "2D 5D 8D 7D JD QD KD AD"])
    assert trick.winner == 1


def test_an_eight_of_a_kind_beats_any_other_eight_card_play() -> None:
    tractor = "2S 2S 3S 3S 4S 4S 5S 5S"
    trump_tractor = "2H 2H 3H 3H 4H 4H 5H 5H"
    # seat 1 holds exactly the two spades of its eight, so it follows suit with it
    trick = one_trick([tractor, NINES, trump_tractor, "2D 5D 8D 7D JD QD KD AD"])
    assert trick.winner == 1


def test_an_eight_of_a_kind_must_still_follow_suit() -> None:
    lead = "AS AS KS KS QS QS JS JS 2D"
    game = playing(
        [lead, SEVENS + " 2S", "2C 5C 8C 9C JC QC KC AC 3H", "8D 8D JD QD KD AD 9D 5D 5H"]
    )
    game.play(0, "AS AS KS KS QS QS JS JS")
    error = refused(game, "must_follow", "play", 1, SEVENS)  # three spades held, two played
    assert error.params == {"suit": "S", "card": "2S"}
    game.play(1, "7S 7S 2S 7H 7H 7D 7D 7C")
    game.play(2, "2C 5C 8C 9C JC QC KC AC")
    game.play(3, "8D 8D JD QD KD AD 9D 5D")
    assert game.tricks[-1].winner == 0


def test_an_eight_of_a_kind_is_offered_as_a_lead() -> None:
    game = playing([SEVENS, NINES, TENS, JOKERS_AND_TENS.replace("10S 10S 10D 10D", "2S 3S 4S 6S")])
    leads = list(game.legal_plays(0))
    assert sorted(map(str, leads[-1])) == sorted(SEVENS.split())
    assert game.is_legal(0, SEVENS)


# The worked examples of docs/rules/sankou.md (hearts trump), as RULES §2.5 reads the seed.


def test_worked_example_eight_following_a_side_suit() -> None:
    lead = "AS AS KS KS QS QS JS JS"
    others = ["2S 3S 4S 5S 6S 8S 9S 2D", "8D 8D JD QD KD AD 9D 5D"]
    trick = one_trick([lead, SEVENS, *others])  # seat 1's only spades are 7S 7S
    assert trick.winner == 1
    game = playing([lead + " 4D", SEVENS + " 2S", others[0] + " 5C", others[1] + " 6C"])
    game.play(0, lead)
    error = refused(game, "must_follow", "play", 1, SEVENS)  # it must play all three spades
    assert error.params == {"suit": "S", "card": "2S"}


def test_worked_example_eight_following_trumps() -> None:
    lead = "3H 3H 4H 4H 5H 5H 6H 6H"
    others = ["2H 2H 7H 8H 8H JH QH KH", "2S 3S 4S 5S 6S 8S JS QS"]
    trick = one_trick([lead, NINES, *others])  # seat 1's only trumps are 9H 9H
    assert trick.winner == 1
    game = playing([lead + " 4D", NINES + " BJ", others[0] + " 5C", others[1] + " 6C"])
    game.play(0, lead)
    error = refused(game, "must_follow_trump", "play", 1, NINES)
    assert error.params["card"] == "BJ"
    # Eight 10s are all trumps: a follow of a trump lead even with more trumps in hand.
    game = playing([lead + " 4D 5D", TENS + " BJ 7H", others[0] + " 5C 7C", others[1] + " 6C 7C"])
    game.play(0, lead)
    game.play(1, TENS)
    game.play(2, others[0])
    game.play(3, others[1])
    assert game.tricks[-1].winner == 1
