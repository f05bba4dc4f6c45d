"""Each game's actions numbered 0..n-1, so an agent's integer always means the same move.

The numbering is part of the environments' public contract: it is versioned with the env name
(``pazaak_v0`` plays numbering v0), and a change to it means a new version, never an edit. Where
a range depends on the table (bids up to the chips there can be, antes between the limits), the
numbering is a function of the config, laid out in the order written here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from cardtable.games.flip7.actions import HIT, STAY, ChooseTarget
from cardtable.games.flip7.state import MAX_TABLE_SEATS
from cardtable.games.pazaak.actions import END_TURN, STAND, play
from cardtable.games.pazaak.state import HAND_SIZE as PAZAAK_HAND
from cardtable.games.pazu import actions as pazu
from cardtable.games.pazu.cards import SHARED_DECK
from cardtable.games.pazu.state import HAND_SIZE as PAZU_DEALT
from cardtable.games.pazu.state import MAX_SEATINGS
from cardtable.games.pixies.actions import KeepNew, KeepOld, PlaceFaceDown, Take
from cardtable.games.pixies.state import MAX_SEATS as PIXIES_SEATS

#: the numbering version every ``*_v0`` environment plays
VERSION = 0
PAZU_VALUES = range(-10, 11)


@dataclass(frozen=True)
class ActionTable:
    """A fixed list of moves: index <-> action, and the legal-move mask over it."""

    actions: tuple[Any, ...]
    _index: dict[Any, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {a: i for i, a in enumerate(self.actions)})

    def __len__(self) -> int:
        return len(self.actions)

    def action(self, number: int) -> Any:
        """The move numbered ``number``; ValueError for a number outside the table."""
        if not 0 <= number < len(self.actions):
            raise ValueError(f"action {number} is outside 0..{len(self.actions) - 1}")
        return self.actions[number]

    def number(self, action: Any) -> int:
        """The number of ``action``; ValueError if the numbering has no such move."""
        try:
            return self._index[action]
        except KeyError:
            raise ValueError(f"{action!r} has no number in this numbering") from None

    def mask(self, legal: Iterable[Any]) -> np.ndarray:
        """1 where the move is legal, 0 elsewhere (int8, as Gymnasium's masked sampling wants)."""
        out = np.zeros(len(self.actions), dtype=np.int8)
        for action in legal:
            out[self.number(action)] = 1
        return out


def pazaak_actions(config: Any) -> tuple[Any, ...]:
    """v0: PlaySide(hand index 0..3, value -6..6) index-major, then Stand, then EndTurn (54)."""
    plays = tuple(play(i, v) for i in range(PAZAAK_HAND) for v in range(-6, 7))
    return (*plays, STAND, END_TURN)


def pazu_actions(config: Any) -> tuple[Any, ...]:
    """v0: Bid 0..start_chips*12, Pick (shared-deck cards in deck order), SetAnte min..max,
    PlaySide(hand index 0..pazu_hand-1, value -10..10), Stand, EndTurn, Stay, Leave,
    SeatBot(levels), UnseatBot(0..11)."""
    bids = tuple(pazu.Bid(n) for n in range(config.start_chips * MAX_SEATINGS + 1))
    picks = tuple(pazu.Pick(card) for card in dict.fromkeys(SHARED_DECK))
    antes = tuple(pazu.SetAnte(n) for n in range(config.ante_min, config.ante_max + 1))
    plays = tuple(play(i, v) for i in range(pazu_hand(config)) for v in PAZU_VALUES)
    between = (pazu.STAY, pazu.LEAVE, *(pazu.SeatBot(level) for level in pazu.BOT_LEVELS))
    unseat = tuple(pazu.UnseatBot(seat) for seat in range(MAX_SEATINGS))
    return (*bids, *picks, *antes, *plays, pazu.STAND, pazu.END_TURN, *between, *unseat)


def pazu_hand(config: Any) -> int:
    """The most cards a Pazu-Pazaak hand can hold: the four dealt and one bought every set."""
    return PAZU_DEALT + config.max_sets


def pixies_actions(config: Any) -> tuple[Any, ...]:
    """v0: Take(0..4), KeepNew, KeepOld, PlaceFaceDown(space 1..9) (16)."""
    takes = tuple(Take(i) for i in range(PIXIES_SEATS))
    places = tuple(PlaceFaceDown(space) for space in range(1, 10))
    return (*takes, KeepNew(), KeepOld(), *places)


def flip7_actions(config: Any) -> tuple[Any, ...]:
    """v0: Hit, Stay, then ChooseTarget(seat 0..7) (10); the solo env uses the first two."""
    return (HIT, STAY, *(ChooseTarget(seat) for seat in range(MAX_TABLE_SEATS)))
