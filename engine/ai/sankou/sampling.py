"""Worlds for a 三扣 seat: the hidden cards dealt anew, consistent with everything public.

The unseen cards (two decks minus the seat's hand, everything played, and the kitty when the
seat laid it) go to the other hands, at their known sizes, and to the kitty when the seat
cannot know it. Hard constraints:

- a revealed void: that seat holds no card of the suit class;
- a throw that stood: at that moment no other hand held a single of the suit stronger than
  the throw's smallest single, nor a pair stronger than its smallest pair (counting the
  cards that hand played since);

and a soft one, checked with the engine's own ``throw_failure``: a throw that failed was cut
down to the same forced cards. Softer still, the bidding and the kitty weigh where cards lie
(``_weights``), and the other seats' recent plays weigh whole deals (``inference``). A world
is then rebuilt through the engine itself: the start deal is each hand plus what it played,
and the public history is replayed onto it (a failed throw replayed as its forced cards, a
hidden discard as the sampled kitty), once per decision; later worlds are that game with
the hidden cards dealt anew (``Game.redeal``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.actions import Action, Discard, Play
from engine.ai.sankou import inference
from engine.ai.search import draw
from engine.cards import ACE, ALL_CARDS, JACK, KING, QUEEN, Card
from engine.sankou import combos
from engine.sankou.combos import Kind
from engine.sankou.game import Game
from engine.sankou.observation import SankouObservation
from engine.sankou.order import TRUMP, CardOrder, order_for
from engine.sankou.view import FailedThrow, Phase

KITTY = 4  # the kitty's slot number, after the four seats
COPIES = 2
RETRIES = 30  # attempts at a world that also repeats every failed throw
SWAPS = 3  # Metropolis swaps per unseen card after the first deal
#: Weights (see ``Sampler._weights``), fitted so that samples match self-play on average.
#: A defender's worlds give the dealer its trumps 4.2 times as readily as a uniform deal
#: (2.8 for jokers too until 7 December 2026, which put 0.55 jokers in the dealer's hand at
#: a defender's decision against 0.28 true, and too few other trumps), its jokers no more
#: readily than another seat's: it holds twice a defender's at the start of play (1.6 to
#: 0.8), but spends them early drawing trumps, so a joker not yet seen is seldom its.
DEALER_TRUMP_WEIGHT = 4.2
DEALER_JOKER_WEIGHT = 1.0
KITTY_TRUMP_WEIGHT = 0.02
BIDDER_WEIGHT = 1.5
HIGH_BIDDER_WEIGHT = 1.8
HIGH_BID = 100
PASSER_WEIGHT = 0.8
#: A side card's weight, by rank, in the kitty and in the dealer's hand as a defender
#: deals them: the dealer buries low side cards and keeps aces and point cards (the kitty's
#: points go to the defenders if they take the last trick). Fitted on 150 self-play deals
#: (strong bidding and burial) so that sampled kitties and dealers' hands hold as many of
#: each as the true ones; on 150 other deals the kitty's points came out 3.4 a world against
#: 3.3 true (8.5 with uniform side cards). Key 0: the low ranks, 2-9 but the 5.
KITTY_RANK_WEIGHT = {ACE: 0.3, KING: 0.4, 5: 0.45, JACK: 0.95, QUEEN: 0.95, 0: 1.8}
DEALER_RANK_WEIGHT = {ACE: 1.5, KING: 1.6, 5: 1.3, JACK: 0.9, QUEEN: 0.9, 0: 0.6}
_STRONG = [i for i in range(54) if ALL_CARDS[i].suit is None or ALL_CARDS[i].rank == 10]


class Sampler:
    """Deals worlds for one observation; build once per decision, sample many times."""

    def __init__(self, obs: SankouObservation) -> None:
        self.obs = obs
        seat = obs.seat
        self.order: CardOrder = order_for(obs.trump)
        self.played: list[list[Card]] = [[], [], [], []]
        plays = [*(p for t in obs.tricks for p in t.plays), *obs.trick]
        for play in plays:
            self.played[play.seat].extend(play.cards)
        # What the seat sees: its hand, all plays, and its own kitty.
        unseen = [COPIES] * 54
        for card in obs.hand:
            unseen[card.index] -= 1
        for cards in self.played:
            for card in cards:
                unseen[card.index] -= 1
        self.kitty_known = obs.kitty is not None and obs.phase is not Phase.KITTY
        if self.kitty_known:
            for card in obs.kitty or ():
                unseen[card.index] -= 1
        self.unseen = [ALL_CARDS[i] for i in range(54) for _ in range(unseen[i])]
        # Slots to fill: other seats at their sizes, and the kitty when it is hidden.
        self.sizes = [0 if s == seat else obs.hand_sizes[s] for s in range(4)]
        kitty_hidden = obs.phase is Phase.BIDDING or (
            obs.phase is not Phase.KITTY and not self.kitty_known and obs.dealer is not None
        )
        self.sizes.append(8 if kitty_hidden else 0)
        self.caps = self._caps()
        self.weight = self._weights()
        #: By card index, each slot that may ever hold it: (slot, weight, cap).
        self._places = [
            [(s, self.weight[s][i], self.caps[s][i]) for s in range(5) if self.caps[s][i]]
            for i in range(54)
        ]
        self.failed = self._failed_throws()
        self._template: Game | None = None
        self.likelihood = inference.Likelihood(obs)

    # -- what the bidding and the kitty suggest ---------------------------------------

    def _weights(self) -> list[list[float]]:
        """How much likelier each slot is to hold each card than a uniform deal says.

        The dealer named trump because it holds many (13.5 of its 25 cards on average, 7.5
        for a defender, measured in self-play), and laid side cards in the kitty: low ones,
        seldom an ace or a point card (``KITTY_RANK_WEIGHT``, ``DEALER_RANK_WEIGHT``). The
        auction speaks all hand long: a seat that bid is likelier to hold jokers and 10s
        (more so for a high bid), a seat that only ever passed less likely.
        """
        weight = [[1.0] * 54 for _ in range(5)]
        obs = self.obs
        suit_of = self.order.suit
        dealer = obs.dealer
        if obs.phase in (Phase.TRUMP, Phase.PLAY) and dealer is not None:
            defender = dealer != obs.seat
            for i, card in enumerate(ALL_CARDS):
                if suit_of[i] == TRUMP:
                    weight[KITTY][i] = KITTY_TRUMP_WEIGHT
                    if defender and obs.trump is not None:
                        joker = card.suit is None
                        weight[dealer][i] = DEALER_JOKER_WEIGHT if joker else DEALER_TRUMP_WEIGHT
                elif defender:
                    rank = card.rank
                    weight[KITTY][i] = KITTY_RANK_WEIGHT.get(rank, KITTY_RANK_WEIGHT[0])
                    weight[dealer][i] = DEALER_RANK_WEIGHT.get(rank, DEALER_RANK_WEIGHT[0])
        highest: dict[int, int] = {}
        for entry in obs.bids:
            highest.setdefault(entry.seat, 0)
            if entry.amount is not None:
                highest[entry.seat] = max(highest[entry.seat], entry.amount)
        for seat, amount in highest.items():
            if seat in (obs.seat, dealer):
                continue
            if not amount:
                factor = PASSER_WEIGHT
            else:
                factor = HIGH_BIDDER_WEIGHT if amount >= HIGH_BID else BIDDER_WEIGHT
            for i in _STRONG:
                weight[seat][i] *= factor
        return weight

    # -- constraints ------------------------------------------------------------------

    def _caps(self) -> list[list[int]]:
        """The most copies of each card each slot may hold (the kitty: any)."""
        caps = [[COPIES] * 54 for _ in range(5)]
        suit_of = self.order.suit
        obs = self.obs
        for s in range(4):
            for suit in obs.voids[s]:
                for i in range(54):
                    if suit_of[i] == suit:
                        caps[s][i] = 0
        for k, plays, failed in self._throws():
            if failed is not None:
                continue
            thrower = plays[0].seat
            pairs, singles = combos.split(list(plays[0].cards), self.order)
            low_single = self.order.strength[singles[0].index] if singles else 99
            low_pair = self.order.strength[pairs[0].index] if pairs else 99
            suit = suit_of[plays[0].cards[0].index]
            for s in range(4):
                if s == thrower:
                    continue
                since = self._played_since(s, k)
                for i in range(54):
                    if suit_of[i] != suit:
                        continue
                    strength = self.order.strength[i]
                    if strength > low_single:
                        caps[s][i] = 0
                    elif strength > low_pair:
                        caps[s][i] = min(caps[s][i], max(0, 1 - since[i]))
        return caps

    def _throws(self) -> list[tuple[int, Sequence, FailedThrow | None]]:
        """Every trick led by a throw (attempted cards for failed ones): (index, plays, fail)."""
        obs = self.obs
        found = []
        tricks = [(t.plays, t.failed_throw) for t in obs.tricks]
        if obs.trick:
            tricks.append((obs.trick, obs.failed_throw))
        for k, (plays, failed) in enumerate(tricks):
            led = list(failed.attempted) if failed is not None else list(plays[0].cards)
            if len(led) >= 2 and combos.classify_lead(led, self.order).kind is Kind.THROW:
                found.append((k, plays, failed))
        return found

    def _played_since(self, seat: int, trick: int) -> list[int]:
        """Copies of each card ``seat`` played from trick number ``trick`` on."""
        counts = [0] * 54
        obs = self.obs
        tricks = [t.plays for t in obs.tricks[trick:]]
        if obs.trick and trick <= len(obs.tricks):
            tricks.append(obs.trick)
        for plays in tricks:
            for play in plays:
                if play.seat == seat:
                    for card in play.cards:
                        counts[card.index] += 1
        return counts

    def _failed_throws(self) -> list[tuple[int, FailedThrow]]:
        return [(k, failed) for k, _, failed in self._throws() if failed is not None]

    # -- dealing ---------------------------------------------------------------------

    def deal(self, rng: random.Random) -> list[list[Card]]:
        """Hidden cards for slots 0-3 (the seat's own stays empty) and 4 (the kitty)."""
        slots = self._assign(rng)
        for _ in range(RETRIES):
            if self._repeats_failures(slots):
                break
            slots = self._assign(rng)
        return slots

    def _assign(self, rng: random.Random) -> list[list[Card]]:
        """A random deal of the unseen cards that keeps every hard constraint.

        Cards go one by one to a random allowed slot with room (weighted by room). When none
        has room, cards already dealt are moved along a chain of slots to make some (an
        augmenting path; there always is one, since the real deal keeps the constraints).
        The deal is then mixed by random swaps.
        """
        cards = list(self.unseen)
        rng.shuffle(cards)
        caps = self.caps
        room = list(self.sizes)
        slots: list[list[Card]] = [[], [], [], [], []]
        held = [[0] * 54 for _ in range(5)]
        weight = self.weight
        places = self._places
        random_ = rng.random
        for card in cards:
            i = card.index
            # the same products summed in the same order as slot by slot: the same floats
            allowed = [(s, room[s] * w) for s, w, cap in places[i] if room[s] and held[s][i] < cap]
            if allowed:
                pick = random_() * sum([p for _, p in allowed])
                for s, p in allowed:  # noqa: B007 (s: the slot the loop stops at)
                    pick -= p
                    if pick < 0:
                        break
            else:
                s = self._make_room(i, slots, held, room)
            slots[s].append(card)
            held[s][i] += 1
            room[s] -= 1
        # Metropolis swaps towards P(deal) ∝ the product of the weights of where cards lie.
        # Every draw is the one `rng.randrange(n)` makes (`getrandbits` of n's bit length,
        # again while it is n or more), written out without its checks: this loop is a third
        # of dealing a world.
        bits = rng.getrandbits
        for _ in range(SWAPS * len(cards)):
            a = bits(3)
            while a >= 5:
                a = bits(3)
            b = bits(3)
            while b >= 5:
                b = bits(3)
            sa, sb = slots[a], slots[b]
            if a == b or not sa or not sb:
                continue
            n = len(sa)
            x = bits(n.bit_length())
            while x >= n:
                x = bits(n.bit_length())
            n = len(sb)
            y = bits(n.bit_length())
            while y >= n:
                y = bits(n.bit_length())
            i, j = sa[x].index, sb[y].index
            if i == j or held[a][j] >= caps[a][j] or held[b][i] >= caps[b][i]:
                continue
            ratio = weight[a][j] * weight[b][i] / (weight[a][i] * weight[b][j])
            if ratio < 1 and rng.random() >= ratio:
                continue
            sa[x], sb[y] = sb[y], sa[x]
            held[a][i] -= 1
            held[a][j] += 1
            held[b][j] -= 1
            held[b][i] += 1
        return slots

    def _make_room(
        self, face: int, slots: list[list[Card]], held: list[list[int]], room: list[int]
    ) -> int:
        """Move dealt cards along a chain of slots so that ``face`` fits; its slot."""
        caps = self.caps
        starts = [s for s in range(5) if held[s][face] < caps[s][face]]
        parent: dict[int, tuple[int, int] | None] = {s: None for s in starts}
        queue = list(starts)
        end = None
        while queue and end is None:
            s = queue.pop(0)
            for position, card in enumerate(slots[s]):
                i = card.index
                for t in range(5):
                    if t not in parent and held[t][i] < caps[t][i]:
                        parent[t] = (s, position)
                        if room[t]:
                            end = t
                            break
                        queue.append(t)
                if end is not None:
                    break
        if end is None:  # impossible for a real deal; keep going rather than fail
            return max(range(5), key=lambda s: room[s])
        t = end
        while parent[t] is not None:
            s, position = parent[t]  # type: ignore[misc]
            card = slots[s].pop(position)
            slots[t].append(card)
            held[s][card.index] -= 1
            held[t][card.index] += 1
            room[s] += 1
            room[t] -= 1
            t = s
        return t

    def _repeats_failures(self, slots: list[list[Card]]) -> bool:
        """Whether every failed throw would fail the same way with these hidden cards."""
        for k, failed in self.failed:
            others = []
            for s in range(4):
                if s == failed.seat:
                    continue
                now = list(self.obs.hand) if s == self.obs.seat else slots[s]
                since = self._played_since(s, k)
                others.append(now + [ALL_CARDS[i] for i in range(54) for _ in range(since[i])])
            forced = combos.throw_failure(list(failed.attempted), others, self.order)
            if forced is None or sorted(forced) != sorted(failed.forced):
                return False
        return True

    # -- worlds ------------------------------------------------------------------------

    def world(self, rng: random.Random) -> Game:
        """A game at the observed position with freshly sampled hidden cards (``hidden``)."""
        return self.of(self.hidden(rng))

    def hidden(self, rng: random.Random) -> list[list[Card]]:
        """A world's hidden cards, as ``deal`` gives them: one of a few deals, drawn by how
        well it explains the other seats' recent plays."""
        if not self.likelihood.checks:
            return self.deal(rng)
        options = [self.deal(rng) for _ in range(inference.CANDIDATES)]
        weights = [self.likelihood.weight(slots, slots[KITTY]) for slots in options]
        return options[draw(weights, rng)]

    def of(self, slots: list[list[Card]]) -> Game:
        """The observed position with these hidden cards: the history is replayed once, through
        every check, and later worlds are that game with the cards dealt anew."""
        if self._template is None:
            self._template = self.build(slots)
        obs = self.obs
        now = [list(obs.hand) if s == obs.seat else slots[s] for s in range(4)]
        if obs.phase is Phase.KITTY:
            kitty = list(obs.kitty or ())
        elif obs.phase is Phase.BIDDING or not self.kitty_known:
            kitty = slots[KITTY]
        else:
            kitty = list(obs.kitty or ())
        return self._template.redeal(now, kitty)

    def build(self, slots: list[list[Card]]) -> Game:
        obs = self.obs
        now = [list(obs.hand) if s == obs.seat else slots[s] for s in range(4)]
        dealer = obs.dealer
        if obs.phase is Phase.BIDDING:
            kitty = slots[KITTY]
        elif obs.phase is Phase.KITTY:
            assert dealer is not None
            kitty = list(obs.kitty or ()) if obs.seat == dealer else now[dealer][:8]
            for card in kitty:
                now[dealer].remove(card)
        else:
            kitty = list(obs.kitty or ()) if self.kitty_known else slots[KITTY]
        hands = [now[s] + self.played[s] for s in range(4)]
        game = Game.from_deal(hands, kitty, obs.first_bidder)
        for action in self._history(kitty):
            game.apply(action)
        return game

    def _history(self, kitty: list[Card]) -> list[Action]:
        """The public history with the discard filled in and failed throws as forced."""
        obs = self.obs
        failed = {k: f for k, f in self.failed}
        out: list[Action] = []
        plays = 0
        for action in obs.history:
            if isinstance(action, Discard):
                action = Discard(action.seat, tuple(kitty))
            elif isinstance(action, Play):
                k, position = divmod(plays, 4)
                plays += 1
                if position == 0 and k in failed:
                    action = Play(action.seat, failed[k].forced)
            out.append(action)
        return out
