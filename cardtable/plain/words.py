"""Lines as the plain mode prints them: cards in words, nothing but printable text, and no
line longer than a braille display shows at once (wrapped between words)."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable

from cardtable.core.printable import printable

#: a braille display shows 40 cells on a common model; ``--width`` changes it
DEFAULT_WIDTH = 40
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")

#: turns one token of a log line (a card's face, "+3", "B4★") into words; None: not a card
CardWords = Callable[[str], str | None]


def speak(line: str, card_words: CardWords, symbols: dict[str, str]) -> str:
    """``line`` with every card face in words and each of ``symbols`` replaced; cards that
    follow one another ("+3 -2") are parted by commas, as a reader would pause."""
    for symbol, words in symbols.items():
        line = line.replace(symbol, words)
    out: list[str] = []
    listing = False  # the last token was a card with nothing after it
    for token in line.split(" "):
        core = token.lstrip("(").rstrip(".,;:)")
        start = len(token) - len(token.lstrip("("))
        said = card_words(core) if core else None
        if said is None:
            out.append(token)
            listing = False
            continue
        if listing:
            out[-1] += ","
        tail = token[start + len(core) :]
        out.append(token[:start] + said + tail)
        listing = not tail
    return " ".join(out)


def wrapped(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken between words (a word longer
    than a line is left whole); ``width`` 0: one line."""
    text = printable(text)
    if width <= 0 or len(text) <= width:
        return [text]
    return textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False) or [""]


def listed(items: Iterable[str], last: str = "and") -> str:
    """ "a, b and c"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def count_words(n: int, thing: str, things: str | None = None) -> str:
    """ "one spiral", "six spirals": a count said in words, so it never runs into a number."""
    word = NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)
    return f"{word} {thing if n == 1 else things or thing + 's'}"
