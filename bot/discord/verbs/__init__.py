"""What each command, button and menu does, one module per area: table, ending, play, scores.

Every verb answers within Discord's 3-second window (``bot.discord.replies``): privately, in
the user's language, a refusal changing nothing. The presenter updates the table in public
after the user has been answered.
"""
