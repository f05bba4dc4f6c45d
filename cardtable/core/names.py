"""People's names as they typed them, made safe to show to others.

A name travels to other people's screens, so it is checked on every side: in the settings, on
the command line and by the server. What is left is plain printable text of bounded length; the
screens still show it as data, never as markup.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardtable.core.printable import printable

#: the most characters a name may have once trimmed
MAX_NAME = 20
#: how every table names its reader's own seat: nobody else may be called that
YOU = "You"


def clean_name(text: str) -> str:
    """``text`` reduced to what prints (``printable``: escape sequences go whole); ValueError in
    plain words when what is left is empty, longer than ``MAX_NAME`` or "You"."""
    kept = printable(text)
    if not kept:
        raise ValueError("a name needs at least one letter or sign that can be seen")
    if len(kept) > MAX_NAME:
        raise ValueError(f"a name is at most {MAX_NAME} characters, not {len(kept)}")
    if kept.casefold() == YOU.casefold():
        raise ValueError(f"'{YOU}' is how the table names each player's own seat: pick another")
    return kept


def distinct_name(name: str, taken: Iterable[str]) -> str:
    """``name``, or ``name (2)``, ``name (3)``… when someone at the table is called that
    already (letter case aside)."""
    others = {t.casefold() for t in taken}
    candidate, n = name, 1
    while candidate.casefold() in others:
        n += 1
        candidate = f"{name} ({n})"
    return candidate
