"""A rated game's rating changes on the match's result panel: "Ann#k3Qf  1,512 → 1,527 (+15)"
for each seat, or why the game did not count.

The server sends them once the game's end is kept, which may be before or after the panel
opens: whichever comes second puts them on it. Both are known by the session alone: the panel
is remembered for it, so no table is needed.
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from cardtable.session import Session
from cardtable.ui.screens.resultpanel import ResultPanel

#: the class a result panel wears once it shows the ratings (they are shown once)
RATED = "-rated"


def rating_text(session: Any) -> str | None:
    """The ratings paragraph of a session's game, None before (or without) any."""
    rated = getattr(session, "rated", None)
    if rated is None:
        return None
    # imported here: the lobby's words bring the wire protocol (pydantic) and the keys
    # (cryptography), which a table's first frame must not wait for (most games are not rated)
    from cardtable.ui.lobbywords import rated_lines

    return "Ratings\n" + "\n".join(rated_lines(rated))


#: each session's match result panel, from the moment it is made (it is on the stack a little
#: later); a rematch's next game makes its own
FINAL_PANELS: WeakKeyDictionary[Session, ResultPanel] = WeakKeyDictionary()


def show_ratings(session: Session, panel: ResultPanel | None = None) -> None:
    """Put the ratings of ``session``'s game on the match's result panel (``panel``, made now;
    or the one made before), once they and the panel are both there."""
    if panel is not None:
        FINAL_PANELS[session] = panel
    panel = FINAL_PANELS.get(session) if session.is_over else None
    text = rating_text(session)
    if panel is None or text is None or panel.has_class(RATED):
        return
    panel.add_class(RATED)
    panel.add_note(text)
