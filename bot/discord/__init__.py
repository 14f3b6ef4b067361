"""The Discord adapter over ``bot.service``; docs/discord.md, "Where the code lives", maps it."""
