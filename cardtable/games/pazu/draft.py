"""A mutable working copy of one table state, and the small moves every phase shares.

An action may set off a chain (a bid closes the auction, an ante starts the first turn, a stand
ends the set): the phases work on one ``Draft`` and ``freeze`` builds a single new state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

from cardtable.games.pazu.events import EndReason, GameEnded, LeaveReason, LeftTable
from cardtable.games.pazu.state import PazuState, Phase, Status

_FIELDS = tuple(f.name for f in fields(PazuState))


class Draft:
    """The fields of ``PazuState``, assignable, plus the events so far.

    Each field is copied from the state, so its type is the one ``PazuState`` declares.
    """

    def __init__(self, state: PazuState, finish_turn: Callable[[Draft, int], None]) -> None:
        s = state
        self.config, self.seed, self.set_number = s.config, s.seed, s.set_number
        self.phase, self.queue, self.first = s.phase, s.queue, s.first
        self.seated, self.people, self.chips = s.seated, s.people, s.chips
        self.set_pot, self.pazaak_pot, self.ante = s.set_pot, s.pazaak_pot, s.ante
        self.hands, self.bought, self.spent = s.hands, s.bought, s.spent
        self.bids, self.revealed, self.boards = s.bids, s.revealed, s.boards
        self.status, self.stood_at, self.played_side = s.status, s.stood_at, s.played_side
        self.deck, self.draws, self.last_set = s.deck, s.draws, s.last_set
        #: what the end of a turn sets off (``turns.finish_turn``): passed in, as ``turns``
        #: builds on this module
        self._finish_turn = finish_turn
        self.events: list[Any] = []
        #: the set has just been decided; the table moves on once the action's chain is done
        self.set_over = False

    def note(self, event: Any) -> None:
        self.events.append(event)

    def set_standing(self, seat: int) -> None:
        """``seat`` stands, after everyone who stood before (the last tiebreak of ruling 6)."""
        self.status = with_(self.status, seat, Status.STOOD)
        self.stood_at = with_(self.stood_at, seat, max(self.stood_at) + 1)

    def finish_turn(self, seat: int) -> None:
        self._finish_turn(self, seat)

    def freeze(self) -> PazuState:
        return PazuState(*(getattr(self, name) for name in _FIELDS))

    @property
    def seats(self) -> int:
        """Every seat there has been: the opening ones and any bot added since."""
        return len(self.chips)

    def clockwise(self, start: int) -> tuple[int, ...]:
        """Every seat, from ``start`` round the table."""
        n = len(self.chips)
        return tuple((start + k) % n for k in range(n))

    @property
    def people_gone(self) -> bool:
        """Whether the table had people (not a bots-only sim) and the last of them has left."""
        return bool(self.people) and not any(self.seated[seat] for seat in self.people)

    def pay(self, seat: int, amount: int) -> None:
        """Take ``amount`` from ``seat``'s chips; the caller puts it in a pot."""
        self.chips = with_(self.chips, seat, self.chips[seat] - amount)

    def receive(self, seat: int, amount: int) -> None:
        """Give ``seat`` ``amount`` chips the caller took from a pot."""
        self.chips = with_(self.chips, seat, self.chips[seat] + amount)

    def leave(self, seat: int, reason: LeaveReason) -> None:
        self.seated = with_(self.seated, seat, False)
        self.status = with_(self.status, seat, Status.OUT)
        self.events.append(LeftTable(seat, self.chips[seat], reason))

    def end_game(self, reason: EndReason) -> None:
        self.phase = Phase.OVER
        self.queue = ()
        self.played_side = False
        self.events.append(GameEnded(self.chips, reason))


def with_(values: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    """``values`` with one seat's entry replaced."""
    return (*values[:seat], value, *values[seat + 1 :])
