"""Handing a table on: hot-seat's keyboard to the next person behind a hand-off screen, and the
table to its next game (Play again, a rematch online), which the same screen draws.

Each takes of its table only what its protocol names: ``HandsOff`` for the hand-off (its
session, a redraw and the app to cover it), ``TakesGames`` for the next game.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol

from cardtable.ui.screens.handoff import HandOffScreen
from cardtable.ui.screens.rematchroom import RematchRoomScreen
from cardtable.ui.tables import collecting

if TYPE_CHECKING:
    from textual.app import App

    from cardtable.session import Rematch, Session


class HandsOff(Protocol):
    """What a hot-seat hand-off needs of its table."""

    session: Session

    @property
    def app(self) -> App[Any]: ...

    def redraw(self) -> None: ...


class TakesGames(HandsOff, Protocol):
    """What handing a table its next game needs of it."""

    #: the next game was asked for: the finished one stays drawn until it is taken
    next_game_asked: bool

    @property
    def abandoned(self) -> bool: ...

    def take_game(self, session: Session) -> None: ...

    def advance(self) -> None: ...

    def call_later(self, callback: Callable[..., Any], *args: Any) -> bool: ...

    def run_worker(
        self, work: Coroutine[Any, Any, None], *, group: str, exclusive: bool
    ) -> object: ...


def hand_off(table: HandsOff, seat: int) -> None:
    """Cover the table until ``seat``'s person says they are at the keyboard, then draw their view."""
    table.redraw()

    def take_seat(_: None) -> None:
        table.session.take_seat(seat)
        table.redraw()

    table.app.push_screen(HandOffScreen(table.session.seats[seat].name), take_seat)


def uncover(table: TakesGames) -> None:
    """Close whatever is over ``table`` (the last game's result, the rematch's waiting room)."""
    app = table.app
    while app.screen is not table:
        app.pop_screen()


def next_game(table: TakesGames, session: Session) -> None:
    """Draw ``session``'s game (the table's next) on ``table``, once it is on top again: the
    table is drawn in full as it comes back on top, so the new game is drawn after the table
    has taken that in (its queue holds it), and one frame shows both. What lives now is kept
    out of the cycle collector's passes meanwhile (``collecting``)."""
    collecting.freeze_for_next_game()
    uncover(table)
    table.call_later(table.take_game, session)


def pass_on(table: TakesGames) -> None:
    """The game held elsewhere went on to its next game without this seat asking (a spectator
    follows the players, say): the table draws it, over whatever box it had open."""
    next_game(table, table.session)


def await_rematch(table: TakesGames, rematch: Rematch) -> None:
    """This seat asked for another game at a table held elsewhere (``rematch``, what its
    session's ``again`` gave): the waiting room covers the table while someone has yet to ask,
    and the next game is drawn on the table as it begins. An offer that expires instead brings
    the finished game's result back."""
    if not rematch.others_asked():
        table.app.push_screen(RematchRoomScreen(rematch))
    table.run_worker(_next_game_or_result(table, rematch), group="next-game", exclusive=True)


async def _next_game_or_result(table: TakesGames, rematch: Rematch) -> None:
    end = await rematch.settled()
    if table.abandoned or end == "gone":
        return  # left meanwhile (the waiting room's Escape), or the server is gone (it says so)
    if end == "begun":
        next_game(table, table.session)
        return
    uncover(table)  # the offer expired (the log says why): the result, to ask again
    table.next_game_asked = False
    table.advance()  # the game is over: its result
