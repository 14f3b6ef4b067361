"""Sample pictures of every kind of state, for people to look at:
``python -m render.demo OUTDIR [--four-colour] [--phone]``.

The states are built directly from the engines' view types (no game is played; the replay's
deal pages replay one seeded hand each), so they also serve the golden-image tests and the
benchmark.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from engine.cards import Card, Suit, parse_cards
from engine.qingdun import view as qv
from engine.qingdun.kinds import ComboKind
from engine.records import GAMES
from engine.replay import RevealedDeal, reveal
from engine.sankou import view as sv
from render.board import BoardPicture, BoardRow

NAMES = ("Alice", "王小明", "Bob the Builder from Ningbo", "🀄 麻將王 🐉")
SCORES = (20, -10, 40, -50)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def _q_play(seat: int, text: str, kind: ComboKind | None) -> qv.TrickPlay:
    return qv.TrickPlay(seat, cards(text), kind)


def qingdun_view(seat: int | None = None, **changes: object) -> qv.QingdunView:
    """A 清墩 view early in a hand; ``changes`` replace fields."""
    base: dict[str, object] = {
        "seat": seat,
        "hand": None,
        "partner_hand": None,
        "hand_sizes": (41, 41, 40, 40),
        "to_move": 0,
        "leader": 0,
        "trick": (),
        "top_seat": None,
        "points": (0, 0, 0, 0),
        "finished": (),
        "face_up": Card(7, Suit.HEARTS),
        "face_up_seat": 0,
        "last_trick": None,
        "over": False,
        "result": None,
    }
    base.update(changes)
    return qv.QingdunView(**base)  # type: ignore[arg-type]


QINGDUN_HAND = cards(
    "3S 3S 3H 4D 5S 5S 5S 5H 6S 6C 6C 7H 7D 8S 8H 8H 8D 9S 9S 9H 10H 10H 10D JC JC "
    "QS QH QH KS KD AS AH AH AC 2S 2D 2D 2C SJ SJ BJ"
)  # sorted as the engine shows it: strength low to high, equal ranks together


# A pair chain chosen in the sample hand: two of its three 5S, and one of its two 6C.
HINT = cards("5S 5S 6S 6C 7H 7D")


def qingdun_states() -> dict[str, qv.QingdunView]:
    last = qv.FinishedTrick(
        winner=1, points=25, plays=(_q_play(1, "5S 5H 10D 10D KS", ComboKind.STRAIGHT),)
    )
    return {
        "lead": qingdun_view(),
        "mid_trick": qingdun_view(
            hand_sizes=(35, 38, 31, 36),
            to_move=0,
            leader=1,
            trick=(
                _q_play(1, "4S 4S 5D 5D 6H 6H", ComboKind.PAIR_CHAIN),
                _q_play(2, "", None),
                _q_play(3, "9C 9C 10S 10S JD JD", ComboKind.PAIR_CHAIN),
            ),
            top_seat=3,
            points=(10, 35, 0, 15),
            face_up=None,
            last_trick=last,
        ),
        "bombs": qingdun_view(
            hand_sizes=(22, 19, 25, 17),
            to_move=2,
            leader=3,
            trick=(
                _q_play(3, "7S 7H 7D 7C 7C 7H", ComboKind.BOMB),
                _q_play(0, "QS QS QS", ComboKind.QINGDUN),
                _q_play(1, "KH KH KH KD KD KD", ComboKind.QINGDUN_BROTHERS),
            ),
            top_seat=1,
            points=(40, 60, 10, 25),
            face_up=None,
            last_trick=last,
        ),
        "long_chains": qingdun_view(  # 14 cards each: drawn as chips by rank, not a fan
            hand_sizes=(27, 20, 33, 19),
            to_move=0,
            leader=1,
            trick=(
                _q_play(1, "9C 9C 3S 3H 4S 4D 5C 5C 6H 6S 7D 7D 8S 8H", ComboKind.PAIR_CHAIN),
                _q_play(2, "", None),
                _q_play(3, "4H 4H 5S 5S 6D 6D 7C 7C 8H 8H 9S 9S 10D 10D", ComboKind.PAIR_CHAIN),
            ),
            top_seat=3,
            points=(10, 35, 0, 15),
            face_up=None,
            last_trick=last,
        ),
        "someone_out": qingdun_view(
            hand_sizes=(0, 12, 9, 0),
            to_move=1,
            leader=2,
            trick=(
                _q_play(2, "AS AH AD 2S 2S", ComboKind.FULL_HOUSE),
                _q_play(3, "", None),
            ),
            top_seat=2,
            points=(95, 30, 15, 60),  # seat 0 (頭家): its score; seat 3 (二家): its own
            finished=(0, 3),
            face_up=None,
            last_trick=last,
        ),
    }


def qingdun_hand_views() -> dict[str, qv.QingdunView]:
    return {
        "hand": qingdun_view(seat=0, hand=QINGDUN_HAND),
        "partner": qingdun_view(
            seat=0,
            hand=(),
            partner_hand=cards("4H 4H 6D 9C 9C JS KS KS 2H BJ"),
            hand_sizes=(0, 12, 10, 9),
            finished=(0,),
            face_up=None,
        ),
    }


def _q_result(
    order: tuple[int, ...],
    kind: qv.ResultKind,
    winner: int | None,
    deltas: tuple[int, int, int, int],
    tally: qv.Tally,
    leaver: int | None = None,
) -> qv.QingdunResult:
    return qv.QingdunResult(order, tally.team_points(), kind, winner, deltas, tally, leaver)


def qingdun_results() -> dict[str, qv.QingdunResult]:
    R, T = qv.ResultKind, qv.Tally
    return {
        "result_double_kou": _q_result(
            (0, 2), R.DOUBLE_KOU, 0, (30, -30, 30, -30), T((120, 20, 30, 40), 0, 50)
        ),
        "result_early_end": _q_result(
            (0, 3), R.EARLY_END, 0, (10, -10, 10, -10), T((170, 0, 10, 35), 0, 60)
        ),
        # 末家 (seat 2) forfeits 25 captured + 25 in hand to team B; team A: 145 - 30 = 115.
        "result_normal": _q_result(
            (1, 0, 3, 2),
            R.NORMAL,
            1,
            (-10, 10, -10, 10),
            T((145, 85, 25, 20), 1, 35, 2, 25, 25, 30),
        ),
        "result_negative": _q_result(
            (3, 2, 0, 1),
            R.NEGATIVE,
            0,
            (20, -20, 20, -20),
            T((120, 40, 100, 15), 3, 0, 1, 40, 25, 30),
        ),
        "result_left": _q_result(
            (2,), R.LEFT, None, (0, 10, -50, 10), T((10, 35, 30, 0), 2, 10), leaver=2
        ),
    }


def sankou_view(seat: int | None = None, **changes: object) -> sv.SankouView:
    """A 三扣 view in play; ``changes`` replace fields."""
    base: dict[str, object] = {
        "seat": seat,
        "phase": sv.Phase.PLAY,
        "hand": None,
        "hand_sizes": (25, 25, 25, 25),
        "first_bidder": 1,
        "bids": (
            sv.BidEntry(1, 80),
            sv.BidEntry(2, None),
            sv.BidEntry(3, 100),
            sv.BidEntry(0, 120),
            sv.BidEntry(1, None),
            sv.BidEntry(2, None),
            sv.BidEntry(3, None),
        ),
        "to_move": 0,
        "dealer": 0,
        "contract": 120,
        "trump": Suit.HEARTS,
        "kitty": None,
        "leader": 0,
        "trick": (),
        "winning_seat": None,
        "failed_throw": None,
        "last_trick": None,
        "dealer_points": 0,
        "defender_points": 0,
        "tricks_played": 0,
        "over": False,
        "result": None,
    }
    base.update(changes)
    return sv.SankouView(**base)  # type: ignore[arg-type]


SANKOU_HAND = cards("BJ SJ SJ 10H 10S 10C AH KH KH 9H 5H 3H AS QS QS 7S 5S KD JD 6D 6D AC 8C 4C 2C")


def _s_play(seat: int, text: str) -> sv.TrickPlay:
    return sv.TrickPlay(seat, cards(text))


def sankou_states() -> dict[str, sv.SankouView]:
    last = sv.FinishedTrick(
        leader=3,
        winner=1,
        points=20,
        plays=(_s_play(3, "9C"), _s_play(0, "KC"), _s_play(1, "5H"), _s_play(2, "10C")),
    )
    failed = sv.FailedThrow(seat=2, attempted=cards("AS KS KS QS 9S"), forced=cards("9S"))
    return {
        "bidding": sankou_view(
            phase=sv.Phase.BIDDING,
            bids=(sv.BidEntry(1, 80), sv.BidEntry(2, None), sv.BidEntry(3, 95)),
            to_move=0,
            dealer=None,
            contract=None,
            trump=None,
            leader=None,
        ),
        "kitty": sankou_view(
            phase=sv.Phase.KITTY, hand_sizes=(33, 25, 25, 25), trump=None, to_move=0
        ),
        "lead": sankou_view(),
        "mid_trick": sankou_view(
            hand_sizes=(20, 21, 21, 20),
            to_move=2,
            leader=0,
            trick=(_s_play(0, "QD QD JD JD"), _s_play(1, "3D 7D")),
            winning_seat=0,
            last_trick=last,
            dealer_points=35,
            defender_points=20,
            tricks_played=4,
        ),
        "failed_throw": sankou_view(
            hand_sizes=(14, 15, 14, 15),
            to_move=0,
            leader=2,
            trick=(_s_play(2, "9S"), _s_play(3, "2H")),
            winning_seat=3,
            failed_throw=failed,
            last_trick=last,
            dealer_points=130,
            defender_points=25,
            tricks_played=10,
        ),
    }


def sankou_hand_views() -> dict[str, sv.SankouView]:
    return {
        "hand": sankou_view(seat=0, hand=SANKOU_HAND, to_move=0),
        "kitty": sankou_view(
            seat=0,
            phase=sv.Phase.KITTY,
            hand=cards(
                "BJ SJ SJ 10H 10S 10C 10D AS QS QS 8S 7S 5S 4S 2S AH KH KH KH 9H 5H 3H "
                "KD JD 9D 6D 6D AC 8C 5C 4C 3C 2C"
            ),
            hand_sizes=(33, 25, 25, 25),
            trump=None,
            kitty=cards("KH 10D 9D 8S 4S 2S 3C 5C"),
        ),
    }


def sankou_results() -> dict[str, sv.SankouResult]:
    T = sv.Tier
    kitty = cards("KH 10D 9D 8S 4S 2S 3C 5C")
    return {
        "result_made": sv.SankouResult(0, 120, 145, kitty, 25, True, T.MADE, 2, (6, -2, -2, -2)),
        "result_under": sv.SankouResult(3, 90, 60, kitty, 25, False, T.UNDER_BID, 1, (1, 1, 1, -3)),
        "result_left": sv.SankouResult(
            1, 80, 10, kitty, 25, False, T.LEFT, 1, (3, -9, 3, 3), leaver=1
        ),
    }


Render = Callable[[str], bytes]


def board_pictures() -> dict[str, BoardPicture]:
    """Boards by rating (with a bot level and the viewer below the top) and by points."""
    rows = (
        BoardRow(1, NAMES[0], 1534, 40, 22, 12),
        BoardRow(2, NAMES[1], 1500, 33, 17, -8, viewer=True),
        BoardRow(None, "simple", 1490, 300, 140, 3, bot=True),
        BoardRow(2, NAMES[2], 1500, 12, 5, 0),
        BoardRow(4, NAMES[3], 1320, 9, 1, -31),
    )
    me = BoardRow(None, "Dee", 1032, 3, 2, 32, viewer=True)
    return {
        "rating_week": BoardPicture("qingdun", "rating", "week", rows, me, "2 more hands"),
        "points_all": BoardPicture(
            "sankou", "points", "all", tuple(replace(r, change=None) for r in rows[:2])
        ),
        "nobody_ranked": BoardPicture(  # nobody has the hands to be ranked yet (issue 20)
            "qingdun",
            "rating",
            "week",
            (),
            replace(me, hands=2),
            "Dee needs 3 more hands in this server to be ranked; bots and hands of other "
            "servers do not count.",
        ),
    }


def revealed_deal(game: str) -> RevealedDeal:
    """The deal of a seeded hand played out by the hint policy (a replay's first page)."""
    played = GAMES[game].from_start({"seed": 5})
    while played.to_move is not None:
        played.apply(played.hint(played.to_move))
    return reveal(game, played.start, played)


def samples(four_colour: bool = False) -> dict[str, Render]:
    """Every sample picture by file stem, each a function of the language."""
    import render

    out: dict[str, Render] = {}
    four = {"four_colour": four_colour}
    for name, q in qingdun_states().items():
        out[f"qingdun_table_{name}"] = lambda lang, v=q: render.render_table(
            v, NAMES, lang, table_score=SCORES, **four
        )
    for name, q in qingdun_hand_views().items():
        tip = HINT if name == "hand" else None
        out[f"qingdun_{name}"] = lambda lang, v=q, tip=tip: render.render_hand(
            v, lang, highlight=tip, **four
        )
    for name, r in qingdun_results().items():
        out[f"qingdun_{name}"] = lambda lang, r=r: render.render_result(
            r, NAMES, lang, table_score=SCORES, **four
        )
    for name, s in sankou_states().items():
        out[f"sankou_table_{name}"] = lambda lang, v=s: render.render_table(
            v, NAMES, lang, table_score=SCORES, **four
        )
    for name, s in sankou_hand_views().items():
        out[f"sankou_{name}"] = lambda lang, v=s: render.render_hand(v, lang, **four)
    for name, r in sankou_results().items():
        out[f"sankou_{name}"] = lambda lang, r=r: render.render_result(
            r, NAMES, lang, table_score=SCORES, **four
        )
    for game in ("qingdun", "sankou"):
        deal = revealed_deal(game)
        for part in (0, 1):  # a replay shows the deal in two pictures
            out[f"{game}_deal_{part + 1}"] = lambda lang, d=deal, p=part: render.render_deal(
                d, NAMES, lang, part=p, **four
            )
    for name, picture in board_pictures().items():
        out[f"board_{name}"] = lambda lang, p=picture: render.render_board(p, lang)
    return out


def phone_copy(data: bytes, width: int) -> bytes:
    """A PNG scaled down to ``width`` px wide, as Discord shows it on a phone (330) or in a
    narrow desktop column (520)."""
    from PIL import Image

    image = Image.open(io.BytesIO(data)).convert("RGB")
    height = round(image.height * width / image.width)
    out = io.BytesIO()
    image.resize((width, height), Image.Resampling.LANCZOS).save(out, format="PNG")
    return out.getvalue()


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m render.demo", description=__doc__)
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--four-colour", action="store_true", help="♦ blue and ♣ green")
    parser.add_argument(
        "--phone", action="store_true", help="also write copies 330 and 520 px wide"
    )
    args = parser.parse_args(argv)
    args.outdir.mkdir(parents=True, exist_ok=True)
    count = 0
    for stem, make in samples(args.four_colour).items():
        for lang in ("en", "zh-TW", "zh-CN"):
            data = make(lang)
            (args.outdir / f"{stem}.{lang}.png").write_bytes(data)
            count += 1
            if args.phone:
                for width in (330, 520):
                    (args.outdir / f"{stem}.{lang}.{width}.png").write_bytes(
                        phone_copy(data, width)
                    )
    print(f"wrote {count} pictures to {args.outdir}")


if __name__ == "__main__":
    main(sys.argv[1:])
