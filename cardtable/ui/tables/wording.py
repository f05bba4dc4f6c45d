"""The log's words as a table prints them: seats named, "You" agreeing with its verb, and a
move's lines cut where its set or round ended.

The rules write "Player N" (see ``GameRules.describe``); a table swaps in the seat's name, which
may be "You", so the verb after it and a "You" mid-sentence are put right here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

#: how games name seats in log lines (see ``GameRules.describe``); the table swaps in real names
SEAT_WORD = re.compile(r"\bPlayer (\d+)\b")
#: verbs a rules text puts after a seat, as they read after "You"
YOU_AGREE = {"has": "have", "is": "are", "was": "were", "does": "do"}
YOU_THEN = re.compile(r"\bYou (has|is|was|does)\b")


def you_agree(line: str) -> str:
    """A line that named a seat now names the reader: "You has" -> "You have", and "You" in the
    middle of a sentence -> "you"."""
    line = YOU_THEN.sub(lambda m: "You " + YOU_AGREE[m.group(1)], line)
    return re.sub(r"(\b[a-z]+,?) You\b", r"\1 you", line)


def name_seats(line: str, seat_name: Callable[[int], str]) -> str:
    """Swap the rules' "Player N" for ``seat_name(N - 1)``."""
    return you_agree(SEAT_WORD.sub(lambda m: seat_name(int(m.group(1)) - 1), line))


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
