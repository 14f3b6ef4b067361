"""Every word drawn in an image, in English, 繁體中文 and 简体中文.

zh-TW uses the words 清墩 players use (頭家, 雙扣, 清墩 …) in Traditional script, zh-CN the
same words in Simplified script. Unknown languages fall back to English.
"""

from __future__ import annotations

from engine.qingdun.kinds import ComboKind

LANGS = ("en", "zh-TW", "zh-CN")

# key: (en, zh-TW, zh-CN)
_CATALOGUE: dict[str, tuple[str, str, str]] = {
    # games and table
    "qingdun": ("Qingdun", "清墩", "清墩"),
    "sankou": ("Haining Sankou", "海寧三扣", "海宁三扣"),
    "team_0": ("Team A", "甲隊", "甲队"),
    "team_1": ("Team B", "乙隊", "乙队"),
    "n_cards": ("{n} cards", "{n} 張", "{n} 张"),
    "n_cards_one": ("{n} card", "{n} 張", "{n} 张"),
    "n_points": ("{n} pts", "{n} 分", "{n} 分"),
    "table_score_is": ("Table score {score}", "總分 {score}", "总分 {score}"),
    "trick_points": ("Trick points", "本輪分", "本轮分"),
    "last_trick": ("Last trick", "上一輪", "上一轮"),
    "won_by": ("won by {name}", "{name} 得", "{name} 得"),
    "to_play": ("to play", "出牌中", "出牌中"),
    "to_bid": ("to bid", "叫分中", "叫分中"),
    "passed": ("Passed", "不要", "不要"),
    "top": ("top", "最大", "最大"),
    "face_up": ("Face-up card", "明牌", "明牌"),
    "leads_first": ("{name} leads", "{name} 先出", "{name} 先出"),
    "table_score": ("Table", "總分", "总分"),
    "seat": ("Seat {n}", "{n} 號位", "{n} 号位"),
    "all_played": ("All cards played", "牌已出完", "牌已出完"),
    # places
    "place_1": ("1st out", "頭家", "头家"),
    "place_2": ("2nd out", "二家", "二家"),
    "place_3": ("3rd out", "三家", "三家"),
    "place_4": ("Last", "末家", "末家"),
    # 三扣
    "dealer": ("Dealer", "莊家", "庄家"),
    "pass_bid": ("Pass", "不叫", "不叫"),
    "trump": ("Trump", "主", "主"),
    "kitty": ("Kitty", "底牌", "底牌"),
    "dealer_points": ("Dealer's points", "莊家得分", "庄家得分"),
    "defenders": ("Defenders", "閒家", "闲家"),
    "contract": ("Contract", "叫分", "叫分"),
    "failed_throw": ("Failed throw", "甩牌失敗", "甩牌失败"),
    "tried": ("tried", "想甩", "想甩"),
    "winning": ("winning", "最大", "最大"),
    "won": ("won", "贏了", "赢了"),
    "bids": ("Bids", "叫分", "叫分"),
    "highest_bid": ("Highest bid", "最高叫分", "最高叫分"),
    "first_bid": (
        "Bid {low}-{high} in steps of 5, or pass",
        "叫 {low}-{high} 分（5 的倍數），或不叫",
        "叫 {low}-{high} 分（5 的倍数），或不叫",
    ),
    "next_bid": (
        "Next bid {low}-{high}, or pass",
        "下一個叫分 {low}-{high}，或不叫",
        "下一个叫分 {low}-{high}，或不叫",
    ),
    "trick_no": ("trick {n}", "第 {n} 輪", "第 {n} 轮"),
    "phase_bidding": ("Bidding", "叫分", "叫分"),
    "phase_kitty": ("Kitty", "扣底", "扣底"),
    "phase_trump": ("Naming trump", "定主", "定主"),
    "doing_kitty": ("Dealer is burying the kitty", "莊家扣底中", "庄家扣底中"),
    "doing_trump": ("Dealer is naming trump", "莊家定主中", "庄家定主中"),
    "to_bury": ("to bury", "扣底中", "扣底中"),
    "to_name_trump": ("to name trump", "定主中", "定主中"),
    "phase_play": ("Play", "出牌", "出牌"),
    "phase_over": ("Hand over", "本局結束", "本局结束"),
    "kitty_to_dealer": ("Kitty to dealer (last trick)", "保底：底分歸莊家", "保底：底分归庄家"),
    "kitty_to_defenders": ("Kitty not counted", "底分不計", "底分不计"),
    "points_vs_bid": ("{points} of {bid}", "{points} / {bid}", "{points} / {bid}"),
    "tier_zero": ("Dealer scored nothing", "莊家零分", "庄家零分"),
    "tier_under_45": ("Under 45", "不到 45", "不到 45"),
    "tier_under_bid": ("Short of the bid", "未到叫分", "未到叫分"),
    "tier_made": ("Bid made", "成功", "成功"),
    "tier_over_160": ("160 or more", "160 以上", "160 以上"),
    "tier_all_200": ("All 200", "全 200 分", "全 200 分"),
    "tier_left": ("Player left: hand void", "有人逃跑：本局作廢", "有人逃跑：本局作废"),
    # hands and results
    "your_hand": ("Your hand", "你的牌", "你的牌"),
    "partner_hand": ("Partner's hand", "對家的牌", "对家的牌"),
    "kitty_buried": ("Kitty (buried)", "底牌（已扣）", "底牌（已扣）"),
    "chosen": ("Chosen: {n}", "已選 {n}", "已选 {n}"),
    "type_hint": (
        "Under each card: its code for typed commands",
        "牌下是打字出牌用的代號",
        "牌下是打字出牌用的代号",
    ),
    "from_kitty": ("From the kitty: {n}", "來自底牌 {n}", "来自底牌 {n}"),
    "hand_result": ("Hand result", "本局結果", "本局结果"),
    "points": ("Points", "得分", "得分"),
    "delta": ("This hand", "本局", "本局"),
    "winner": ("wins", "勝", "胜"),
    "result_double_kou": ("Double kou", "雙扣", "双扣"),
    "result_early_end": ("Early end", "提前結束", "提前结束"),
    "result_normal": ("Normal end", "正常結束", "正常结束"),
    "result_negative": ("Negative score", "負分", "负分"),
    "result_left": ("Player left: hand void", "有人逃跑：本局作廢", "有人逃跑：本局作废"),
    "left": ("left", "逃跑", "逃跑"),
    "note_lead": (
        "1st out {name}: score {score} ({merged} of it from the partner)",
        "頭家 {name}：得分 {score}（含對家的 {merged} 分）",
        "头家 {name}：得分 {score}（含对家的 {merged} 分）",
    ),
    "note_second": (
        "2nd out {name}: own points {points}",
        "二家 {name}：自己得分 {points}",
        "二家 {name}：自己得分 {points}",
    ),
    "note_last": (
        "Last {name}: {captured} captured + {in_hand} in hand go to the other team; "
        "{team} −{penalty}",
        "末家 {name}：已抓 {captured} 分 + 手中 {in_hand} 分歸對方；{team} 扣 {penalty} 分",
        "末家 {name}：已抓 {captured} 分 + 手中 {in_hand} 分归对方；{team} 扣 {penalty} 分",
    ),
    "final_standings": ("Final standings", "最終排名", "最终排名"),
    "n_hands_played": ("{n} hands", "{n} 局", "{n} 局"),
    "n_hands_played_one": ("{n} hand", "{n} 局", "{n} 局"),
    "big_joker": ("大王", "大王", "大王"),  # the name on the card, in every language
    "small_joker": ("小王", "小王", "小王"),
    # boards
    "board": ("Leaderboard", "排行榜", "排行榜"),
    "board_empty": ("No one on this board yet", "還沒有人上榜", "还没有人上榜"),
    "period_week": ("This week", "本週", "本周"),
    "period_month": ("This month", "本月", "本月"),
    "period_all": ("All time", "全部", "全部"),
    "by_rating": ("by rating", "按等級分", "按等级分"),
    "by_points": ("by points", "按積分", "按积分"),
    "n_hands": ("{n} hands", "{n} 局", "{n} 局"),
    "n_hands_one": ("{n} hand", "{n} 局", "{n} 局"),
    "won_rate": ("{rate} won", "勝率 {rate}", "胜率 {rate}"),
    "bot_level": ("Bot · {level}", "電腦 · {level}", "电脑 · {level}"),
    "level_simple": ("simple", "簡單", "简单"),
    "level_strong": ("strong", "強", "强"),
    # replays
    "deal": ("The deal", "發牌", "发牌"),
    "dealt_kitty": ("Kitty as dealt", "原底牌", "原底牌"),
    "buried_kitty": ("Kitty laid back", "扣底", "扣底"),
    "bid_won": ("{bid} by {name}", "{name} 叫 {bid}", "{name} 叫 {bid}"),
}

