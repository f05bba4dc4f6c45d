"""A fast, mutable copy of one Pixies round for bots: greedy play and rollouts to the round's end.

The rules core builds a new frozen state per step, which is right for the game but too slow
to simulate thousands of picks per decision. A playout keeps plain lists plus running colour
masks and scores, so the immediate gain of a placement costs a few table lookups. It plays by
the same placement scenarios and round-end rules as flow.py; a test checks the two agree.
"""

from __future__ import annotations

import random

from cardtable.games.pixies.cards import COLOUR_BITS, NUMBER, SPECIAL_COLOUR, SYMBOLS
from cardtable.games.pixies.flow import turn_order
from cardtable.games.pixies.scoring import LARGEST_SIZE, round_score
from cardtable.games.pixies.state import EMPTY_SPACES, FULL, reveal_size

#: a face-down card nobody can see; only its presence matters to the rules
HIDDEN = -1

# How a card is placed: with the cell (0..8) it lands on, a placement is (kind, cell).
UP, KEEP_NEW, KEEP_OLD, DOWN = range(4)

Placement = tuple[int, int]

#: per card, for each plain colour, a mask of every cell if the card counts as that colour
COLOUR_FLAGS = [tuple(FULL if bits >> k & 1 else 0 for k in range(4)) for bits in COLOUR_BITS]


def _zone(size: int) -> int:
    """Cards in a zone that scores: one card alone is no zone."""
    return size if size >= 2 else 0


