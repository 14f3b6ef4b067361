"""Each leak issue 24 names, on a position from a real hand where the old heuristic
(``strong_v1``, bench/baselines) showed it: the hands are in ``positions.json`` (a deal's
seed and the moves up to the decision), found by playing whole hands with it.

Where the heuristic's fix measured worse in self-play (docs/ai.md), the heuristic keeps its
move and the test says so; where the search's point-aware value settles it, the strong
player's move is tested (fixed seed and rollouts: the same every run)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.actions import Pass, Play
from engine.ai import choose, judge, think
from engine.ai.decision import Reason
from engine.ai.qingdun import player as qingdun_player
from engine.ai.qingdun import policy as policy_qingdun
from engine.ai.qingdun.policy import led_strength
from engine.ai.sankou import player as sankou_player
from engine.ai.sankou import policy
from engine.ai.sankou.player import candidates
from engine.ai.sankou.seen import Memory, Position, Seen
from engine.cards import parse_cards
from engine.sankou.order import TRUMP
from tests.engine.ai.positions import POSITIONS, at, replay


def medium(name: str) -> tuple[Any, int, Any]:
    game, seat = at(name)
    return game, seat, choose(game, seat, level="medium")


def test_sankou_defender_gives_a_5_not_a_joker() -> None:
    # The old heuristic threw the small joker on the dealer's trick and kept 5C.
    game, seat, action = medium("joker_discard_2")
    assert game.winning_seat() == game.dealer != seat
    assert isinstance(action, Play)
    assert all(c.suit is not None and c.rank != 10 for c in action.cards)
    assert sum(c.points for c in action.cards) <= 5


def test_sankou_dealer_still_draws_with_its_cheapest_pair() -> None:
    # The old heuristic led 7S 7S (trump spades) with higher trump pairs still out. Drawing
    # from the top instead measured worse (0.10 a hand in 600 self-play hands), and the
    # search, which compares the top single and every pair, keeps the pair too.
    game, seat, action = medium("cheap_trump_pair_0")
    assert seat == game.dealer and action == Play(seat, tuple(parse_cards("7S 7S")))
    assert choose(game, seat, seed=1, simulations=100) == action


@pytest.mark.parametrize(
    ("name", "pair", "suit"),
    [("low_pair_21", "2C 2C", "C"), ("low_pair_7", "3D 3D", "D"), ("low_pair_13", "9S 9S", "S")],
)
def test_sankou_leads_a_low_pair_before_a_single(name: str, pair: str, suit: str) -> None:
    # Leading singles, the heuristic led a single here (2C, 9C, 2S: the note), and the
    # search values the pair above it on the same worlds; `medium` now leads the lowest pair
    # without points of its shortest side suit holding one, and the strong player's search
    # starts from it (FIRST_PAIRS). The rollouts keep the single (ROLLOUTS_PAIRS).
    game, seat, action = medium(name)
    assert action == Play(seat, tuple(parse_cards(pair)))
    obs = game.observation(seat)
    assert think(obs, level="medium", explain=True).reason == Reason("leads_pair", {"suit": suit})
    position = Position(obs)
    single = policy.play(position, seat, Memory.of(position), pairs=policy.ROLLOUTS_PAIRS)
    assert len(single) == 1 and " ".join(map(str, single)) in POSITIONS[name]["note"]
    assert sankou_player.FIRST_PAIRS
    judged = judge(obs, Play(seat, tuple(single)), rollouts=100, seed=1)
    assert judged is not None and judged.better == action and judged.cost > 0


def test_sankou_defender_keeps_off_a_suit_the_dealer_buried() -> None:
    # The old heuristic led 6C with few clubs unseen: the dealer had buried them.
    game, seat, action = medium("lead_into_void")
    assert seat != game.dealer and isinstance(action, Play)
    suit = game.order.suit[action.cards[0].index]
    dealer_suits = {game.order.suit[c.index] for c in game.hand(game.dealer)}
    assert suit in dealer_suits  # the dealer must follow: no cheap ruff


def test_qingdun_kings_on_a_cheap_trick_stay_the_heuristics_and_the_searchs_move() -> None:
    # The old heuristic beat a triple with K K K (30 points) on a 15-point trick, every
    # opponent at 40 cards and able to bomb it. Passing instead measured worse (2.5 a hand
    # in 600 self-play hands) and the search, valuing the points, also plays the kings.
    game, seat, action = medium("rich_follow_0")
    assert isinstance(action, Play) and sum(c.points for c in action.cards) == 30
    assert choose(game, seat, seed=1, simulations=100) == action


def test_qingdun_the_search_keeps_its_bomb_on_a_cheap_trick_early() -> None:
    # The old heuristic bombed with five 4s a trick of 0 points, everyone at 10+ cards; so
    # does today's (holding back such bombs cost 1.2 a hand in self-play), but the search,
    # whose value sees that no points are at stake, passes.
    game, seat, action = medium("cheap_bomb_1")
    assert min(s for s in game.hand_sizes if s) >= 10
    assert isinstance(action, Play) and len(action.cards) == 5
    assert choose(game, seat, seed=1, simulations=100) == Pass(seat)


def test_qingdun_tears_its_full_house_to_beat_an_opponents_pair() -> None:
    # The heuristic before the fix held 2H 2C AS AH AC as one full house and passed on an
    # opponent's 4D 4C. It now plays the smallest pair it can tear from its plain units.
    game, seat, action = medium("torn_pair_0")
    obs = game.observation(seat)
    assert obs.top_seat in ((seat + 1) % 4, (seat + 3) % 4) and obs.top.kind.name == "PAIR"
    assert action == Play(seat, tuple(parse_cards("AS AH")))


def test_qingdun_tears_a_plain_unit_before_it_bombs() -> None:
    # The heuristic before the fix bombed 9S 9H 9D 9C on an opponent's KD KC, every hand
    # still at 36 cards or more. It now beats them with 2S 2C from a plain unit: the six aces
    # are a bomb, which is never torn.
    game, seat, action = medium("torn_before_bomb_0")
    assert game.observation(seat).top.cards == tuple(parse_cards("KD KC"))
    assert action == Play(seat, tuple(parse_cards("2S 2C")))
    assert choose(game, seat, seed=1, simulations=100) == action


def test_qingdun_takes_over_a_partners_low_single() -> None:
    # The heuristic before 6 December 2026 let its partner's 7S stand although the opponent
    # after it, at 3 cards, would beat a 7. It now takes the trick over with its smallest
    # single that beats it (KC: its 4D cannot), and says why; the rollouts still pass.
    game, seat, action = medium("overtake_low_1")
    obs = game.observation(seat)
    assert obs.top_seat == (seat + 2) % 4 and obs.top.cards == tuple(parse_cards("7S"))
    assert action == Play(seat, tuple(parse_cards("KC")))
    reason = think(obs, level="medium", explain=True).reason
    assert reason == Reason("takes_over_low", {"kind": "single"})
    units, lean = qingdun_player.heuristic(obs, tear=False, overtake=False)
    assert lean is None and sum(not u.is_bomb for u in units) > policy_qingdun.OVERTAKE_PLAYS


def test_qingdun_takes_the_lead_from_its_partner_to_go_out() -> None:
    # With BJ and 9S left (two plays), the heuristic before passed on its partner's 6C; it
    # now plays 9S over it to lead the joker next.
    game, seat, action = medium("overtake_few_0")
    obs = game.observation(seat)
    assert obs.top_seat == (seat + 2) % 4 and sorted(obs.hand) == sorted(parse_cards("9S BJ"))
    assert action == Play(seat, tuple(parse_cards("9S")))
    reason = think(obs, level="medium", explain=True).reason
    assert reason == Reason("takes_over_to_finish", {"plays": 1})


@pytest.mark.parametrize("name", ["no_feed_0", "no_feed_2"])
def test_qingdun_feeds_a_partner_at_two_cards(name: str) -> None:
    # The old heuristic led a 9-card chain, or a triple of jacks, with its partner at 2 cards.
    game, seat, action = medium(name)
    assert game.hand_sizes[(seat + 2) % 4] == 2
    assert isinstance(action, Play) and len(action.cards) == 1
    assert led_strength(action.cards[0]) == min(led_strength(c) for c in game.hands[seat])


def test_sankou_interchangeable_cards_are_one_lead() -> None:
    # The dealer holds 9S 8S 5S (trump spades), every other 8S and 9S played: leading the 9
    # or the 8 is the same lead, and the search compared them on worlds that could only tie.
    game, seat = at("interchangeable_nine_eight")
    nine, eight = parse_cards("9S 8S")
    position = Position(game.observation(seat))
    memory = Memory.of(position)
    seen = Seen(position, seat, memory)
    assert seen.unseen(nine.index) == seen.unseen(eight.index) == 0
    assert seen.interchangeable()[nine] == eight
    leads = candidates(position, seat, memory)
    assert sum(1 for cards in leads if cards in ([nine], [eight])) == 1
    # Early in the same hand another 9S and 8S were still out: the two were not alike then.
    early = replay("interchangeable_nine_eight", 6)
    position = Position(early.observation(seat))
    seen = Seen(position, seat, Memory.of(position))
    assert early.to_move == seat and position.lead is None
    assert seen.unseen(nine.index) == seen.unseen(eight.index) == 1
    assert seen.interchangeable()[nine] == nine


def test_sankou_interchangeable_trumps_are_one_follow() -> None:
    # The dealer (trump hearts), void in clubs, trumps a club trick: 10H and KH are both 10
    # points and every trump between them is gone, so trumping with either is one candidate.
    game, seat = at("interchangeable_follow")
    position = Position(game.observation(seat))
    memory = Memory.of(position)
    ten, king = parse_cards("10H KH")
    table = [c for play in position.trick for c in play.cards]
    assert Seen(position, seat, memory).interchangeable(table)[ten] == king
    follows = candidates(position, seat, memory)
    assert sum(1 for cards in follows if cards in ([ten], [king])) == 1


def test_sankou_cards_on_the_table_tell_two_cards_apart() -> None:
    # 8H and 7H held once, every other 7H and 8H played, two of them in this very trick: the
    # 8H beats the 7H on the table and the 7H does not, so they are not alike here.
    game, seat = at("table_tells_apart")
    position = Position(game.observation(seat))
    seen = Seen(position, seat, Memory.of(position))
    eight, seven = parse_cards("8H 7H")
    table = [c for play in position.trick for c in play.cards]
    assert seen.interchangeable()[eight] == seven  # nothing unseen between them
    assert seen.interchangeable(table)[eight] == eight


def test_sankou_defender_feeds_the_partners_behind_a_low_trump_lead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The dealer leads 4S 4S (trump spades) with ten higher trump pairs unseen and both
    # defenders still to play after this one: the heuristic followed 7S 9S, the strong player
    # at 100 rollouts gives KS 5S for one of them to take, and so does `medium` now.
    game, seat, action = medium("feed_behind_7")
    assert [p.seat for p in game.trick] == [game.dealer]
    fed = sorted(parse_cards("KS 5S"))
    assert isinstance(action, Play) and sorted(action.cards) == fed
    obs = game.observation(seat)
    reason = think(obs, level="medium", explain=True).reason
    assert reason == Reason("feeds_behind", {"points": 15})
    position = Position(obs)
    seen = Seen(position, seat, Memory.of(position))
    four = game.trick[0].cards[0]
    assert seen.unseen_above(TRUMP, game.order.strength[four.index], pairs=True) == 10
    strong = choose(game, seat, seed=1, simulations=100)
    assert isinstance(strong, Play) and sorted(strong.cards) == fed
    monkeypatch.setattr(policy, "FEED_BEHIND", None)
    before = choose(game, seat, level="medium")
    assert isinstance(before, Play) and sorted(before.cards) == sorted(parse_cards("7S 9S"))
