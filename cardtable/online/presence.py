"""Who is at a table held elsewhere, as one seat is told it: the people away, the seats still
open, and who would like to play again, in the words of the table's status line."""

from __future__ import annotations

from cardtable.online.protocol import SeatInfo, Update
from cardtable.online.rematching import asking_names


def away_from(update: Update | None, viewer: int | None) -> list[SeatInfo]:
    """The other people whose seats nobody is connected to now (who left for good aside)."""
    if update is None:
        return []
    return [
        s
        for i, s in enumerate(update.seats)
        if s.bot is None and not s.connected and not s.left and i != viewer
    ]


def table_note(update: Update, viewer: int | None, invite: str, rematching: bool) -> str | None:
    """Who has gone, for the status line (with the invite code while seats are open, and who
    asks for a rematch this seat has not asked for); None when every person is here."""
    away = [
        f"{s.name} is away" + (" (a bot plays for now)" if s.stand_in else "")
        for s in away_from(update, viewer)
    ]
    if update.waiting:
        code = f": invite code {invite}" if invite else ""  # none for a spectator
        away.insert(0, f"waiting for players{code}")
    asking = asking_names(update, viewer)
    if asking and not rematching:
        away.append(f"{' and '.join(asking)} would like to play again")
    return "; ".join(away) or None
