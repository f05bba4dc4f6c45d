"""Pixies read aloud: cards as "blue 5 spiral", each grid row by row, the zone and the scores."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cardtable.games.pixies.actions import KeepNew, KeepOld, PlaceFaceDown, Take
from cardtable.games.pixies.cards import Card, Colour
from cardtable.games.pixies.view import CellView, GridView
from cardtable.plain.reading import Move, Reader
from cardtable.plain.words import count_words

_COLOURS = {
    "B": Colour.BLUE,
    "G": Colour.GREEN,
    "Y": Colour.YELLOW,
    "R": Colour.RED,
    "✱": Colour.MULTI,
}
_COLOUR_WORDS = {Colour.MULTI: "multicolour"}
#: a card's face as ``Card.label`` prints it: colour letter, number, then ★ or its symbols
_FACE = re.compile(r"([BGYR✱])([1-9])(★|[+-]\d+)?")


def _marks(special: bool, symbols: int) -> str:
    if special:
        return " special"
    if symbols > 0:
        return " spiral" if symbols == 1 else f" {count_words(symbols, 'spiral')}"
    if symbols < 0:
        return " cross" if symbols == -1 else f" {count_words(-symbols, 'cross', 'crosses')}"
    return ""


def _said(colour: Colour, number: int, special: bool, symbols: int) -> str:
    name = _COLOUR_WORDS.get(colour, colour.value)
    return f"{name} {number}{_marks(special, symbols)}"


def card_words(card: Card) -> str:
    """ "blue 5 spiral", "red 8 five crosses", "blue 4 special", "green 7"."""
    return _said(card.colour, card.number, card.special, card.spirals - card.crosses)


def face_words(token: str) -> str | None:
    found = _FACE.fullmatch(token)
    if found is None:
        return None
    letter, number, mark = found.groups()
    symbols = int(mark) if mark and mark != "★" else 0
    return _said(_COLOURS[letter], int(number), mark == "★", symbols)


def cell_words(cell: CellView) -> str:
    if cell.up is not None:
        return card_words(cell.up) + (" validated" if cell.validated else "")
    return "face down" if cell.down else "empty"


def grid_rows(grid: GridView) -> list[str]:
    """The grid as the keypad reads it: row 1 is spaces 1 to 3."""
    rows = []
    for row in range(3):
        cells = grid.cells[row * 3 : row * 3 + 3]
        rows.append(f"row {row + 1}: " + "; ".join(f"{c.space} {cell_words(c)}" for c in cells))
    return rows


class PixiesReader(Reader):
    def card_words(self, token: str) -> str | None:
        return face_words(token)

    def moves(self, view: Any, legal: tuple[Any, ...], names: Sequence[str]) -> list[Move]:
        moves = []
        for action in legal:
            if isinstance(action, Take):
                moves.append(Move(f"take {card_words(view.revealed[action.index])}", action))
            elif isinstance(action, KeepNew):
                moves.append(Move(f"keep the new {view.pending.number}", action))
            elif isinstance(action, KeepOld):
                moves.append(Move(f"keep the old {view.pending.number}", action))
            elif isinstance(action, PlaceFaceDown):
                moves.append(Move(f"lay it face down on space {action.space}", action))
        return moves

    def board(self, view: Any, names: Sequence[str]) -> list[str]:
        lines = [
            f"Round {view.round} of {view.rounds}, zones score {view.zone_value} a card; "
            f"{view.deck_count} cards in the deck."
        ]
        if view.revealed:
            lines.append("On offer: " + ", ".join(card_words(c) for c in view.revealed) + ".")
        if view.pending is not None:
            lines.append(f"Taken and waiting: {card_words(view.pending)}.")
        for seat, grid in enumerate(view.grids):
            whose = "Your" if names[seat] == "You" else f"{names[seat]}'s"
            lines.append(f"{whose} grid, {grid.score.total} points this round:")
            lines += grid_rows(grid)
        return lines

    def hand(self, view: Any, names: Sequence[str]) -> str:
        me = view.seat
        if me is None:
            return "You hold no cards: you are looking on."
        return f"Pixies has no hand: your grid, {view.grids[me].score.total} points this round."

    def score(self, view: Any, names: Sequence[str]) -> str:
        totals = ", ".join(f"{names[s]} {t}" for s, t in enumerate(view.totals))
        now = ", ".join(f"{names[s]} {g.score.total}" for s, g in enumerate(view.grids))
        return f"Round {view.round} of {view.rounds}. Totals: {totals}. This round: {now}."
