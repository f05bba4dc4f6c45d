"""How many people ``cardtable ssh`` seats at once: sessions in all and per address.

Every visitor costs a whole app process, so a server on a small machine needs a ceiling, and
one address (a script, or someone reconnecting in a loop) must not take every seat.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass


@dataclass(frozen=True)
class VisitLimits:
    #: visitors playing at once, from anywhere
    sessions: int = 16
    #: visitors playing at once from one address (friends behind one home router share one)
    per_address: int = 4
    #: seconds without a key pressed before a visitor is let go
    idle: float = 30 * 60.0


class Gate:
    """Counts the visitors inside, by address, and says why a newcomer must wait."""

    def __init__(self, limits: VisitLimits) -> None:
        self.limits = limits
        self.inside: Counter[str] = Counter()

    def enter(self, address: str) -> str | None:
        """Count the visitor in (None), or say in one line why they may not come in now."""
        if self.inside.total() >= self.limits.sessions:
            return f"all {self.limits.sessions} seats here are taken; try again later"
        if self.inside[address] >= self.limits.per_address:
            return f"{self.limits.per_address} sessions from your address are playing already"
        self.inside[address] += 1
        return None

    def leave(self, address: str) -> None:
        self.inside[address] -= 1
        if self.inside[address] <= 0:
            del self.inside[address]
