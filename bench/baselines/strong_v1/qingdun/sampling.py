"""Worlds for a 清墩 seat: the hidden cards dealt anew, consistent with everything public.

The unseen cards (three decks minus the seat's hand, the partner's hand once the seat is
out, and everything played) go to the other hands at their known sizes. A world is rebuilt
through the engine itself: each start hand is the sampled hand plus what that seat played,
and the public history is replayed onto it.
"""

from __future__ import annotations

import random

from engine.cards import ALL_CARDS, Card
from engine.qingdun.game import Game
from engine.qingdun.observation import QingdunObservation

COPIES = 3


class Sampler:
    """Deals worlds for one observation; build once per decision, sample many times."""

    def __init__(self, obs: QingdunObservation) -> None:
        self.obs = obs
        self.played = [list(cards) for cards in obs.played]
        self.known: dict[int, list[Card]] = {obs.seat: list(obs.hand)}
        if obs.partner_hand is not None:
            self.known[(obs.seat + 2) % 4] = list(obs.partner_hand)
        unseen = [COPIES] * 54
        for cards in (*self.known.values(), *self.played):
            for card in cards:
                unseen[card.index] -= 1
        self.unseen = [ALL_CARDS[i] for i in range(54) for _ in range(unseen[i])]

    def deal(self, rng: random.Random) -> list[list[Card]]:
        """Every seat's cards now: the known ones, and the unseen ones shuffled out."""
        cards = list(self.unseen)
        rng.shuffle(cards)
        hands: list[list[Card]] = []
        for seat in range(4):
            if seat in self.known:
                hands.append(self.known[seat])
            else:
                size = self.obs.hand_sizes[seat]
                hands.append(cards[:size])
                del cards[:size]
        return hands

    def world(self, rng: random.Random) -> Game:
        return self.build(self.deal(rng))

    def build(self, hands: list[list[Card]]) -> Game:
        game = Game([hands[s] + self.played[s] for s in range(4)], self.obs.first_leader)
        for action in self.obs.history:
            game.apply(action)
        return game
