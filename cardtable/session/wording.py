"""A log line as a table prints it: the rules' "Player N" swapped for the seat's name, and
"You" agreeing with its verb.

The rules write "Player N" (see ``GameRules.describe``); every reader of a session (a screen, the
plain line mode) swaps in the seat's name, which may be "You", so the verb after it and a "You"
mid-sentence are put right here, once for all of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable

#: how games name seats in log lines (see ``GameRules.describe``); readers swap in real names
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
