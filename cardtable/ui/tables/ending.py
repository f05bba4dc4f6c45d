"""How a table ends for the person at it: the match's result box and what it offers (another
game, home, a download, keep watching, quit), and leaving a table, over or not."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from cardtable.ui.screens.result import ResultScreen
from cardtable.ui.screens.resultpanel import MATCH_CHOICES, ResultPanel
from cardtable.ui.tables import collecting, rated
from cardtable.ui.web import download, downloads_for

if TYPE_CHECKING:
    from cardtable.ui.tables.base import TableScreen

#: a spectator's answer to a match's end, in place of "Play again"
KEEP_WATCHING = ("watch", "Keep watching")


def match_result(table: TableScreen) -> ResultPanel:
    """Who won and every seat's score: the result a game without its own shows."""
    outcome = table.session.outcome
    assert outcome is not None
    seats = table.seats
    names = " and ".join(seats[w].name for w in outcome.winners) or "Nobody"
    scores = "   ".join(
        f"{seat.name}: {score:g}" for seat, score in zip(seats, outcome.scores, strict=True)
    )
    return ResultPanel(f"{names} won", scores, MATCH_CHOICES)


def show_final(table: TableScreen) -> None:
    """The table's result box, with a spectator's choices and the downloads on offer."""
    result = table.final_result()
    if table.session.spectating:  # no say in a rematch: it follows the players into one
        result.choices = tuple(KEEP_WATCHING if c[0] == "again" else c for c in result.choices)
    offered = downloads_for(table.app, table.session)
    result.choices += offered
    for choice, _ in offered:  # the box stays open, for another download or the next game
        result.in_place[choice] = partial(download, table.app, table.session, choice)
    # the box stays up until the next game is drawn: it goes in the same frame, so the table
    # is laid out and drawn once for both, not once as it was and again for the new game
    result.in_place["again"] = partial(table.app.restart_match, table)
    rated.show_ratings(table.session, result)  # a rated game's, if they came before the box
    # a toast is posted to the app, which adds it only when it gets to that message: the box
    # waits its turn behind any posted just now (a watcher shown several sets in one go, as its
    # connection caught up), so that clearing the toasts clears them too
    table.app.call_later(open_final, table, result)


def open_final(table: TableScreen, result: ResultPanel) -> None:
    """Clear the sets' result toasts, then open the match's result box over the table drawn
    without them, unless the table was left meanwhile."""
    if table.abandoned:
        return
    # the box sums up the match: the sets' result toasts go. The box opens once the table is
    # drawn without them: under a see-through box the terminal kept them painted (seen in
    # tmux), where a table on top is drawn again as they go
    table.app.clear_notifications()
    table.call_after_refresh(push_final, table, result)


def push_final(table: TableScreen, result: ResultPanel) -> None:
    if table.abandoned:
        return
    table.app.push_screen(result, table.after_final)
    collecting.collect_once_shown(table.app)  # the match's leftovers, while the result is read


def after_final(table: TableScreen, choice: str | None) -> None:
    """Do what the result box was answered with (Play again is answered in place)."""
    if choice == "home":
        table.app.go_home()
    elif choice != "watch":
        table.app.exit()


def ends_the_program(table: TableScreen) -> bool:
    """A spectator's table that ``cardtable watch`` opened (the program's first screen, with no
    home screen under it): leaving it ends the command, as a person who came only to watch
    expects, where a table opened from the home screen goes back to it."""
    return table.session.spectating and table.app.screen_stack[0] is table


def ask_to_leave(table: TableScreen) -> None:
    """Home at once when nothing is at stake; a game still going is saved, but ask first."""
    if table.looking_on or table.session.is_over:
        table.app.go_home()
        return
    if not table.session.held_here:
        kept = (
            "The game goes on at the server: a bot plays your seat while you are away, and "
            "joining again with the invite code puts you back in it."
        )
    elif table.session.ply:
        kept = "It is saved as it stands: Continue on the home screen picks it up again."
    else:
        kept = "Nothing has been played yet, so there is nothing to save."
    box = ResultScreen("Leave this game?", kept, (("stay", "Keep playing"), ("leave", "Leave")))

    def leave_if_asked(choice: str | None) -> None:
        if choice == "leave":
            table.app.go_home()

    table.app.push_screen(box, leave_if_asked)
