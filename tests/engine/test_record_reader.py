"""``python -m engine.replay`` reads any file without a traceback: a malformed record, or one of
another rules version, exits 2 with one line saying why (issue 21 §4, §5)."""

from __future__ import annotations

import copy
import io
import json
import tempfile
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.records import GAMES, HandRecord, Player
from engine.replay import earlier, main, replay

NAMES = ("ann", "bo", "cy", "di")


def valid(game: str, seed: int = 4) -> dict[str, Any]:
    """A whole hand by the hint policy, as its record's JSON."""
    hand = GAMES[game].from_start({"seed": seed})
    while not hand.over:
        assert hand.to_move is not None
        hand.apply(hand.hint(hand.to_move))
    players = [Player(seat, name) for seat, name in enumerate(NAMES)]
    record = HandRecord.of(game, hand, outcome="complete", players=players, id="7")
    return record.to_json()


RECORDS = {game: valid(game) for game in GAMES}


def run(text: str) -> tuple[int, str]:
    """``python -m engine.replay`` on a file holding ``text``: its exit status and stderr."""
    err = io.StringIO()
    with (
        tempfile.TemporaryDirectory() as folder,
        redirect_stderr(err),
        redirect_stdout(io.StringIO()),
    ):
        path = Path(folder) / "hand.json"
        path.write_text(text, encoding="utf-8")
        status = main([str(path)])
    return status, err.getvalue()


def changed(game: str, path: tuple[Any, ...], value: Any) -> str:
    data = copy.deepcopy(RECORDS[game])
    *parents, last = path
    target = data
    for key in parents:
        target = target[key]
    target[last] = value
    return json.dumps(data, allow_nan=True)


def deep(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (changed("qingdun", ("game",), ["qingdun"]), "unknown game a list"),
        (changed("qingdun", ("actions", 0, "cards"), 5), "action 1: 'cards' must be text"),
        (changed("sankou", ("actions", 0), {"type": "bid", "seat": 1, "amount": "80"}), "'amount'"),
        (changed("qingdun", ("actions", 3, "seat"), True), "'seat' must be a seat number"),
        ('{"format": "cardtable-hand", "version": 1, "start": ' + deep(100_000) + "}", "nested"),
        (changed("qingdun", ("start", "seed"), 1234567).replace("1234567", "9" * 4400), "digits"),
        (changed("qingdun", ("start", "seed"), float("inf")), "Infinity"),
        (changed("sankou", ("start", "seed"), 1e300), "'start.seed' must be a whole number"),
        (changed("sankou", ("start", "hands"), 7), "'start.hands' must be cards"),
        (changed("qingdun", ("players",), [{"seat": "0", "name": "ann"}]), "'players'"),
        (changed("qingdun", ("version",), True), "unknown record version True"),
        (changed("qingdun", ("rules",), "2"), "'rules' must be a rules version"),
        (changed("sankou", ("start", "rules"), 3), "'rules' says 2 but 'start' says 3"),
    ],
)
def test_a_malformed_file_exits_2_with_one_line(text: str, said: str) -> None:
    status, err = run(text)
    assert status == 2 and err.count("\n") == 1 and said in err, err


@pytest.mark.parametrize("game", list(GAMES))
def test_another_rules_version_is_refused_with_one_line(game: str) -> None:
    data = copy.deepcopy(RECORDS[game])
    del data["rules"], data["start"]["rules"]  # as exported before rules versions: version 1
    status, err = run(json.dumps(data))
    assert status == 2 and err.count("\n") == 1
    assert err.endswith(
        f"this hand was played under {game} rules version 1, this program plays version 2: "
        "it is not re-played (its recorded result stands)\n"
    )
    record = HandRecord.from_json(data)
    assert record.rules == 1 and not record.current
    shown = earlier(record)  # what /scores replay shows instead: the deal, no tricks
    assert shown.earlier and shown.tricks == () and shown.record.result == data["result"]
    assert run(json.dumps(RECORDS[game]))[0] == 0  # today's version re-plays


def paths(value: Any, here: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON value (a few actions only: they are alike)."""
    if here:
        yield here
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:3]):
            yield from paths(item, (*here, index))


PLACES = [(game, place) for game, data in RECORDS.items() for place in paths(data)]
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=12)
    | st.sampled_from(["10H JS", "BJ BJ", "S", "play", "bid", "pass"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@given(place=st.sampled_from(PLACES), value=JSON)
def test_any_field_changed_to_any_json_never_ends_in_a_traceback(
    place: tuple[str, tuple[Any, ...]], value: Any
) -> None:
    game, path = place
    status, err = run(changed(game, path, value))
    assert status in (0, 1, 2)
    assert status != 2 or err.count("\n") == 1, err


@given(text=st.text(max_size=200) | JSON.map(lambda value: json.dumps(value, allow_nan=True)))
def test_any_text_never_ends_in_a_traceback(text: str) -> None:
    status, err = run(text)
    assert status == 2 and err.count("\n") == 1, err


def test_a_record_of_today_replays_as_before() -> None:
    for data in RECORDS.values():
        assert replay(HandRecord.from_json(data)).result_matches
