"""Round scoring: validated numbers, symbols, special cards and the largest colour zone.

Grids are passed as two 9-tuples indexed by space - 1: the face-up card id on each space and
the face-down card id under or instead of it (None where there is none). Only face-up cards
score symbols and zones; a number scores only when its face-up card covers a face-down one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.games.pixies.cards import (
    COLOUR_BITS,
    NUMBER,
    PLAIN_COLOURS,
    SPECIAL_COLOUR,
    SYMBOLS,
    Colour,
)
from cardtable.games.pixies.cards import DECK as _DECK

Cells = Sequence[int | None]

#: points per card of the largest zone, by round 1..3
ZONE_VALUES = (2, 3, 4)


def _neighbours(cell: int) -> tuple[int, ...]:
    row, col = divmod(cell, 3)
    steps = ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
    return tuple(r * 3 + c for r, c in steps if 0 <= r < 3 and 0 <= c < 3)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(cell) for cell in range(9))


def _largest_component(mask: int) -> int:
    """The largest orthogonally connected set of cells in ``mask``; ties go to the lowest cell."""
    best, seen = 0, 0
    for start in range(9):
        if not mask >> start & 1 or seen >> start & 1:
            continue
        component, frontier = 1 << start, [start]
        while frontier:
            for near in NEIGHBOURS[frontier.pop()]:
                if mask >> near & 1 and not component >> near & 1:
                    component |= 1 << near
                    frontier.append(near)
        seen |= component
        if component.bit_count() > best.bit_count():
            best = component
    return best


#: for every 9-bit set of cells, its largest connected part (a bit mask) and that part's size
LARGEST: tuple[int, ...] = tuple(_largest_component(mask) for mask in range(512))
LARGEST_SIZE: tuple[int, ...] = tuple(part.bit_count() for part in LARGEST)


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """One grid's score, part by part, so the UI can show where every point comes from."""

    validated: int
    spirals: int
    crosses: int
    specials: int
    zone_size: int
    zone_value: int
    #: spaces 1..9 of the largest zone, for the UI to outline; empty when no zone scores
    zone_cells: tuple[int, ...] = ()
    zone_colour: Colour | None = None

    @property
    def zone(self) -> int:
        return self.zone_size * self.zone_value

    @property
    def total(self) -> int:
        return self.validated + self.spirals - self.crosses + self.specials + self.zone


def _colour_masks(up: Cells) -> list[int]:
    """Per plain colour, the cells whose face-up card counts as that colour."""
    masks = [0, 0, 0, 0]
    for cell, card in enumerate(up):
        if card is not None:
            bits = COLOUR_BITS[card]
            for k in range(4):
                if bits >> k & 1:
                    masks[k] |= 1 << cell
    return masks


def _special_bonus(card: int, masks: list[int], counts_itself: bool) -> int:
    """A special card's spirals: the other face-up cards of its colour (itself too if opted)."""
    return masks[SPECIAL_COLOUR[card]].bit_count() - (0 if counts_itself else 1)


def _zone(masks: list[int]) -> tuple[int, int]:
    """(colour index, cell mask) of the largest zone; colour order breaks ties."""
    best = max(range(4), key=lambda k: LARGEST_SIZE[masks[k]])
    return best, LARGEST[masks[best]]


def round_score(up: Cells, down: Cells, zone_value: int, counts_itself: bool) -> int:
    """The grid's total; the hot path for simulation and bots, so no breakdown is built."""
    total, specials = 0, []
    for cell in range(9):
        card = up[cell]
        if card is None:
            continue
        total += SYMBOLS[card] + (NUMBER[card] if down[cell] is not None else 0)
        if SPECIAL_COLOUR[card] >= 0:
            specials.append(card)
    masks = _colour_masks(up)
    for card in specials:
        total += _special_bonus(card, masks, counts_itself)
    size = max(LARGEST_SIZE[m] for m in masks)
    return total + (size * zone_value if size >= 2 else 0)


def breakdown(up: Cells, down: Cells, zone_value: int, counts_itself: bool) -> ScoreBreakdown:
    """The grid's score part by part; agrees with ``round_score`` (a test recomputes both)."""
    faces = [(cell, _DECK[card]) for cell, card in enumerate(up) if card is not None]
    masks = _colour_masks(up)
    colour, cells = _zone(masks)
    size = cells.bit_count()
    scores = size >= 2
    return ScoreBreakdown(
        validated=sum(card.number for cell, card in faces if down[cell] is not None),
        spirals=sum(card.spirals for _, card in faces),
        crosses=sum(card.crosses for _, card in faces),
        specials=sum(_special_bonus(c.id, masks, counts_itself) for _, c in faces if c.special),
        zone_size=size if scores else 0,
        zone_value=zone_value,
        zone_cells=tuple(cell + 1 for cell in range(9) if cells >> cell & 1) if scores else (),
        zone_colour=_zone_colour(up, cells, colour) if scores else None,
    )


def _zone_colour(up: Cells, cells: int, colour: int) -> Colour:
    """The zone's colour; a zone made only of multicolour cards is reported as multicolour."""
    members = [card for cell, card in enumerate(up) if cells >> cell & 1 and card is not None]
    plain = any(COLOUR_BITS[card] != 0b1111 for card in members)
    return PLAIN_COLOURS[colour] if plain else Colour.MULTI
