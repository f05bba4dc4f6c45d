"""The 70 Pixies cards, with flat per-card tables the scorer and bots index by card id."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Colour(enum.Enum):
    """A card colour; each has a letter so the UI never carries meaning by colour alone."""

    BLUE = "blue"
    GREEN = "green"
    YELLOW = "yellow"
    RED = "red"
    MULTI = "multi"

    @property
    def letter(self) -> str:
        return _LETTERS[self]


_LETTERS = {
    Colour.BLUE: "B",
    Colour.GREEN: "G",
    Colour.YELLOW: "Y",
    Colour.RED: "R",
    Colour.MULTI: "✱",
}

#: the four colours a zone or a special card can be; multicolour counts as each of them
PLAIN_COLOURS = (Colour.BLUE, Colour.GREEN, Colour.YELLOW, Colour.RED)


@dataclass(frozen=True, slots=True)
class Card:
    """One printed card. ``id`` is its place in ``DECK``; states store ids, not Card objects."""

    id: int
    number: int
    colour: Colour
    spirals: int = 0
    crosses: int = 0
    special: bool = False

    @property
    def label(self) -> str:
        """A short face for logs: ``B4★`` special, ``B1+6`` six spirals, ``R8-5`` five crosses."""
        symbols = self.spirals - self.crosses
        marks = "★" if self.special else f"{symbols:+d}" if symbols else ""
        return f"{self.colour.letter}{self.number}{marks}"


# The deck as pixies-cards.md lists it: "n" plain, "nS" spirals, "nX" crosses, "n*" special.
_PRINTED = {
    Colour.MULTI: "2 3 4 6:1X 7:1X 8:1X",
    Colour.BLUE: "1:6S 2:4S 3:3S 3:1S 4:1S 4* 4 5 5:2X 5* 6:1S 6:1X 7:3X 8:3X 9:6X 9:1X",
    Colour.GREEN: "1:5S 2:3S 3:2S 3* 4:4S 4:1X 5 5:1X 5* 6:4X 6:1X 6:1S 7:2X 7 8:2X 9:4X",
    Colour.YELLOW: "1:4S 2:2S 2* 3:5S 3 4:3S 4:1X 5:2X 5 5* 6:3X 6 7:5X 7:1S 8:1X 9:2X",
    Colour.RED: "1:3S 1* 2:5S 3:4S 4:2S 4 5:1X 5* 5 6:2X 6 7:4X 7:1X 8:5X 8 9",
}


def _parse(card_id: int, colour: Colour, text: str) -> Card:
    number, _, symbols = text.partition(":")
    if number.endswith("*"):
        return Card(card_id, int(number[:-1]), colour, special=True)
    count = int(symbols[:-1]) if symbols else 0
    spirals = count if symbols.endswith("S") else 0
    crosses = count if symbols.endswith("X") else 0
    return Card(card_id, int(number), colour, spirals, crosses)


def _build_deck() -> tuple[Card, ...]:
    texts = [(colour, text) for colour, row in _PRINTED.items() for text in row.split()]
    return tuple(_parse(i, colour, text) for i, (colour, text) in enumerate(texts))


DECK: tuple[Card, ...] = _build_deck()
DECK_SIZE = len(DECK)

# Flat tables for the hot path: plain lists indexed by card id.
NUMBER: list[int] = [c.number for c in DECK]
#: spirals minus crosses printed on the card
SYMBOLS: list[int] = [c.spirals - c.crosses for c in DECK]
#: bit k set when the card counts as PLAIN_COLOURS[k]; multicolour sets all four
COLOUR_BITS: list[int] = [
    0b1111 if c.colour is Colour.MULTI else 1 << PLAIN_COLOURS.index(c.colour) for c in DECK
]
#: index into PLAIN_COLOURS of a special card's colour, else -1
SPECIAL_COLOUR: list[int] = [PLAIN_COLOURS.index(c.colour) if c.special else -1 for c in DECK]
