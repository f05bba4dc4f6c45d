"""How the Flip 7 boards share the screen: one column or two, and the card size that fits.

The boards are the table, so they get the room first and the largest cards that let every
board show whole: full or large cards (five lines), framed ones (three), or, when even those do not
fit, one text line of chips per player. From four players the boards stand in two columns
when the width allows, so eight players are not eight thin strips.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from cardtable.games.flip7.cards import FLIP_SEVEN
from cardtable.ui.tables.flip7.cards import SIZES

#: lines a board takes per tier: its border, the modifiers' line and the cards
BOARD_HEIGHT = {"full": 8, "large": 8, "framed": 6, "line": 2}
#: the large "stay now" digits beside the cards (a three-figure score) and the gap before them
SCORE_WIDTH = 10
#: a board's border and its left padding
CHROME = 3
#: from this many players the boards may stand in two columns
TWO_COLUMNS_FROM = 4


@dataclass(frozen=True, slots=True)
class Fit:
    """How the boards are laid out: ``columns`` of boards whose cards are drawn in ``tier``."""

    columns: int
    tier: str

    @property
    def size(self) -> str:
        """The card size a tier draws its number row in."""
        return "chips" if self.tier == "line" else self.tier


def slots_width(size: str) -> int:
    """Columns the seven places of a row take in ``size``."""
    inner, _, gap = SIZES[size]
    return FLIP_SEVEN * (inner + 2) + (FLIP_SEVEN - 1) * gap


def board_width(tier: str) -> int:
    """The narrowest a board can be and still show its seven places and its score (a line
    shows its score in words)."""
    if tier == "line":
        return slots_width("chips") + CHROME
    return slots_width(tier) + SCORE_WIDTH + CHROME


def fitting_fit(players: int, width: int, height: int) -> Fit | None:
    """The largest cards at which every board fits ``width`` × ``height``, two columns first
    from four players, if any do."""
    options = [(1, "full"), (1, "large"), (1, "framed"), (1, "line")]
    if players >= TWO_COLUMNS_FROM:
        options = [(2, "full"), (2, "large"), (2, "framed"), *options, (2, "line")]
    for columns, tier in options:
        rows = math.ceil(players / columns)
        if columns * board_width(tier) <= width and rows * BOARD_HEIGHT[tier] <= height:
            return Fit(columns, tier)
    return None


def choose_fit(players: int, width: int, height: int) -> Fit:
    """``fitting_fit``, or two text lines per player when nothing fits (scrolling)."""
    return fitting_fit(players, width, height) or Fit(1, "line")
