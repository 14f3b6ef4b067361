"""Every word the bot shows, keyed by message id, in English, 繁體中文 and 简体中文.

One catalogue for messages, buttons, select options, autocomplete labels, refusals and
announcements. Placeholders use ``str.format`` names and must be the same in all three
languages (a test checks it). Command names and descriptions live in ``commands.py`` because
Discord puts extra limits on them; refusal codes from the engines and the service live in
``errors.py``. Game words follow the games' own vocabulary: 清墩 is played in Taiwan and
southern Fujian (Traditional script, 頭家/末家/雙扣), 海宁三扣 in Zhejiang (庄家/叫分/底牌/主牌).
"""

from __future__ import annotations

Entry = dict[str, str]

UI: dict[str, Entry] = {
    # --- games and settings -----------------------------------------------------------
    "game.qingdun": {"en": "Qingdun", "zh-TW": "清墩", "zh-CN": "清墩"},
    "game.sankou": {"en": "Haining Sankou", "zh-TW": "海寧三扣", "zh-CN": "海宁三扣"},
    "rule.bot": {"en": "a bot plays the turn", "zh-TW": "電腦代打", "zh-CN": "电脑代打"},
    "rule.remove": {
        "en": "the player is removed",
        "zh-TW": "移出玩家（逃跑扣分）",
        "zh-CN": "移出玩家（逃跑扣分）",
    },
    "hands.open": {"en": "open-ended", "zh-TW": "不限局數", "zh-CN": "不限局数"},
    # --- buttons and menus --------------------------------------------------------------
    "button.join": {"en": "Join", "zh-TW": "入座", "zh-CN": "入座"},
    "button.leave": {"en": "Leave", "zh-TW": "離座", "zh-CN": "离座"},
    "button.add_bot": {"en": "Add bot", "zh-TW": "加電腦", "zh-CN": "加电脑"},
    "button.start": {"en": "Start", "zh-TW": "開局", "zh-CN": "开局"},
    "button.hand": {"en": "My hand", "zh-TW": "我的牌", "zh-CN": "我的牌"},
    "button.pass": {"en": "Pass", "zh-TW": "不要", "zh-CN": "不要"},
    "button.bid_pass": {"en": "Pass", "zh-TW": "不叫", "zh-CN": "不叫"},
    "button.hint": {"en": "Hint", "zh-TW": "提示", "zh-CN": "提示"},
    "button.play": {"en": "Play", "zh-TW": "出牌", "zh-CN": "出牌"},
    "button.clear": {"en": "Clear", "zh-TW": "清除", "zh-CN": "清除"},
    "button.kitty": {"en": "Lay kitty", "zh-TW": "扣底", "zh-CN": "扣底"},
    "button.partner": {"en": "Partner's hand", "zh-TW": "看對家的牌", "zh-CN": "看对家的牌"},
    "button.catch_up": {"en": "Catch up", "zh-TW": "近況", "zh-CN": "近况"},
    "button.queue": {"en": "Join next hand", "zh-TW": "下一局入座", "zh-CN": "下一局入座"},
    "button.prev": {"en": "Previous", "zh-TW": "上一頁", "zh-CN": "上一页"},
    "button.next": {"en": "Next", "zh-TW": "下一頁", "zh-CN": "下一页"},
    "select.cards": {
        "en": "Cards {first} … {last}",
        "zh-TW": "選牌 {first} … {last}",
        "zh-CN": "选牌 {first} … {last}",
    },
    "select.bid": {"en": "Bid (叫分)", "zh-TW": "叫分", "zh-CN": "叫分"},
    "select.trump": {"en": "Name trump", "zh-TW": "定主牌花色", "zh-CN": "定主牌花色"},
    "option.bid": {"en": "Bid {amount}", "zh-TW": "叫 {amount} 分", "zh-CN": "叫 {amount} 分"},
    "card.BJ": {"en": "大王", "zh-TW": "大王", "zh-CN": "大王"},  # one name in every text
    "card.SJ": {"en": "小王", "zh-TW": "小王", "zh-CN": "小王"},
    # --- suits, places, kinds -----------------------------------------------------------
    "suit.S": {"en": "♠ Spades", "zh-TW": "♠ 黑桃", "zh-CN": "♠ 黑桃"},
    "suit.H": {"en": "♥ Hearts", "zh-TW": "♥ 紅心", "zh-CN": "♥ 红心"},
    "suit.D": {"en": "♦ Diamonds", "zh-TW": "♦ 方塊", "zh-CN": "♦ 方块"},
    "suit.C": {"en": "♣ Clubs", "zh-TW": "♣ 梅花", "zh-CN": "♣ 梅花"},
    "place.1": {"en": "1st out (頭家)", "zh-TW": "頭家", "zh-CN": "头家"},
    "place.2": {"en": "2nd out (二家)", "zh-TW": "二家", "zh-CN": "二家"},
    "place.3": {"en": "3rd out (三家)", "zh-TW": "三家", "zh-CN": "三家"},
    "place.4": {"en": "last (末家)", "zh-TW": "末家", "zh-CN": "末家"},
    "kind.single": {"en": "Single", "zh-TW": "單牌", "zh-CN": "单牌"},
    "kind.pair": {"en": "Pair", "zh-TW": "對子", "zh-CN": "对子"},
    "kind.triple": {"en": "Triple", "zh-TW": "三隻", "zh-CN": "三只"},
    "kind.full_house": {"en": "Full house", "zh-TW": "葫蘆", "zh-CN": "葫芦"},
    "kind.pair_chain": {"en": "Pair chain", "zh-TW": "連對", "zh-CN": "连对"},
    "kind.triple_chain": {"en": "Triple chain", "zh-TW": "連三", "zh-CN": "连三"},
    "kind.triples_with_pairs": {
        "en": "Triples with pairs",
        "zh-TW": "連三拖連對",
        "zh-CN": "连三拖连对",
    },
    "kind.straight": {"en": "Straight", "zh-TW": "順子", "zh-CN": "顺子"},
    "kind.straight_flush": {"en": "Straight flush", "zh-TW": "同花順", "zh-CN": "同花顺"},
    "kind.bomb": {"en": "Bomb", "zh-TW": "炸彈", "zh-CN": "炸弹"},
    "kind.bomb_chain": {"en": "Bomb chain", "zh-TW": "排炮", "zh-CN": "排炮"},
    "kind.qingdun": {"en": "Qingdun", "zh-TW": "清墩", "zh-CN": "清墩"},
    "kind.qingdun_chain": {"en": "Qingdun chain", "zh-TW": "連墩", "zh-CN": "连墩"},
    "kind.qingdun_brothers": {"en": "Qingdun brothers", "zh-TW": "兄弟墩", "zh-CN": "兄弟墩"},
    "kind.tractor": {"en": "Tractor", "zh-TW": "拖拉機", "zh-CN": "拖拉机"},
    "kind.throw": {"en": "Throw", "zh-TW": "甩牌", "zh-CN": "甩牌"},
    "kind.eight": {"en": "Eight of a kind", "zh-TW": "八張抄家", "zh-CN": "八张抄家"},
    "kind.cards": {"en": "{count} cards", "zh-TW": "{count} 張", "zh-CN": "{count} 张"},
    "result.double_kou": {"en": "double win (雙扣)", "zh-TW": "雙扣", "zh-CN": "双扣"},
    "result.early_end": {"en": "early end", "zh-TW": "提前結束", "zh-CN": "提前结束"},
    "result.normal": {"en": "normal end", "zh-TW": "正常結束", "zh-CN": "正常结束"},
    "result.negative": {"en": "negative score", "zh-TW": "負分", "zh-CN": "负分"},
    "result.left": {"en": "void (a player left)", "zh-TW": "逃跑作廢", "zh-CN": "逃跑作废"},
    "result.removed": {
        "en": "void (a player was removed)",
        "zh-TW": "有玩家被移出，作廢",
        "zh-CN": "有玩家被移出，作废",
    },
    "result.team_points": {
        "en": "Points: Team A {a} · Team B {b}",
        "zh-TW": "得分：甲隊 {a} · 乙隊 {b}",
        "zh-CN": "得分：甲队 {a} · 乙队 {b}",
    },
    "result.lead_score": {
        "en": "{name} went out first: score {score} ({merged} of it from the partner).",
        "zh-TW": "頭家 {name}：得分 {score}（含對家的 {merged} 分）。",
        "zh-CN": "头家 {name}：得分 {score}（含对家的 {merged} 分）。",
    },
    "result.second_points": {
        "en": "{name} went out second with {points} points of their own.",
        "zh-TW": "二家 {name}：自己得分 {points}。",
        "zh-CN": "二家 {name}：自己得分 {points}。",
    },
    "result.forfeit": {
        "en": "{name} was last: {captured} captured + {in_hand} in hand go to the other team, "
        "and {name}'s team loses {penalty}.",
        "zh-TW": "末家 {name}：已抓 {captured} 分 + 手中 {in_hand} 分歸對方，"
        "末家一方扣 {penalty} 分。",
        "zh-CN": "末家 {name}：已抓 {captured} 分 + 手中 {in_hand} 分归对方，"
        "末家一方扣 {penalty} 分。",
    },
    "scores.history_points": {
        "en": "{kind} ({a} : {b})",
        "zh-TW": "{kind}（{a} : {b}）",
        "zh-CN": "{kind}（{a} : {b}）",
    },
    "result.made": {"en": "contract made", "zh-TW": "莊家成功", "zh-CN": "庄家成功"},
    "result.failed": {"en": "contract failed", "zh-TW": "莊家失敗", "zh-CN": "庄家失败"},
    # --- table lifecycle ------------------------------------------------------------------
    "table.title": {
        "en": "{game} table #{table}",
        "zh-TW": "{game} 第 {table} 桌",
        "zh-CN": "{game} 第 {table} 桌",
    },
    "table.thread": {
        "en": "{game} #{table}",
        "zh-TW": "{game} {table} 桌",
        "zh-CN": "{game} {table} 桌",
    },
    "table.created": {
        "en": "{name} opened a {game} table. Hands: {hands} · turn limit: {limit} · "
        "on timeout: {rule}.",
        "zh-TW": "{name} 開了一桌{game}。局數：{hands}・每手限時：{limit}・逾時：{rule}。",
        "zh-CN": "{name} 开了一桌{game}。局数：{hands}・每手限时：{limit}・超时：{rule}。",
    },
    "table.bots_thinking": {
        "en": "Bot seats play {level}, thinking {seconds} s a move; hints think {hint} s.",
        "zh-TW": "電腦座位程度：{level}，每步思考 {seconds} 秒；提示思考 {hint} 秒。",
        "zh-CN": "电脑座位程度：{level}，每步思考 {seconds} 秒；提示思考 {hint} 秒。",
    },
    "table.bots_level": {
        "en": "Bot seats play {level}; hints think {hint} s.",
        "zh-TW": "電腦座位程度：{level}；提示思考 {hint} 秒。",
        "zh-CN": "电脑座位程度：{level}；提示思考 {hint} 秒。",
    },
    "table.bots_changed": {
        "en": "{name} changed the bot settings.",
        "zh-TW": "{name} 改了電腦設定。",
        "zh-CN": "{name} 改了电脑设置。",
    },
    "table.created_here": {
        "en": "Table #{table} is open in {place}.",
        "zh-TW": "第 {table} 桌已開在 {place}。",
        "zh-CN": "第 {table} 桌已开在 {place}。",
    },
    "table.seat_line": {
        "en": "Seat {seat}: {name}",
        "zh-TW": "{seat} 號位：{name}",
        "zh-CN": "{seat} 号位：{name}",
    },
    "table.empty_seat": {"en": "(empty)", "zh-TW": "（空位）", "zh-CN": "（空位）"},
    "table.bot_name": {"en": "Bot {seat}", "zh-TW": "電腦 {seat}", "zh-CN": "电脑 {seat}"},
    "table.waiting": {
        "en": "Waiting for players ({count}/4).",
        "zh-TW": "等待玩家入座（{count}/4）。",
        "zh-CN": "等待玩家入座（{count}/4）。",
    },
    "table.joined": {
        "en": "{name} sits at seat {seat}.",
        "zh-TW": "{name} 坐上 {seat} 號位。",
        "zh-CN": "{name} 坐上 {seat} 号位。",
    },
    "table.left": {
        "en": "{name} left the table.",
        "zh-TW": "{name} 離座了。",
        "zh-CN": "{name} 离座了。",
    },
    "table.kicked": {
        "en": "{name} was removed from the table.",
        "zh-TW": "{name} 被請離牌桌。",
        "zh-CN": "{name} 被请离牌桌。",
    },
    "table.bot_added": {
        "en": "A bot sits at seat {seat}.",
        "zh-TW": "電腦坐上 {seat} 號位。",
        "zh-CN": "电脑坐上 {seat} 号位。",
    },
    "table.bot_removed": {
        "en": "The bot left seat {seat}.",
        "zh-TW": "電腦離開 {seat} 號位。",
        "zh-CN": "电脑离开 {seat} 号位。",
    },
    "table.hand_started": {
        "en": "Hand {number} begins.",
        "zh-TW": "第 {number} 局開始。",
        "zh-CN": "第 {number} 局开始。",
    },
    "table.ended": {"en": "The table is closed.", "zh-TW": "本桌結束。", "zh-CN": "本桌结束。"},
    "table.timeout_bot": {
        "en": "{name} ran out of time; a bot played the turn.",
        "zh-TW": "{name} 逾時，由電腦代打。",
        "zh-CN": "{name} 超时，由电脑代打。",
    },
    "table.timeout_removed": {
        "en": "{name} ran out of time and was removed.",
        "zh-TW": "{name} 逾時，被移出牌桌。",
        "zh-CN": "{name} 超时，被移出牌桌。",
    },
    "table.taken_over": {
        "en": "{name} is away: a bot plays their seat until this hand ends.",
        "zh-TW": "{name} 不在，這局剩下的牌由電腦代打。",
        "zh-CN": "{name} 不在，这局剩下的牌由电脑代打。",
    },
    "vote.opened": {
        "en": "{name} asks to end the table now, abandoning hand {hand} (no scores). Every player "
        "must agree: {voters}. The vote closes <t:{expires}:R>; if anyone refuses or it expires, "
        "the hand is played out and the table closes after it.",
        "zh-TW": "{name} 提議現在散桌，放棄第 {hand} 局（不計分）。需要所有玩家同意：{voters}。"
        "表決在 <t:{expires}:R> 截止；有人反對或逾時，這局照常打完後散桌。",
        "zh-CN": "{name} 提议现在散桌，放弃第 {hand} 局（不计分）。需要所有玩家同意：{voters}。"
        "表决在 <t:{expires}:R> 截止；有人反对或超时，这局照常打完后散桌。",
    },
    "vote.cast": {
        "en": "{name} agrees to end now.",
        "zh-TW": "{name} 同意現在散桌。",
        "zh-CN": "{name} 同意现在散桌。",
    },
    "vote.agreed": {
        "en": "Everyone agreed: the hand is abandoned, no scores.",
        "zh-TW": "全體同意：這局作廢，不計分。",
        "zh-CN": "全体同意：这局作废，不计分。",
    },
    "vote.refused": {
        "en": "{name} wants to play on: the hand is played out, then the table closes.",
        "zh-TW": "{name} 要繼續打：這局打完後散桌。",
        "zh-CN": "{name} 要继续打：这局打完后散桌。",
    },
    "vote.expired": {
        "en": "Not everyone agreed in time: the hand is played out, then the table closes.",
        "zh-TW": "表決時間到，未全體同意：這局打完後散桌。",
        "zh-CN": "表决时间到，未全体同意：这局打完后散桌。",
    },
    "vote.started": {
        "en": "Vote started: the table ends now only if every player agrees.",
        "zh-TW": "已發起表決：所有玩家都同意才會現在散桌。",
        "zh-CN": "已发起表决：所有玩家都同意才会现在散桌。",
    },
    "vote.closed_note": {
        "en": "This vote is closed.",
        "zh-TW": "這次表決已結束。",
        "zh-CN": "这次表决已结束。",
    },
    "button.vote_yes": {"en": "Agree: end now", "zh-TW": "同意散桌", "zh-CN": "同意散桌"},
    "button.vote_no": {"en": "Refuse: play on", "zh-TW": "反對，繼續打", "zh-CN": "反对，继续打"},
    "scores.min_hands": {
        "en": "After {hands} completed hands a player's rating is on the board and leaving "
        "bonuses count.",
        "zh-TW": "完成 {hands} 局之後，等級分才會列入排行榜，逃跑補償才會計分。",
        "zh-CN": "完成 {hands} 局之后，等级分才会列入排行榜，逃跑补偿才会计分。",
    },
    "table.score": {"en": "Table score", "zh-TW": "本桌累計", "zh-CN": "本桌累计"},
    "table.score_line": {
        "en": "{name}: {total:+d}",
        "zh-TW": "{name}：{total:+d}",
        "zh-CN": "{name}：{total:+d}",
    },
    "table.none_here": {
        "en": "There is no table for you here. Create one with /table create.",
        "zh-TW": "這裡沒有你的牌桌。用 /牌桌 開桌 開一桌。",
        "zh-CN": "这里没有你的牌桌。用 /牌桌 开桌 开一桌。",
    },
    # --- play announcements ---------------------------------------------------------------
    "play.played": {
        "en": "{name}: {cards}",
        "zh-TW": "{name}：{cards}",
        "zh-CN": "{name}：{cards}",
    },
    "play.passed": {"en": "{name} passes.", "zh-TW": "{name} 不要。", "zh-CN": "{name} 不要。"},
    "play.trick_won": {
        "en": "{name} wins the trick: {points} points.",
        "zh-TW": "{name} 贏得這一輪：{points} 分。",
        "zh-CN": "{name} 赢得这一轮：{points} 分。",
    },
    "play.out": {
        "en": "{name} is out: {place}.",
        "zh-TW": "{name} 出完了：{place}。",
        "zh-CN": "{name} 出完了：{place}。",
    },
    "play.failed_throw": {
        "en": "{name}'s throw failed ({attempted}); forced to play {forced}.",
        "zh-TW": "{name} 甩牌失敗（{attempted}），只能出 {forced}。",
        "zh-CN": "{name} 甩牌失败（{attempted}），只能出 {forced}。",
    },
    "play.bid": {
        "en": "{name} bids {amount}.",
        "zh-TW": "{name} 叫 {amount} 分。",
        "zh-CN": "{name} 叫 {amount} 分。",
    },
    "play.bid_pass": {"en": "{name} passes.", "zh-TW": "{name} 不叫。", "zh-CN": "{name} 不叫。"},
    "play.dealer": {
        "en": "{name} is the dealer (庄家) at {amount}.",
        "zh-TW": "{name} 做莊，叫分 {amount}。",
        "zh-CN": "{name} 做庄，叫分 {amount}。",
    },
    "play.kitty_laid": {
        "en": "{name} has laid the kitty.",
        "zh-TW": "{name} 已扣底。",
        "zh-CN": "{name} 已扣底。",
    },
    "play.trump": {"en": "Trump is {suit}.", "zh-TW": "主牌是{suit}。", "zh-CN": "主牌是{suit}。"},
    "play.hand_over": {
        "en": "Hand {number} is over: {kind}.",
        "zh-TW": "第 {number} 局結束：{kind}。",
        "zh-CN": "第 {number} 局结束：{kind}。",
    },
    "play.delta_line": {
        "en": "{name}: {delta:+d} (total {total:+d})",
        "zh-TW": "{name}：{delta:+d}（累計 {total:+d}）",
        "zh-CN": "{name}：{delta:+d}（累计 {total:+d}）",
    },
    # --- private answers ------------------------------------------------------------------
    "hand.title": {
        "en": "Your hand: {count} cards.",
        "zh-TW": "你的手牌：{count} 張。",
        "zh-CN": "你的手牌：{count} 张。",
    },
    "hand.partner_title": {
        "en": "Your partner's hand",
        "zh-TW": "對家的手牌",
        "zh-CN": "对家的手牌",
    },
    "hand.partner": {
        "en": "Your partner's hand: {count} cards.",
        "zh-TW": "對家的手牌：{count} 張。",
        "zh-CN": "对家的手牌：{count} 张。",
    },
    "hand.selected": {
        "en": "Selected: {cards}",
        "zh-TW": "已選：{cards}",
        "zh-CN": "已选：{cards}",
    },
    "hand.cards": {"en": "Cards: {cards}", "zh-TW": "牌：{cards}", "zh-CN": "牌：{cards}"},
    "hand.played": {"en": "Played: {cards}", "zh-TW": "已出：{cards}", "zh-CN": "已出：{cards}"},
    "hand.passed": {"en": "You passed.", "zh-TW": "你不要。", "zh-CN": "你不要。"},
    "hand.done": {"en": "Done.", "zh-TW": "完成。", "zh-CN": "完成。"},
    "table.unchanged": {
        "en": "Nothing changed at the table.",
        "zh-TW": "牌桌沒有變化。",
        "zh-CN": "牌桌没有变化。",
    },
    "table.closed_here": {
        "en": "Table #{table} is closed: its final standings and **Play again** are above.",
        "zh-TW": "第 {table} 桌已結束：最終排名和「原班人馬再開一桌」在上面。",
        "zh-CN": "第 {table} 桌已结束：最终排名和“原班人马再开一桌”在上面。",
    },
    "table.shown": {
        "en": "The table is shown again at the bottom.",
        "zh-TW": "牌桌已重新顯示在最下面。",
        "zh-CN": "牌桌已重新显示在最下面。",
    },
    "hint.play": {
        "en": "Hint: play {cards}.",
        "zh-TW": "提示：出 {cards}。",
        "zh-CN": "提示：出 {cards}。",
    },
    "hint.pass": {"en": "Hint: pass.", "zh-TW": "提示：不要。", "zh-CN": "提示：不要。"},
    "hint.bid": {
        "en": "Hint: bid {amount}.",
        "zh-TW": "提示：叫 {amount} 分。",
        "zh-CN": "提示：叫 {amount} 分。",
    },
    "hint.discard": {
        "en": "Hint: lay {cards} as the kitty.",
        "zh-TW": "提示：扣 {cards}。",
        "zh-CN": "提示：扣 {cards}。",
    },
    "hint.trump": {
        "en": "Hint: name {suit}.",
        "zh-TW": "提示：定{suit}為主。",
        "zh-CN": "提示：定{suit}为主。",
    },
    "discord.failed": {
        "en": "Something went wrong on our side; nothing was changed. Please try again.",
        "zh-TW": "系統出了點問題，牌局沒有任何改變，請再試一次。",
        "zh-CN": "系统出了点问题，牌局没有任何改变，请再试一次。",
    },
    "discord.no_thread": {
        "en": "I could not open a thread here, so the table plays in this channel.",
        "zh-TW": "這裡無法開討論串，牌局就在這個頻道進行。",
        "zh-CN": "这里无法开子区，牌局就在这个频道进行。",
    },
    # --- scores (the rest of /scores is in scores.py) ----------------------------------------
    # --- rules ----------------------------------------------------------------------------
    "rules.page": {
        "en": "Page {page}/{pages}",
        "zh-TW": "第 {page}/{pages} 頁",
        "zh-CN": "第 {page}/{pages} 页",
    },
    "rules.english_only": {
        "en": "",
        "zh-TW": "（中文版規則尚未提供，以下為英文原文。）",
        "zh-CN": "（中文版规则尚未提供，以下为英文原文。）",
    },
    # --- issue 12: the private hand --------------------------------------------------------
    # English singulars (``bot.i18n.t`` picks ``<key>.<param>_one`` when that number is 1).
    "hand.title.count_one": {
        "en": "Your hand: {count} card.",
        "zh-TW": "你的手牌：{count} 張。",
        "zh-CN": "你的手牌：{count} 张。",
    },
    "hand.partner.count_one": {
        "en": "Your partner's hand: {count} card.",
        "zh-TW": "對家的手牌：{count} 張。",
        "zh-CN": "对家的手牌：{count} 张。",
    },
    "kind.cards.count_one": {"en": "{count} card", "zh-TW": "{count} 張", "zh-CN": "{count} 张"},
    "board.needs_hands.more_one": {
        "en": "You need {more} more completed hand to be ranked ({min} in this server).",
        "zh-TW": "再打完 {more} 局才會上榜（本伺服器要求 {min} 局）。",
        "zh-CN": "再打完 {more} 局才会上榜（本服务器要求 {min} 局）。",
    },
    # the hand message's words (outcomes, situations, menus), leaving and ending, take-backs
    "button.leave_now": {
        "en": "Leave now: −{penalty}",
        "zh-TW": "現在離座（−{penalty}）",
        "zh-CN": "现在离座（−{penalty}）",
    },
    "button.end_now": {
        "en": "End the table",
        "zh-TW": "散桌",
        "zh-CN": "散桌",
    },
    "button.stay": {
        "en": "Cancel",
        "zh-TW": "取消",
        "zh-CN": "取消",
    },
    "button.refresh": {
        "en": "Refresh",
        "zh-TW": "重新整理",
        "zh-CN": "刷新",
    },
    "button.take_back": {
        "en": "Take back",
        "zh-TW": "悔牌",
        "zh-CN": "悔牌",
    },
    "button.take_back_yes": {
        "en": "Agree",
        "zh-TW": "同意",
        "zh-CN": "同意",
    },
    "button.take_back_no": {
        "en": "Refuse",
        "zh-TW": "不同意",
        "zh-CN": "不同意",
    },
    "button.four_colours": {
        "en": "4 colours",
        "zh-TW": "四色牌",
        "zh-CN": "四色牌",
    },
    "button.two_colours": {
        "en": "2 colours",
        "zh-TW": "雙色牌",
        "zh-CN": "双色牌",
    },
    "select.plays": {
        "en": "Play in one pick: legal plays, best first",
        "zh-TW": "一鍵出牌：可出的牌，最好的在前",
        "zh-CN": "一键出牌：可出的牌，最好的在前",
    },
    "select.kitty": {
        "en": "Choose a whole kitty to bury",
        "zh-TW": "選一整組底牌",
        "zh-CN": "选一整组底牌",
    },
    "option.pass": {
        "en": "Pass",
        "zh-TW": "不要",
        "zh-CN": "不要",
    },
    "option.suggested": {
        "en": "Suggested (the hint)",
        "zh-TW": "建議（提示）",
        "zh-CN": "建议（提示）",
    },
    "option.wins": {
        "en": "Takes the trick for now",
        "zh-TW": "目前能贏這一輪",
        "zh-CN": "目前能赢这一轮",
    },
    "option.kitty": {
        "en": "Keeps {suit} trump · {cards}",
        "zh-TW": "留{suit}做主 · {cards}",
        "zh-CN": "留{suit}做主 · {cards}",
    },
    "hand.bid_made": {
        "en": "You bid {amount}.",
        "zh-TW": "你叫 {amount} 分。",
        "zh-CN": "你叫 {amount} 分。",
    },
    "hand.bid_passed": {
        "en": "You pass (不叫).",
        "zh-TW": "你不叫。",
        "zh-CN": "你不叫。",
    },
    "hand.bid_turn": {
        "en": "Your bid: {minimum} or more, or pass.",
        "zh-TW": "輪到你叫分：至少 {minimum}，或不叫。",
        "zh-CN": "轮到你叫分：至少 {minimum}，或不叫。",
    },
    "hand.waiting_bid": {
        "en": "{name} is bidding.",
        "zh-TW": "{name} 叫分中。",
        "zh-CN": "{name} 叫分中。",
    },
    "hand.kitty_turn": {
        "en": "You are the dealer at {amount}: bury 8 cards. Pick a whole kitty or choose cards, "
        "then press Lay kitty.",
        "zh-TW": "你做莊，叫分 {amount}：請扣 8 張底牌。選一整組底牌或自己選牌，再按「扣底」。",
        "zh-CN": "你做庄，叫分 {amount}：请扣 8 张底牌。选一整组底牌或自己选牌，再按“扣底”。",
    },
    "hand.waiting_kitty": {
        "en": "{name} is burying the kitty.",
        "zh-TW": "{name} 扣底中。",
        "zh-CN": "{name} 扣底中。",
    },
    "hand.from_kitty": {
        "en": "From the kitty (底牌): {cards}",
        "zh-TW": "從底牌拿到：{cards}",
        "zh-CN": "从底牌拿到：{cards}",
    },
    "hand.buried": {
        "en": "Buried kitty (底牌): {cards}",
        "zh-TW": "扣下的底牌：{cards}",
        "zh-CN": "扣下的底牌：{cards}",
    },
    "hand.kitty_chosen": {
        "en": "Chosen for the kitty: {cards}. Press Lay kitty to bury them.",
        "zh-TW": "選來扣底的牌：{cards}。按「扣底」扣下。",
        "zh-CN": "选来扣底的牌：{cards}。按“扣底”扣下。",
    },
    "hand.kitty_laid": {
        "en": "You buried {cards}.",
        "zh-TW": "你扣了 {cards}。",
        "zh-CN": "你扣了 {cards}。",
    },
    "hand.trump_turn": {
        "en": "Name the trump suit.",
        "zh-TW": "請定主牌花色。",
        "zh-CN": "请定主牌花色。",
    },
    "hand.waiting_trump": {
        "en": "{name} is naming trump.",
        "zh-TW": "{name} 定主中。",
        "zh-CN": "{name} 定主中。",
    },
    "hand.trump_named": {
        "en": "You named {suit} trump.",
        "zh-TW": "你定{suit}為主。",
        "zh-CN": "你定{suit}为主。",
    },
    "hand.lead": {
        "en": "Your lead: any combination.",
        "zh-TW": "輪到你先出：任何牌型都可以。",
        "zh-CN": "轮到你先出：任何牌型都可以。",
    },
    "hand.beat": {
        "en": "Your turn: beat {name}'s {kind} {cards}, or pass.",
        "zh-TW": "輪到你：壓過 {name} 的{kind} {cards}，或不要。",
        "zh-CN": "轮到你：压过 {name} 的{kind} {cards}，或不要。",
    },
    "hand.lead_trump": {
        "en": "Your lead. Trump: {suit}.",
        "zh-TW": "輪到你先出。主牌：{suit}。",
        "zh-CN": "轮到你先出。主牌：{suit}。",
    },
    "hand.follow": {
        "en": "Your turn: follow {name}'s {cards} with {count} cards. Trump: {suit}.",
        "zh-TW": "輪到你：跟 {name} 出的 {cards}，出 {count} 張。主牌：{suit}。",
        "zh-CN": "轮到你：跟 {name} 出的 {cards}，出 {count} 张。主牌：{suit}。",
    },
    "hand.follow.count_one": {
        "en": "Your turn: follow {name}'s {cards} with {count} card. Trump: {suit}.",
        "zh-TW": "輪到你：跟 {name} 出的 {cards}，出 {count} 張。主牌：{suit}。",
        "zh-CN": "轮到你：跟 {name} 出的 {cards}，出 {count} 张。主牌：{suit}。",
    },
    "hand.waiting": {
        "en": "{name} is to play.",
        "zh-TW": "輪到 {name} 出牌。",
        "zh-CN": "轮到 {name} 出牌。",
    },
    "hand.out": {
        "en": "You are out: Partner's hand shows your partner's cards.",
        "zh-TW": "你出完了：按「看對家的牌」可以看對家的牌。",
        "zh-CN": "你出完了：按“看对家的牌”可以看对家的牌。",
    },
    "hand.over": {
        "en": "This hand is over.",
        "zh-TW": "這一局已經結束。",
        "zh-CN": "这一局已经结束。",
    },
    "hand.closed": {
        "en": "You have no hand at this table any more.",
        "zh-TW": "你在這桌已經沒有手牌了。",
        "zh-CN": "你在这桌已经没有手牌了。",
    },
    "hand.new_hand": {
        "en": "Hand {number} is dealt: your new cards.",
        "zh-TW": "第 {number} 局發牌了：這是你的新手牌。",
        "zh-CN": "第 {number} 局发牌了：这是你的新手牌。",
    },
    "hand.stale": {
        "en": "Those controls were of an earlier hand; nothing was done. Your cards now:",
        "zh-TW": "那是上一局的按鈕，沒有動作。你現在的牌：",
        "zh-CN": "那是上一局的按钮，没有动作。你现在的牌：",
    },
    "hand.old_panel": {
        "en": "This is an old hand message: nothing was played. Your hand now:",
        "zh-TW": "這是舊的手牌訊息，沒有出牌。你現在的手牌：",
        "zh-CN": "这是旧的手牌消息，没有出牌。你现在的手牌：",
    },
    "hand.expired": {
        "en": "This hand message is closed (Discord lets the bot update it for 15 minutes). "
        "Press **My hand** for your cards now.",
        "zh-TW": "這則手牌訊息已關閉（Discord 只讓機器人更新 15 分鐘）。按「我的牌」看現在的牌。",
        "zh-CN": "这条手牌消息已关闭（Discord 只让机器人更新 15 分钟）。按“我的牌”看现在的牌。",
    },
    "hand.moved": {
        "en": "↓ Your hand moved below.",
        "zh-TW": "↓ 你的手牌移到下面了。",
        "zh-CN": "↓ 你的手牌移到下面了。",
    },
    "hand.throw_failed": {
        "en": "Your throw {attempted} failed: you had to play {forced}.",
        "zh-TW": "你甩 {attempted} 失敗，只能出 {forced}。",
        "zh-CN": "你甩 {attempted} 失败，只能出 {forced}。",
    },
    "hand.taken_back": {
        "en": "Taken back: {cards}. Your turn again.",
        "zh-TW": "已收回：{cards}。又輪到你了。",
        "zh-CN": "已收回：{cards}。又轮到你了。",
    },
    "hand.take_back_asked": {
        "en": "The other side is asked to let you take it back (until <t:{expires}:R>); one "
        "refusal keeps the move.",
        "zh-TW": "已請對方同意讓你悔牌（<t:{expires}:R> 截止）；一人不同意就不收回。",
        "zh-CN": "已请对方同意让你悔牌（<t:{expires}:R> 截止）；一人不同意就不收回。",
    },
    "hint.bid_pass": {
        "en": "Hint: pass (不叫).",
        "zh-TW": "提示：不叫。",
        "zh-CN": "提示：不叫。",
    },
    "pings.auto": {
        "en": "Turn pings: a mention on your turn, unless you moved in the last {minutes} min "
        "and your hand is open (it says “your turn” itself); then one once you are idle.",
        "zh-TW": "輪到你的通知：輪到你時提及你；若你 {minutes} 分鐘內出過牌且手牌開著就先不提及"
        "（手牌上會寫「輪到你」），閒置後再提及。",
        "zh-CN": "轮到你的通知：轮到你时提及你；若你 {minutes} 分钟内出过牌且手牌开着就先不提及"
        "（手牌上会写“轮到你”），闲置后再提及。",
    },
    "pings.always": {
        "en": "Turn pings: a mention on every turn.",
        "zh-TW": "輪到你的通知：每次輪到你都提及你。",
        "zh-CN": "轮到你的通知：每次轮到你都提及你。",
    },
    "pings.idle": {
        "en": "Turn pings: a mention only once you have been idle {minutes} min.",
        "zh-TW": "輪到你的通知：閒置 {minutes} 分鐘後才提及你。",
        "zh-CN": "轮到你的通知：闲置 {minutes} 分钟后才提及你。",
    },
    "pings.dm": {
        "en": "Turn pings: a direct message instead of a mention, unless you moved in the last "
        "{minutes} min and your hand is open.",
        "zh-TW": "輪到你的通知：改用私訊；若你 {minutes} 分鐘內出過牌且手牌開著就先不發。",
        "zh-CN": "轮到你的通知：改用私信；若你 {minutes} 分钟内出过牌且手牌开着就先不发。",
    },
    "pings.quiet": {
        "en": "Quiet hours: {start}:00–{end}:00 ({zone}). Nothing notifies you then, but the "
        "table's turn limit still runs.",
        "zh-TW": "勿擾時段：{start}:00–{end}:00（{zone}）。期間不通知你，但牌桌的限時照走。",
        "zh-CN": "免打扰时段：{start}:00–{end}:00（{zone}）。期间不通知你，但牌桌的限时照走。",
    },
    "pings.no_quiet": {
        "en": "No quiet hours.",
        "zh-TW": "沒有勿擾時段。",
        "zh-CN": "没有免打扰时段。",
    },
    "settings.language_set": {
        "en": "What the bot says to you alone is in English now.",
        "zh-TW": "機器人只對你說的話現在用繁體中文。",
        "zh-CN": "机器人只对你说的话现在用简体中文。",
    },
    "line.joined": {
        "en": "You are in line for a seat: number {place}. At the next deal you take a seat a "
        "player left or was removed from, or a bot's. Press Join next hand again to leave the "
        "line.",
        "zh-TW": "你在等位：第 {place} 位。下一局發牌時，你會坐進有人離開或被移出的座位，"
        "或電腦的座位。再按「下一局入座」就離開等位。",
        "zh-CN": "你在等位：第 {place} 位。下一局发牌时，你会坐进有人离开或被移出的座位，"
        "或电脑的座位。再按“下一局入座”就离开等位。",
    },
    "line.left": {
        "en": "You left the line for a seat.",
        "zh-TW": "你已離開等位。",
        "zh-CN": "你已离开等位。",
    },
    "table.line": {
        "en": "Waiting for a seat at the next deal: {names}",
        "zh-TW": "等下一局入座：{names}",
        "zh-CN": "等下一局入座：{names}",
    },
    "settings.four_colour_on": {
        "en": "Four-colour cards on: ♠ black, ♥ red, ♦ blue, ♣ green in your own pictures.",
        "zh-TW": "已開啟四色牌：你的圖裡 ♠ 黑、♥ 紅、♦ 藍、♣ 綠。",
        "zh-CN": "已开启四色牌：你的图里 ♠ 黑、♥ 红、♦ 蓝、♣ 绿。",
    },
    "settings.four_colour_off": {
        "en": "Four-colour cards off: ♠ ♣ black, ♥ ♦ red.",
        "zh-TW": "已關閉四色牌：♠ ♣ 黑、♥ ♦ 紅。",
        "zh-CN": "已关闭四色牌：♠ ♣ 黑、♥ ♦ 红。",
    },
    "confirm.leave": {
        "en": "Leave during hand {hand}? The hand ends for everyone and is void (nobody scores "
        "it), and you lose {penalty} points.",
        "zh-TW": "要在第 {hand} 局中途離座嗎？這局對所有人作廢（不計分），你會被扣 {penalty} 分。",
        "zh-CN": "要在第 {hand} 局中途离座吗？这局对所有人作废（不计分），你会被扣 {penalty} 分。",
    },
    "confirm.bonus": {
        "en": "{names} get +{bonus} each (only players seated since the deal).",
        "zh-TW": "{names} 每人得 +{bonus} 分（只給開局時就在座的玩家）。",
        "zh-CN": "{names} 每人得 +{bonus} 分（只给开局时就在座的玩家）。",
    },
    "confirm.bonus.count_one": {
        "en": "{names} gets +{bonus} (only players seated since the deal).",
        "zh-TW": "{names} 得 +{bonus} 分（只給開局時就在座的玩家）。",
        "zh-CN": "{names} 得 +{bonus} 分（只给开局时就在座的玩家）。",
    },
    "confirm.no_bonus": {
        "en": "Nobody else gains anything.",
        "zh-TW": "其他人不加分。",
        "zh-CN": "其他人不加分。",
    },
    "confirm.end_vote": {
        "en": "End the table during hand {hand}? Every player is asked: if all agree, the hand is "
        "abandoned (no scores) and the table closes; if anyone refuses or the vote runs out, "
        "the hand is played out and the table closes after it.",
        "zh-TW": "要在第 {hand} 局中途散桌嗎？會請所有玩家表決："
        "全體同意就放棄這局（不計分）並散桌；有人反對或逾時，這局打完後散桌。",
        "zh-CN": "要在第 {hand} 局中途散桌吗？会请所有玩家表决："
        "全体同意就放弃这局（不计分）并散桌；有人反对或超时，这局打完后散桌。",
    },
    "confirm.end_alone": {
        "en": "You are the only player among bots: ending during hand {hand} counts as leaving it. "
        "The hand is void, you lose {penalty} points, and the table closes.",
        "zh-TW": "你是這桌唯一的真人玩家：在第 {hand} 局中途散桌算逃跑。這局作廢，"
        "你會被扣 {penalty} 分，然後散桌。",
        "zh-CN": "你是这桌唯一的真人玩家：在第 {hand} 局中途散桌算逃跑。这局作废，"
        "你会被扣 {penalty} 分，然后散桌。",
    },
    "confirm.end_now": {
        "en": "You do not play at this table: as a server manager you end it at once. Hand {hand} "
        "is abandoned and nobody scores it.",
        "zh-TW": "你沒有在這桌打牌：身為伺服器管理員，你會立刻結束這桌。"
        "第 {hand} 局作廢，沒有人計分。",
        "zh-CN": "你没有在这桌打牌：作为服务器管理员，你会立刻结束这桌。"
        "第 {hand} 局作废，没有人计分。",
    },
    "confirm.stayed": {
        "en": "Nothing was changed.",
        "zh-TW": "沒有任何改變。",
        "zh-CN": "没有任何改变。",
    },
    "confirm.stale": {
        "en": "Another hand has started since, so nothing was changed. Ask again to see what it "
        "costs now.",
        "zh-TW": "之後已經開了新的一局，所以沒有任何改變。請再下一次指令，看看現在的代價。",
        "zh-CN": "之后已经开了新的一局，所以没有任何改变。请再下一次指令，看看现在的代价。",
    },
    "confirm.left": {
        "en": "You left the table.",
        "zh-TW": "你已離座。",
        "zh-CN": "你已离座。",
    },
    "confirm.ended": {
        "en": "The table is closed.",
        "zh-TW": "本桌結束。",
        "zh-CN": "本桌结束。",
    },
    "takeback.asked": {
        "en": "{name} asks to take back {cards}. {voters}: please answer before the next move "
        "(until <t:{expires}:R>); one refusal keeps the move.",
        "zh-TW": "{name} 想收回 {cards}。{voters}：請在下一手之前回答（<t:{expires}:R> 截止）；"
        "一人不同意就不收回。",
        "zh-CN": "{name} 想收回 {cards}。{voters}：请在下一手之前回答（<t:{expires}:R> 截止）；"
        "一人不同意就不收回。",
    },
    "takeback.agreed_by": {
        "en": "{name} agrees.",
        "zh-TW": "{name} 同意。",
        "zh-CN": "{name} 同意。",
    },
    "takeback.done": {
        "en": "Taken back: {name} plays again instead of {cards}.",
        "zh-TW": "已收回：{name} 重新出牌（收回 {cards}）。",
        "zh-CN": "已收回：{name} 重新出牌（收回 {cards}）。",
    },
    "takeback.refused": {
        "en": "{name} refused: the move stands.",
        "zh-TW": "{name} 不同意：這手牌不收回。",
        "zh-CN": "{name} 不同意：这手牌不收回。",
    },
    "takeback.lapsed": {
        "en": "The next move was made first: the move stands.",
        "zh-TW": "下一手已經出了：不收回。",
        "zh-CN": "下一手已经出了：不收回。",
    },
    "takeback.expired": {
        "en": "Not answered within a minute: the move stands.",
        "zh-TW": "一分鐘內沒有回答：不收回。",
        "zh-CN": "一分钟内没有回答：不收回。",
    },
    "takeback.hand_over": {
        "en": "The hand ended first: the move stands.",
        "zh-TW": "這局先結束了：不收回。",
        "zh-CN": "这局先结束了：不收回。",
    },
    "since.taken_back": {
        "en": "{name} took back {cards}",
        "zh-TW": "{name} 收回了 {cards}",
        "zh-CN": "{name} 收回了 {cards}",
    },
    "takeback.public": {
        "en": "{name} took back {cards}.",
        "zh-TW": "{name} 收回了 {cards}。",
        "zh-CN": "{name} 收回了 {cards}。",
    },
}


