"""The 清墩 hand as a state machine: deal, tricks, going out, scoring and settlement (§1.5-1.7).

A ``Game`` is its start (a seed, or four given hands and a leader) plus the accepted actions;
``replay`` rebuilds it exactly. Every method that changes the game first checks everything and
raises ``IllegalMove`` with a specific code, so a refused action changes nothing.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from typing import Any, Self

from engine.actions import Action, Leave, Pass, Play, TakeBack
from engine.cards import ALL_CARDS, Card, deck, format_cards, parse_cards
from engine.game import GameBase, standing
from engine.qingdun.combos import Combo, beats_combo, classify, sort_hand
from engine.qingdun.describe import not_beating
from engine.qingdun.errors import refuse
from engine.qingdun.moves import Hand, Move
from engine.qingdun.observation import QingdunObservation, observe
from engine.qingdun.policy import Situation, choose
from engine.qingdun.settlement import (
    DOUBLE_KOU_DELTA,
    LAST_PENALTY,
    WIN_DELTA,
    early_winner,
    final,
    leave_deltas,
    points_held,
)
from engine.qingdun.view import (
    FinishedTrick,
    QingdunResult,
    QingdunView,
    ResultKind,
    Tally,
    TrickPlay,
    partner_of,
    team_of,
)

SEATS = range(4)
COPIES = 3  # three decks

_DISPLAY_ORDER = sort_hand(ALL_CARDS)


class Game(GameBase):
    """One hand of 清墩 between seats 0-3 (partners 0 & 2, 1 & 3)."""

    #: 2 since 2026-12-01: 頭家's exit alone merges, the early end against 二家's own points,
    #: 末家's forfeit, every led play of 2s the lowest, three jokers a 清墩, 排炮 by bombs.
    RULES_VERSION = 2

    def __init__(
        self,
        hands: Sequence[Sequence[Card]],
        leader: int,
        *,
        seed: int | None = None,
        face_up: Card | None = None,
    ) -> None:
        if len(hands) != 4:
            raise ValueError("a 清墩 hand needs four hands of cards")
        if leader not in SEATS:
            raise ValueError(f"the leader must be a seat 0-3, not {leader!r}")
        self._seed = seed
        self._face_up = face_up
        self._face_up_seat = leader if face_up is not None else None
        self._start_hands = tuple(tuple(sort_hand(hand)) for hand in hands)
        self._cnt = [[0] * 54 for _ in SEATS]
        self._rc = [[0] * 17 for _ in SEATS]
        self._size = [len(hand) for hand in hands]
        total = [0] * 54
        for seat, hand in enumerate(hands):
            if not hand:
                raise ValueError(f"seat {seat} has no cards")
            for card in hand:
                self._cnt[seat][card.index] += 1
                self._rc[seat][card.rank] += 1
                total[card.index] += 1
        too_many = [c for c in ALL_CARDS if total[c.index] > COPIES]
        if too_many:
            raise ValueError(f"more than {COPIES} copies of {too_many[0]} in the deal")
        self._actions: list[Action] = []
        self._first_leader = leader
        self._leader = leader
        self._to_move: int | None = leader
        self._trick: list[TrickPlay] = []
        self._top: Combo | None = None
        self._top_seat: int | None = None
        self._top_led = False
        self._passes = 0
        self._trick_points = 0
        self._points = [0, 0, 0, 0]  # captured by seat; 頭家's entry is 頭家's score (§1.6)
        self._merged = 0  # the partner's points 頭家's score took in
        self._finished: list[int] = []
        self._last_trick: FinishedTrick | None = None
        self._result: QingdunResult | None = None

    # -- construction ---------------------------------------------------------------------

    @classmethod
    def deal(cls, seed: int) -> Self:
        """A full random deal of the 162 cards, reproducible from ``seed`` (§1.1)."""
        rng = random.Random(seed)
        cards = deck(COPIES)
        rng.shuffle(cards)
        first = rng.randrange(4)  # the first two seats dealt get 41 cards
        face_up_at = rng.randrange(len(cards))  # the 明牌, turned up before the deal
        hands: list[list[Card]] = [[] for _ in SEATS]
        for i, card in enumerate(cards):
            hands[(first + i) % 4].append(card)
        return cls(hands, (first + face_up_at) % 4, seed=seed, face_up=cards[face_up_at])

    @classmethod
    def from_hands(cls, hands: Sequence[Sequence[Card] | str], leader: int) -> Self:
        """Any four hands (card lists or notation strings) with ``leader`` to lead."""
        return cls([parse_cards(h) if isinstance(h, str) else list(h) for h in hands], leader)

    @property
    def start(self) -> dict[str, Any]:
        """``{"seed": n}``, or the given hands and leader, for ``from_start``."""
        if self._seed is not None:
            return {"seed": self._seed}
        hands = [[str(card) for card in hand] for hand in self._start_hands]
        return {"hands": hands, "leader": self._first_leader}

    @classmethod
    def from_start(cls, start: dict[str, Any]) -> Self:
        if "seed" in start:
            return cls.deal(int(start["seed"]))
        hands = [parse_cards(h if isinstance(h, str) else " ".join(h)) for h in start["hands"]]
        return cls(hands, int(start["leader"]))

    # -- state ----------------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return self._to_move

    @property
    def over(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> QingdunResult | None:
        return self._result

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's cards, sorted for display (hidden information: not for front ends)."""
        return tuple(tuple(self._cards(seat)) for seat in SEATS)

    @property
    def hand_sizes(self) -> tuple[int, int, int, int]:
        s = self._size
        return (s[0], s[1], s[2], s[3])

    @property
    def top(self) -> Combo | None:
        """The play to beat in the current trick (None when a new trick is to be led)."""
        return self._top

    @property
    def top_led(self) -> bool:
        """Whether the top play is the trick's lead (led 2s count low, §1.2)."""
        return self._top_led

    @property
    def finished(self) -> tuple[int, ...]:
        return tuple(self._finished)

    def _cards(self, seat: int) -> list[Card]:
        cnt = self._cnt[seat]
        return [card for card in _DISPLAY_ORDER for _ in range(cnt[card.index])]

    # -- moves ----------------------------------------------------------------------------

    def legal_plays(self, seat: int) -> Iterator[list[Card]]:
        """Lazily, one card list per distinct play ``seat`` may make now (empty if not its turn).

        Every kind the hand can make is there; plays that differ only in suits that change
        nothing are listed once. Passing is not listed: see ``may_pass``.
        """
        for move in self._moves(seat):
            yield list(move.cards)

    def may_pass(self, seat: int) -> bool:
        """Whether ``seat`` may pass now: its turn, and not leading."""
        return self._to_move == seat and self._top is not None

    def _moves(self, seat: int) -> Iterator[Move]:
        if self._to_move != seat:
            return iter(())
        hand = Hand(self._cnt[seat], self._rc[seat])
        if self._top is None:
            return hand.leads()
        return hand.answers(self._top, self._top_led)

    def apply(self, action: Action) -> Combo | QingdunResult | Action | None:
        """Verify and apply a recorded action (``Play``, ``Pass``, ``Leave`` or ``TakeBack``)."""
        if isinstance(action, Play):
            return self.play(action.seat, action.cards)
        if isinstance(action, Pass):
            self.pass_turn(action.seat)
            return None
        if isinstance(action, Leave):
            return self.leave(action.seat)
        if isinstance(action, TakeBack):
            return self.take_back(action.seat)
        raise refuse("wrong_action", action=type(action).__name__.lower())

    def play(self, seat: int, cards: Iterable[Card] | str) -> Combo:
        """``seat`` plays ``cards`` (cards or notation) to the trick; returns the combination."""
        self._check_turn(seat)
        played = tuple(parse_cards(cards) if isinstance(cards, str) else cards)
        if not played:
            raise refuse("empty_play")
        self._check_held(seat, played)
        combo = classify(played)
        if combo is None:
            raise refuse("not_a_combination", cards=format_cards(played))
        top = self._top
        if top is not None and not beats_combo(combo, top, self._top_led):
            raise not_beating(combo, top, self._top_led)
        self._actions.append(Play(seat, played))
        self._do_play(seat, combo)
        return combo

    def redeal(self, hands: Sequence[Sequence[Card]]) -> Self:
        """This position with ``hands`` as the cards each seat holds now (as many as now):
        the AI deals the hidden cards of a position anew many times and plays each such
        world out. The copy shares nothing mutable with this game; its record (``start``,
        ``actions``) stays this game's, so it is for playing on, not for storing."""
        if [len(hand) for hand in hands] != self._size:
            raise ValueError("redeal needs as many cards in each hand as it holds now")
        game = copy.copy(self)
        game._cnt = [[0] * 54 for _ in SEATS]
        game._rc = [[0] * 17 for _ in SEATS]
        for seat, hand in enumerate(hands):
            cnt, rc = game._cnt[seat], game._rc[seat]
            for card in hand:
                cnt[card.index] += 1
                rc[card.rank] += 1
        game._size = self._size[:]
        game._actions = self._actions[:]
        game._trick = self._trick[:]
        game._points = self._points[:]
        game._finished = self._finished[:]
        return game

    def play_combo(self, seat: int, combo: Combo) -> None:
        """``seat`` plays ``combo``, known to be legal now: ``play`` without its checks, for
        the AI's rollouts, which play only combinations of the seat's own hand that beat the
        top play (anything else would corrupt the game)."""
        self._actions.append(Play(seat, combo.cards))
        self._do_play(seat, combo)

    def pass_turn(self, seat: int) -> None:
        """``seat`` passes; a player who passed may play again when the turn comes back."""
        self._check_turn(seat)
        if self._top is None:
            raise refuse("leader_cannot_pass")
        self._actions.append(Pass(seat))
        self._trick.append(TrickPlay(seat, (), None))
        self._passes += 1
        others = sum(1 for s in SEATS if self._size[s] and s != self._top_seat)
        if self._passes >= others:
            self._close_trick()
        else:
            self._to_move = self._next_holder(seat)

    def leave(self, seat: int) -> QingdunResult:
        """``seat`` leaves or is removed: the hand ends void with the penalty of §1.7."""
        if self._result is not None:
            raise refuse("hand_over")
        deltas = self.leave_deltas(seat)
        self._actions.append(Leave(seat))
        self._finish(ResultKind.LEFT, None, self._tally(), list(deltas), leaver=seat)
        return self._result  # type: ignore[return-value]

    def leave_deltas(self, seat: int) -> tuple[int, int, int, int]:
        """§1.7 (``settlement.leave_deltas``): the leaver −50, its partner 0, its opponents
        +10 each when someone holds fewer than 10 cards."""
        if seat not in SEATS:
            raise refuse("no_such_seat", seat=seat)
        return leave_deltas(seat, self._size)

    def check_take_back(self, seat: int) -> Action:
        """House rule (RULES.md §2.10): a player may take back a play or pass while it is the
        hand's last move and its trick is still open, unless it emptied the hand: going out
        shows the player the partner's hand (§1.5), which a take-back cannot hide again."""
        if self._result is not None:
            raise refuse("hand_over")
        moves = standing(self._actions)
        last = moves[-1] if moves else None
        if not isinstance(last, Play | Pass) or last.seat != seat:
            raise refuse("take_back_none")
        if not self._trick:
            raise refuse("take_back_trick_over")
        if not self._size[seat]:
            raise refuse("take_back_went_out")
        return last

    def hint(self, seat: int) -> Play | Pass:
        """A legal action by the simple policy of ``engine.qingdun.policy`` (bots, Hint)."""
        self._check_turn(seat)
        situation = Situation(seat, self._cnt[seat], self._rc[seat], self._size, self._top_seat)
        move = choose(list(self._moves(seat)), situation)
        return Pass(seat) if move is None else Play(seat, tuple(move.cards))

    # -- checks ---------------------------------------------------------------------------

    def _check_turn(self, seat: int) -> None:
        if self._result is not None:
            raise refuse("hand_over")
        if seat not in SEATS:
            raise refuse("no_such_seat", seat=seat)
        if not self._size[seat]:
            raise refuse("gone_out", seat=seat)
        if seat != self._to_move:
            raise refuse("not_your_turn", seat=self._to_move)

    def _check_held(self, seat: int, cards: tuple[Card, ...]) -> None:
        wanted: dict[Card, int] = {}
        for card in cards:
            wanted[card] = wanted.get(card, 0) + 1
        cnt = self._cnt[seat]
        for card, n in wanted.items():
            held = cnt[card.index]
            if held < n:
                if held == 0:
                    raise refuse("card_not_held", card=str(card), wanted=n)
                raise refuse("too_few_held", card=str(card), held=held, wanted=n)

    # -- the flow of a hand -----------------------------------------------------------------

    def _next_holder(self, seat: int) -> int:
        s = (seat + 1) % 4
        while not self._size[s]:
            s = (s + 1) % 4
        return s

    def _do_play(self, seat: int, combo: Combo) -> None:
        cnt, rc = self._cnt[seat], self._rc[seat]
        points = 0
        for card in combo.cards:
            cnt[card.index] -= 1
            rc[card.rank] -= 1
            points += card.points
        self._size[seat] -= len(combo.cards)
        self._trick.append(TrickPlay(seat, combo.cards, combo.kind))
        self._top_led = self._top is None
        self._top = combo
        self._top_seat = seat
        self._passes = 0
        self._trick_points += points
        if not self._size[seat]:
            self._go_out(seat)
        if self._result is None:
            self._to_move = self._next_holder(seat)

    def _go_out(self, seat: int) -> None:
        finished = self._finished
        finished.append(seat)
        team = team_of(seat)
        if len(finished) == 1:
            self._merge(seat)
        elif len(finished) == 2:
            if team_of(finished[0]) == team:  # 雙扣
                self._finish_by_team(ResultKind.DOUBLE_KOU, team, DOUBLE_KOU_DELTA, self._tally())
            else:
                self._check_early_end()
        else:
            self._close_trick()  # the third player out ends the trick and takes its points
            self._settle()

    def _merge(self, lead: int) -> None:
        """頭家 went out: its score takes in the partner's points, who restarts from 0."""
        points, partner = self._points, partner_of(lead)
        self._merged = points[partner]
        points[lead] += points[partner]
        points[partner] = 0

    def _check_early_end(self) -> None:
        """頭家's score against 二家's own points, the trick 二家 went out on still open."""
        lead, second = self._finished
        winner = early_winner(self._points[lead], self._points[second])
        if winner is not None:
            team = team_of(lead if winner == 0 else second)
            self._finish_by_team(ResultKind.EARLY_END, team, WIN_DELTA, self._tally())

    def _close_trick(self) -> None:
        winner = self._top_seat
        assert winner is not None
        points = self._trick_points
        self._points[winner] += points  # for 頭家: added to 頭家's score
        self._last_trick = FinishedTrick(winner, points, tuple(self._trick))
        self._trick = []
        self._top = None
        self._top_seat = None
        self._top_led = False
        self._passes = 0
        self._trick_points = 0
        if len(self._finished) < 3:
            # 借東風: a winner who has gone out passes the lead to the next player with cards.
            self._leader = winner if self._size[winner] else self._next_holder(winner)
            self._to_move = self._leader

    def _tally(self, last: int | None = None) -> Tally:
        """The points as they stand; with 末家 ``last``, its forfeit and the penalty (§1.6)."""
        p = self._points
        lead = self._finished[0] if self._finished else None
        tally = Tally((p[0], p[1], p[2], p[3]), lead, self._merged)
        if last is None:
            return tally
        held = points_held(self._cnt[last])
        return replace(
            tally, last=last, forfeit_captured=p[last], forfeit_in_hand=held, penalty=LAST_PENALTY
        )

    def _settle(self) -> None:
        """The third player is out: 末家's points go to the other team, 末家's team loses 30."""
        last = next(s for s in SEATS if self._size[s])
        tally = self._tally(last)
        kind, winner, delta = final(tally.team_points(), team_of(self._finished[0]))
        self._finish_by_team(kind, winner, delta, tally)

    def _finish_by_team(self, kind: ResultKind, winner: int, delta: int, tally: Tally) -> None:
        """End the hand with ``winner``'s team +``delta`` each."""
        deltas = [delta if team_of(s) == winner else -delta for s in SEATS]
        self._finish(kind, winner, tally, deltas)

    def _finish(
        self,
        kind: ResultKind,
        winner: int | None,
        tally: Tally,
        deltas: list[int],
        *,
        leaver: int | None = None,
    ) -> None:
        order = tuple(self._finished)
        if tally.last is not None:
            order = (*order, tally.last)
        self._result = QingdunResult(
            order=order,
            team_points=tally.team_points(),
            kind=kind,
            winner_team=winner,
            deltas=(deltas[0], deltas[1], deltas[2], deltas[3]),
            tally=tally,
            leaver=leaver,
        )
        self._to_move = None

    # -- views ----------------------------------------------------------------------------

    def view(self, seat: int | None) -> QingdunView:
        """What ``seat`` may know (``None``: the public, who see no hand at all)."""
        if seat is not None and seat not in SEATS:
            raise refuse("no_such_seat", seat=seat)
        hand = partner_hand = None
        if seat is not None:
            hand = tuple(self._cards(seat))
            if not self._size[seat]:
                partner_hand = tuple(self._cards(partner_of(seat)))
        p = self._points
        return QingdunView(
            seat=seat,
            hand=hand,
            partner_hand=partner_hand,
            hand_sizes=self.hand_sizes,
            to_move=self._to_move,
            leader=self._leader,
            trick=tuple(self._trick),
            top_seat=self._top_seat,
            points=(p[0], p[1], p[2], p[3]),
            finished=tuple(self._finished),
            face_up=self._face_up,
            face_up_seat=self._face_up_seat,
            last_trick=self._last_trick,
            over=self._result is not None,
            result=self._result,
        )

    def observation(self, seat: int) -> QingdunObservation:
        """What ``seat`` may know, with the public history: the only input of AI players."""
        if seat not in SEATS:
            raise refuse("no_such_seat", seat=seat)
        return observe(self, seat)
