"""Text from other people (names, chat) reduced to what prints.

Such text reaches other people's terminals, so whatever could move, hide or restyle what they
see goes before it is shown or passed on: terminal escape sequences (whole, so no "[31m" is left
behind as text), control and format characters (bidirectional overrides, zero-width marks), and
runs of white space, which become one space. Screens still show what is left as data, never as
markup.
"""

from __future__ import annotations

import re
import unicodedata

#: control, format, surrogate and unassigned characters: they move, hide or restyle text
UNSEEN = {"Cc", "Cf", "Cs", "Cn"}

#: a terminal escape sequence, whole: CSI (ESC [ … final), OSC (ESC ] … BEL or ST), or ESC
#: and one character
ESCAPE_SEQUENCE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|.)?", re.S)


def printable(text: str) -> str:
    """``text`` with only what prints, on one line, trimmed."""
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in ESCAPE_SEQUENCE.sub("", text)
        if ch.isspace() or unicodedata.category(ch) not in UNSEEN
    )
    return " ".join(kept.split())
