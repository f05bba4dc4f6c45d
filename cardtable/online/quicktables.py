"""A quick-match table as the lobby knows it: who holds which seat, rated or not, and what the
lobby asks of the server's table side to open and drop one.

``QuickSetup`` is what a table's record keeps of it (pydantic: read back from the store after a
restart); ``QuickTable`` is the lobby's live view, with the match it was opened for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from pydantic import BaseModel, ConfigDict

from cardtable.online.pools import Seeker


@dataclass(frozen=True)
class Member:
    """A seat of a quick-match table as the table side opens it."""

    player: str | None
    name: str
    bot: bool


class QuickTables(Protocol):
    """What the lobby asks of the server's table side."""

    async def open_table(
        self, game: str, rated: bool, members: list[Member]
    ) -> tuple[str, list[str]]:
        """Open a table with these members in seat order: its invite code and each seat's token."""
        ...

    def drop_table(self, invite: str) -> None:
        """Close a table whose match was called off before it was played."""
        ...


#: the match id of a quick-match table rebuilt after a restart: no match has it (ids start at 1),
#: and none is needed once every seat was taken
RESTORED = 0


class QuickSetup(BaseModel):
    """A quick-match table's setup as its record keeps it (read back after a restart)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rated: bool
    #: who holds each seat, in seat order
    members: list[Member]


@dataclass
class QuickTable:
    """A quick-match table the lobby opened: which match, and who holds which seat."""

    #: the match it was opened for (``RESTORED``: rebuilt from the store after a restart)
    match: int
    game: str
    rated: bool
    members: list[Member]
    seekers: list[Seeker]
    started: bool = False