# Alt text and the one-line summary (render/describe.py)
_CATALOGUE.update(
    {
        "alt_sentence_end": (". ", "。", "。"),
        "alt_list_sep": ("; ", "；", "；"),
        "alt_paren": ("({text})", "（{text}）", "（{text}）"),
        "alt_table": ("{game} table", "{game}牌桌", "{game}牌桌"),
        "alt_to_play": ("{name} to play", "輪到 {name} 出牌", "轮到 {name} 出牌"),
        "alt_to_bid": ("{name} to bid", "輪到 {name} 叫分", "轮到 {name} 叫分"),
        "alt_to_bury": ("{name} to bury the kitty", "輪到 {name} 扣底", "轮到 {name} 扣底"),
        "alt_to_name_trump": ("{name} to name trump", "輪到 {name} 定主", "轮到 {name} 定主"),
        "alt_to_beat": (
            "to beat: {name}, {what}",
            "要打過 {name} 的 {what}",
            "要打过 {name} 的 {what}",
        ),
        "alt_trick": (
            "This trick ({points} points): ",
            "本輪（{points} 分）：",
            "本轮（{points} 分）：",
        ),
        "alt_play": ("{n}. {name}: {what}", "{n}. {name}：{what}", "{n}. {name}：{what}"),
        "alt_cards_left": ("Cards left: {list}", "剩牌：{list}", "剩牌：{list}"),
        "alt_points": ("Points: {list}", "得分：{list}", "得分：{list}"),
        "alt_team_points": ("Team points: {list}", "隊伍得分：{list}", "队伍得分：{list}"),
        "alt_out": ("Out: {list}", "已出完：{list}", "已出完：{list}"),
        "alt_last_trick": (
            "Last trick, won by {name} (+{points}): ",
            "上一輪 {name} 得 {points} 分：",
            "上一轮 {name} 得 {points} 分：",
        ),
        "alt_face_up": (
            "Face-up card {card}: {name} leads",
            "明牌 {card}，{name} 先出",
            "明牌 {card}，{name} 先出",
        ),
        "alt_table_score": ("Table score: {list}", "總分：{list}", "总分：{list}"),
        "alt_bids": ("Bids: {list}", "叫分：{list}", "叫分：{list}"),
        "alt_dealer": (
            "Dealer {name}, contract {bid}, trump {trump}",
            "莊家 {name}，叫分 {bid}，主 {trump}",
            "庄家 {name}，叫分 {bid}，主 {trump}",
        ),
        "alt_dealer_points": (
            "Dealer's points {points} of {bid}, defenders {defenders}",
            "莊家得分 {points}/{bid}，閒家 {defenders}",
            "庄家得分 {points}/{bid}，闲家 {defenders}",
        ),
        "alt_dealer_short": ("dealer {points}/{bid}", "莊家 {points}/{bid}", "庄家 {points}/{bid}"),
        "alt_failed": (
            "{name}'s throw failed: tried {tried}, played {forced}",
            "{name} 甩牌失敗：想甩 {tried}，只出 {forced}",
            "{name} 甩牌失败：想甩 {tried}，只出 {forced}",
        ),
        "alt_hand_empty": ("{title}: no cards", "{title}：沒有牌了", "{title}：没有牌了"),
        "alt_hand": (
            "{title}, {count}: {cards}",
            "{title}，{count}：{cards}",
            "{title}，{count}：{cards}",
        ),
        "alt_trump": ("Trump {suit}", "主 {suit}", "主 {suit}"),
        "alt_chosen": ("Chosen: {cards}", "已選：{cards}", "已选：{cards}"),
        "alt_partner": ("Partner's hand: {cards}", "對家的牌：{cards}", "对家的牌：{cards}"),
        "alt_from_kitty": (
            "Taken from the kitty (among the cards above): {cards}",
            "其中來自底牌：{cards}",
            "其中来自底牌：{cards}",
        ),
        "alt_kitty_buried": (
            "Kitty (buried): {cards}",
            "底牌（已扣）：{cards}",
            "底牌（已扣）：{cards}",
        ),
        "alt_result": (
            "Hand result, {game}: {verdict}",
            "本局結果（{game}）：{verdict}",
            "本局结果（{game}）：{verdict}",
        ),
        "alt_dealer_result": (
            "Dealer {name}: {points} of {bid}",
            "莊家 {name}：{points}/{bid}",
            "庄家 {name}：{points}/{bid}",
        ),
        "alt_kitty_result": (
            "Kitty {cards} (+{points}): {note}",
            "底牌 {cards}（{points} 分）：{note}",
            "底牌 {cards}（{points} 分）：{note}",
        ),
        "alt_total": ("(table {total})", "（總分 {total}）", "（总分 {total}）"),
        "alt_board": (
            "{game} board, {period}, {by}",
            "{game}排行榜（{period}，{by}）",
            "{game}排行榜（{period}，{by}）",
        ),
        "alt_deal": ("Every hand as dealt", "每家發到的牌", "每家发到的牌"),
        "alt_dealt": ("{name}: {cards}", "{name}：{cards}", "{name}：{cards}"),
        "alt_kitty_dealt": ("Kitty: {cards}", "底牌：{cards}", "底牌：{cards}"),
        "alt_standings": (
            "Final standings, {game}, {hands}",
            "最終排名（{game}，{hands}）",
            "最终排名（{game}，{hands}）",
        ),
        "alt_rank": (
            "{rank}. {name} {total}, {hands}",
            "{rank}. {name} {total}，{hands}",
            "{rank}. {name} {total}，{hands}",
        ),
    }
)

