"""Throws 甩牌 (RULES.md §2.5, §2.7): standing, failing on a pair or a single, trumped."""

from __future__ import annotations

from engine.actions import action_from_json, action_to_json
from engine.cards import parse_cards
from engine.sankou import Game
from engine.sankou.view import FailedThrow, Tier

from .deals import one_trick, playing


def test_a_throw_stands_when_no_one_holds_a_stronger_single() -> None:
    trick = one_trick(["AS KS", "QS JS", "2D 5D", "QS 3S"])
    assert trick.failed_throw is None
    assert trick.plays[0].cards == tuple(parse_cards("AS KS"))
    assert trick.winner == 0


def test_an_equal_card_elsewhere_does_not_break_a_throw() -> None:
    # the other QS is not stronger than the thrown QS: it would lose to the earlier play
    trick = one_trick(["AS QS", "QS JS", "2D 5D", "9S 3S"])
    assert trick.failed_throw is None and trick.winner == 0


def test_a_throw_fails_on_a_single_and_only_its_smallest_single_is_played() -> None:
    game = playing(["AS QS 2S", "KS 3S 4S", "5D 8D 9D", "JD QD 7S"])
    played = game.play(0, "AS QS")
    assert played == parse_cards("QS")
    assert sorted(game.hands[0]) == sorted(parse_cards("AS 2S"))
    assert game.view(3).failed_throw == FailedThrow(
        0, tuple(parse_cards("AS QS")), tuple(parse_cards("QS"))
    )
    game.play(1, "KS")  # now a single lead: one card follows
    game.play(2, "5D")
    game.play(3, "7S")
    trick = game.tricks[-1]
    assert trick.winner == 1
    assert trick.failed_throw is not None and trick.failed_throw.forced == (parse_cards("QS")[0],)
    assert game.to_move == 1 and game.view(1).failed_throw is None


def test_a_throw_fails_on_a_pair_and_its_smallest_pair_is_played() -> None:
    # the singles are safe (A is the top), but JJ beats the thrown 99: the 99 must go
    game = playing(["AS 9S 9S 2D", "JS JS 2S 3S", "5D 8D 9D 7D", "JD QD 7S 8S"])
    played = game.play(0, "AS 9S 9S")
    assert played == parse_cards("9S 9S")
    assert sorted(game.hands[0]) == sorted(parse_cards("AS 2D"))
    game.play(1, "JS JS")
    game.play(2, "5D 7D")
    game.play(3, "7S 8S")
    assert game.tricks[-1].winner == 1


def test_a_failing_pair_is_forced_before_a_failing_single() -> None:
    # JS JS beats the thrown 9S 9S and AS beats the KS: the pair is forced (RULES §2.5)
    game = playing(["KS 9S 9S", "AS JS JS", "5D 8D 9D", "JD QD 7S"])
    assert game.play(0, "KS 9S 9S") == parse_cards("9S 9S")
    assert sorted(game.hands[0]) == sorted(parse_cards("KS"))


def test_a_pair_beaten_in_another_hand_than_the_single_still_forces_the_pair() -> None:
    game = playing(["KS 9S 9S", "AS 2D 3D", "JS JS 9D", "JD QD 7S"])
    assert game.play(0, "KS 9S 9S") == parse_cards("9S 9S")


# The seed's own example (RULES §2.5): leading 5H 7H 7H 8H 8H with hearts not trump; here
# the suit is spades and hearts are trump. Both hands are played out and settled.
THROW = "5S 7S 7S 8S 8S"


def test_the_seeds_57788_throw_against_99_forces_77() -> None:
    # Seat 1 holds 9S 9S: a 9S alone would beat the 5S too, but a pair can be beaten, so
    # the smallest pair goes.
    game = playing([THROW, "9S 9S KD 5D 3H", "2S 6S KC QC JC", "3S 4S 9D 8D 7D"])
    assert game.play(0, THROW) == parse_cards("7S 7S")
    assert game.view(None).failed_throw == FailedThrow(
        0, tuple(parse_cards(THROW)), tuple(parse_cards("7S 7S"))
    )
    for seat, cards in ((1, "9S 9S"), (2, "2S 6S"), (3, "3S 4S")):
        game.play(seat, cards)
    assert game.tricks[-1].winner == 1
    for seat, card in ((1, "KD"), (2, "KC"), (3, "9D"), (0, "5S")):  # 25 to seat 1
        game.play(seat, card)
    for seat, card in ((1, "5D"), (2, "QC"), (3, "8D"), (0, "8S")):  # 5 to seat 3
        game.play(seat, card)
    for seat, card in ((3, "7D"), (0, "8S"), (1, "3H"), (2, "JC")):  # seat 1 trumps (枪)
        game.play(seat, card)
    assert [t.winner for t in game.tricks] == [1, 1, 3, 1]
    result = game.result
    assert result is not None and not result.kitty_to_dealer
    assert game.dealer_points == 0 and game.defender_points == 30
    assert result.dealer_points == 0 and result.tier is Tier.ZERO
    assert result.deltas == (-9, 3, 3, 3)