class Playout:
    """One round from some seat's point of view, with the unseen deck filled in by a sample."""

    __slots__ = (
        "seats", "zone_value", "counts_itself", "up", "down", "occupied", "masks", "specials",
        "largest", "bonus", "score", "deck", "revealed", "order",
    )  # fmt: skip

    def __init__(
        self,
        zone_value: int,
        counts_itself: bool,
        grids: list[tuple[list[int | None], list[int | None]]],
        deck: list[int],
        revealed: list[int],
        order: list[int],
    ) -> None:
        self.seats = len(grids)
        self.zone_value = zone_value
        self.counts_itself = counts_itself
        self.up = [list(up) for up, _ in grids]
        self.down = [list(down) for _, down in grids]
        self.deck, self.revealed, self.order = deck, revealed, order
        self.occupied = [0] * self.seats
        self.masks = [[0, 0, 0, 0] for _ in grids]
        self.specials = [[0, 0, 0, 0] for _ in grids]
        self.largest = [0] * self.seats
        self.bonus = [0] * self.seats
        self.score = [0] * self.seats
        for seat in range(self.seats):
            self._recount(seat)

    def clone(self) -> Playout:
        new = object.__new__(Playout)
        new.seats, new.zone_value = self.seats, self.zone_value
        new.counts_itself = self.counts_itself
        new.up = [row[:] for row in self.up]
        new.down = [row[:] for row in self.down]
        new.occupied = self.occupied[:]
        new.masks = [row[:] for row in self.masks]
        new.specials = [row[:] for row in self.specials]
        new.largest, new.bonus, new.score = self.largest[:], self.bonus[:], self.score[:]
        new.deck, new.revealed, new.order = self.deck[:], self.revealed[:], self.order[:]
        return new

    def _recount(self, seat: int) -> None:
        """Work out a seat's masks, special counts and score from its cards."""
        up, down = self.up[seat], self.down[seat]
        masks, specials = [0, 0, 0, 0], [0, 0, 0, 0]
        occupied = 0
        for cell in range(9):
            card = up[cell]
            if card is not None or down[cell] is not None:
                occupied |= 1 << cell
            if card is None:
                continue
            bits = COLOUR_BITS[card]
            for k in range(4):
                if bits >> k & 1:
                    masks[k] |= 1 << cell
            if SPECIAL_COLOUR[card] >= 0:
                specials[SPECIAL_COLOUR[card]] += 1
        self.occupied[seat], self.masks[seat], self.specials[seat] = occupied, masks, specials
        self.largest[seat] = max(LARGEST_SIZE[m] for m in masks)
        self.bonus[seat] = self._bonus(masks, specials)
        self.score[seat] = round_score(up, down, self.zone_value, self.counts_itself)

    def _bonus(self, masks: list[int], specials: list[int]) -> int:
        """All special cards' spirals: each scores the face-up cards of its colour but itself."""
        total, less = 0, 0 if self.counts_itself else 1
        for k in range(4):
            if specials[k]:
                total += specials[k] * (masks[k].bit_count() - less)
        return total

    def choices(self, seat: int, card: int) -> list[Placement]:
        """Every legal placement of ``card`` on ``seat``'s grid (scenarios 1, 2 and 3)."""
        cell = NUMBER[card] - 1
        if self.up[seat][cell] is None:
            return [(UP, cell)]
        if self.down[seat][cell] is None:
            return [(KEEP_NEW, cell), (KEEP_OLD, cell)]
        return [(DOWN, space - 1) for space in EMPTY_SPACES[self.occupied[seat]]]

    def gain(self, seat: int, card: int, kind: int, cell: int) -> int:
        """How much ``seat``'s round score would change by this placement."""
        if kind == UP or kind == KEEP_NEW:
            return self._face_up(seat, card, cell)[0]
        old = self.up[seat][cell]
        return NUMBER[old] if kind == KEEP_OLD and old is not None else 0

    def _face_up(
        self, seat: int, card: int, cell: int
    ) -> tuple[int, list[int], list[int], int, int]:
        """(gain, masks, special counts, largest zone, special bonus) once ``card`` lies face-up
        on ``cell``, over the face-up card there if any (which is then tucked under it)."""
        old, bit = self.up[seat][cell], 1 << cell
        m0, m1, m2, m3 = self.masks[seat]
        specials = self.specials[seat]
        gain = SYMBOLS[card]
        if old is not None:
            gain -= SYMBOLS[old]
            m0, m1, m2, m3 = m0 & ~bit, m1 & ~bit, m2 & ~bit, m3 & ~bit
            if SPECIAL_COLOUR[old] >= 0:
                specials = specials[:]
                specials[SPECIAL_COLOUR[old]] -= 1
        if old is not None or self.down[seat][cell] is not None:
            gain += NUMBER[card]
        f0, f1, f2, f3 = COLOUR_FLAGS[card]
        masks = [m0 | f0 & bit, m1 | f1 & bit, m2 | f2 & bit, m3 | f3 & bit]
        if SPECIAL_COLOUR[card] >= 0:
            specials = specials[:]
            specials[SPECIAL_COLOUR[card]] += 1
        sizes = LARGEST_SIZE
        largest = max(sizes[masks[0]], sizes[masks[1]], sizes[masks[2]], sizes[masks[3]])
        bonus = self._bonus(masks, specials)
        zone = _zone(largest) - _zone(self.largest[seat])
        gain += bonus - self.bonus[seat] + self.zone_value * zone
        return gain, masks, specials, largest, bonus

    def place(self, seat: int, card: int, kind: int, cell: int) -> None:
        """Put ``card`` on ``seat``'s grid as ``kind`` says, keeping masks and score in step."""
        up, down = self.up[seat], self.down[seat]
        if kind == UP or kind == KEEP_NEW:
            gain, self.masks[seat], self.specials[seat], self.largest[seat], self.bonus[seat] = (
                self._face_up(seat, card, cell)
            )
            self.score[seat] += gain
            if kind == KEEP_NEW:
                down[cell] = up[cell]
            up[cell] = card
        elif kind == KEEP_OLD:
            self.score[seat] += self.gain(seat, card, kind, cell)
            down[cell] = card
        else:
            down[cell] = card
        self.occupied[seat] |= 1 << cell

    def greedy(self, seat: int, rng: random.Random) -> tuple[int, int, int]:
        """(revealed index, kind, cell) of the best immediate gain; ties go by ``rng``."""
        best, picks = -999, []
        for index, card in enumerate(self.revealed):
            kind, cell, value = self.best_placement(seat, card)
            if value > best:
                best, picks = value, [(index, kind, cell)]
            elif value == best:
                picks.append((index, kind, cell))
        return picks[0] if len(picks) == 1 else picks[int(rng.random() * len(picks))]

    def best_placement(self, seat: int, card: int) -> tuple[int, int, int]:
        """(kind, cell, gain) of the card's best placement; face-down goes on the highest space."""
        cell = NUMBER[card] - 1
        old = self.up[seat][cell]
        if old is None:
            return UP, cell, self._face_up(seat, card, cell)[0]
        if self.down[seat][cell] is not None:
            return DOWN, EMPTY_SPACES[self.occupied[seat]][-1] - 1, 0
        new = self._face_up(seat, card, cell)[0]
        return (KEEP_NEW, cell, new) if new > NUMBER[old] else (KEEP_OLD, cell, NUMBER[old])

    def pick(self, index: int, kind: int, cell: int) -> bool:
        """The seat to move takes revealed card ``index`` and places it; False if the round ends."""
        seat = self.order[0]
        self.place(seat, self.revealed.pop(index), kind, cell)
        return self.after_pick(seat)

    def after_pick(self, seat: int) -> bool:
        """Pass the pick on, or reveal the next turn; False when the round is over (flow.py)."""
        order = self.order
        del order[0]
        if not order or (self.seats == 2 and not len(order) % 2):
            if FULL in self.occupied:
                return False
        if order:
            return True
        size = reveal_size(self.seats)
        if len(self.deck) < size:
            return False
        self.revealed, self.deck = self.deck[:size], self.deck[size:]
        self.order = list(turn_order(self.seats, seat))
        return True

    def run(self, rng: random.Random) -> None:
        """Everyone plays greedily until the round ends."""
        while self.pick(*self.greedy(self.order[0], rng)):
            pass
