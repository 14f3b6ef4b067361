"""The search bench's hint cut at a wall time, as the bot cuts it: a 三扣 bid, kitty or
trump gets ``BIG_FACTOR`` times the seconds of a play (``bot.service.thinking``), so the
bench's in-bot figures are the hint a player gets."""

from __future__ import annotations

from typing import Any

import pytest

from bench import ai_search
from engine import qingdun, sankou
from engine.ai import BIG_FACTOR, choose
from engine.ai.sankou import HINT_ALPHA


def _asked(
    monkeypatch: pytest.MonkeyPatch, game: Any, seconds: float | None, alpha: float | None = None
) -> dict[str, Any]:
    asked: dict[str, Any] = {}
    real = ai_search.think

    def watched(obs: Any, **kwargs: Any) -> Any:
        asked.update(kwargs)
        return real(obs, **kwargs)

    monkeypatch.setattr(ai_search, "think", watched)
    obs = game.observation(game.to_move)
    hint, _ = ai_search._watched_think(obs, seed=1, rollouts=8, seconds=seconds, alpha=alpha)
    assert hint.stats.rollouts <= 8 * BIG_FACTOR
    return asked


def test_a_bid_gets_the_bots_big_factor(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = _asked(monkeypatch, sankou.Game.deal(3), 0.25)
    assert asked["seconds"] == pytest.approx(0.25 * BIG_FACTOR)
    assert asked["rollouts"].play == 8


def test_a_play_gets_the_seconds_and_none_means_no_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    game = qingdun.Game.deal(3)
    game.apply(choose(game, game.to_move, level="medium"))
    assert _asked(monkeypatch, game, 0.25)["seconds"] == pytest.approx(0.25)
    assert _asked(monkeypatch, game, None)["seconds"] is None


def test_the_hint_thinks_with_the_hint_buttons_bar_unless_told(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    sankou_game, qingdun_game = sankou.Game.deal(3), qingdun.Game.deal(3)
    assert _asked(monkeypatch, sankou_game, None)["rollouts"].alpha == HINT_ALPHA
    assert _asked(monkeypatch, sankou_game, None, alpha=0.1)["rollouts"].alpha == 0.1
    assert _asked(monkeypatch, qingdun_game, None)["rollouts"].alpha is None  # the bots' bar
    for wrong in ("0", "1.5"):
        with pytest.raises(SystemExit) as stopped:
            ai_search.main(["--games", "sankou", "--alpha", wrong])
        assert stopped.value.code == 2
        assert "--alpha must be between 0 and 1" in capsys.readouterr().err
