"""The two ways an action can be refused.

Both are ``ValueError`` subclasses so callers that only care about "bad input" can catch one
type, while front ends can tell a typo (``CardParseError``) from a rule (``IllegalMove``).
Each carries a stable ``code`` and plain ``params`` besides its English message, so a front end
can show the same refusal in the player's language.
"""

from typing import Any


class CardParseError(ValueError):
    """Text that is not card notation. ``token`` is the offending piece of text."""

    def __init__(self, token: str, reason: str = "", code: str = "bad_card") -> None:
        self.token = token
        self.code = code
        self.params: dict[str, Any] = {"token": token}
        message = f"cannot read card {token!r}"
        if reason:
            message = f"{message}: {reason}"
        super().__init__(message)


class IllegalMove(ValueError):
    """A well-formed action the rules do not allow; the message says why, for a player.

    ``code`` names the rule (``"not_your_turn"``, ``"must_follow"`` …) and ``params`` holds the
    values the message mentions (seats as ints, cards as notation strings), for translation.
    """

    def __init__(self, message: str, *, code: str = "illegal", **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(message)