# --- the table in the channel (issue 12): turn pings, catching up, offers, the end of a table ----
UI.update(
    {
        "turn.play": {
            "en": "{mention}, your turn.",
            "zh-TW": "{mention}，輪到你了。",
            "zh-CN": "{mention}，轮到你了。",
        },
        "turn.bid": {
            "en": "{mention}, your bid: press **My hand** to bid or pass.",
            "zh-TW": "{mention}，輪到你叫分：按「我的牌」叫分或不叫。",
            "zh-CN": "{mention}，轮到你叫分：按“我的牌”叫分或不叫。",
        },
        "turn.kitty": {
            "en": "{mention}, you are the dealer: press **My hand** to lay 8 cards back as the "
            "kitty.",
            "zh-TW": "{mention}，你是莊家：按「我的牌」扣 8 張底牌。",
            "zh-CN": "{mention}，你是庄家：按“我的牌”扣 8 张底牌。",
        },
        "turn.trump": {
            "en": "{mention}, press **My hand** to name the trump suit.",
            "zh-TW": "{mention}，按「我的牌」定主牌花色。",
            "zh-CN": "{mention}，按“我的牌”定主牌花色。",
        },
        "turn.reminder": {
            "en": "{turn} The table is waiting for you.",
            "zh-TW": "{turn}大家在等你。",
            "zh-CN": "{turn}大家在等你。",
        },
        "turn.due": {"en": "due {when}", "zh-TW": "期限 {when}", "zh-CN": "期限 {when}"},
        "turn.time_ran_out": {
            "en": "Time ran out: a bot {moves} for you.",
            "zh-TW": "時間到了：電腦替你{moves}。",
            "zh-CN": "时间到了：电脑替你{moves}。",
        },
        "for_you.played": {
            "en": "played {cards}",
            "zh-TW": "出了 {cards}",
            "zh-CN": "出了 {cards}",
        },
        "for_you.passed": {"en": "passed", "zh-TW": "不要", "zh-CN": "不要"},
        "for_you.bid_pass": {"en": "passed (不叫)", "zh-TW": "不叫", "zh-CN": "不叫"},
        "for_you.bid": {"en": "bid {amount}", "zh-TW": "叫了 {amount}", "zh-CN": "叫了 {amount}"},
        "for_you.kitty": {"en": "laid the kitty", "zh-TW": "扣了底", "zh-CN": "扣了底"},
        "for_you.trump": {
            "en": "named {suit} trump",
            "zh-TW": "定了{suit}為主",
            "zh-CN": "定了{suit}为主",
        },
        "turn.catch_up": {
            "en": "Catch up, table #{table}: {state}",
            "zh-TW": "第 {table} 桌近況：{state}",
            "zh-CN": "第 {table} 桌近况：{state}",
        },
        "turn.nothing_yet": {
            "en": "Nothing happened since your last move.",
            "zh-TW": "你上次出手之後還沒有變化。",
            "zh-CN": "你上次出手之后还没有变化。",
        },
        "turn.first_bid": {
            "en": "No bids yet: bid 80 or more, or pass",
            "zh-TW": "還沒有人叫分：叫 80 分以上，或不叫",
            "zh-CN": "还没有人叫分：叫 80 分以上，或不叫",
        },
        "turn.outbid": {
            "en": "Highest bid: {name} {amount}; bid {minimum} or more, or pass",
            "zh-TW": "最高叫分：{name} {amount}；叫 {minimum} 分以上，或不叫",
            "zh-CN": "最高叫分：{name} {amount}；叫 {minimum} 分以上，或不叫",
        },
        "turn.lead": {
            "en": "You lead this trick",
            "zh-TW": "這一輪由你先出",
            "zh-CN": "这一轮由你先出",
        },
        "turn.beat": {
            "en": "To beat: {name}'s {kind} {cards}",
            "zh-TW": "要壓過 {name} 的{kind} {cards}",
            "zh-CN": "要压过 {name} 的{kind} {cards}",
        },
        "turn.lead_trick": {
            "en": "You lead trick {number}",
            "zh-TW": "第 {number} 輪由你先出",
            "zh-CN": "第 {number} 轮由你先出",
        },
        "turn.follow": {
            "en": "Follow {name}'s lead: {cards}",
            "zh-TW": "跟 {name} 的首出：{cards}",
            "zh-CN": "跟 {name} 的首出：{cards}",
        },
        "turn.winning": {
            "en": "winning: {name} {cards}",
            "zh-TW": "目前最大：{name} {cards}",
            "zh-CN": "目前最大：{name} {cards}",
        },
        "turn.since": {
            "en": "Since your last move: {events}",
            "zh-TW": "你上次出手之後：{events}",
            "zh-CN": "你上次出手之后：{events}",
        },
        "turn.so_far": {
            "en": "So far this hand: {events}",
            "zh-TW": "本局到目前為止：{events}",
            "zh-CN": "本局到目前为止：{events}",
        },
        "turn.plays": {
            "en": "{count} plays",
            "zh-TW": "出牌 {count} 次",
            "zh-CN": "出牌 {count} 次",
        },
        "turn.plays.count_one": {
            "en": "{count} play",
            "zh-TW": "出牌 {count} 次",
            "zh-CN": "出牌 {count} 次",
        },
        "turn.passes": {
            "en": "{count} passes",
            "zh-TW": "不要 {count} 次",
            "zh-CN": "不要 {count} 次",
        },
        "turn.passes.count_one": {
            "en": "{count} pass",
            "zh-TW": "不要 {count} 次",
            "zh-CN": "不要 {count} 次",
        },
        "turn.bid_passes": {
            "en": "{count} passes",
            "zh-TW": "不叫 {count} 次",
            "zh-CN": "不叫 {count} 次",
        },
        "turn.bid_passes.count_one": {
            "en": "{count} pass",
            "zh-TW": "不叫 {count} 次",
            "zh-CN": "不叫 {count} 次",
        },
        "turn.tip": {
            "en": "New here? **My hand** shows your cards with menus to play them; you can also "
            "type `/play cards`, or press **Hint** for a suggestion. `/rules` explains the game.",
            "zh-TW": "第一次玩？按「我的牌」看手牌，用選單出牌；也可以輸入 `/打牌 出牌`，"
            "或按「提示」看建議。`/規則` 有完整說明。",
            "zh-CN": "第一次玩？按“我的牌”看手牌，用菜单出牌；也可以输入 `/打牌 出牌`，"
            "或按“提示”看建议。`/规则` 有完整说明。",
        },
        "button.fill": {
            "en": "Add bots and start",
            "zh-TW": "加電腦並開局",
            "zh-CN": "加电脑并开局",
        },
        "button.next_hand": {"en": "Next hand", "zh-TW": "下一局", "zh-CN": "下一局"},
        "button.play_again": {
            "en": "Play again",
            "zh-TW": "原班人馬再開一桌",
            "zh-CN": "原班人马再开一桌",
        },
        "table.dealt_by_hand": {
            "en": "Hands are dealt when a player presses **Next hand** under the last result.",
            "zh-TW": "每局結束後，由玩家按結果下方的「下一局」發牌。",
            "zh-CN": "每局结束后，由玩家按结果下方的“下一局”发牌。",
        },
        "table.final": {
            "en": "Table #{table} is closed. Final standings:",
            "zh-TW": "第 {table} 桌結束。最終排名：",
            "zh-CN": "第 {table} 桌结束。最终排名：",
        },
        "table.final_row": {
            "en": "{rank}. {name}: {total:+d} ({count} hands)",
            "zh-TW": "{rank}. {name}：{total:+d}（{count} 局）",
            "zh-CN": "{rank}. {name}：{total:+d}（{count} 局）",
        },
        "table.final_row.count_one": {
            "en": "{rank}. {name}: {total:+d} ({count} hand)",
            "zh-TW": "{rank}. {name}：{total:+d}（{count} 局）",
            "zh-CN": "{rank}. {name}：{total:+d}（{count} 局）",
        },
        "table.reopened_alone": {
            "en": "{name} opened table #{table} with the same seats as table #{old}: "
            "the bots are back and the first hand is dealt.",
            "zh-TW": "{name} 用第 {old} 桌的原班人馬開了第 {table} 桌："
            "電腦都回來了，第一局已發牌。",
            "zh-CN": "{name} 用第 {old} 桌的原班人马开了第 {table} 桌："
            "电脑都回来了，第一局已发牌。",
        },
        "table.reopened": {
            "en": "{name} opened table #{table} with the same seats as table #{old}. Whoever "
            "does not want to play presses **Leave**; the host presses **Start**.",
            "zh-TW": "{name} 用第 {old} 桌的原班人馬開了第 {table} 桌。不想玩的請按「離座」，"
            "由桌主按「開局」。",
            "zh-CN": "{name} 用第 {old} 桌的原班人马开了第 {table} 桌。不想玩的请按“离座”，"
            "由桌主按“开局”。",
        },
        "scores.no_hands": {
            "en": "No hands finished yet.",
            "zh-TW": "還沒有打完的牌局。",
            "zh-CN": "还没有打完的牌局。",
        },
        "result.abandoned": {
            "en": "abandoned (no scores)",
            "zh-TW": "中止（不計分）",
            "zh-CN": "中止（不计分）",
        },
        "result.zero": {
            "en": "contract failed: the dealer took no points",
            "zh-TW": "莊家失敗：一分未得",
            "zh-CN": "庄家失败：一分未得",
        },
        "result.under_45": {
            "en": "contract failed: the dealer took under 45",
            "zh-TW": "莊家失敗：不到 45 分",
            "zh-CN": "庄家失败：不到 45 分",
        },
        "result.under_bid": {
            "en": "contract failed: short of the bid",
            "zh-TW": "莊家失敗：未到叫分",
            "zh-CN": "庄家失败：未到叫分",
        },
        "result.over_160": {
            "en": "contract made with 160 or more",
            "zh-TW": "莊家成功：160 分以上",
            "zh-CN": "庄家成功：160 分以上",
        },
        "result.all_200": {
            "en": "contract made with all 200 points",
            "zh-TW": "莊家成功：全拿 200 分",
            "zh-CN": "庄家成功：全拿 200 分",
        },
        "scores.history_contract": {
            "en": "{kind} ({points} of {bid})",
            "zh-TW": "{kind}（{points}/{bid}）",
            "zh-CN": "{kind}（{points}/{bid}）",
        },
        "rules.howto_title": {
            "en": "How to play here",
            "zh-TW": "在這裡怎麼玩",
            "zh-CN": "在这里怎么玩",
        },
        "rules.howto.qingdun": {
            "en": "**1. Your turn.** The bot pings you in the table's thread with what to beat "
            "and your deadline. Press **My hand** (under the ping or the table) to see your "
            "cards: only you see them.\n\n"
            "**2. Play, one of three ways:**\n"
            "• **Menus**: in your hand, pick a play from the menu of legal plays, or choose "
            "cards in the card menus and press **Play**. **Pass** passes.\n"
            "• **Typed**: `/play cards 33344` (ranks only: the bot picks suits that keep your "
            "清墩 and straight flushes) or with suits, `/play cards 10H JS`; `/play pass`.\n"
            "• **Hint**: press **Hint** for a suggestion, chosen in your hand, ready to play.\n\n"
            "**3. Catching up.** The table picture numbers the current trick in order and shows "
            "the last trick; your ping says what happened since your last move.\n\n"
            "**4. After the hand** the result and the table score are posted, then the next "
            "hand is dealt (or a player presses **Next hand**). Your partner's hand: "
            "**Partner's hand**, once you are out.\n\n"
            "**Reading the pictures.** ×2 under a card's corner: two identical cards. A small "
            "gold dot: a point card (5, 10, K). A gold ring: your turn, your chosen cards, the "
            "play to beat.\n\n"
            "Leaving during a hand costs 50 points. The rules follow on the next pages.",
            "zh-TW": "**1. 輪到你。** 機器人會在牌桌的討論串提醒你，附上要壓過的牌和期限。"
            "按「我的牌」（在提醒或牌桌下方）私下看自己的牌。\n\n"
            "**2. 出牌，三種方式任選：**\n"
            "• **選單**：在手牌訊息裡，從可出的牌型選單選一手；或在選牌選單選好牌再按「出牌」。"
            "按「不要」就是不要。\n"
            "• **打字**：`/打牌 出牌 33344`（只打點數，機器人會挑不拆清墩和同花順的花色），"
            "或連花色 `/打牌 出牌 10H JS`；`/打牌 不要`。\n"
            "• **提示**：按「提示」，建議的牌會在手牌裡選好，直接出就行。\n\n"
            "**3. 跟上進度。** 牌桌圖依出牌順序標出這一輪的牌，也畫出上一輪；"
            "提醒訊息會說你上次出手之後發生了什麼。\n\n"
            "**4. 一局結束**會貼出結果和總分，接著發下一局（或由玩家按「下一局」）。"
            "出完牌之後可以按「看對家的牌」。\n\n"
            "**看圖。** 牌角下的 ×2：兩張一樣的牌。金色小圓點：分牌（5、10、K）。"
            "金框：輪到你、你選的牌、要壓過的牌。\n\n"
            "牌局中離座扣 50 分。後面幾頁是完整規則。",
            "zh-CN": "**1. 轮到你。** 机器人会在牌桌的子区提醒你，附上要压过的牌和期限。"
            "按“我的牌”（在提醒或牌桌下方）私下看自己的牌。\n\n"
            "**2. 出牌，三种方式任选：**\n"
            "• **菜单**：在手牌消息里，从可出的牌型菜单选一手；或在选牌菜单选好牌再按“出牌”。"
            "按“不要”就是不要。\n"
            "• **打字**：`/打牌 出牌 33344`（只打点数，机器人会挑不拆清墩和同花顺的花色），"
            "或连花色 `/打牌 出牌 10H JS`；`/打牌 不要`。\n"
            "• **提示**：按“提示”，建议的牌会在手牌里选好，直接出就行。\n\n"
            "**3. 跟上进度。** 牌桌图按出牌顺序标出这一轮的牌，也画出上一轮；"
            "提醒消息会说你上次出手之后发生了什么。\n\n"
            "**4. 一局结束**会贴出结果和总分，接着发下一局（或由玩家按“下一局”）。"
            "出完牌之后可以按“看对家的牌”。\n\n"
            "**看图。** 牌角下的 ×2：两张一样的牌。金色小圆点：分牌（5、10、K）。"
            "金框：轮到你、你选的牌、要压过的牌。\n\n"
            "牌局中离座扣 50 分。后面几页是完整规则。",
        },
        "rules.howto.sankou": {
            "en": "**1. Your turn.** The bot pings you in the table's thread with what to beat "
            "(or the bid to top) and your deadline. Press **My hand** (under the ping or the "
            "table) to see your cards: only you see them.\n\n"
            "**2. Bidding**: pick a bid in your hand's menu or press **Pass** "
            "(`/play bid 85`, `/play pass`). The dealer then chooses 8 cards and presses "
            "**Lay kitty** (`/play kitty …`), and names trump in the menu (`/play trump`).\n\n"
            "**3. Play, one of three ways:**\n"
            "• **Menus**: pick a play from the menu of legal plays, or choose cards in the "
            "card menus and press **Play**.\n"
            "• **Typed**: `/play cards 10H 10H`; autocomplete offers plays that follow suit.\n"
            "• **Hint**: press **Hint** for a suggestion, chosen in your hand, ready to play.\n\n"
            "**4. Catching up.** The table picture numbers the current trick in order and shows "
            "the last trick; your ping says what happened since your last move.\n\n"
            "After the hand the result and the table score are posted, then the next hand is "
            "dealt (or a player presses **Next hand**). Leaving during a hand costs 9 points.\n\n"
            "**Reading the pictures.** ×2 under a card's corner: two identical cards. A small "
            "gold dot: a point card (5, 10, K). Gold: your turn, your chosen cards, the play "
            "winning the trick, the highest bid. In your hand the codes of trumps are orange. "
            "The rules follow on the next pages.",
            "zh-TW": "**1. 輪到你。** 機器人會在牌桌的討論串提醒你，"
            "附上要壓過的牌（或要超過的叫分）和期限。按「我的牌」（在提醒或牌桌下方）私下看自己的牌。\n\n"
            "**2. 叫分**：在手牌的選單選分數，或按「不叫」（`/打牌 叫分 85`、`/打牌 不要`）。"
            "莊家接著選 8 張牌按「扣底」（`/打牌 扣底 …`），再在選單定主（`/打牌 定主`）。\n\n"
            "**3. 出牌，三種方式任選：**\n"
            "• **選單**：從可出的牌型選單選一手，或在選牌選單選好牌再按「出牌」。\n"
            "• **打字**：`/打牌 出牌 10H 10H`；自動完成會列出跟得上花色的出法。\n"
            "• **提示**：按「提示」，建議的牌會在手牌裡選好，直接出就行。\n\n"
            "**4. 跟上進度。** 牌桌圖依出牌順序標出這一輪的牌，也畫出上一輪；"
            "提醒訊息會說你上次出手之後發生了什麼。\n\n"
            "一局結束會貼出結果和總分，接著發下一局（或由玩家按「下一局」）。"
            "牌局中離座扣 9 分。\n\n"
            "**看圖。** 牌角下的 ×2：兩張一樣的牌。金色小圓點：分牌（5、10、K）。"
            "金色：輪到你、你選的牌、這一輪最大的牌、最高叫分。手牌裡主牌的代號是橘色。"
            "後面幾頁是完整規則。",
            "zh-CN": "**1. 轮到你。** 机器人会在牌桌的子区提醒你，"
            "附上要压过的牌（或要超过的叫分）和期限。按“我的牌”（在提醒或牌桌下方）私下看自己的牌。\n\n"
            "**2. 叫分**：在手牌的菜单选分数，或按“不叫”（`/打牌 叫分 85`、`/打牌 不要`）。"
            "庄家接着选 8 张牌按“扣底”（`/打牌 扣底 …`），再在菜单定主（`/打牌 定主`）。\n\n"
            "**3. 出牌，三种方式任选：**\n"
            "• **菜单**：从可出的牌型菜单选一手，或在选牌菜单选好牌再按“出牌”。\n"
            "• **打字**：`/打牌 出牌 10H 10H`；自动补全会列出跟得上花色的出法。\n"
            "• **提示**：按“提示”，建议的牌会在手牌里选好，直接出就行。\n\n"
            "**4. 跟上进度。** 牌桌图按出牌顺序标出这一轮的牌，也画出上一轮；"
            "提醒消息会说你上次出手之后发生了什么。\n\n"
            "一局结束会贴出结果和总分，接着发下一局（或由玩家按“下一局”）。"
            "牌局中离座扣 9 分。\n\n"
            "**看图。** 牌角下的 ×2：两张一样的牌。金色小圆点：分牌（5、10、K）。"
            "金色：轮到你、你选的牌、这一轮最大的牌、最高叫分。手牌里主牌的代号是橙色。"
            "后面几页是完整规则。",
        },
        "since.played": {
            "en": "{name}: {cards}",
            "zh-TW": "{name}：{cards}",
            "zh-CN": "{name}：{cards}",
        },
        "since.passed": {"en": "{name} passed", "zh-TW": "{name} 不要", "zh-CN": "{name} 不要"},
        "since.bid_pass": {"en": "{name} passed", "zh-TW": "{name} 不叫", "zh-CN": "{name} 不叫"},
        "since.bid": {
            "en": "{name} bid {amount}",
            "zh-TW": "{name} 叫 {amount}",
            "zh-CN": "{name} 叫 {amount}",
        },
        "since.trick": {
            "en": "{name} took the trick (+{points})",
            "zh-TW": "{name} 贏得這一輪（+{points}）",
            "zh-CN": "{name} 赢得这一轮（+{points}）",
        },
        "since.out": {
            "en": "{name} is {place}",
            "zh-TW": "{name} 出完（{place}）",
            "zh-CN": "{name} 出完（{place}）",
        },
        "since.failed": {
            "en": "{name}'s throw failed ({attempted} → {forced})",
            "zh-TW": "{name} 甩牌失敗（{attempted} → {forced}）",
            "zh-CN": "{name} 甩牌失败（{attempted} → {forced}）",
        },
        "since.dealer": {
            "en": "{name} is the dealer at {amount}",
            "zh-TW": "{name} 做莊，叫分 {amount}",
            "zh-CN": "{name} 做庄，叫分 {amount}",
        },
        "since.kitty": {
            "en": "{name} laid the kitty",
            "zh-TW": "{name} 已扣底",
            "zh-CN": "{name} 已扣底",
        },
        "since.trump": {"en": "trump is {suit}", "zh-TW": "主牌是{suit}", "zh-CN": "主牌是{suit}"},
        "since.timed_out": {
            "en": "{name} ran out of time",
            "zh-TW": "{name} 逾時",
            "zh-CN": "{name} 超时",
        },
        "since.taken_over": {
            "en": "a bot plays for {name}",
            "zh-TW": "電腦代 {name} 打",
            "zh-CN": "电脑代 {name} 打",
        },
    }
)