def test_the_seeds_57788_throw_against_a_single_higher_card_forces_5() -> None:
    # Seat 1 holds the 9S but no pair above the 7s: only the smallest single goes.
    kitty = "KS 3D 4D 6D 2C 3C 4C 6C"  # 10 points for the dealer if it wins the last trick
    hands = [THROW, "9S 2S KD 5D 3H", "2S 6S KC QC JC", "3S 5S 9D 8D 7D"]
    game = playing(hands, kitty=kitty)
    assert game.play(0, THROW) == parse_cards("5S")
    assert sorted(game.hands[0]) == sorted(parse_cards("7S 7S 8S 8S"))
    for seat, card in ((1, "9S"), (2, "2S"), (3, "3S")):  # 5 to seat 1
        game.play(seat, card)
    for seat, card in ((1, "KD"), (2, "KC"), (3, "9D"), (0, "7S")):  # 20 to seat 1
        game.play(seat, card)
    for seat, card in ((1, "5D"), (2, "QC"), (3, "8D"), (0, "7S")):  # 5 to seat 3
        game.play(seat, card)
    for seat, card in ((3, "7D"), (0, "8S"), (1, "3H"), (2, "JC")):  # seat 1 trumps
        game.play(seat, card)
    for seat, card in ((1, "2S"), (2, "6S"), (3, "5S"), (0, "8S")):  # 5 to the dealer
        game.play(seat, card)
    assert [t.winner for t in game.tricks] == [1, 1, 3, 1, 0]
    result = game.result
    assert result is not None and result.kitty_to_dealer  # 保底: the KS in the kitty
    assert result.dealer_points == 15 and game.defender_points == 30
    assert result.tier is Tier.UNDER_45 and result.deltas == (-6, 2, 2, 2)


def test_a_throw_with_a_tractor_inside_counts_its_pairs() -> None:
    # 7788 + A: 2 pairs and a single. A single trump pair is not enough to beat it.
    plays = ["7S 7S 8S 8S AS", "2H 2H 3H 4H 6H", "JH JH QH QH 9H", "7C 8C 9C JC QC"]
    trick = one_trick(plays)
    assert trick.failed_throw is None and trick.winner == 2


def test_a_throw_is_trumped_only_by_all_trumps_with_enough_pairs_highest_pair_wins() -> None:
    plays = ["AS AS KS", "2H 3H 4H", "5H 5H 6H", "9H 9H 2H"]
    trick = one_trick(plays)
    assert trick.winner == 3  # both trump with a pair; 9H 9H beats 5H 5H
    plays = ["AS AS KS", "2H 3H 4H", "5H 5H 6H", "9D 9H 9H"]
    assert one_trick(plays).winner == 2  # 9D spoils seat 3's play: not all trumps


def test_a_throw_of_singles_is_trumped_by_the_stronger_highest_single() -> None:
    plays = ["AS KS", "2H BJ", "SJ 3H", "2D 5D"]
    assert one_trick(plays).winner == 1
    plays = ["AS KS", "2H 3H", "4H 2H", "2D 5D"]
    assert one_trick(plays).winner == 2
    plays = ["AS KS", "2H 4H", "4H 2H", "2D 5D"]
    assert one_trick(plays).winner == 1  # equal: the earlier play


def test_a_throw_is_never_beaten_by_its_own_suit() -> None:
    assert one_trick(["AS KS", "QS JS", "9S 8S", "2D 5D"]).winner == 0


def test_replay_repeats_a_failed_throw_from_the_attempt() -> None:
    game = playing(["AS QS 2S", "KS 3S 4S", "5D 8D 9D", "JD QD 7S"])
    game.play(0, "AS QS")
    assert game.actions[-1].cards == tuple(parse_cards("AS QS"))  # type: ignore[union-attr]
    records = [action_to_json(action) for action in game.actions]
    again = Game.replay(game.start, [action_from_json(record) for record in records])
    assert again.hands == game.hands
    assert again.view(None) == game.view(None)


def test_cards_in_the_kitty_or_the_leaders_hand_do_not_break_a_throw() -> None:
    # Both aces of spades are out of reach: one buried in the kitty, one in the leader's hand.
    kitty = "AS 3D 4D 6D 2C 3C 4C 6C"
    game = playing(["AS KS QS", "JS 9S 2D", "5D 8D 9D", "JD QD 7S"], kitty=kitty)
    assert game.play(0, "KS QS") == parse_cards("KS QS")
    assert game.lead is not None and game.lead.size == 2


def test_a_void_player_cannot_break_a_throw_but_may_trump_it() -> None:
    game = playing(["AS KS", "2H 3H", "5D 8D", "JS 7S"])
    game.play(0, "AS KS")
    game.play(1, "2H 3H")
    assert game.winning_seat() == 1
