"""Why a 清墩 move was chosen, as a ``Reason`` code with parameters (docs/ai.md lists them).

The reason describes the chosen move in the terms of the heuristic's rules (go out, let the
partner's trick stand or take it over, keep a bomb, beat cheaply, bomb for points …); a move
the search chose over the heuristic's own says so (``found_by_search``) with what kind of
move it is.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.decision import Reason
from engine.ai.qingdun import policy
from engine.ai.qingdun.policy import Table
from engine.cards import Card
from engine.qingdun.combos import Combo, beats, classify
from engine.qingdun.observation import QingdunObservation


def explain(
    obs: QingdunObservation,
    units: Sequence[Combo],
    choice: tuple[Card, ...] | None,
    first: tuple[Card, ...] | None,
) -> Reason:
    """The reason for ``choice`` (``first``: the heuristic's own choice)."""
    at = Table(obs.seat, obs.hand_sizes, obs.top, obs.top_led, obs.top_seat, _points(obs))
    searched = _key(choice) != _key(first)
    reason = _pass(obs, units, at) if choice is None else _play(obs, units, at, choice)
    if searched:
        return Reason("found_by_search", {"move": reason.code, **reason.params})
    return reason


def _points(obs: QingdunObservation) -> int:
    return sum(card.points for play in obs.trick for card in play.cards)


def _key(choice: tuple[Card, ...] | None) -> tuple[Card, ...] | None:
    return None if choice is None else tuple(sorted(choice))


def _pass(obs: QingdunObservation, units: Sequence[Combo], at: Table) -> Reason:
    partner = (obs.seat + 2) % 4
    if obs.top_seat == partner:
        return Reason("lets_partner_win", {"points": at.points})
    top = obs.top
    assert top is not None
    answers = [u for u in units if beats(u, top, top_led=obs.top_led)]
    plain = [u for u in answers if not u.is_bomb]
    if plain:
        return Reason("saves_points", {"points": min(policy.points_of(u) for u in plain)})
    if policy.torn_answer(units, top, obs.top_led) is not None:
        return Reason("keeps_split", {"kind": top.kind.name.lower()})
    if answers:
        return Reason("keeps_bomb", {"points": at.points, "bombs": sum(u.is_bomb for u in units)})
    return Reason("cannot_beat", {})


def _play(
    obs: QingdunObservation, units: Sequence[Combo], at: Table, choice: tuple[Card, ...]
) -> Reason:
    combo = classify(choice)
    assert combo is not None
    kind = combo.kind.name.lower()
    if len(choice) == len(obs.hand):
        return Reason("goes_out", {"kind": kind})
    near = policy.closest(at)
    if obs.top is None:
        partner = obs.hand_sizes[(obs.seat + 2) % 4]
        if near <= policy.DANGER and len(choice) > near:
            return Reason("blocks_opponent", {"cards": near, "kind": kind})
        if 0 < partner <= policy.FEED_PARTNER and len(choice) == 1:
            return Reason("leads_for_partner", {"cards": partner})
        return Reason("leads_weakest", {"kind": kind})
    if combo.is_bomb:
        bombs = sum(u.is_bomb for u in units)
        if near <= policy.DANGER:
            return Reason("bombs_to_stop", {"cards": near, "bombs": bombs})
        if len(units) - bombs <= bombs:
            return Reason("bombs_to_finish", {"plays": len(units) - bombs})
        return Reason("bombs_for_points", {"points": at.points, "bombs": bombs})
    if obs.top_seat == (obs.seat + 2) % 4:  # taking over the partner's trick
        if policy.plain_plays(units) <= policy.OVERTAKE_PLAYS:
            return Reason("takes_over_to_finish", {"plays": max(1, len(units) - 1)})
        if policy.lowest(obs.top) <= policy.OVERTAKE_RANK:
            return Reason("takes_over_low", {"kind": obs.top.kind.name.lower()})
    return Reason("beats_cheaply", {"kind": kind, "points": at.points})
