"""The log's words as a table prints them: seats named (``session.wording``, shared with the
plain line mode), and a move's lines cut where its set or round ended."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.session.wording import name_seats

__all__ = ["name_seats", "split_at_round_end"]


def split_at_round_end(
    events: tuple[Any, ...],
    lines: tuple[str, ...],
    round_ends: tuple[type, ...],
    shown: Callable[[Any], object],
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A move's log lines up to the end of its set or round, and those of the next deal, which
    wait until the result box is dismissed. ``shown(event)`` is the event's log text for this
    reader (empty when it has none), so the lines can be counted back from the end."""
    ends = [i for i, event in enumerate(events) if isinstance(event, round_ends)]
    if not ends:
        return lines, ()
    after = sum(1 for event in events[ends[-1] + 1 :] if shown(event))
    cut = len(lines) - after
    return lines[:cut], lines[cut:]
