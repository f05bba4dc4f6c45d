"""The status line over every table: whose turn it is, or where a replay stands."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardtable.ui.tables.base import TableScreen


def turn_text(table: TableScreen) -> str:
    """Whose turn it is, who is thinking, or how the game stands when nobody is to move."""
    title, session = table.spec.title, table.session
    if table.is_replay:
        total = session.total  # type: ignore[attr-defined]
        return f"{title} · replay · move {session.ply} of {total} · ← → step · PgUp PgDn jump"
    if table.frozen is not None:
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
