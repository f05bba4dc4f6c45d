"""Handing a table on: hot-seat's keyboard to the next person behind a hand-off screen, and a
table's session to a fresh screen when its next game begins (a rematch)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.ui.screens.handoff import HandOffScreen
from cardtable.ui.tables.chatting import carry_draft, draft

if TYPE_CHECKING:
    from cardtable.ui.tables.base import TableScreen


def hand_off(table: TableScreen, seat: int) -> None:
    """Cover the table until ``seat``'s person says they are at the keyboard, then draw their view."""
    table.redraw()

    def take_seat(_: None) -> None:
        table.session.take_seat(seat)
        table.redraw()

    table.app.push_screen(HandOffScreen(table.seats[seat].name), take_seat)


def pass_on(table: TableScreen) -> None:
    """The table's next game has begun: a fresh screen draws it, over whatever box this one had
    open (the last game's result, say). Leaving this screen then must not end the session."""
    app = table.app
    while app.screen is not table:
        app.pop_screen()
    table.passed_on = True
    typed = draft(table)  # a chat line half typed goes on to the next table
    following = app.session_table(table.session)
    app.switch_screen(following)
    if typed:
        following.call_after_refresh(carry_draft, following, typed)
