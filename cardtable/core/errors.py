"""Errors the rules core raises; the UI shows their reason to the player."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules refuse; the state it was tried on is unchanged."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
