"""The 海宁三扣 hand as a state machine: bidding → kitty → trump → play → over.

A hand is its start (a seed, or a given deal) plus the recorded actions. Every method that
changes the hand checks everything first and raises ``IllegalMove`` before touching any state,
so a refused action changes nothing. A ``Play`` is recorded as the cards the player *attempted*:
a throw that fails is cut down to its forced cards by the rules, from the other hands at that
moment, so a replay re-derives the same forced cards.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from typing import Any, Self

from engine.actions import Action, Bid, DeclareTrump, Discard, Leave, Pass, Play, TakeBack
from engine.cards import Card, Suit, points
from engine.game import GameBase
from engine.sankou import combos, dealing, moves, policy, scoring
from engine.sankou.auction import BID_STEP, MAX_BID, MIN_BID, Auction
from engine.sankou.checks import (
    SEATS,
    CardsLike,
    cards_of,
    check_follow,
    check_held,
    check_seat_number,
    check_take_back,
    suit_named,
)
from engine.sankou.combos import Key, Lead
from engine.sankou.dealing import HAND_SIZE, KITTY_SIZE
from engine.sankou.errors import illegal
from engine.sankou.observation import SankouObservation, observe
from engine.sankou.order import CardOrder, order_for, sort_hand
from engine.sankou.view import (
    FailedThrow,
    FinishedTrick,
    Phase,
    SankouResult,
    SankouView,
    TrickPlay,
)

__all__ = ["BID_STEP", "HAND_SIZE", "KITTY_SIZE", "MAX_BID", "MIN_BID", "Game"]


class Game(GameBase):
    """One hand of 三扣. Build it with ``deal``, ``from_deal`` or ``from_start``."""

    #: 2 since 2026-12-01: a failed throw forces the smallest pair it could lose; the leaving
    #: penalty scales with the contract's multiplier and the leaver's fellow defenders score 0.
    RULES_VERSION = 2

    def __init__(
        self,
        hands: Sequence[Sequence[Card]],
        kitty: Sequence[Card],
        first_bidder: int,
        start: dict[str, Any],
    ) -> None:
        self._start = start
        self._actions: list[Action] = []
        self._hands: list[list[Card]] = [list(hand) for hand in hands]
        self._kitty: list[Card] = list(kitty)
        self._dealt_kitty: tuple[Card, ...] = tuple(kitty)
        self._first_bidder = first_bidder
        self._phase = Phase.BIDDING
        self._to_move: int | None = first_bidder
        # Bidding
        self._auction = Auction()
        self._dealer: int | None = None
        self._contract: int | None = None
        # Play
        self._trump: Suit | None = None
        self._order: CardOrder = order_for(None)
        self._leader: int | None = None
        self._lead: Lead | None = None
        self._trick: list[TrickPlay] = []
        self._best: tuple[Key, int] | None = None  # (key, seat) of the play winning the trick
        self._failed_throw: FailedThrow | None = None
        self._tricks: list[FinishedTrick] = []
        self._dealer_points = 0
        self._defender_points = 0
        self._result: SankouResult | None = None

    # -- Construction ----------------------------------------------------------------------

    @classmethod
    def deal(cls, seed: int, first_bidder: int | None = None) -> Self:
        """A full random deal from ``seed`` (``dealing.by_seed``)."""
        return cls(*dealing.by_seed(seed, first_bidder))

    @classmethod
    def from_deal(cls, hands: Sequence[CardsLike], kitty: CardsLike, first_bidder: int = 0) -> Self:
        """Any four equal hands and a kitty of 8 (tests, puzzles; ``dealing.given``)."""
        return cls(*dealing.given(hands, kitty, first_bidder))

    @property
    def start(self) -> dict[str, Any]:
        return dict(self._start)

    @classmethod
    def from_start(cls, start: dict[str, Any]) -> Self:
        if "seed" in start:
            return cls.deal(int(start["seed"]), start.get("first_bidder"))
        return cls.from_deal(start["hands"], start["kitty"], int(start["first_bidder"]))

    def redeal(self, hands: Sequence[Sequence[Card]], kitty: Sequence[Card]) -> Self:
        """This position with ``hands`` and ``kitty`` as the cards held and laid now (as
        many as now): the AI deals the hidden cards of a position anew many times and plays
        each such world out. The copy shares nothing mutable with this game; its record
        (``start``, ``actions``) stays this game's, so it is for playing on, not storing."""
        sizes = [len(hand) for hand in hands] + [len(kitty)]
        if sizes != [len(hand) for hand in self._hands] + [len(self._kitty)]:
            raise ValueError("redeal needs as many cards in each hand as it holds now")
        game = copy.copy(self)
        game._hands = [list(hand) for hand in hands]
        game._kitty = list(kitty)
        game._actions = self._actions[:]
        game._trick = self._trick[:]
        game._tricks = self._tricks[:]
        return game

    def apply(self, action: Action) -> Any:
        """Route a recorded action to the method that checks and applies it."""
        if isinstance(action, Play):
            return self.play(action.seat, list(action.cards))
        if isinstance(action, Bid):
            return self.bid(action.seat, action.amount)
        if isinstance(action, Pass):
            return self.pass_turn(action.seat)
        if isinstance(action, Discard):
            return self.discard(action.seat, list(action.cards))
        if isinstance(action, DeclareTrump):
            return self.declare_trump(action.seat, action.suit)
        if isinstance(action, Leave):
            return self.leave(action.seat)
        if isinstance(action, TakeBack):
            return self.take_back(action.seat)
        raise TypeError(f"not a 三扣 action: {action!r}")

    # -- State -----------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def to_move(self) -> int | None:
        return self._to_move

    @property
    def over(self) -> bool:
        return self._phase is Phase.OVER

    @property
    def result(self) -> SankouResult | None:
        return self._result

    @property
    def first_bidder(self) -> int:
        return self._first_bidder

    @property
    def dealer(self) -> int | None:
        return self._dealer

    @property
    def contract(self) -> int | None:
        """The winning bid once bidding is over."""
        return self._contract

    @property
    def trump(self) -> Suit | None:
        return self._trump

    @property
    def order(self) -> CardOrder:
        """The card order under the named trump (before trump: the display order only)."""
        return self._order

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every hand (hidden information: for tests, bots with full knowledge, the log)."""
        return tuple(tuple(hand) for hand in self._hands)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """One seat's cards, in no particular order (``view(seat).hand`` is sorted)."""
        return tuple(self._hands[seat])

    @property
    def kitty(self) -> tuple[Card, ...]:
        """The kitty as it lies now (hidden information: the dealer's and the result's only)."""
        return tuple(self._kitty)

    @property
    def dealer_points(self) -> int:
        """Points the dealer has captured (with the kitty added once 保底 applies)."""
        return self._dealer_points

    @property
    def defender_points(self) -> int:
        return self._defender_points

    @property
    def lead(self) -> Lead | None:
        """The current trick's lead (after a failed throw: the forced cards), if any."""
        return self._lead

    @property
    def trick(self) -> tuple[TrickPlay, ...]:
        return tuple(self._trick)

    @property
    def tricks(self) -> tuple[FinishedTrick, ...]:
        return tuple(self._tricks)

    # -- Bidding ---------------------------------------------------------------------------

    def bid(self, seat: int, amount: int) -> None:
        """Bid ``amount``: a multiple of 5, 80-200, at least 5 above the highest bid."""
        self._check_bidder(seat)
        self._auction.check_bid(amount)
        self._actions.append(Bid(seat, amount))
        self._next_bidder(seat, self._auction.bid(seat, amount))

    def pass_turn(self, seat: int) -> None:
        """Pass in the bidding; the same player may bid again when the turn comes back."""
        self._check_bidder(seat)
        self._actions.append(Pass(seat))
        self._next_bidder(seat, self._auction.pass_turn(seat))

    def min_bid(self) -> int:
        """The smallest bid allowed now."""
        return self._auction.min_bid

    def _check_bidder(self, seat: int) -> None:
        self._check_seat(seat)
        self._check_phase(Phase.BIDDING, "not_bidding")
        if seat != self._to_move:
            raise illegal("not_your_turn_bid", seat=self._to_move)

    def _next_bidder(self, seat: int, auction: Auction) -> None:
        """The next seat bids, or the bidding is over: the dealer takes up the kitty."""
        self._auction = auction
        outcome = auction.outcome()
        if outcome is None:
            self._to_move = (seat + 1) % SEATS
            return
        dealer, contract = outcome
        self._dealer, self._contract = dealer, contract
        self._hands[dealer].extend(self._kitty)
        self._phase = Phase.KITTY
        self._to_move = dealer

    # -- Kitty and trump -------------------------------------------------------------------

    def discard(self, seat: int, cards: CardsLike) -> None:
        """The dealer lays exactly 8 cards back as the kitty (any 8: point cards too)."""
        laid = cards_of(cards)
        self._check_seat(seat)
        self._check_phase(Phase.KITTY, "not_kitty_phase")
        if seat != self._dealer:
            raise illegal("not_dealer_kitty", seat=self._dealer)
        if len(laid) != KITTY_SIZE:
            raise illegal("kitty_count", count=len(laid))
        check_held(self._hands[seat], laid)
        self._actions.append(Discard(seat, tuple(laid)))
        hand = self._hands[seat]
        for card in laid:
            hand.remove(card)
        self._kitty = laid
        self._phase = Phase.TRUMP

    def declare_trump(self, seat: int, suit: Suit | str) -> None:
        """The dealer names trump (S H D C or a ``Suit``); the dealer then leads."""
        self._check_seat(seat)
        self._check_phase(Phase.TRUMP, "not_trump_phase")
        if seat != self._dealer:
            raise illegal("not_dealer_trump", seat=self._dealer)
        trump = suit_named(suit)
        self._actions.append(DeclareTrump(seat, trump))
        self._trump = trump
        self._order = order_for(trump)
        self._phase = Phase.PLAY
        self._leader = self._to_move = seat

    # -- Play ------------------------------------------------------------------------------

    def play(self, seat: int, cards: CardsLike) -> list[Card]:
        """Play cards to the trick; returns the cards actually played.

        A throw that does not stand is cut down to its forced single or pair: those are
        returned and played, the rest stays in the hand, and the failure is kept in the trick
        (``view().failed_throw``, ``FinishedTrick.failed_throw``) so everyone can be told.
        """
        attempted = cards_of(cards)
        self._check_player(seat)
        hand = self._hands[seat]
        check_held(hand, attempted)
        if self._trick:
            assert self._lead is not None
            check_follow(hand, attempted, self._lead, self._order, self._trump)
        return self.play_trusted(seat, attempted)

    def play_trusted(self, seat: int, attempted: list[Card]) -> list[Card]:
        """``play`` for cards already known to be a legal play of ``seat`` now (the AI's
        rollouts play only follows built by the follow rule): the same play, its checks
        skipped. Anything else would corrupt the hand."""
        hand = self._hands[seat]
        order = self._order
        if not self._trick:
            lead, forced = combos.lead_made(attempted, self._hands, seat, order)
            played = attempted if forced is None else forced
            if forced is not None:
                self._failed_throw = FailedThrow(seat, tuple(attempted), tuple(forced))
            self._lead = lead
            self._leader = seat
            self._best = (lead.key, seat)
        else:
            lead = self._lead
            assert lead is not None and self._best is not None
            played = attempted
            key = combos.play_key(lead, attempted, order)
            if key is not None and key > self._best[0]:
                self._best = (key, seat)
        self._actions.append(Play(seat, tuple(attempted)))
        for card in played:
            hand.remove(card)
        self._trick.append(TrickPlay(seat, tuple(played)))
        if len(self._trick) == SEATS:
            self._finish_trick()
        else:
            self._to_move = (seat + 1) % SEATS
        return list(played)

    def _check_player(self, seat: int) -> None:
        self._check_seat(seat)
        self._check_phase(Phase.PLAY, "not_play_phase")
        if seat != self._to_move:
            raise illegal("not_your_turn_play", seat=self._to_move)

    def _finish_trick(self) -> None:
        assert self._best is not None and self._leader is not None
        winner = self._best[1]
        won = sum(points(play.cards) for play in self._trick)
        if winner == self._dealer:
            self._dealer_points += won
        else:
            self._defender_points += won
        self._tricks.append(
            FinishedTrick(self._leader, winner, won, tuple(self._trick), self._failed_throw)
        )
        self._trick = []
        self._lead = None
        self._best = None
        self._failed_throw = None
        self._leader = self._to_move = winner
        if not any(self._hands):
            self._settle(kitty_to_dealer=winner == self._dealer)

    def _settle(self, *, kitty_to_dealer: bool) -> None:
        """保底: the dealer who wins the last trick adds the kitty's points; then the table."""
        assert self._dealer is not None and self._contract is not None
        if kitty_to_dealer:
            self._dealer_points += points(self._kitty)
        self._result = scoring.settled(
            self._dealer, self._contract, self._dealer_points, self._kitty, kitty_to_dealer
        )
        self._phase = Phase.OVER
        self._to_move = None
        self._leader = None

    # -- Leaving ---------------------------------------------------------------------------

    def leave(self, seat: int) -> SankouResult:
        """``seat`` leaves or is removed (RULES.md §2.9, see ``leave_deltas``); the hand is void.

        A hand left during the bidding has no dealer or contract yet: those are ``None``.
        """
        self._check_seat(seat)
        if self._phase is Phase.OVER:
            raise illegal("hand_over")
        self._actions.append(Leave(seat))
        bid = self._contract or self._auction.high_bid
        self._result = scoring.left(seat, self._dealer, bid, self._dealer_points, self._kitty)
        self._phase = Phase.OVER
        self._to_move = None
        return self._result

    def leave_deltas(self, seat: int) -> tuple[int, int, int, int]:
        """§2.9: the leaver −9 × m, each of its opponents +3 × m, its fellow defenders 0."""
        self._check_seat(seat)
        bid = self._contract or self._auction.high_bid
        return scoring.leave_deltas(seat, self._dealer, bid)

    def check_take_back(self, seat: int) -> Action:
        """The move ``seat`` may take back now (``checks.check_take_back``: RULES.md §2.10)."""
        self._check_seat(seat)
        if self._phase is Phase.OVER:
            raise illegal("hand_over")
        failed = self._failed_throw is not None
        return check_take_back(self._actions, seat, len(self._trick), self._lead, failed)

    # -- Moves, hints, views ---------------------------------------------------------------

    def legal_plays(self, seat: int) -> Iterator[list[Card]]:
        """Lazily: leading, every single, pair, tractor and eight of a kind (no throws);
        following, every legal follow, cheapest first. Nothing when it is not ``seat``'s turn.

        Following can be huge: every way to fill the part the follow rule leaves free, so a
        player void in the suit of a 10-card lead has C(25, 10) ≈ 3.3 million legal follows.
        Take what you need (``next``, ``islice``), never ``list`` it; for a few suggestions
        by groups use ``engine.sankou.follows``.
        """
        if self._phase is not Phase.PLAY or seat != self._to_move:
            return iter(())
        hand = self._hands[seat]
        if self._lead is None:
            return moves.leads(hand, self._order)
        return moves.follows(hand, self._lead, self._order)

    def is_legal(self, seat: int, cards: CardsLike) -> bool:
        """Whether ``play(seat, cards)`` would be accepted (a throw is, even one that fails)."""
        try:
            attempted = cards_of(cards)
            self._check_player(seat)
            check_held(self._hands[seat], attempted)
            if self._lead is None:
                combos.classify_lead(attempted, self._order)
            else:
                check_follow(self._hands[seat], attempted, self._lead, self._order, self._trump)
        except ValueError:
            return False
        return True

    def winning_seat(self) -> int | None:
        """Who is winning the current trick so far."""
        return self._best[1] if self._best is not None else None

    def winning_key(self) -> Key | None:
        """The standing of the play winning the current trick (see ``combos``)."""
        return self._best[0] if self._best is not None else None

    def hint(self, seat: int) -> Action:
        """A simple legal action for ``seat`` now (see ``policy``): bot seats, the Hint button."""
        return policy.hint(self, seat)

    def view(self, seat: int | None) -> SankouView:
        if seat is not None:
            self._check_seat(seat)
        hand = tuple(sort_hand(self._hands[seat], self._trump)) if seat is not None else None
        kitty: tuple[Card, ...] | None = None
        if seat is not None and seat == self._dealer:
            kitty = self._dealt_kitty if self._phase is Phase.KITTY else tuple(self._kitty)
        return SankouView(
            seat=seat,
            phase=self._phase,
            hand=hand,
            hand_sizes=tuple(len(h) for h in self._hands),  # type: ignore[arg-type]
            first_bidder=self._first_bidder,
            bids=self._auction.bids,
            to_move=self._to_move,
            dealer=self._dealer,
            contract=self._contract,
            trump=self._trump,
            kitty=kitty,
            leader=self._leader if self._phase is Phase.PLAY else None,
            trick=tuple(self._trick),
            winning_seat=self.winning_seat(),
            failed_throw=self._failed_throw,
            last_trick=self._tricks[-1] if self._tricks else None,
            dealer_points=self._dealer_points,
            defender_points=self._defender_points,
            tricks_played=len(self._tricks),
            over=self.over,
            result=self._result,
        )

    def observation(self, seat: int) -> SankouObservation:
        """What ``seat`` may know, with the public history: the only input of AI players."""
        self._check_seat(seat)
        return observe(self, seat)

    def _check_phase(self, phase: Phase, code: str) -> None:
        if self._phase is not phase:
            raise illegal("hand_over" if self._phase is Phase.OVER else code)

    @staticmethod
    def _check_seat(seat: int) -> None:
        check_seat_number(seat, "bad_seat")

    def __repr__(self) -> str:
        return (
            f"<sankou.Game phase={self._phase} to_move={self._to_move} dealer={self._dealer}"
            f" contract={self._contract} trump={self._trump}>"
        )
