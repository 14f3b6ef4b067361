"""Refusals in three languages, keyed by the stable ``code`` the engines and the service raise.

``engine.errors.CardParseError``, ``engine.errors.IllegalMove`` and the service's
``ServiceError`` each carry a ``code`` and plain ``params`` (seats as ints, cards as notation
strings, suits as letters, amounts as ints). The front end formats seats as player names
before it looks the text up here, so every ``{seat}``-like placeholder reads as a name.
A test collects every ``code=`` raised anywhere in the tree and checks it has an entry.
"""

from __future__ import annotations

from bot.i18n.catalogue import Entry

ERRORS: dict[str, Entry] = {
    # --- card notation (engine/cards.py) ---------------------------------------------------
    "bad_card": {
        "en": "Cannot read the card “{token}”.",
        "zh-TW": "看不懂這張牌：「{token}」。",
        "zh-CN": "看不懂这张牌：“{token}”。",
    },
    "not_one_card": {
        "en": "“{token}” should be exactly one card.",
        "zh-TW": "「{token}」應該只有一張牌。",
        "zh-CN": "“{token}”应该只有一张牌。",
    },
    "missing_suit": {
        "en": "“{token}” needs a suit: S H D C (or ♠ ♥ ♦ ♣).",
        "zh-TW": "「{token}」缺少花色：S H D C（或 ♠ ♥ ♦ ♣）。",
        "zh-CN": "“{token}”缺少花色：S H D C（或 ♠ ♥ ♦ ♣）。",
    },
    "bad_suit": {
        "en": "“{token}”: suits are S H D C (or ♠ ♥ ♦ ♣).",
        "zh-TW": "「{token}」：花色是 S H D C（或 ♠ ♥ ♦ ♣）。",
        "zh-CN": "“{token}”：花色是 S H D C（或 ♠ ♥ ♦ ♣）。",
    },
    "rank_first": {
        "en": "“{token}”: the rank comes first, e.g. 10H, JS, AD.",
        "zh-TW": "「{token}」：點數寫在前面，例如 10H、JS、AD。",
        "zh-CN": "“{token}”：点数写在前面，例如 10H、JS、AD。",
    },
    "bad_rank": {
        "en": "“{token}”: ranks are 2-10 J Q K A, jokers BJ and SJ (大王 小王).",
        "zh-TW": "「{token}」：點數是 2-10 J Q K A，大王 BJ、小王 SJ。",
        "zh-CN": "“{token}”：点数是 2-10 J Q K A，大王 BJ、小王 SJ。",
    },
    "no_line_waiting": {
        "en": "Table {table_id} is not playing: join it now.",
        "zh-TW": "第 {table_id} 桌沒在打牌：現在就能入座。",
        "zh-CN": "第 {table_id} 桌没在打牌：现在就能入座。",
    },
    "line_full": {
        "en": "The line for a seat at table {table_id} is full.",
        "zh-TW": "第 {table_id} 桌等位的人已滿。",
        "zh-CN": "第 {table_id} 桌等位的人已满。",
    },
    "triple_to_qingdun": {
        "en": "A plain triple cannot beat this, but your 清墩 {cards} can: type {typed}.",
        "zh-TW": "普通三張壓不過，你的清墩 {cards} 可以：請打 {typed}。",
        "zh-CN": "普通三张压不过，你的清墩 {cards} 可以：请打 {typed}。",
    },
    "not_enough_cards": {
        "en": "You do not hold that many “{token}”.",
        "zh-TW": "你手上沒有這麼多張「{token}」。",
        "zh-CN": "你手上没有这么多张“{token}”。",
    },
    # --- the table service (bot/service/errors.py) ---------------------------------------
    "table_not_found": {
        "en": "There is no table {table_id}.",
        "zh-TW": "沒有第 {table_id} 桌。",
        "zh-CN": "没有第 {table_id} 桌。",
    },
    "table_ended": {
        "en": "Table {table_id} has ended.",
        "zh-TW": "第 {table_id} 桌已經結束。",
        "zh-CN": "第 {table_id} 桌已经结束。",
    },
    "table_not_waiting": {
        "en": "Table {table_id} is playing; seats change only between hands.",
        "zh-TW": "第 {table_id} 桌正在打牌，要等這局打完才能換座。",
        "zh-CN": "第 {table_id} 桌正在打牌，要等这局打完才能换座。",
    },
    "unknown_game": {
        "en": "Unknown game “{game}”: choose 清墩 or 海宁三扣.",
        "zh-TW": "沒有「{game}」這種遊戲：請選清墩或海寧三扣。",
        "zh-CN": "没有“{game}”这种游戏：请选清墩或海宁三扣。",
    },
    "not_host": {
        "en": "Only the table's host, {player}, or a server manager can do that.",
        "zh-TW": "只有桌主 {player} 或伺服器管理員可以這樣做。",
        "zh-CN": "只有桌主 {player} 或服务器管理员可以这样做。",
    },
    "not_manager": {
        "en": "Only a server manager (Manage Server) can do that.",
        "zh-TW": "只有伺服器管理員（管理伺服器權限）可以這樣做。",
        "zh-CN": "只有服务器管理员（管理服务器权限）可以这样做。",
    },
    "table_unavailable": {
        "en": "Table {table_id} cannot be reached right now (a database problem). Nothing was "
        "changed; the bot keeps retrying, try again in a minute.",
        "zh-TW": "第 {table_id} 桌暫時無法讀取（資料庫出了問題）。牌局沒有改變，系統會自動重試，"
        "請一分鐘後再試。",
        "zh-CN": "第 {table_id} 桌暂时无法读取（数据库出了问题）。牌局没有改变，系统会自动重试，"
        "请一分钟后再试。",
    },
    "table_quarantined": {
        "en": "Table {table_id} could not be restored and is set aside; its record is kept. "
        "Ask a server admin.",
        "zh-TW": "第 {table_id} 桌無法還原，已暫時擱置，紀錄仍保留。請聯絡伺服器管理員。",
        "zh-CN": "第 {table_id} 桌无法还原，已暂时搁置，记录仍保留。请联系服务器管理员。",
    },
    "database_busy": {
        "en": "The bot's database is busy. Nothing was changed; try again in a moment.",
        "zh-TW": "資料庫忙碌中，牌局沒有改變，請稍後再試。",
        "zh-CN": "数据库繁忙，牌局没有改变，请稍后再试。",
    },
    "database_gone": {
        "en": "The bot lost its database file, so nothing can be saved: play is paused until "
        "the bot is restarted. Please tell a server admin.",
        "zh-TW": "機器人的資料庫檔案不見了，無法儲存任何東西：牌局暫停，等機器人重新啟動。"
        "請通知伺服器管理員。",
        "zh-CN": "机器人的数据库文件不见了，无法保存任何东西：牌局暂停，等机器人重新启动。"
        "请通知服务器管理员。",
    },
    "database_unavailable": {
        "en": "The bot cannot reach its database right now. The table shows what was saved; "
        "try again in a moment.",
        "zh-TW": "機器人暫時連不上資料庫。牌桌顯示的是已儲存的狀態，請稍後再試。",
        "zh-CN": "机器人暂时连不上数据库。牌桌显示的是已保存的状态，请稍后再试。",
    },
    "table_changed": {
        "en": "Table {table_id} was just changed by another bot process, so your action was not "
        "applied. Look at the table again and retry.",
        "zh-TW": "第 {table_id} 桌剛被另一個機器人程序更新，你的動作沒有生效。"
        "請重新查看牌桌後再試。",
        "zh-CN": "第 {table_id} 桌刚被另一个机器人进程更新，你的操作没有生效。"
        "请重新查看牌桌后再试。",
    },
    "guild_not_served": {
        "en": "This server's tables are being handed over between bot processes. Try again in "
        "a moment.",
        "zh-TW": "本伺服器的牌桌正在機器人程序之間交接，請稍後再試。",
        "zh-CN": "本服务器的牌桌正在机器人进程之间交接，请稍后再试。",
    },
    "table_full": {
        "en": "Table {table_id} has no free seat.",
        "zh-TW": "第 {table_id} 桌已經坐滿了。",
        "zh-CN": "第 {table_id} 桌已经坐满了。",
    },
    "already_seated": {
        "en": "You already sit at seat {seat} of this table.",
        "zh-TW": "你已經坐在這桌的 {seat} 號位。",
        "zh-CN": "你已经坐在这桌的 {seat} 号位。",
    },
    "already_seated_here": {
        "en": "You already sit at table {table_id} in this channel; leave it first.",
        "zh-TW": "你已經坐在這個頻道的第 {table_id} 桌，請先離座。",
        "zh-CN": "你已经坐在这个频道的第 {table_id} 桌，请先离座。",
    },
    "not_seated": {
        "en": "You do not sit at table {table_id}.",
        "zh-TW": "你沒有坐在第 {table_id} 桌。",
        "zh-CN": "你没有坐在第 {table_id} 桌。",
    },
    "target_not_seated": {
        "en": "That player does not sit at table {table_id}.",
        "zh-TW": "這位玩家沒有坐在第 {table_id} 桌。",
        "zh-CN": "这位玩家没有坐在第 {table_id} 桌。",
    },
    "kick_needs_missed_turn": {
        "en": "During a hand only a player whose turn timed out can be removed; {player} has "
        "not missed a turn.",
        "zh-TW": "牌局中只能請走逾時未出牌的玩家；{player} 沒有逾時。",
        "zh-CN": "牌局中只能请走超时未出牌的玩家；{player} 没有超时。",
    },
    "vote_open": {
        "en": "A vote on ending table {table_id} is already open.",
        "zh-TW": "第 {table_id} 桌的散桌表決已經在進行中。",
        "zh-CN": "第 {table_id} 桌的散桌表决已经在进行中。",
    },
    "table_closing": {
        "en": "Table {table_id} already closes when this hand ends.",
        "zh-TW": "第 {table_id} 桌這局打完就結束了。",
        "zh-CN": "第 {table_id} 桌这局打完就结束了。",
    },
    "no_vote": {
        "en": "This vote is over: there is no open vote on ending this hand of table {table_id}.",
        "zh-TW": "這次表決已經結束：第 {table_id} 桌這一局沒有進行中的散桌表決。",
        "zh-CN": "这次表决已经结束：第 {table_id} 桌这一局没有进行中的散桌表决。",
    },
    "seat_taken": {
        "en": "Seat {seat} is taken.",
        "zh-TW": "{seat} 號位已經有人了。",
        "zh-CN": "{seat} 号位已经有人了。",
    },
    "no_such_seat_number": {
        "en": "Seat {seat} does not exist: seats are 1 to 4.",
        "zh-TW": "沒有 {seat} 號位：座位是 1 到 4。",
        "zh-CN": "没有 {seat} 号位：座位是 1 到 4。",
    },
    "not_a_bot": {
        "en": "Seat {seat} is not a bot.",
        "zh-TW": "{seat} 號位不是電腦。",
        "zh-CN": "{seat} 号位不是电脑。",
    },
    "need_four_players": {
        "en": "Four players are needed to start; {seated} seated.",
        "zh-TW": "要四個人才能開局，現在只有 {seated} 人。",
        "zh-CN": "要四个人才能开局，现在只有 {seated} 人。",
    },
    "hand_not_over": {
        "en": "Hand {number} is still being played.",
        "zh-TW": "第 {number} 局還在進行中。",
        "zh-CN": "第 {number} 局还在进行中。",
    },
    "table_waiting": {
        "en": "The table is waiting for players; its host starts the next hand.",
        "zh-TW": "牌桌在等人入座，由桌主開下一局。",
        "zh-CN": "牌桌在等人入座，由桌主开下一局。",
    },
    "table_not_ended": {
        "en": "Table #{table_id} has not ended yet.",
        "zh-TW": "第 {table_id} 桌還沒結束。",
        "zh-CN": "第 {table_id} 桌还没结束。",
    },
    "rematch_open": {
        "en": "Table #{table_id} already plays again here.",
        "zh-TW": "這裡已經開了新的一桌（第 {table_id} 桌）。",
        "zh-CN": "这里已经开了新的一桌（第 {table_id} 桌）。",
    },
    "table_hand_over": {
        "en": "No hand is being played at this table now.",
        "zh-TW": "這一桌現在沒有在打牌。",
        "zh-CN": "这一桌现在没有在打牌。",
    },
    "bad_trump_suit": {
        "en": "“{suit}” is not a suit: name trumps with S H D C (or ♠ ♥ ♦ ♣).",
        "zh-TW": "「{suit}」不是花色：主牌花色用 S H D C（或 ♠ ♥ ♦ ♣）。",
        "zh-CN": "“{suit}”不是花色：主牌花色用 S H D C（或 ♠ ♥ ♦ ♣）。",
    },
    "bad_bid_amount": {
        "en": "A bid is a whole number of points (80 to 200), not “{amount}”.",
        "zh-TW": "叫分必須是整數（80 到 200），不能是「{amount}」。",
        "zh-CN": "叫分必须是整数（80 到 200），不能是“{amount}”。",
    },
    "not_your_turn": {
        "en": "Not your turn: {player} is to play.",
        "zh-TW": "還沒輪到你：現在輪到 {player}。",
        "zh-CN": "还没轮到你：现在轮到 {player}。",
    },
    "wrong_game": {
        "en": "That is not a move of {game}.",
        "zh-TW": "{game}沒有這個動作。",
        "zh-CN": "{game}没有这个动作。",
    },
    "bad_turn_limit": {
        "en": "The turn time limit must be between {min} and {max} minutes.",
        "zh-TW": "每手限時要在 {min} 到 {max} 分鐘之間。",
        "zh-CN": "每手限时要在 {min} 到 {max} 分钟之间。",
    },
    "bad_timeout_rule": {
        "en": "On timeout a bot plays the turn or the player is removed; “{rule}” is neither.",
        "zh-TW": "逾時只能電腦代打或移出玩家，沒有「{rule}」。",
        "zh-CN": "超时只能电脑代打或移出玩家，没有“{rule}”。",
    },
    "bad_ping_mode": {
        "en": "Turn pings are auto, always, idle or dm.",
        "zh-TW": "輪到你的通知只能是自動、總是、閒置後或私訊。",
        "zh-CN": "轮到你的通知只能是自动、总是、闲置后或私信。",
    },
    "bad_idle_minutes": {
        "en": "Idle minutes must be between {min} and {max}.",
        "zh-TW": "閒置分鐘數要在 {min} 到 {max} 之間。",
        "zh-CN": "闲置分钟数要在 {min} 到 {max} 之间。",
    },
    "bad_quiet_hours": {
        "en": "Quiet hours are whole hours from 0 to 23.",
        "zh-TW": "勿擾時段要用 0 到 23 的整點。",
        "zh-CN": "免打扰时段要用 0 到 23 的整点。",
    },
    "bad_time_zone": {
        "en": "“{zone}” is not a time zone: use a name like Asia/Taipei or Europe/Paris.",
        "zh-TW": "「{zone}」不是時區：請用 Asia/Taipei、Asia/Shanghai 這樣的名稱。",
        "zh-CN": "“{zone}”不是时区：请用 Asia/Shanghai、Asia/Taipei 这样的名称。",
    },
    "bad_hand_count": {
        "en": "The number of hands must be at least 1.",
        "zh-TW": "局數至少要 1 局。",
        "zh-CN": "局数至少要 1 局。",
    },
    "bad_language": {
        "en": "The language must be English, 繁體中文 or 简体中文.",
        "zh-TW": "語言只能選英文、繁體中文或簡體中文。",
        "zh-CN": "语言只能选英文、繁体中文或简体中文。",
    },
    "unknown_setting": {
        "en": "There is no setting named “{name}”.",
        "zh-TW": "沒有叫「{name}」的設定。",
        "zh-CN": "没有叫“{name}”的设置。",
    },
    "bad_bot_level": {
        "en": "The bot level is one of {levels}, not “{level}”.",
        "zh-TW": "電腦程度只能是簡單、中等或強（{levels}），不能是「{level}」。",
        "zh-CN": "电脑程度只能是简单、中等或强（{levels}），不能是“{level}”。",
    },
    "bad_bot_seconds": {
        "en": "A bot's thinking time must be between {min} and {max} seconds, not {seconds}.",
        "zh-TW": "電腦每步思考時間要在 {min} 到 {max} 秒之間，不能是 {seconds}。",
        "zh-CN": "电脑每步思考时间要在 {min} 到 {max} 秒之间，不能是 {seconds}。",
    },
    "bad_hint_seconds": {
        "en": "A hint's thinking time must be between {min} and {max} seconds, not {seconds}.",
        "zh-TW": "提示的思考時間要在 {min} 到 {max} 秒之間，不能是 {seconds}。",
        "zh-CN": "提示的思考时间要在 {min} 到 {max} 秒之间，不能是 {seconds}。",
    },
    "bot_level_in_hand": {
        "en": "The bot level changes between hands only: hand {number} is being played. "
        "Thinking times can change now.",
        "zh-TW": "電腦程度只能在兩局之間改：第 {number} 局正在進行。思考時間現在就可以改。",
        "zh-CN": "电脑程度只能在两局之间改：第 {number} 局正在进行。思考时间现在就可以改。",
    },
    "bad_min_hands": {
        "en": "The minimum of completed hands must be 0 to {max}, not {hands}.",
        "zh-TW": "完成局數的門檻必須是 0 到 {max}，不能是 {hands}。",
        "zh-CN": "完成局数的门槛必须是 0 到 {max}，不能是 {hands}。",
    },
    # --- 清墩 engine (engine/qingdun/errors.py) --------------------------------------------
    "hand_over": {
        "en": "The hand is over.",
        "zh-TW": "這一局已經結束。",
        "zh-CN": "这一局已经结束。",
    },
    "no_such_seat": {
        "en": "There is no seat {seat}: seats are 1 to 4.",
        "zh-TW": "沒有 {seat} 號位：座位是 1 到 4。",
        "zh-CN": "没有 {seat} 号位：座位是 1 到 4。",
    },
    "gone_out": {
        "en": "{player} has already gone out.",
        "zh-TW": "{player} 已經出完牌了。",
        "zh-CN": "{player} 已经出完牌了。",
    },
    "empty_play": {
        "en": "Choose at least one card to play.",
        "zh-TW": "至少要出一張牌。",
        "zh-CN": "至少要出一张牌。",
    },
    "card_not_held": {
        "en": "You hold no {card}.",
        "zh-TW": "你手上沒有 {card}。",
        "zh-CN": "你手上没有 {card}。",
    },
    "too_few_held": {
        "en": "You hold only {held} × {card}.",
        "zh-TW": "你手上只有 {held} 張 {card}。",
        "zh-CN": "你手上只有 {held} 张 {card}。",
    },
    "not_a_combination": {
        "en": "{cards} is not a combination.",
        "zh-TW": "{cards} 不是能出的牌型。",
        "zh-CN": "{cards} 不是能出的牌型。",
    },
    "does_not_beat": {
        "en": "{play} ({play_kind}) does not beat {top} ({top_kind}).",
        "zh-TW": "{play}（{play_kind}）壓不過 {top}（{top_kind}）。",
        "zh-CN": "{play}（{play_kind}）压不过 {top}（{top_kind}）。",
    },
    "wrong_kind": {
        "en": "{play} ({play_kind}) cannot beat {top} ({top_kind}): "
        "play the same kind of the same length, or a bomb.",
        "zh-TW": "{play}（{play_kind}）不能壓 {top}（{top_kind}）：要出同牌型同長度，或是炸彈。",
        "zh-CN": "{play}（{play_kind}）不能压 {top}（{top_kind}）：要出同牌型同长度，或是炸弹。",
    },
    "leader_cannot_pass": {
        "en": "You lead this trick: you cannot pass.",
        "zh-TW": "這一輪由你先出，不能不要。",
        "zh-CN": "这一轮由你先出，不能不要。",
    },
    "wrong_action": {
        "en": "That is not a move of 清墩.",
        "zh-TW": "清墩沒有這個動作。",
        "zh-CN": "清墩没有这个动作。",
    },
    # --- 三扣 engine (engine/sankou/errors.py) ----------------------------------------------
    "bad_seat": {
        "en": "Seat {seat} does not exist: seats are 1 to 4.",
        "zh-TW": "沒有 {seat} 號位：座位是 1 到 4。",
        "zh-CN": "没有 {seat} 号位：座位是 1 到 4。",
    },
    "deal_four_hands": {
        "en": "A deal needs exactly four hands.",
        "zh-TW": "發牌要剛好四手牌。",
        "zh-CN": "发牌要刚好四手牌。",
    },
    "deal_unequal_hands": {
        "en": "The four hands must have the same number of cards.",
        "zh-TW": "四手牌的張數要一樣。",
        "zh-CN": "四手牌的张数要一样。",
    },
    "deal_kitty_size": {
        "en": "The kitty must hold exactly 8 cards, not {count}.",
        "zh-TW": "底牌要剛好 8 張，不是 {count} 張。",
        "zh-CN": "底牌要刚好 8 张，不是 {count} 张。",
    },
    "deal_card_too_often": {
        "en": "{card} appears {count} times: two decks hold every card twice.",
        "zh-TW": "{card} 出現了 {count} 次：兩副牌每張只有兩張。",
        "zh-CN": "{card} 出现了 {count} 次：两副牌每张只有两张。",
    },
    "bad_first_bidder": {
        "en": "The first bidder must be seat 1 to 4, not {seat}.",
        "zh-TW": "第一個叫分的要是 1 到 4 號位，不是 {seat}。",
        "zh-CN": "第一个叫分的要是 1 到 4 号位，不是 {seat}。",
    },
    "not_bidding": {
        "en": "The bidding is over.",
        "zh-TW": "叫分已經結束了。",
        "zh-CN": "叫分已经结束了。",
    },
    "not_your_turn_bid": {
        "en": "Not your turn: {player} is to bid.",
        "zh-TW": "還沒輪到你：現在輪到 {player} 叫分。",
        "zh-CN": "还没轮到你：现在轮到 {player} 叫分。",
    },
    "bid_step": {
        "en": "Bids go up in fives.",
        "zh-TW": "叫分要是 5 的倍數。",
        "zh-CN": "叫分要是 5 的倍数。",
    },
    "bid_minimum": {
        "en": "A bid must be at least {minimum}.",
        "zh-TW": "叫分至少 {minimum}。",
        "zh-CN": "叫分至少 {minimum}。",
    },
    "bid_too_low": {
        "en": "The highest bid is {highest}: bid at least {minimum}.",
        "zh-TW": "目前最高叫 {highest}：至少要叫 {minimum}。",
        "zh-CN": "目前最高叫 {highest}：至少要叫 {minimum}。",
    },
    "bid_maximum": {
        "en": "A bid cannot be more than {maximum}.",
        "zh-TW": "叫分最多 {maximum}。",
        "zh-CN": "叫分最多 {maximum}。",
    },
    "not_kitty_phase": {
        "en": "The kitty is not being laid now.",
        "zh-TW": "現在不是扣底的時候。",
        "zh-CN": "现在不是扣底的时候。",
    },
    "not_dealer_kitty": {
        "en": "Only the dealer lays the kitty ({player} is the dealer).",
        "zh-TW": "只有莊家能扣底（莊家是 {player}）。",
        "zh-CN": "只有庄家能扣底（庄家是 {player}）。",
    },
    "kitty_count": {
        "en": "Lay exactly 8 cards, not {count}.",
        "zh-TW": "要扣剛好 8 張，不是 {count} 張。",
        "zh-CN": "要扣刚好 8 张，不是 {count} 张。",
    },
    "not_trump_phase": {
        "en": "Trump is not being named now.",
        "zh-TW": "現在不是定主的時候。",
        "zh-CN": "现在不是定主的时候。",
    },
    "not_dealer_trump": {
        "en": "Only the dealer names trump ({player} is the dealer).",
        "zh-TW": "只有莊家能定主（莊家是 {player}）。",
        "zh-CN": "只有庄家能定主（庄家是 {player}）。",
    },
    "bad_trump": {
        "en": "Trump must be ♠ ♥ ♦ or ♣ (there is no no-trump), not {given}.",
        "zh-TW": "主牌只能是 ♠ ♥ ♦ ♣（沒有無主），不是 {given}。",
        "zh-CN": "主牌只能是 ♠ ♥ ♦ ♣（没有无主），不是 {given}。",
    },
    "not_play_phase": {
        "en": "Cards are played only once the dealer has named trump.",
        "zh-TW": "莊家定主之後才能出牌。",
        "zh-CN": "庄家定主之后才能出牌。",
    },
    "not_your_turn_play": {
        "en": "Not your turn: {player} is to play.",
        "zh-TW": "還沒輪到你：現在輪到 {player} 出牌。",
        "zh-CN": "还没轮到你：现在轮到 {player} 出牌。",
    },
    "no_cards": {
        "en": "Play at least one card.",
        "zh-TW": "至少要出一張牌。",
        "zh-CN": "至少要出一张牌。",
    },
    "not_held": {
        "en": "You do not hold {card}.",
        "zh-TW": "你手上沒有 {card}。",
        "zh-CN": "你手上没有 {card}。",
    },
    "held_once": {
        "en": "You hold only one {card}.",
        "zh-TW": "你手上只有一張 {card}。",
        "zh-CN": "你手上只有一张 {card}。",
    },
    "lead_mixed_suits": {
        "en": "A lead must be all one suit (trumps count as one suit), "
        "unless it is all eight cards of one rank.",
        "zh-TW": "首出要同一門花色（主牌算一門），八張抄家除外。",
        "zh-CN": "首出要同一门花色（主牌算一门），八张抄家除外。",
    },
    "trump_throw": {
        "en": "Trumps cannot be thrown: lead a single, a pair or a tractor of trumps.",
        "zh-TW": "主牌不能甩：請出主牌的單張、對子或拖拉機。",
        "zh-CN": "主牌不能甩：请出主牌的单张、对子或拖拉机。",
    },
    "follow_count": {
        "en": "Play exactly {count} cards, as many as the lead.",
        "zh-TW": "要出剛好 {count} 張，跟首家一樣多。",
        "zh-CN": "要出刚好 {count} 张，跟首家一样多。",
    },
    "must_follow": {
        "en": "You must follow {suit}: you still hold {card}.",
        "zh-TW": "你要跟{suit}：你手上還有 {card}。",
        "zh-CN": "你要跟{suit}：你手上还有 {card}。",
    },
    "must_follow_trump": {
        "en": "You must follow trumps: you still hold {card}.",
        "zh-TW": "你要跟主牌：你手上還有 {card}。",
        "zh-CN": "你要跟主牌：你手上还有 {card}。",
    },
    "no_hint": {
        "en": "{player} has nothing to do now.",
        "zh-TW": "{player} 現在沒有要做的事。",
        "zh-CN": "{player} 现在没有要做的事。",
    },
    # --- taking back a move (issue 12; both engines) ----------------------------------------
    "take_back_none": {
        "en": "Only the last move of the hand can be taken back, by the player who made it.",
        "zh-TW": "只有這局最後一手牌可以收回，而且只能由出牌的人收回。",
        "zh-CN": "只有这局最后一手牌可以收回，而且只能由出牌的人收回。",
    },
    "take_back_only_plays": {
        "en": "Only a card play can be taken back, not a bid, the kitty or the trump suit.",
        "zh-TW": "只能收回出的牌，叫分、扣底和定主都不能收回。",
        "zh-CN": "只能收回出的牌，叫分、扣底和定主都不能收回。",
    },
    "take_back_trick_over": {
        "en": "That move ended its trick, so it cannot be taken back.",
        "zh-TW": "那一手已經結束了這一輪，不能收回。",
        "zh-CN": "那一手已经结束了这一轮，不能收回。",
    },
    "take_back_throw": {
        "en": "A throw cannot be taken back: whether it stood or failed, it showed something of "
        "the other hands.",
        "zh-TW": "甩牌不能收回：不論成功或失敗，它都已經透露了別人手上的牌。",
        "zh-CN": "甩牌不能收回：不论成功或失败，它都已经透露了别人手上的牌。",
    },
    "take_back_went_out": {
        "en": "A play that emptied your hand cannot be taken back: it showed you your partner's "
        "hand.",
        "zh-TW": "出完手牌的那一手不能收回：你已經看到了隊友的牌。",
        "zh-CN": "出完手牌的那一手不能收回：你已经看到了队友的牌。",
    },
    "take_back_open": {
        "en": "A take-back is already being asked at table {table_id}.",
        "zh-TW": "第 {table_id} 桌已經有人在要求收回一手牌。",
        "zh-CN": "第 {table_id} 桌已经有人在要求收回一手牌。",
    },
    "no_take_back": {
        "en": "Nobody is asking to take back a move at table {table_id} now.",
        "zh-TW": "第 {table_id} 桌現在沒有人要求收回。",
        "zh-CN": "第 {table_id} 桌现在没有人要求收回。",
    },
    "take_back_own": {
        "en": "You asked for this take-back: the other players answer it.",
        "zh-TW": "這是你要求的收回，由其他玩家決定。",
        "zh-CN": "这是你要求的收回，由其他玩家决定。",
    },
    "take_back_once": {
        "en": "You asked for a take-back in this trick already: one request per trick.",
        "zh-TW": "這一輪你已經要求過收回了：每一輪只能要求一次。",
        "zh-CN": "这一轮你已经要求过收回了：每一轮只能要求一次。",
    },
    "take_back_not_asked": {
        "en": "Only the players this take-back affects answer it: the other side.",
        "zh-TW": "只有受這次收回影響的對方玩家能回答。",
        "zh-CN": "只有受这次收回影响的对方玩家能回答。",
    },
    # --- the generic engine refusal --------------------------------------------------------
    "illegal": {
        "en": "That move is not allowed.",
        "zh-TW": "這樣出牌不合規則。",
        "zh-CN": "这样出牌不合规则。",
    },
    # --- scores, history and replays (bot/service/scores.py) --------------------------------
    "unknown_period": {
        "en": "Unknown period “{period}”: choose this week, this month or all time.",
        "zh-TW": "沒有「{period}」這個期間：請選本週、本月或全部。",
        "zh-CN": "没有“{period}”这个期间：请选本周、本月或全部。",
    },
    "unknown_board_order": {
        "en": "A board is by rating or by points, not “{by}”.",
        "zh-TW": "排行榜只能按等級分或積分排，不能按「{by}」。",
        "zh-CN": "排行榜只能按等级分或积分排，不能按“{by}”。",
    },
    "hand_not_found": {
        "en": "There is no hand #{hand} in this server.",
        "zh-TW": "這個伺服器沒有 #{hand} 這一局。",
        "zh-CN": "这个服务器没有 #{hand} 这一局。",
    },
    "hand_running": {
        "en": "Hand #{hand} is still being played: its replay and record come once it is over.",
        "zh-TW": "#{hand} 這一局還在進行：打完之後才能重播或匯出。",
        "zh-CN": "#{hand} 这一局还在进行：打完之后才能回放或导出。",
    },
    "review_running": {
        "en": "Hand #{hand} is still being played: it can be reviewed once it is over.",
        "zh-TW": "#{hand} 這一局還在進行：打完之後才能覆盤。",
        "zh-CN": "#{hand} 这一局还在进行：打完之后才能复盘。",
    },
    "review_not_player": {
        "en": "Only the players of hand #{hand} can ask for its review.",
        "zh-TW": "只有 #{hand} 這一局的玩家才能要求覆盤。",
        "zh-CN": "只有 #{hand} 这一局的玩家才能要求复盘。",
    },
    "review_earlier_rules": {
        "en": "Hand #{hand} was played under earlier rules (version {rules}): it cannot be "
        "reviewed.",
        "zh-TW": "#{hand} 這一局是用舊版規則（第 {rules} 版）打的，無法覆盤。",
        "zh-CN": "#{hand} 这一局是用旧版规则（第 {rules} 版）打的，无法复盘。",
    },
    "review_not_played_out": {
        "en": "Hand #{hand} was not played to its end: there is nothing to review.",
        "zh-TW": "#{hand} 這一局沒有打完，沒有可覆盤的內容。",
        "zh-CN": "#{hand} 这一局没有打完，没有可复盘的内容。",
    },
    "bad_hand_id": {
        "en": "“{text}” is not a hand id: use one that /scores history shows, like #2F.",
        "zh-TW": "「{text}」不是牌局編號：請用 /戰績 紀錄 列出的編號，例如 #2F。",
        "zh-CN": "“{text}”不是牌局编号：请用 /战绩 记录 列出的编号，例如 #2F。",
    },
    # --- the Discord front end itself --------------------------------------------------------
    "no_cards_selected": {
        "en": "Choose cards in the menus first.",
        "zh-TW": "請先在選單裡選牌。",
        "zh-CN": "请先在菜单里选牌。",
    },
    "wrong_table": {
        "en": "This control belongs to a table that is no longer running.",
        "zh-TW": "這個按鈕所屬的牌桌已經結束。",
        "zh-CN": "这个按钮所属的牌桌已经结束。",
    },
    "no_partner_view": {
        "en": "You can see your partner's hand only after you have gone out.",
        "zh-TW": "出完牌之後才能看對家的牌。",
        "zh-CN": "出完牌之后才能看对家的牌。",
    },
    "bad_choice": {
        "en": "That choice is no longer on offer.",
        "zh-TW": "這個選項已經不能用了。",
        "zh-CN": "这个选项已经不能用了。",
    },
    "thread_taken": {
        "en": "This thread belongs to table #{table_id}. Open a new table in the channel itself.",
        "zh-TW": "這個討論串屬於第 {table_id} 桌。請到頻道本身開新的一桌。",
        "zh-CN": "这个子区属于第 {table_id} 桌。请到频道本身开新的一桌。",
    },
    "cooldown_create": {
        "en": "You opened a table a moment ago. You can open another in {seconds} s.",
        "zh-TW": "你剛開過一桌，{seconds} 秒後才能再開。",
        "zh-CN": "你刚开过一桌，{seconds} 秒后才能再开。",
    },
    "busy_try_again": {
        "en": "Busy for a moment: try again in a moment.",
        "zh-TW": "正在忙，請稍後再試。",
        "zh-CN": "正在忙，请稍后再试。",
    },
    "cooldown_show": {
        "en": "You posted this table a moment ago. You can post it again in {seconds} s.",
        "zh-TW": "你剛貼過這一桌，{seconds} 秒後才能再貼。",
        "zh-CN": "你刚发过这一桌，{seconds} 秒后才能再发。",
    },
}
