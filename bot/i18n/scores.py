"""The words of /scores: boards, statistics, history, replays and exports, in three languages.

Part of the one catalogue (``bot.i18n.CATALOGUE``), kept in a module of its own because there
are many. Same rules as ``catalogue.py``: the same placeholders in every language, 清墩 words
in Traditional script for zh-TW (頭家, 雙扣) and 三扣 words as players in Zhejiang say them.
"""

from __future__ import annotations

from bot.i18n.catalogue import Entry


def _e(en: str, tw: str, cn: str) -> Entry:
    return {"en": en, "zh-TW": tw, "zh-CN": cn}


SCORES: dict[str, Entry] = {
    # --- boards ---------------------------------------------------------------------------
    "board.title": _e(
        "Leaderboard · {game} · {period} · {by}",
        "排行榜 · {game} · {period} · {by}",
        "排行榜 · {game} · {period} · {by}",
    ),
    "period.week": _e("this week", "本週", "本周"),
    "period.month": _e("this month", "本月", "本月"),
    "period.all": _e("all time", "全部", "全部"),
    "board.by.rating": _e("by rating", "按等級分", "按等级分"),
    "board.by.points": _e("by points", "按積分", "按积分"),
    "board.line": _e(
        "{rank}. {name} — {value}{change} ({hands} hands, {rate} won)",
        "{rank}. {name} — {value}{change}（{hands} 局，勝率 {rate}）",
        "{rank}. {name} — {value}{change}（{hands} 局，胜率 {rate}）",
    ),
    "board.bot_line": _e(
        "· {name} — {value}{change} (a bot, for reference)",
        "· {name} — {value}{change}（電腦，僅供參考）",
        "· {name} — {value}{change}（电脑，仅供参考）",
    ),
    "board.unranked_line": _e(
        "· {name} — {value} ({hands} hands)",
        "· {name} — {value}（{hands} 局）",
        "· {name} — {value}（{hands} 局）",
    ),
    "board.bot_name": _e("Bot · {level}", "電腦 · {level}", "电脑 · {level}"),
    "board.level.simple": _e("simple", "簡單", "简单"),
    "board.level.medium": _e("medium", "中等", "中等"),
    "board.level.strong": _e("strong", "強", "强"),
    "board.needs_hands": _e(
        "You need {more} more completed hands to be ranked ({min} in this server).",
        "再打完 {more} 局才會上榜（本伺服器要求 {min} 局）。",
        "再打完 {more} 局才会上榜（本服务器要求 {min} 局）。",
    ),
    "board.not_in_period": _e(
        "You have not finished a hand of {game} in this period.",
        "你這段期間還沒打完過一局{game}。",
        "你这段期间还没打完过一局{game}。",
    ),
    "board.never": _e(
        "You have not played {game} in this server yet.",
        "你還沒在本伺服器打過{game}。",
        "你还没在本服务器打过{game}。",
    ),
    "board.empty": _e("No one on this board yet.", "還沒有人上榜。", "还没有人上榜。"),
    # --- statistics -----------------------------------------------------------------------
    "stats.title": _e("Stats of {name}", "{name} 的戰績", "{name} 的战绩"),
    "stats.summary": _e(
        "{hands} hands · {rate} won · {points} points · left {left}",
        "{hands} 局 · 勝率 {rate} · {points} 分 · 逃跑 {left} 次",
        "{hands} 局 · 胜率 {rate} · {points} 分 · 逃跑 {left} 次",
    ),
    "stats.bonus": _e(
        "Leaving bonuses {bonus}, of which {counted} count in the points: a bonus counts once "
        "per leaver and day, and only once you have {min} completed hands.",
        "別人逃跑的加分 {bonus}，其中 {counted} 計入積分：同一人逃跑每天只計一次，"
        "而且要打完 {min} 局才計入。",
        "别人逃跑的加分 {bonus}，其中 {counted} 计入积分：同一人逃跑每天只计一次，"
        "而且要打完 {min} 局才计入。",
    ),
    "stats.rating": _e(
        "Rating {rating} ({change} over 7 days)",
        "等級分 {rating}（近 7 天 {change}）",
        "等级分 {rating}（近 7 天 {change}）",
    ),
    "stats.rating_hidden": _e(
        "Rating {rating}: on boards after {min} completed hands ({more} to go)",
        "等級分 {rating}：打完 {min} 局才上榜（還差 {more} 局）",
        "等级分 {rating}：打完 {min} 局才上榜（还差 {more} 局）",
    ),
    "stats.qingdun": _e(
        "頭家 {first} times ({rate}) · 雙扣 {kou_for} for, {kou_against} against · "
        "average team points {team}",
        "頭家 {first} 次（{rate}）· 雙扣 {kou_for} 次，被雙扣 {kou_against} 次 · "
        "本隊平均 {team} 分",
        "头家 {first} 次（{rate}）· 双扣 {kou_for} 次，被双扣 {kou_against} 次 · "
        "本队平均 {team} 分",
    ),
    "stats.dealer": _e(
        "Dealer {hands} hands, made {made}: {bands}",
        "當莊 {hands} 局，成功 {made} 局：{bands}",
        "当庄 {hands} 局，成功 {made} 局：{bands}",
    ),
    "stats.band": _e(
        "bids {low}–{high} {made}/{hands}",
        "叫 {low}–{high} 分 {made}/{hands}",
        "叫 {low}–{high} 分 {made}/{hands}",
    ),
    "stats.band_one": _e(
        "bids {low} {made}/{hands}",
        "叫 {low} 分 {made}/{hands}",
        "叫 {low} 分 {made}/{hands}",
    ),
    "stats.bids": _e(
        "Average bid {bid} · throws {throws}, failed {failed}",
        "平均叫分 {bid} · 甩牌 {throws} 次，失敗 {failed} 次",
        "平均叫分 {bid} · 甩牌 {throws} 次，失败 {failed} 次",
    ),
    "stats.none": _e(
        "No hands in this server yet.", "在本伺服器還沒有牌局。", "在本服务器还没有牌局。"
    ),
    # --- history --------------------------------------------------------------------------
    "history.table": _e(
        "Recent hands of table {table}", "第 {table} 桌最近的牌局", "第 {table} 桌最近的牌局"
    ),
    "history.player": _e("Recent hands of {name}", "{name} 最近的牌局", "{name} 最近的牌局"),
    "history.row": _e(
        "`#{id}` {game} · table {table}, hand {number} · {when} · {result}",
        "`#{id}` {game} · 第 {table} 桌第 {number} 局 · {when} · {result}",
        "`#{id}` {game} · 第 {table} 桌第 {number} 局 · {when} · {result}",
    ),
    "history.playing": _e("being played", "進行中", "进行中"),
    "history.abandoned": _e("abandoned", "中止", "中止"),
    "history.hint": _e(
        "Look back at one with /scores replay, see your costliest moves with /scores review, "
        "or save it with /scores export.",
        "用 /戰績 重播 回顧一局，用 /戰績 覆盤 看你最吃虧的幾步，或用 /戰績 匯出 存下來。",
        "用 /战绩 回放 回顾一局，用 /战绩 复盘 看你最吃亏的几步，或用 /战绩 导出 存下来。",
    ),
    "history.empty": _e("No hands yet.", "還沒有牌局。", "还没有牌局。"),
    # --- replays --------------------------------------------------------------------------
    "replay.title": _e(
        "Hand #{id} · {game} · table {table}, hand {number}",
        "#{id} · {game} · 第 {table} 桌第 {number} 局",
        "#{id} · {game} · 第 {table} 桌第 {number} 局",
    ),
    "replay.page": _e("Page {page} of {pages}", "第 {page}/{pages} 頁", "第 {page}/{pages} 页"),
    "replay.deal": _e("Every hand as it was dealt.", "發牌時每家的牌。", "发牌时每家的牌。"),
    "replay.bids": _e("Bidding: {bids}", "叫分：{bids}", "叫分：{bids}"),
    "replay.dealer": _e(
        "Dealer {name} at {bid}, trump {suit}",
        "莊家 {name} 叫 {bid}，主 {suit}",
        "庄家 {name} 叫 {bid}，主 {suit}",
    ),
    "replay.trick": _e(
        "Trick {number} of {tricks}", "第 {number}/{tricks} 輪", "第 {number}/{tricks} 轮"
    ),
    "replay.turn": _e("{name}: {cards}", "{name}：{cards}", "{name}：{cards}"),
    "replay.pass": _e("{name}: pass", "{name}：不要", "{name}：不要"),
    "replay.failed": _e(
        "{name} tried {cards}: the throw failed",
        "{name} 甩 {cards} 失敗",
        "{name} 甩 {cards} 失败",
    ),
    "replay.took": _e(
        "→ {name} takes it: {points} points",
        "→ {name} 得這一輪：{points} 分",
        "→ {name} 得这一轮：{points} 分",
    ),
    "replay.unfinished": _e(
        "The hand ended during this trick.",
        "本局在這一輪中結束。",
        "本局在这一轮中结束。",
    ),
    "replay.result": _e("Result: {kind}", "結果：{kind}", "结果：{kind}"),
    "replay.abandoned": _e(
        "The hand was abandoned when the table ended: no result.",
        "散桌時本局中止，沒有結果。",
        "散桌时本局中止，没有结果。",
    ),
    # --- exports --------------------------------------------------------------------------
    "export.done": _e(
        "The record of hand #{id}: every card as dealt and every move, as a JSON file ({file}). "
        "Keep it, share it, or check the hand with any program that reads the format.",
        "#{id} 這一局的紀錄：發到的每張牌和每一步，存成 JSON 檔（{file}）。"
        "可以保存、分享，或用讀得懂這個格式的程式核對這一局。",
        "#{id} 这一局的记录：发到的每张牌和每一步，存成 JSON 文件（{file}）。"
        "可以保存、分享，或用读得懂这个格式的程序核对这一局。",
    ),
    # English singulars ("1 hand"): ``bot.i18n.t`` picks these when ``hands`` is 1
    "board.line.hands_one": _e(
        "{rank}. {name} — {value}{change} ({hands} hand, {rate} won)",
        "{rank}. {name} — {value}{change}（{hands} 局，勝率 {rate}）",
        "{rank}. {name} — {value}{change}（{hands} 局，胜率 {rate}）",
    ),
    "board.unranked_line.hands_one": _e(
        "· {name} — {value} ({hands} hand)",
        "· {name} — {value}（{hands} 局）",
        "· {name} — {value}（{hands} 局）",
    ),
    "stats.summary.hands_one": _e(
        "{hands} hand · {rate} won · {points} points · left {left}",
        "{hands} 局 · 勝率 {rate} · {points} 分 · 逃跑 {left} 次",
        "{hands} 局 · 胜率 {rate} · {points} 分 · 逃跑 {left} 次",
    ),
    "stats.dealer.hands_one": _e(
        "Dealer {hands} hand, made {made}: {bands}",
        "當莊 {hands} 局，成功 {made} 局：{bands}",
        "当庄 {hands} 局，成功 {made} 局：{bands}",
    ),
    # --- hand reviews (/scores review) ------------------------------------------------------
    "review.title": _e(
        "Review of hand #{id} · {game}: your costliest decisions",
        "#{id} · {game} 覆盤：你最吃虧的幾步",
        "#{id} · {game} 复盘：你最吃亏的几步",
    ),
    "review.working": _e(
        "Reviewing hand #{id}: the strong player is weighing each of your decisions. This "
        "message changes when it is done (usually within a minute).",
        "正在覆盤 #{id}：電腦正在重新評估你的每一步，完成後會更新這則訊息（通常一分鐘內）。",
        "正在复盘 #{id}：电脑正在重新评估你的每一步，完成后会更新这条消息（通常一分钟内）。",
    ),
    "review.entry": _e(
        "**{number}.** Move {move}: you played {played}; better: {better} "
        "(about {cost} points more)",
        "**{number}.** 第 {move} 手：你出了 {played}；更好的是 {better}（約多 {cost} 分）",
        "**{number}.** 第 {move} 手：你出了 {played}；更好的是 {better}（约多 {cost} 分）",
    ),
    "review.none": _e(
        "The strong player found no decision of yours it would have made otherwise.",
        "電腦沒有找到它會打得不一樣的步驟。",
        "电脑没有找到它会打得不一样的步骤。",
    ),
    "review.footer": _e(
        "Judged by the strong player's search over sampled deals: an estimate, not a verdict.",
        "由電腦在模擬的牌局上搜尋判斷：只是估計，不是定論。",
        "由电脑在模拟的牌局上搜索判断：只是估计，不是定论。",
    ),
    "review.failed": _e(
        "The review could not be done right now; please try again later.",
        "現在無法覆盤，請稍後再試。",
        "现在无法复盘，请稍后再试。",
    ),
    "review.pass": _e("pass", "不要", "不要"),
    "review.bid_pass": _e("no bid", "不叫", "不叫"),
    "review.bid": _e("a bid of {amount}", "叫 {amount} 分", "叫 {amount} 分"),
    "review.kitty": _e("the kitty {cards}", "扣 {cards}", "扣 {cards}"),
    "review.trump": _e("{suit} as trump", "{suit}為主", "{suit}为主"),
}
