"""What a waiting room says of a table held elsewhere: the codes to pass on while seats are open,
who has sat down, and, once a rematch is asked for, who has asked and who has gone.

The words are the session's to give (``RemoteSession.waiting_text``), so the room that waits for
a rematch over a finished table needs nothing but what that session's ``Rematch`` offers.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from cardtable.online.hosting import VISIT_ENV
from cardtable.online.reach import join_line

if TYPE_CHECKING:
    from cardtable.online.remote import RemoteSession


def room_text(s: RemoteSession) -> str:
    """The waiting room's words for ``s`` as it stands now."""
    if s.problem is not None:
        return f"Cannot play: {s.problem}\n\nPress Escape to go back."
    if not s.watch:
        return f"Connecting to {s.url}… ({s.connection or 'connecting'})"
    # a spectator is told only the watch code, never the invite; nor is a rematch's player: its
    # seats are the finished game's, so the code would only seat a friend at a full table
    invite = None if s.rematching else s.invite
    codes = f"Invite code: {invite}   " if invite else ""
    lines = [f"{s.spec.title} on {s.shared_url}", f"{codes}Watch code: {s.watch}", ""]
    ssh = os.environ.get(VISIT_ENV) == "ssh"  # the server is loopback on its host
    if invite and ssh:
        lines += [
            "A friend comes in over SSH as you did, chooses Play online (o),",
            f"and enters {invite} to play or {s.watch} to look on.",
            "",
        ]
    elif invite:
        lines += [
            "Send a friend this line to play:",
            f"  {join_line(s.shared_url, invite)}",
            f"and this one to look on:  {join_line(s.shared_url, s.watch, 'watch')}",
            "",
        ]
    elif s.invite and ssh:  # a rematch: friends may still look on
        lines += [f"A friend comes in over SSH as you did and enters {s.watch} to look on.", ""]
    elif s.invite:
        lines += [
            f"Send a friend this line to look on:  {join_line(s.shared_url, s.watch, 'watch')}",
            "",
        ]
    asked = s.asked_again() if s.rematching else set()
    # a person's seat nobody has taken yet carries the server's stand-in name, "Player 2"
    unfilled = set() if s.rematching else {info.name for info in s.away()}
    lines += [
        f"  Seat {i + 1}: open, waiting for someone to join"
        if seat.is_human and seat.name in unfilled
        else f"  {seat.label}" + ("  · ready to play again" if i in asked else "")
        for i, seat in enumerate(s.seats)
    ]
    if s.rematching:
        lines.append("\nWaiting for everyone at the table to ask for the rematch…")
        gone = [seat.name for seat in s.away()]
        if gone:  # else the wait has no end anyone can see
            who = " and ".join(gone)
            lines.append(
                f"{who} left the table: the rematch starts only if they come back and ask "
                "too. Press Escape to leave."
            )
    else:
        lines.append("\nWaiting for every seat to be taken…")
    return "\n".join(lines)
