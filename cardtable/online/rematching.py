"""A seat's rematch at a table held elsewhere: its ask for another game, who else has asked,
and an offer that expires.

The server begins the next game at the same table once every person there has asked; an offer
nobody answers in time is withdrawn (``RematchExpired``), and the finished game stands. These
answer from the latest update the seat was sent, and keep only which game this seat asked
after: the ``RemoteSession`` waits on its ``ready`` for the next one.
"""

from __future__ import annotations

from cardtable.core.printable import printable
from cardtable.online.protocol import RematchExpired, Update


class Rematching:
    """One seat's ask for another game, from the ask until the next game begins or it expires."""

    def __init__(self) -> None:
        #: the game this seat asked for another after; None: no ask stands
        self.after: str | None = None

    @property
    def asked(self) -> bool:
        """A rematch was asked for here and has not started yet."""
        return self.after is not None

    def ask(self, game_id: str) -> None:
        """This seat asks for another game after ``game_id``."""
        self.after = game_id

    def begins(self, game_id: str) -> bool:
        """Whether an update of ``game_id`` is the one a waiting seat waits for (a first game,
        or the next one after its ask), not more of the finished game."""
        if game_id == self.after:
            return False
        self.after = None
        return True

    def expired(self, expired: RematchExpired, viewer: int | None) -> tuple[str, bool]:
        """The log line for a withdrawn offer, and whether it was this seat's own (which no
        longer waits: the finished game stands)."""
        mine = expired.seat == viewer and self.asked
        if mine:
            self.after = None
            return (
                f"Your rematch offer expired: not everyone asked within {expired.after:g} s. "
                "Ask again to play on.",
                True,
            )
        return f"{printable(expired.name)[:32]}'s rematch offer expired.", False

    def asked_again(self, update: Update | None, viewer: int | None) -> set[int]:
        """The seats that asked for another game at this table (this one's among them)."""
        if update is None:
            return set()
        mine = {viewer} if self.asked and viewer is not None else set()
        return {i for i, s in enumerate(update.seats) if s.again} | mine


def others_asked(update: Update | None, viewer: int | None) -> bool:
    """Every other person at the table has asked for another game: this seat's asking starts it."""
    return update is not None and all(
        s.again or s.bot is not None or i == viewer for i, s in enumerate(update.seats)
    )


def asking_names(update: Update, viewer: int | None) -> list[str]:
    """The others who would like to play again."""
    return [s.name for i, s in enumerate(update.seats) if s.again and i != viewer]
