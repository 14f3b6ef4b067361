"""The one-line reasons of the AI's hints and reviews (``engine.ai.REASONS``), in three languages.

One entry ``reason.<code>`` per reason code; ``<key>.<param>_one`` entries are the singular
forms (``t`` picks them when that number is 1). The parameters arrive formatted by
``bot.discord.reasons``: ``{kind}`` a combination kind's name, ``{suit}`` and ``{trump}`` a
suit's name (or "trumps"), ``{voids}`` the ``reason.voids`` / ``reason.no_voids`` phrase,
numbers as they are. ``reason.found_by_search`` wraps the sentence of the move it describes
(``{move}``). A test checks that every code has a sentence in every language and formats
with the parameters the engine gives.
"""

from __future__ import annotations

from bot.i18n.catalogue import Entry


def _e(en: str, tw: str, cn: str) -> Entry:
    return {"en": en, "zh-TW": tw, "zh-CN": cn}


REASONS: dict[str, Entry] = {
    "reason.line": _e("Why: {reason}.", "理由：{reason}。", "理由：{reason}。"),
    "option.suggested_why": _e("Suggested: {reason}", "建議：{reason}", "建议：{reason}"),
    # --- 清墩 ---------------------------------------------------------------------------
    "reason.goes_out": _e("this {kind} goes out", "出這手{kind}就走完了", "出这手{kind}就走完了"),
    "reason.lets_partner_win": _e(
        "your partner is already winning this trick ({points} points on it)",
        "對家已經在贏這一輪（桌上 {points} 分）",
        "对家已经在赢这一轮（桌上 {points} 分）",
    ),
    "reason.saves_points": _e(
        "keeps {points} points off a trick an opponent can still bomb",
        "不把 {points} 分送上對手還能炸的這一輪",
        "不把 {points} 分送上对手还能炸的这一轮",
    ),
    "reason.keeps_bomb": _e(
        "keeps your bombs ({bombs}): only {points} points at stake",
        "留著炸彈（{bombs} 個）：這一輪只有 {points} 分",
        "留着炸弹（{bombs} 个）：这一轮只有 {points} 分",
    ),
    "reason.keeps_bomb.bombs_one": _e(
        "keeps your bomb: only {points} points at stake",
        "留著炸彈：這一輪只有 {points} 分",
        "留着炸弹：这一轮只有 {points} 分",
    ),
    "reason.keeps_split": _e(
        "beating this {kind} would break up your plays: keeps them whole",
        "要壓這手{kind}得拆散手上的牌組：先留著",
        "要压这手{kind}得拆散手上的牌组：先留着",
    ),
    "reason.cannot_beat": _e(
        "nothing in your hand beats it", "手上沒有牌壓得過", "手上没有牌压得过"
    ),
    "reason.blocks_opponent": _e(
        "an opponent has {cards} cards left: lead a {kind} they cannot follow",
        "對手只剩 {cards} 張：出他跟不上的{kind}",
        "对手只剩 {cards} 张：出他跟不上的{kind}",
    ),
    "reason.blocks_opponent.cards_one": _e(
        "an opponent has 1 card left: lead a {kind} they cannot follow",
        "對手只剩 1 張：出他跟不上的{kind}",
        "对手只剩 1 张：出他跟不上的{kind}",
    ),
    "reason.leads_for_partner": _e(
        "your partner has {cards} cards left: lead low so they can take the lead",
        "對家只剩 {cards} 張：出小牌讓他接手",
        "对家只剩 {cards} 张：出小牌让他接手",
    ),
    "reason.leads_for_partner.cards_one": _e(
        "your partner has 1 card left: lead low so they can take the lead",
        "對家只剩 1 張：出小牌讓他接手",
        "对家只剩 1 张：出小牌让他接手",
    ),
    "reason.leads_weakest": _e(
        "leads your weakest {kind}", "先出手上最小的{kind}", "先出手上最小的{kind}"
    ),
    "reason.bombs_to_stop": _e(
        "bombs: an opponent has only {cards} cards left",
        "炸：對手只剩 {cards} 張",
        "炸：对手只剩 {cards} 张",
    ),
    "reason.bombs_to_stop.cards_one": _e(
        "bombs: an opponent has only 1 card left", "炸：對手只剩 1 張", "炸：对手只剩 1 张"
    ),
    "reason.bombs_to_finish": _e(
        "bombs to take the lead: {plays} more plays and you are out",
        "炸下來拿牌權：再出 {plays} 手就走完",
        "炸下来拿牌权：再出 {plays} 手就走完",
    ),
    "reason.bombs_to_finish.plays_one": _e(
        "bombs to take the lead: one more play and you are out",
        "炸下來拿牌權：再出 1 手就走完",
        "炸下来拿牌权：再出 1 手就走完",
    ),
    "reason.bombs_for_points": _e(
        "bombs for the {points} points on the trick",
        "炸下這一輪的 {points} 分",
        "炸下这一轮的 {points} 分",
    ),
    "reason.takes_over_low": _e(
        "your partner's {kind} is low: take the trick over before an opponent beats it",
        "對家這手{kind}太小：先接過來，免得被對手壓",
        "对家这手{kind}太小：先接过来，免得被对手压",
    ),
    "reason.takes_over_to_finish": _e(
        "takes the lead from your partner: {plays} more plays and you are out",
        "接過對家的牌權：再出 {plays} 手就走完",
        "接过对家的牌权：再出 {plays} 手就走完",
    ),
    "reason.takes_over_to_finish.plays_one": _e(
        "takes the lead from your partner: one more play and you are out",
        "接過對家的牌權：再出 1 手就走完",
        "接过对家的牌权：再出 1 手就走完",
    ),
    "reason.beats_cheaply": _e(
        "beats it with your smallest {kind} ({points} points on the trick)",
        "用最小的{kind}壓過（這一輪 {points} 分）",
        "用最小的{kind}压过（这一轮 {points} 分）",
    ),
    # --- 三扣 ---------------------------------------------------------------------------
    "reason.bids": _e(
        "bids {bid}: expects about {expected} points as dealer",
        "叫 {bid} 分：當莊家預計拿約 {expected} 分",
        "叫 {bid} 分：当庄家预计拿约 {expected} 分",
    ),
    "reason.passes_bid": _e(
        "passes: expects only about {expected} points as dealer",
        "不叫：當莊家只預計拿約 {expected} 分",
        "不叫：当庄家只预计拿约 {expected} 分",
    ),
    "reason.buries": _e(
        "lays the kitty for {trump} as trump: {voids}; {points} points buried",
        "以{trump}為主扣底：{voids}；底牌 {points} 分",
        "以{trump}为主扣底：{voids}；底牌 {points} 分",
    ),
    "reason.voids": _e(
        "empties {suits} to trump them", "扣光{suits}，好用主牌殺", "扣光{suits}，好用主牌杀"
    ),
    "reason.no_voids": _e("keeps every side suit", "副牌花色都留著", "副牌花色都留着"),
    "reason.trumps": _e("trumps", "主牌", "主牌"),
    "reason.names_trump": _e(
        "{suit} as trump: {cards} trumps in hand",
        "{suit}做主：手上有 {cards} 張主牌",
        "{suit}做主：手上有 {cards} 张主牌",
    ),
    "reason.draws_trumps": _e(
        "draws trumps: {out} are still out",
        "調主：外面還有 {out} 張主牌",
        "调主：外面还有 {out} 张主牌",
    ),
    "reason.draws_trumps.out_one": _e(
        "draws trumps: 1 is still out", "調主：外面還有 1 張主牌", "调主：外面还有 1 张主牌"
    ),
    "reason.cashes_masters": _e(
        "cashes {cards} cards nobody can beat",
        "出 {cards} 張沒人大得過的牌",
        "出 {cards} 张没人大得过的牌",
    ),
    "reason.cashes_masters.cards_one": _e(
        "cashes a card nobody can beat", "出一張沒人大得過的牌", "出一张没人大得过的牌"
    ),
    "reason.leads_to_partner_ruff": _e(
        "your partner is void in {suit} and can trump it",
        "隊友已經沒有{suit}，可以用主牌殺",
        "队友已经没有{suit}，可以用主牌杀",
    ),
    "reason.leads_pair": _e(
        "leads a pair of {suit}: only a higher pair can beat it",
        "出一對{suit}：只有更大的對子壓得住",
        "出一对{suit}：只有更大的对子压得住",
    ),
    "reason.leads_suit": _e(
        "leads {cards} cards of {suit}", "出 {cards} 張{suit}", "出 {cards} 张{suit}"
    ),
    "reason.leads_suit.cards_one": _e("leads from {suit}", "出{suit}", "出{suit}"),
    "reason.ruffs": _e(
        "trumps it: {points} points in the trick",
        "用主牌殺：這一輪 {points} 分",
        "用主牌杀：这一轮 {points} 分",
    ),
    "reason.wins_trick": _e(
        "takes the trick: {points} points", "拿下這一輪：{points} 分", "拿下这一轮：{points} 分"
    ),
    "reason.feeds_partner": _e(
        "gives your partner {points} points on a trick they win",
        "送 {points} 分給贏這一輪的隊友",
        "送 {points} 分给赢这一轮的队友",
    ),
    "reason.feeds_behind": _e(
        "gives {points} points for a partner still to play to take",
        "送 {points} 分，留給後面的隊友來拿",
        "送 {points} 分，留给后面的队友来拿",
    ),
    "reason.gives_points": _e("gives up {points} points", "丟 {points} 分", "丢 {points} 分"),
    "reason.gives_least": _e(
        "gives up as little as possible ({points} points)",
        "丟最不值錢的牌（{points} 分）",
        "丢最不值钱的牌（{points} 分）",
    ),
    # --- both ---------------------------------------------------------------------------
    "reason.found_by_search": _e(
        "the search found this better: {move}",
        "搜尋發現這樣更好：{move}",
        "搜索发现这样更好：{move}",
    ),
}