# --- rules versions (issue 21): a hand of earlier rules is never re-played nor re-scored -------
UI.update(
    {
        "table.rules_changed_void": {
            "en": "Hand {number} was dealt under earlier rules, before the bot was upgraded: it "
            "is void without penalty (no scores), and a new hand is dealt under today's rules.",
            "zh-TW": "第 {number} 局是在機器人升級前、以舊規則發的牌：這一局作廢，不計分也不罰分，"
            "改以現行規則重新發牌。",
            "zh-CN": "第 {number} 局是在机器人升级前、以旧规则发的牌：这一局作废，不计分也不罚分，"
            "改以现行规则重新发牌。",
        },
        "table.rules_changed": {
            "en": "The bot was upgraded after hand {number}: the next hand is dealt under "
            "today's rules.",
            "zh-TW": "機器人在第 {number} 局之後升級了：下一局以現行規則發牌。",
            "zh-CN": "机器人在第 {number} 局之后升级了：下一局以现行规则发牌。",
        },
        "replay.earlier_rules": {
            "en": "Played under earlier rules: the result recorded then stands, and its tricks "
            "are not re-played under today's rules.",
            "zh-TW": "這一局是以舊規則打的：以當時記錄的結果為準，不以現行規則重播每一輪。",
            "zh-CN": "这一局是以旧规则打的：以当时记录的结果为准，不以现行规则重放每一轮。",
        },
        "export.earlier_rules": {
            "en": "Played under earlier rules (version {rules}): the file says so, and its "
            "recorded result stands.",
            "zh-TW": "這一局是以舊規則（第 {rules} 版）打的：檔案裡有註明，以記錄的結果為準。",
            "zh-CN": "这一局是以旧规则（第 {rules} 版）打的：文件里有注明，以记录的结果为准。",
        },
    }
)
