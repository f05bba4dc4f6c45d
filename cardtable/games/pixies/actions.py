"""What a Pixies player can do: take a revealed card, then settle where it goes if asked."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Take:
    """Take the revealed card at ``index``; it goes face-up on its number's space if it can."""

    index: int


@dataclass(frozen=True, slots=True)
class KeepNew:
    """Scenario 2: the taken card stays face-up; the old one is tucked face-down under it."""


@dataclass(frozen=True, slots=True)
class KeepOld:
    """Scenario 2: the old card stays face-up; the taken one is tucked face-down under it."""


@dataclass(frozen=True, slots=True)
class PlaceFaceDown:
    """Scenario 3: put the taken card face-down on the empty ``space`` (1..9)."""

    space: int


@dataclass(frozen=True, slots=True)
class DealNextRound:
    """Clear the ended round away and deal the next (a chance step: nobody chooses it, the
    session or server takes it once the round's scores have been seen)."""


DEAL_NEXT_ROUND = DealNextRound()
ACTION_TYPES = (Take, KeepNew, KeepOld, PlaceFaceDown, DealNextRound)
