"""The status line over every table: whose turn it is, or where a replay stands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.ui.tables import replaying

if TYPE_CHECKING:
    from cardtable.ui.tables.base import TableScreen


def turn_text(table: TableScreen) -> str:
    """Whose turn it is, who is thinking, or how the game stands when nobody is to move."""
    title, session = table.spec.title, table.session
    if table.is_replay:
        total = replaying.replay_of(session).total
        return f"{title} · replay · move {session.ply} of {total} · ← → step · PgUp PgDn jump"
    wait = result_wait(table)
    if wait is not None:
        return f"{title} · {table.ROUND_WORD} over · waiting for you: {wait}"
    if session.between_deals:
        return f"{title} · the {table.ROUND_WORD} is over"
    seat = session.to_move
    if seat is None and session.spectating:
        return f"{title} · game over · if the players ask for a rematch, it opens here"
    if seat is None:
        return f"{title} · game over"
    who = table.seats[seat]
    if session.thinking is not None:
        return f"{title} · {who.label} is thinking…"
    if table.my_turn:
        return f"{title} · your turn, {who.name}" if table.hotseat else f"{title} · your turn"
    return f"{title} · {who.label} to play"


def result_wait(table: TableScreen) -> str | None:
    """What the person must press for the game to go on while a set's or round's result holds
    it, or None when it does not: a game held here waits for its result to be answered, and a
    game held elsewhere waits for this person only on their turn (the others play on)."""
    panel = table.open_result
    if panel is None or not (table.session.held_here or table.my_turn):
        return None
    go_on = panel.choices[0][1]
    return f"Enter for the result, then {go_on}" if panel.closed else f"{go_on} (Enter)"
