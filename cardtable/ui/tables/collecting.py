"""Python's cycle collector, kept to one full pass a match, made while the result is read.

A table's redraws leave many objects to the cycle collector, most of them Textual's cached
lines of the boards, which live a while and then go. Left to itself the collector made a full
pass (every object the app holds, well over 100,000 by a match's end: 0.1 to 0.2 s) about
every set, and the next game's first frame (the whole table drawn afresh) made enough new
objects to set one off in the middle of it, about one rematch in two.

So once a match's result is on the screen, while the person reads it, one full pass runs over
everything (what start-up froze too, see ``app.collect_garbage_again``), and what is left is
frozen: the collector's passes until the next match's end walk only what was made since, a
fraction of it. What a frozen object leaves when it dies in a cycle is collected at the next
match's end, when all is thawed for that pass.

The collector's own full passes still came (it makes one once enough objects have lived a
while, counted against what its last full pass kept, which after a freeze is little), and the
next game's first frame set one off over all that was made since the match's end in three
rematches of four. So what lives as the next game is taken is frozen too, with no pass: a
moment's work, and a full pass in that frame walks only what the frame itself made.
"""

from __future__ import annotations

import gc
from typing import Any

from textual.app import App


def collect_once_shown(app: App[Any]) -> None:
    """The full pass, once the screen just pushed (a match's result) has been drawn."""
    app.call_after_refresh(collect_and_freeze)


def collect_and_freeze() -> None:
    """Collect every cycle the app has left, and keep what lives on out of later passes."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def freeze_for_next_game() -> None:
    """Keep what lives now out of the passes to come, collecting nothing (the next game at a
    table is about to be drawn: see above)."""
    gc.freeze()
