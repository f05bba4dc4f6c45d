"""The three things a Pazaak player can do on their turn (the draw itself is automatic), and
the next set's deal, which nobody chooses: the step after a set has ended."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PlaySide:
    """Play hand card ``index`` as ``value``: the sign (and for ±1/2 the size) is chosen here.

    ``value`` is what the card adds to the board: +3 or -3 for a ±3; 0 for Flip and Double.
    """

    index: int
    value: int


@dataclass(frozen=True, slots=True)
class Stand:
    """Lock the total for the rest of the set."""


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Pass the turn and draw again at the start of the next one."""


@dataclass(frozen=True, slots=True)
class DealNextSet:
    """Clear the ended set's boards and deal the next one (a chance step: nobody chooses it,
    the session or server takes it once the set's result has been seen)."""


ACTION_TYPES = (PlaySide, Stand, EndTurn, DealNextSet)
STAND = Stand()
END_TURN = EndTurn()
DEAL_NEXT_SET = DealNextSet()
#: every PlaySide a legal hand can produce, built once so listing legal actions builds nothing
_PLAYS = {(index, value): PlaySide(index, value) for index in range(4) for value in range(-6, 7)}


def play(index: int, value: int) -> PlaySide:
    """The PlaySide action for ``(index, value)``, shared rather than rebuilt."""
    found = _PLAYS.get((index, value))
    return found if found is not None else PlaySide(index, value)
