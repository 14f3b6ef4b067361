"""Worlds for a 清墩 seat: the hidden cards dealt anew, consistent with everything public.

The unseen cards (three decks minus the seat's hand, the partner's hand once the seat is
out, and everything played) go to the other hands at their known sizes. One is not free:
the face-up card (明牌) was dealt to the first leader, so while that seat has not played a
copy of it, one copy stays in its hand. A world is rebuilt through the engine itself: each
start hand is the sampled hand plus what that seat played, and the public history is
replayed onto it, once per decision: later worlds are that game with the hidden cards
dealt anew (``Game.redeal``), each the likeliest of a few deals given the other seats'
recent decisions (``inference``).
"""

from __future__ import annotations

import random

from engine.actions import Play
from engine.ai.qingdun import inference
from engine.ai.qingdun.policy import Table
from engine.ai.search import draw
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
        self.pinned = self._pinned(unseen)
        if self.pinned is not None:
            unseen[self.pinned[1].index] -= 1
        self.unseen = [ALL_CARDS[i] for i in range(54) for _ in range(unseen[i])]
        self._template: Game | None = None
        self.likelihood = inference.Likelihood()

    def _pinned(self, unseen: list[int]) -> tuple[int, Card] | None:
        """(seat, card): the face-up card, still in its holder's hidden hand."""
        obs = self.obs
        card, holder = obs.face_up, obs.first_leader
        if card is None or holder in self.known or not obs.hand_sizes[holder]:
            return None
        if card in self.played[holder] or unseen[card.index] <= 0:
            return None
        return holder, card

    def deal(self, rng: random.Random) -> list[list[Card]]:
        """Every seat's cards now: the known ones, and the unseen ones shuffled out."""
        cards = list(self.unseen)
        rng.shuffle(cards)
        hands: list[list[Card]] = []
        for seat in range(4):
            if seat in self.known:
                hands.append(self.known[seat])
                continue
            size = self.obs.hand_sizes[seat]
            if self.pinned is not None and self.pinned[0] == seat:
                hands.append([self.pinned[1], *cards[: size - 1]])
                del cards[: size - 1]
            else:
                hands.append(cards[:size])
                del cards[:size]
        return hands

    def world(self, rng: random.Random) -> Game:
        """A game at the observed position with freshly dealt hidden cards (one of a few
        deals, drawn by how well it explains the other seats' recent decisions)."""
        hands = self.deal(rng)
        if self._template is None:  # the history replayed once, through every check
            self._template = self.build(hands)
        elif self.likelihood.checks:
            options = [hands, *(self.deal(rng) for _ in range(inference.CANDIDATES - 1))]
            hands = options[draw([self.likelihood.weight(h) for h in options], rng)]
        return self._template.redeal(hands)

    def build(self, hands: list[list[Card]]) -> Game:
        """The world replayed from its start, noting the table before each decision the
        likelihood will judge."""
        obs = self.obs
        game = Game([hands[s] + self.played[s] for s in range(4)], obs.first_leader)
        judged = self._judged()
        for index, action in enumerate(obs.history):
            if index in judged:
                view = game.view(None)
                points = sum(card.points for play in view.trick for card in play.cards)
                table = Table(
                    action.seat, game.hand_sizes, game.top, game.top_led, view.top_seat, points
                )
                played = action.cards if isinstance(action, Play) else None
                self.likelihood.add(action.seat, table, played, judged[index])
            game.apply(action)
        return game

    def _judged(self) -> dict[int, list[Card]]:
        """The history's last decisions of hidden seats, each with what that seat played
        from there on."""
        since: list[list[Card]] = [[], [], [], []]
        judged: dict[int, list[Card]] = {}
        history = self.obs.history
        for index in range(len(history) - 1, -1, -1):
            action = history[index]
            if isinstance(action, Play):
                since[action.seat] = [*action.cards, *since[action.seat]]
            if action.seat not in self.known and len(judged) < inference.RECENT:
                judged[index] = list(since[action.seat])
        return judged
