"""The seam between a table screen and the game it shows: local, replayed or (later) remote.

Screens draw from a ``Session`` and never touch a ``Match`` or a rules object's ``apply``; this
package imports no Textual, so a session can run headless in a server or a test.
"""

from cardtable.session.base import (
    Change,
    HandOff,
    Moved,
    NextGame,
    Noted,
    RatingsChanged,
    Refused,
    Rematch,
    RematchEnd,
    Said,
    Session,
    Status,
    Thinking,
)
from cardtable.session.local import LocalSession
from cardtable.session.replay import ReplaySession

__all__ = [
    "Change",
    "HandOff",
    "LocalSession",
    "Moved",
    "NextGame",
    "RatingsChanged",
    "Refused",
    "Rematch",
    "RematchEnd",
    "ReplaySession",
    "Noted",
    "Said",
    "Session",
    "Status",
    "Thinking",
]
