"""The boards as a Pazaak set ended, for the table to show under the set's result box.

The core deals the next set in the same action that ends one, so the view after that action
already shows fresh boards. The ended set is played back here from the view before the action and
the action's events, up to the event that settled the set.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cardtable.games.pazaak.events import CardDrawn, SetVoid, SetWon, SideCardPlayed, Stood
from cardtable.games.pazaak.shared import add_main, play_side
from cardtable.games.pazaak.view import PazaakView


def end_of_set_view(before: PazaakView, events: tuple[Any, ...]) -> PazaakView | None:
    """``before`` moved on through ``events`` to the end of its set; None if no set ended."""
    boards = before.boards
    standing = list(before.standing)
    hand = list(before.hand) if before.hand is not None else None
    counts = list(before.hand_counts)
    unseen = list(before.unseen) if before.unseen is not None else None
    for event in events:
        if isinstance(event, CardDrawn):
            boards = (*boards[: event.seat], add_main(boards[event.seat], event.rank),
                      *boards[event.seat + 1 :])  # fmt: skip
            if unseen is not None:
                unseen[event.rank - 1] -= 1
        elif isinstance(event, SideCardPlayed):
            boards, _ = play_side(boards, event.seat, event.card, event.value)
            counts[event.seat] -= 1
            if hand is not None and event.seat == before.seat and event.card in hand:
                hand.remove(event.card)
        elif isinstance(event, Stood):
            standing[event.seat] = True
        elif isinstance(event, SetWon | SetVoid):
            return replace(
                before,
                to_move=None,
                boards=boards,
                totals=tuple(board.total for board in boards),
                standing=tuple(standing),
                hand=tuple(hand) if hand is not None else None,
                hand_counts=tuple(counts),
                unseen=tuple(unseen) if unseen is not None else None,
                sets_won=event.sets_won if isinstance(event, SetWon) else before.sets_won,
                last_set=event,
                recent=events,
            )
    return None
