"""Pixies config, grids and game state: frozen values that hold card ids, never Card objects."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from cardtable.games.pixies.scoring import ZONE_VALUES, ScoreBreakdown

MIN_SEATS, MAX_SEATS = 2, 5
ROUNDS = len(ZONE_VALUES)


@dataclass(frozen=True, slots=True)
class PixiesConfig:
    """The rules options a game is played with (the pydantic Options model builds one)."""

    seats: int = 2
    #: RULINGS 3 option: whether a special card also counts itself among its colour's cards
    special_counts_itself: bool = False

    def __post_init__(self) -> None:
        if not MIN_SEATS <= self.seats <= MAX_SEATS:
            raise ValueError(f"Pixies is for {MIN_SEATS} to {MAX_SEATS} players, not {self.seats}")

    @property
    def reveal_size(self) -> int:
        return reveal_size(self.seats)


def reveal_size(seats: int) -> int:
    """Cards revealed a turn: 4 with two players (each picks twice), else one per player."""
    return 4 if seats == 2 else seats


class Phase(enum.Enum):
    """What the seat to move must decide."""

    #: take one of the revealed cards
    PICK = "pick"
    #: scenario 2: the taken card matches a face-up number; choose which stays face-up
    KEEP = "keep"
    #: scenario 3: the number is validated; choose an empty space for the card face-down
    FACE_DOWN = "face_down"
    OVER = "over"


#: the occupancy mask of a grid with a card on all nine spaces
FULL = 0b111_111_111


@dataclass(frozen=True, slots=True)
class Grid:
    """A player's 3×3 grid; index = space - 1 (spaces run 1 2 3 / 4 5 6 / 7 8 9)."""

    #: the face-up card on each space, if any
    up: tuple[int | None, ...] = (None,) * 9
    #: the face-down card on each space (under the face-up one when both are there)
    down: tuple[int | None, ...] = (None,) * 9
    #: bit (space - 1) set where any card lies, kept in step with up and down so the checks
    #: random play makes after every pick cost nothing
    occupied: int = 0

    @classmethod
    def of(cls, up: tuple[int | None, ...], down: tuple[int | None, ...]) -> Grid:
        """A grid from its cards, with the occupancy mask worked out."""
        pairs = enumerate(zip(up, down, strict=True))
        return cls(up, down, sum(1 << i for i, (u, d) in pairs if u is not None or d is not None))

    def is_full(self) -> bool:
        return self.occupied == FULL


#: the empty spaces (1..9) of every occupancy mask
EMPTY_SPACES = tuple(
    tuple(i + 1 for i in range(9) if not mask >> i & 1) for mask in range(FULL + 1)
)
EMPTY_GRID = Grid()


@dataclass(frozen=True, slots=True)
class PixiesState:
    """Everything about a game in progress; chance comes from ``seed`` and the round number."""

    config: PixiesConfig
    seed: int
    phase: Phase
    #: who revealed this turn's cards
    leader: int
    #: seats still to pick this turn, in order; the first is to move. Empty while the game goes
    #: on: a round has ended, its grids stay as it left them until the next deal, which
    #: ``leader`` (the round's last picker) leads
    order: tuple[int, ...]
    #: the undealt cards, top first (hidden)
    deck: tuple[int, ...]
    #: this turn's cards still on offer (public)
    revealed: tuple[int, ...]
    #: the card taken and waiting for a KEEP or FACE_DOWN decision
    pending: int | None
    grids: tuple[Grid, ...]
    #: each finished round's score breakdown per seat
    history: tuple[tuple[ScoreBreakdown, ...], ...] = ()

    @property
    def round_over(self) -> bool:
        """A round has ended and another is to be dealt (see ``order``)."""
        return not self.order and self.phase is not Phase.OVER

    @property
    def round(self) -> int:
        """1..3: the round in play, the one just ended, or the last once the game is over."""
        return len(self.history) if self.round_over else min(len(self.history) + 1, ROUNDS)

    @property
    def to_move(self) -> int | None:
        return None if self.phase is Phase.OVER or not self.order else self.order[0]

    @property
    def zone_value(self) -> int:
        return ZONE_VALUES[self.round - 1]

    def totals(self) -> tuple[int, ...]:
        """Each seat's score summed over the finished rounds."""
        seats = range(self.config.seats)
        return tuple(sum(scores[s].total for scores in self.history) for s in seats)
