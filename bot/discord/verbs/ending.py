"""Leaving or ending a table: mid-hand, a private question first; then the answer or the vote.

The question says what leaving or ending now costs; the answer replaces it, or the players vote.
"""

from __future__ import annotations

import discord

from bot.discord import controls, text
from bot.discord.lookup import control_table, table_or_refuse
from bot.discord.replies import edit_message, in_time, is_manager, private_lang, refuse, say
from bot.discord.text import seat_names
from bot.discord.verbs.base import Verbs, said
from bot.i18n import refusal, t
from bot.service import REFUSALS, TableInfo, Update
from bot.service.events import EndVoteOpened, LeaveCost


class EndingVerbs(Verbs):
    """``/table leave``, ``/table end``, their questions and the vote (``client.ending_verbs``)."""

    async def leave(self, interaction: discord.Interaction, info: TableInfo | None) -> None:
        """Stand up; during a hand, first a private question saying what it costs."""
        if info is None:
            return
        if info.to_move is not None:  # a hand is being played
            try:
                cost = await in_time(
                    interaction, self.service.leave_cost(info.id, interaction.user.id)
                )
            except REFUSALS as exc:
                await refuse(interaction, exc, info)
                return
            if cost is not None:
                lang = private_lang(interaction)
                penalty = -cost.deltas[cost.seat]
                question = [t("confirm.leave", lang, hand=cost.hand, penalty=penalty)]
                question += self.bonus_lines(info, cost, lang)
                yes = t("button.leave_now", lang, penalty=penalty)
                await self.ask_first(interaction, info, "leave", question, yes)
                return
        await self.run(
            interaction,
            lambda: self.service.leave(info.id, interaction.user.id),
            said(info, private_lang(interaction)),
            info,
        )

    def bonus_lines(self, info: TableInfo, cost: LeaveCost, lang: str) -> list[str]:
        """Who else gains from the hand left (the fairness rules: players seated at the deal)."""
        names = seat_names(info, lang)
        paid = [(seat, d) for seat, d in enumerate(cost.deltas) if d > 0 and seat != cost.seat]
        if not paid:
            return [t("confirm.no_bonus", lang)]
        shown = ", ".join(text.name(names[seat]) for seat, _ in paid)
        return [t("confirm.bonus", lang, names=shown, bonus=paid[0][1], count=len(paid))]

    async def ask_first(
        self,
        interaction: discord.Interaction,
        info: TableInfo,
        what: str,
        question: list[str],
        yes: str,
    ) -> None:
        """The private question before leaving or ending mid-hand, with its two buttons."""
        lang = private_lang(interaction)
        buttons = controls.confirm_view(
            info.id, info.hand_number, what, yes, t("button.stay", lang)
        )
        await say(interaction, text.fit(question), view=buttons)

    async def confirmed(
        self, interaction: discord.Interaction, table_id: int, hand: int, what: str
    ) -> None:
        """An answer to the question before leaving or ending mid-hand: the question's own
        message says what became of it (no new message)."""
        lang = private_lang(interaction)
        if what == "stay":
            await self.answer_in_place(interaction, t("confirm.stayed", lang))
            return
        info = await control_table(self.service, interaction, table_id)
        if info is None:
            return
        if info.to_move is not None and info.hand_number != hand:  # another hand since
            await self.answer_in_place(interaction, t("confirm.stale", lang))
            return
        user = interaction.user.id
        call = (
            self.service.leave(table_id, user)
            if what == "leave"
            else self.service.end_table(table_id, user, is_manager=is_manager(interaction))
        )
        try:
            update = await in_time(interaction, call, update=True)
        except REFUSALS as exc:
            names = seat_names(info, lang)
            await self.answer_in_place(
                interaction, refusal(exc, lang, names, text.echo, text.symbols)
            )
            return
        opened = any(isinstance(a, EndVoteOpened) for a in update.announcements)
        key = "confirm.left" if what == "leave" else "vote.started" if opened else "confirm.ended"
        await self.answer_in_place(interaction, t(key, lang))
        await self.presenter.publish(update)

    async def answer_in_place(self, interaction: discord.Interaction, content: str) -> None:
        """Answer by replacing the message whose button was used (its buttons removed)."""
        await edit_message(interaction, content=text.clip(content, text.CONTENT_LIMIT), view=None)

    async def end(self, interaction: discord.Interaction) -> None:
        """End the table; during a hand, first a private question saying what will happen
        (the service decides: a vote, a forfeit, or at once for a manager who does not play)."""
        info = await table_or_refuse(self.service, interaction)
        if info is None:
            return
        lang = private_lang(interaction)
        try:
            question = await in_time(interaction, self.end_question(interaction, info, lang))
        except REFUSALS as exc:
            await refuse(interaction, exc, info)
            return
        if question:
            await self.ask_first(interaction, info, "end", question, t("button.end_now", lang))
            return

        def answer(update: Update) -> str:
            opened = any(isinstance(a, EndVoteOpened) for a in update.announcements)
            return t("vote.started", lang) if opened else said(info, lang)(update)

        await self.run(
            interaction,
            lambda: self.service.end_table(
                info.id, interaction.user.id, is_manager=is_manager(interaction)
            ),
            answer,
            info,
        )

    async def end_question(
        self, interaction: discord.Interaction, info: TableInfo, lang: str
    ) -> list[str]:
        """What ending now would do, when it asks first (during a hand, for whoever may end
        it); empty: ask nothing (between hands, or the service will refuse anyway)."""
        if info.to_move is None or info.closing or info.end_vote_hand is not None:
            return []
        user = interaction.user.id
        seat = next((s.seat for s in info.seats if s is not None and s.user_id == user), None)
        manager = is_manager(interaction)
        if seat is None:
            return [t("confirm.end_now", lang, hand=info.hand_number)] if manager else []
        if seat != info.host and not manager:
            return []
        if sum(1 for s in info.seats if s is not None and not s.is_bot) > 1:
            return [t("confirm.end_vote", lang, hand=info.hand_number)]
        cost = await self.service.leave_cost(info.id, user)
        if cost is None:
            return []
        penalty = -cost.deltas[cost.seat]
        return [
            t("confirm.end_alone", lang, hand=info.hand_number, penalty=penalty),
            *self.bonus_lines(info, cost, lang),
        ]

    async def vote(
        self, interaction: discord.Interaction, table_id: int, hand: int, agree: bool
    ) -> None:
        """A click on Agree / Refuse under a vote to end the table mid-hand."""
        info = await control_table(self.service, interaction, table_id)
        if info is None:
            return
        await self.run(
            interaction,
            lambda: self.service.vote_end(info.id, interaction.user.id, hand, agree),
            said(info, private_lang(interaction)),
            info,
        )
