"""The two ways an action can be refused.

Both are ``ValueError`` subclasses so callers that only care about "bad input" can catch one
type, while front ends can tell a typo (``CardParseError``) from a rule (``IllegalMove``).
"""


class CardParseError(ValueError):
    """Text that is not card notation. ``token`` is the offending piece of text."""

    def __init__(self, token: str, reason: str = "") -> None:
        self.token = token
        message = f"cannot read card {token!r}"
        if reason:
            message = f"{message}: {reason}"
        super().__init__(message)


class IllegalMove(ValueError):
    """A well-formed action the rules do not allow; the message says why, for a player."""
