"""Handing a table on: hot-seat's keyboard to the next person behind a hand-off screen, and the
table to its next game (Play again, a rematch online), which the same screen draws."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.ui.screens.handoff import HandOffScreen

if TYPE_CHECKING:
    from cardtable.online.remote import RemoteSession
    from cardtable.session import Session
    from cardtable.ui.tables.base import TableScreen


def hand_off(table: TableScreen, seat: int) -> None:
    """Cover the table until ``seat``'s person says they are at the keyboard, then draw their view."""
    table.redraw()

    def take_seat(_: None) -> None:
        table.session.take_seat(seat)
        table.redraw()

    table.app.push_screen(HandOffScreen(table.seats[seat].name), take_seat)


def uncover(table: TableScreen) -> None:
    """Close whatever is over ``table`` (the last game's result, the rematch's waiting room)."""
    app = table.app
    while app.screen is not table:
        app.pop_screen()


def next_game(table: TableScreen, session: Session) -> None:
    """Draw ``session``'s game (the table's next) on ``table``, once it is on top again: the
    table is drawn in full as it comes back on top, so the new game is drawn after the table
    has taken that in (its queue holds it), and one frame shows both."""
    uncover(table)
    table.call_later(table.take_game, session)


def pass_on(table: TableScreen) -> None:
    """The game held elsewhere went on to its next game without this seat asking (a spectator
    follows the players, say): the table draws it, over whatever box it had open."""
    next_game(table, table.session)


def await_rematch(table: TableScreen, session: Session) -> None:
    """This seat asked for another game at a table held elsewhere (``session``, what its
    ``again`` gave): the waiting room covers the table while someone has yet to ask, and the
    next game is drawn on the table as it begins. An offer that expires instead brings the
    finished game's result back."""
    # loaded here: the waiting room brings the online package (pydantic, the keys), which a
    # table's first frame must not wait for (most games are not online)
    from cardtable.online.remote import RemoteSession
    from cardtable.ui.screens.waitingroom import WaitingRoomScreen

    assert isinstance(session, RemoteSession), "only a table held elsewhere goes on by itself"
    if not session.others_asked():
        table.app.push_screen(WaitingRoomScreen(session, over_table=True))
    table.run_worker(_next_game_or_result(table, session), group="next-game", exclusive=True)


async def _next_game_or_result(table: TableScreen, session: RemoteSession) -> None:
    await session.ready.wait()
    if table.abandoned or session.problem is not None:
        return  # left meanwhile (the waiting room's Escape), or the server is gone (it says so)
    if not session.is_over:
        next_game(table, session)
        return
    uncover(table)  # the offer expired (the log says why): the result, to ask again
    table.next_game_asked = False
    from cardtable.ui.tables import ending

    ending.show_final(table)