_KINDS: dict[ComboKind, tuple[str, str, str]] = {
    ComboKind.SINGLE: ("Single", "單牌", "单牌"),
    ComboKind.PAIR: ("Pair", "對子", "对子"),
    ComboKind.TRIPLE: ("Triple", "三隻", "三只"),
    ComboKind.FULL_HOUSE: ("Full house", "葫蘆", "葫芦"),
    ComboKind.PAIR_CHAIN: ("Pair chain", "連對", "连对"),
    ComboKind.TRIPLE_CHAIN: ("Triple chain", "連三", "连三"),
    ComboKind.TRIPLES_WITH_PAIRS: ("Triples + pairs", "連三拖連對", "连三拖连对"),
    ComboKind.STRAIGHT: ("Straight", "順子", "顺子"),
    ComboKind.STRAIGHT_FLUSH: ("Straight flush", "同花順", "同花顺"),
    ComboKind.BOMB: ("Bomb", "炸彈", "炸弹"),
    ComboKind.BOMB_CHAIN: ("Bomb chain", "排炮", "排炮"),
    ComboKind.QINGDUN: ("Qingdun", "清墩", "清墩"),
    ComboKind.QINGDUN_CHAIN: ("Qingdun chain", "連墩", "连墩"),
    ComboKind.QINGDUN_BROTHERS: ("Qingdun brothers", "兄弟墩", "兄弟墩"),
}


