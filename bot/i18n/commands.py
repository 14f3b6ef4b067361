"""Slash command names, option names, descriptions and choices in three languages.

Keys follow the command tree: ``table`` (a group), ``table.create`` (a command),
``table.create.game`` (an option), each with a ``.desc`` twin; choices are ``choice.<value>``.
The English entries are what the command tree is built from; the Translator serves the other
two. Discord only accepts names that are lower-case, without spaces, at most 32 characters
(``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``); Chinese characters count as letters.
"""

from __future__ import annotations

from bot.i18n.catalogue import Entry


def _e(en: str, tw: str, cn: str) -> Entry:
    return {"en": en, "zh-TW": tw, "zh-CN": cn}


COMMANDS: dict[str, Entry] = {
    # --- /table ---------------------------------------------------------------------------
    "table": _e("table", "牌桌", "牌桌"),
    "table.desc": _e(
        "Open, join and run a card table", "開桌、入座、管理牌桌", "开桌、入座、管理牌桌"
    ),
    "table.create": _e("create", "開桌", "开桌"),
    "table.create.desc": _e(
        "Open a table for 清墩 or 海宁三扣 in its own thread",
        "在新的討論串開一桌清墩或海寧三扣",
        "在新的子区开一桌清墩或海宁三扣",
    ),
    "table.create.game": _e("game", "遊戲", "游戏"),
    "table.create.game.desc": _e("Which game", "玩哪一種", "玩哪一种"),
    "table.create.hands": _e("hands", "局數", "局数"),
    "table.create.hands.desc": _e(
        "Number of hands (empty: play until the table is ended)",
        "要打幾局（不填：打到散桌為止）",
        "要打几局（不填：打到散桌为止）",
    ),
    "table.create.turn_limit": _e("turn_limit", "限時", "限时"),
    "table.create.turn_limit.desc": _e(
        "Time allowed for one turn", "每手的時間限制", "每手的时间限制"
    ),
    "table.create.timeout_rule": _e("timeout_rule", "逾時處理", "超时处理"),
    "table.create.timeout_rule.desc": _e(
        "What happens when a turn runs out of time",
        "逾時之後怎麼辦",
        "超时之后怎么办",
    ),
    "table.create.language": _e("language", "語言", "语言"),
    "table.create.language.desc": _e(
        "Language of the table's public messages",
        "牌桌公開訊息的語言",
        "牌桌公开消息的语言",
    ),
    "table.create.auto_deal": _e("auto_deal", "自動發牌", "自动发牌"),
    "table.create.auto_deal.desc": _e(
        "Deal the next hand at once (off: a player presses Next hand)",
        "一局結束馬上發下一局（關閉：由玩家按「下一局」）",
        "一局结束马上发下一局（关闭：由玩家按“下一局”）",
    ),
    "table.create.bot_level": _e("bot_level", "電腦程度", "电脑程度"),
    "table.create.bot_level.desc": _e(
        "How bot seats play (default: strong)",
        "電腦座位的程度（預設：強）",
        "电脑座位的程度（默认：强）",
    ),
    "table.create.bot_seconds": _e("bot_seconds", "電腦思考秒數", "电脑思考秒数"),
    "table.create.bot_seconds.desc": _e(
        "Seconds a strong bot thinks per move, 0.05 to 3 (default 1)",
        "強電腦每步思考幾秒，0.05 到 3（預設 1）",
        "强电脑每步思考几秒，0.05 到 3（默认 1）",
    ),
    "table.create.hint_seconds": _e("hint_seconds", "提示思考秒數", "提示思考秒数"),
    "table.create.hint_seconds.desc": _e(
        "Seconds a hint thinks, 0.05 to 1 (default 0.3)",
        "提示思考幾秒，0.05 到 1（預設 0.3）",
        "提示思考几秒，0.05 到 1（默认 0.3）",
    ),
    "table.bots": _e("bots", "電腦設定", "电脑设置"),
    "table.bots.desc": _e(
        "Bot level and thinking times (host; the level between hands)",
        "電腦程度與思考時間（桌主；程度只能在兩局之間改）",
        "电脑程度与思考时间（桌主；程度只能在两局之间改）",
    ),
    "table.bots.bot_level": _e("bot_level", "電腦程度", "电脑程度"),
    "table.bots.bot_level.desc": _e(
        "How bot seats play from the next hand",
        "電腦座位的程度（下一局起）",
        "电脑座位的程度（下一局起）",
    ),
    "table.bots.bot_seconds": _e("bot_seconds", "電腦思考秒數", "电脑思考秒数"),
    "table.bots.bot_seconds.desc": _e(
        "Seconds a strong bot thinks per move, 0.05 to 3 (default 1)",
        "強電腦每步思考幾秒，0.05 到 3（預設 1）",
        "强电脑每步思考几秒，0.05 到 3（默认 1）",
    ),
    "table.bots.hint_seconds": _e("hint_seconds", "提示思考秒數", "提示思考秒数"),
    "table.bots.hint_seconds.desc": _e(
        "Seconds a hint thinks, 0.05 to 1 (default 0.3)",
        "提示思考幾秒，0.05 到 1（預設 0.3）",
        "提示思考几秒，0.05 到 1（默认 0.3）",
    ),
    "table.join": _e("join", "入座", "入座"),
    "table.join.desc": _e("Sit at the table in this thread", "在這桌入座", "在这桌入座"),
    "table.leave": _e("leave", "離座", "离座"),
    "table.leave.desc": _e(
        "Leave the table (during a hand: the leaving penalty)",
        "離開牌桌（牌局中離開算逃跑）",
        "离开牌桌（牌局中离开算逃跑）",
    ),
    "table.seat": _e("seat", "換座", "换座"),
    "table.seat.desc": _e("Choose your seat before the start", "開局前選座位", "开局前选座位"),
    "table.seat.seat": _e("seat", "座位", "座位"),
    "table.seat.seat.desc": _e("Seat 1 to 4", "1 到 4 號位", "1 到 4 号位"),
    "table.addbot": _e("addbot", "加電腦", "加电脑"),
    "table.addbot.desc": _e("Put a bot in an empty seat", "讓電腦坐空位", "让电脑坐空位"),
    "table.addbot.seat": _e("seat", "座位", "座位"),
    "table.addbot.seat.desc": _e(
        "Seat 1 to 4 (empty: the first free one)",
        "1 到 4 號位（不填：第一個空位）",
        "1 到 4 号位（不填：第一个空位）",
    ),
    "table.removebot": _e("removebot", "移除電腦", "移除电脑"),
    "table.removebot.desc": _e("Take a bot off its seat", "讓電腦離座", "让电脑离座"),
    "table.removebot.seat": _e("seat", "座位", "座位"),
    "table.removebot.seat.desc": _e("Seat 1 to 4", "1 到 4 號位", "1 到 4 号位"),
    "table.start": _e("start", "開局", "开局"),
    "table.start.desc": _e(
        "Deal the first hand (four seats filled)", "四人坐滿後發牌開局", "四人坐满后发牌开局"
    ),
    "table.show": _e("show", "看桌", "看桌"),
    "table.show.desc": _e("Post the table picture again", "重新貼出牌桌圖", "重新贴出牌桌图"),
    "table.end": _e("end", "散桌", "散桌"),
    "table.end.desc": _e(
        "Close the table (host or Manage Server); during a hand every player must agree",
        "結束牌桌（桌主或管理員）；牌局中須全員同意",
        "结束牌桌（桌主或管理员）；牌局中须全员同意",
    ),
    "table.kick": _e("kick", "踢人", "踢人"),
    "table.kick.desc": _e(
        "Remove a player (host or Manage Server); during a hand only one who ran out of time",
        "請玩家離桌（桌主或管理員）；牌局中只能請走逾時的玩家",
        "请玩家离桌（桌主或管理员）；牌局中只能请走超时的玩家",
    ),
    "table.kick.player": _e("player", "玩家", "玩家"),
    "table.kick.player.desc": _e("Who to remove", "要請走誰", "要请走谁"),
    # --- /play ------------------------------------------------------------------------------
    "play": _e("play", "打牌", "打牌"),
    "play.desc": _e("Play your turn", "輪到你時出牌", "轮到你时出牌"),
    "play.cards": _e("cards", "出牌", "出牌"),
    "play.cards.desc": _e(
        "Play cards, e.g. 10H JS or 33344",
        "出牌，例如 10H JS 或 33344",
        "出牌，例如 10H JS 或 33344",
    ),
    "play.cards.cards": _e("cards", "牌", "牌"),
    "play.cards.cards.desc": _e(
        "Cards to play (pick from the list or type)",
        "要出的牌（從清單選或自己打）",
        "要出的牌（从列表选或自己打）",
    ),
    "play.pass": _e("pass", "不要", "不要"),
    "play.pass.desc": _e("Pass (清墩 trick or 三扣 bidding)", "不要／不叫", "不要／不叫"),
    "play.nobid": _e("nobid", "不叫", "不叫"),
    "play.nobid.desc": _e(
        "三扣 bidding: pass (不叫), the same as pass", "三扣叫分：不叫", "三扣叫分：不叫"
    ),
    "play.hand": _e("hand", "手牌", "手牌"),
    "play.hand.desc": _e("See your hand privately", "私下看自己的手牌", "私下看自己的手牌"),
    "play.hint": _e("hint", "提示", "提示"),
    "play.hint.desc": _e("Suggest a legal move", "建議一手合法的出牌", "建议一手合法的出牌"),
    "play.bid": _e("bid", "叫分", "叫分"),
    "play.bid.desc": _e(
        "三扣: bid points (80 to 200, steps of 5)",
        "三扣：叫分（80 到 200，每次加 5）",
        "三扣：叫分（80 到 200，每次加 5）",
    ),
    "play.bid.amount": _e("amount", "分數", "分数"),
    "play.bid.amount.desc": _e("Your bid", "你的叫分", "你的叫分"),
    "play.kitty": _e("kitty", "扣底", "扣底"),
    "play.kitty.desc": _e(
        "三扣 dealer: lay 8 cards as the kitty", "三扣莊家：扣 8 張底牌", "三扣庄家：扣 8 张底牌"
    ),
    "play.kitty.cards": _e("cards", "牌", "牌"),
    "play.kitty.cards.desc": _e("The 8 cards to lay back", "要扣的 8 張牌", "要扣的 8 张牌"),
    "play.trump": _e("trump", "定主", "定主"),
    "play.trump.desc": _e(
        "三扣 dealer: name the trump suit", "三扣莊家：定主牌花色", "三扣庄家：定主牌花色"
    ),
    "play.trump.suit": _e("suit", "花色", "花色"),
    "play.trump.suit.desc": _e("Trump suit", "主牌花色", "主牌花色"),
    "play.partner": _e("partner", "對家", "对家"),
    "play.partner.desc": _e(
        "清墩: see your partner's hand after you went out",
        "清墩：出完後看對家的牌",
        "清墩：出完后看对家的牌",
    ),
    # --- /scores ------------------------------------------------------------------------------
    "scores": _e("scores", "戰績", "战绩"),
    "scores.desc": _e(
        "Scores, history and leaderboards", "分數、牌局紀錄和排行榜", "分数、牌局记录和排行榜"
    ),
    "scores.table": _e("table", "本桌", "本桌"),
    "scores.table.desc": _e("Running score of this table", "本桌的累計分數", "本桌的累计分数"),
    "scores.board": _e("board", "排行榜", "排行榜"),
    "scores.board.desc": _e(
        "This server's best players, with your own rank",
        "本伺服器的排行榜，也列出你自己的名次",
        "本服务器的排行榜，也列出你自己的名次",
    ),
    "scores.board.game": _e("game", "遊戲", "游戏"),
    "scores.board.game.desc": _e("Which game", "哪一種遊戲", "哪一种游戏"),
    "scores.board.period": _e("period", "期間", "期间"),
    "scores.board.period.desc": _e(
        "This week, this month or all time (empty: all time)",
        "本週、本月或全部（不填：全部）",
        "本周、本月或全部（不填：全部）",
    ),
    "scores.board.by": _e("by", "排序", "排序"),
    "scores.board.by.desc": _e(
        "By skill rating or by points (empty: rating)",
        "按等級分或按積分（不填：等級分）",
        "按等级分或按积分（不填：等级分）",
    ),
    "scores.history": _e("history", "紀錄", "记录"),
    "scores.history.desc": _e(
        "Recent hands, each with an id for replay and export",
        "最近的牌局，附編號可重播或匯出",
        "最近的牌局，附编号可回放或导出",
    ),
    "scores.history.player": _e("player", "玩家", "玩家"),
    "scores.history.player.desc": _e(
        "Whose hands (empty: this table's in its thread, else yours)",
        "看誰的牌局（不填：在牌桌討論串裡看本桌，否則看自己）",
        "看谁的牌局（不填：在牌桌子区里看本桌，否则看自己）",
    ),
    "scores.replay": _e("replay", "重播", "回放"),
    "scores.replay.desc": _e(
        "Look back at a finished hand, trick by trick (only you see it)",
        "一輪一輪回顧打完的一局（只有你看得到）",
        "一轮一轮回顾打完的一局（只有你看得到）",
    ),
    "scores.replay.hand": _e("hand", "牌局", "牌局"),
    "scores.replay.hand.desc": _e(
        "The hand's id from /scores history, like #2F",
        "/戰績 紀錄 列出的牌局編號，例如 #2F",
        "/战绩 记录 列出的牌局编号，例如 #2F",
    ),
    "scores.export": _e("export", "匯出", "导出"),
    "scores.export.desc": _e(
        "A finished hand's record as a JSON file",
        "把打完的一局存成 JSON 檔",
        "把打完的一局存成 JSON 文件",
    ),
    "scores.export.hand": _e("hand", "牌局", "牌局"),
    "scores.export.hand.desc": _e(
        "The hand's id from /scores history, like #2F",
        "/戰績 紀錄 列出的牌局編號，例如 #2F",
        "/战绩 记录 列出的牌局编号，例如 #2F",
    ),
    "scores.review": _e("review", "覆盤", "复盘"),
    "scores.review.desc": _e(
        "Your costliest moves of a finished hand, and what to play instead (only you see it)",
        "你在打完的一局中最吃虧的幾步，以及該怎麼打（只有你看得到）",
        "你在打完的一局中最吃亏的几步，以及该怎么打（只有你看得到）",
    ),
    "scores.review.hand": _e("hand", "牌局", "牌局"),
    "scores.review.hand.desc": _e(
        "The hand's id from /scores history, like #2F",
        "/戰績 紀錄 列出的牌局編號，例如 #2F",
        "/战绩 记录 列出的牌局编号，例如 #2F",
    ),
    "scores.stats": _e("stats", "個人", "个人"),
    "scores.stats.desc": _e("A player's statistics", "玩家的個人戰績", "玩家的个人战绩"),
    "scores.stats.player": _e("player", "玩家", "玩家"),
    "scores.stats.player.desc": _e(
        "Whose statistics (empty: yours)", "看誰的戰績（不填：自己）", "看谁的战绩（不填：自己）"
    ),
    "scores.minhands": _e("minhands", "門檻", "门槛"),
    "scores.minhands.desc": _e(
        "Completed hands before a rating is on the board and leaving bonuses count",
        "完成幾局之後才列入等級分排行、逃跑補償才計分",
        "完成几局之后才列入等级分排行、逃跑补偿才计分",
    ),
    "scores.minhands.hands": _e("hands", "局數", "局数"),
    "scores.minhands.hands.desc": _e(
        "New minimum, managers only (empty: show it)",
        "新的門檻，限管理員（不填：顯示目前的）",
        "新的门槛，限管理员（不填：显示当前的）",
    ),
    # --- /rules -------------------------------------------------------------------------------
    "rules": _e("rules", "規則", "规则"),
    "rules.desc": _e(
        "How to play 清墩 or 海宁三扣", "清墩、海寧三扣的玩法", "清墩、海宁三扣的玩法"
    ),
    "rules.game": _e("game", "遊戲", "游戏"),
    "rules.game.desc": _e("Which game", "哪一種遊戲", "哪一种游戏"),
    # --- choices ------------------------------------------------------------------------------
    "choice.qingdun": _e("清墩 Qingdun", "清墩", "清墩"),
    "choice.sankou": _e("海宁三扣 Haining Sankou", "海寧三扣", "海宁三扣"),
    "choice.bot": _e("A bot plays the turn", "電腦代打", "电脑代打"),
    "choice.remove": _e("Remove the player (penalty)", "移出玩家（扣分）", "移出玩家（扣分）"),
    "choice.strong": _e("Strong (thinks every move)", "強（每步都思考）", "强（每步都思考）"),
    "choice.medium": _e(
        "Medium (counts cards, instant)", "中等（會記牌，出牌快）", "中等（会记牌，出牌快）"
    ),
    "choice.simple": _e("Simple (easy to beat)", "簡單（容易贏）", "简单（容易赢）"),
    "choice.en": _e("English", "English 英文", "English 英文"),
    "choice.zh-TW": _e("繁體中文 Traditional Chinese", "繁體中文", "繁体中文"),
    "choice.zh-CN": _e("简体中文 Simplified Chinese", "簡體中文", "简体中文"),
    "choice.week": _e("This week", "本週", "本周"),
    "choice.month": _e("This month", "本月", "本月"),
    "choice.all": _e("All time", "全部", "全部"),
    "choice.rating": _e("Skill rating", "等級分", "等级分"),
    "choice.points": _e("Points", "積分", "积分"),
    "choice.S": _e("♠ Spades", "♠ 黑桃", "♠ 黑桃"),
    "choice.H": _e("♥ Hearts", "♥ 紅心", "♥ 红心"),
    "choice.D": _e("♦ Diamonds", "♦ 方塊", "♦ 方块"),
    "choice.C": _e("♣ Clubs", "♣ 梅花", "♣ 梅花"),
    "choice.5": _e("5 minutes", "5 分鐘", "5 分钟"),
    "choice.30": _e("30 minutes", "30 分鐘", "30 分钟"),
    "choice.120": _e("2 hours", "2 小時", "2 小时"),
    "choice.720": _e("12 hours", "12 小時", "12 小时"),
    "choice.1440": _e("24 hours", "24 小時", "24 小时"),
    "choice.4320": _e("72 hours", "72 小時", "72 小时"),
    # --- issue 12: the private hand ----------------------------------------------------------
    "play.takeback": _e("takeback", "悔牌", "悔牌"),
    "play.takeback.desc": _e(
        "Take back your last move (the other players must agree)",
        "收回你剛出的一手（其他玩家要同意）",
        "收回你刚出的一手（其他玩家要同意）",
    ),
    "settings": _e("settings", "設定", "设置"),
    "settings.desc": _e("Your own settings", "你自己的設定", "你自己的设置"),
    "settings.cards": _e("cards", "牌面", "牌面"),
    "settings.cards.desc": _e(
        "How cards look in your own pictures", "你自己看到的牌面", "你自己看到的牌面"
    ),
    "settings.cards.four_colour": _e("four_colour", "四色", "四色"),
    "settings.cards.four_colour.desc": _e(
        "Four colours: ♠ black, ♥ red, ♦ blue, ♣ green",
        "四色牌：♠ 黑、♥ 紅、♦ 藍、♣ 綠",
        "四色牌：♠ 黑、♥ 红、♦ 蓝、♣ 绿",
    ),
    "settings.pings": _e("pings", "通知", "通知"),
    "settings.pings.desc": _e(
        "When and how your turns notify you (without options: what is set)",
        "輪到你時何時、如何通知你（不填：看目前設定）",
        "轮到你时何时、如何通知你（不填：看当前设置）",
    ),
    "settings.pings.when": _e("when", "何時", "何时"),
    "settings.pings.when.desc": _e(
        "Auto: no ping while you just moved and your hand is open",
        "自動：剛出過牌且手牌開著時不通知",
        "自动：刚出过牌且手牌开着时不通知",
    ),
    "settings.pings.minutes": _e("minutes", "分鐘", "分钟"),
    "settings.pings.minutes.desc": _e(
        "Minutes idle before a ping (default 3)",
        "閒置幾分鐘後才通知（預設 3）",
        "闲置几分钟后才通知（默认 3）",
    ),
    "settings.pings.quiet_from": _e("quiet_from", "勿擾開始", "免打扰开始"),
    "settings.pings.quiet_from.desc": _e(
        "Quiet hours start (0-23; the same as the end: none)",
        "勿擾開始的整點（0-23；與結束相同：不設）",
        "免打扰开始的整点（0-23；与结束相同：不设）",
    ),
    "settings.pings.quiet_to": _e("quiet_to", "勿擾結束", "免打扰结束"),
    "settings.pings.quiet_to.desc": _e(
        "Quiet hours end (0-23)", "勿擾結束的整點（0-23）", "免打扰结束的整点（0-23）"
    ),
    "settings.pings.time_zone": _e("time_zone", "時區", "时区"),
    "settings.pings.time_zone.desc": _e(
        "Your time zone, e.g. Asia/Taipei or Europe/London",
        "你的時區，例如 Asia/Taipei",
        "你的时区，例如 Asia/Shanghai",
    ),
    "choice.auto": _e(
        "Auto: unless I just moved", "自動：剛出過牌就不通知", "自动：刚出过牌就不通知"
    ),
    "choice.always": _e("Every turn", "每次輪到我", "每次轮到我"),
    "choice.idle": _e("Only after minutes idle", "閒置幾分鐘後", "闲置几分钟后"),
    "choice.dm": _e("A direct message instead", "改用私訊", "改用私信"),
    "settings.language": _e("language", "語言", "语言"),
    "settings.language.desc": _e(
        "The language of what the bot says to you alone",
        "機器人只對你說的話用哪種語言",
        "机器人只对你说的话用哪种语言",
    ),
    "settings.language.language": _e("language", "語言", "语言"),
    "settings.language.language.desc": _e("Your language", "你的語言", "你的语言"),
    "choice.on": _e("On", "開", "开"),
    "choice.off": _e("Off", "關", "关"),
}

#: Turn limits offered at creation, in minutes (the service accepts 1 min to 72 h).
TURN_LIMITS: tuple[int, ...] = (5, 30, 120, 720, 1440, 4320)