def lang_index(lang: str) -> int:
    return LANGS.index(lang) if lang in LANGS else 0


def normalize(lang: str) -> str:
    """One of ``LANGS``; anything unknown is English."""
    return LANGS[lang_index(lang)]


def has_label(key: str) -> bool:
    return key in _CATALOGUE


def label(key: str, lang: str, **params: object) -> str:
    text = _CATALOGUE[key][lang_index(lang)]
    return text.format(**params) if params else text


def count_label(key: str, n: int, lang: str) -> str:
    """``n_<key>`` with ``n`` filled in; English uses ``n_<key>_one`` for exactly one."""
    singular = f"n_{key}_one"
    if n == 1 and singular in _CATALOGUE:
        return label(singular, lang, n=n)
    return label(f"n_{key}", lang, n=n)


def kind_label(kind: ComboKind, size: int, ranks: int, lang: str) -> str:
    """A play's kind as players say it: "連對 ×3", "炸彈 6", "Bomb chain ×2".

    ``size`` is the number of cards, ``ranks`` the number of distinct ranks in the play.
    """
    name = _KINDS[kind][lang_index(lang)]
    if kind is ComboKind.BOMB:
        return f"{name} {size}"
    if kind in (ComboKind.PAIR_CHAIN, ComboKind.TRIPLE_CHAIN, ComboKind.BOMB_CHAIN):
        return f"{name} ×{ranks}"
    if kind in (ComboKind.QINGDUN_CHAIN, ComboKind.QINGDUN_BROTHERS):
        return f"{name} ×{size // 3}"
    return name
