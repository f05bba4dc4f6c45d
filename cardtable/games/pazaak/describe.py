"""Log lines for Pazaak events, and a turn's move in words; none names a hidden card."""

from __future__ import annotations

from typing import Any

from cardtable.games.pazaak.actions import END_TURN, STAND, PlaySide
from cardtable.games.pazaak.cards import Card, label, side_values, signed
from cardtable.games.pazaak.events import (
    Busted,
    CardDrawn,
    Doubled,
    Flipped,
    HandDealt,
    MatchWon,
    SetStarted,
    SetVoid,
    SetWon,
    SideCardPlayed,
    Stood,
    TurnEnded,
    WinReason,
)

_REASONS = {
    WinReason.HIGHER: "with the higher total",
    WinReason.BUST: "on a bust",
    WinReason.FULL_BOARD: "with a full board",
    WinReason.TIEBREAKER: "on the tiebreaker",
}


def _who(seat: int, viewer: int | None, you: str, other: str) -> str:
    """Subject and verb: "You draw" for the viewer's own seat, "Player 2 draws" otherwise."""
    return f"You {you}" if seat == viewer else f"Player {seat + 1} {other}"


def _score(values: tuple[int, ...]) -> str:
    return " – ".join(str(v) for v in values)


def describe(event: Any, viewer: int | None) -> str | None:
    """The log line for ``event``; the same for every viewer but for "You"."""
    match event:
        case HandDealt(seat, count):
            return f"{_who(seat, viewer, 'take', 'takes')} a hand of {count} side cards"
        case SetStarted(number, opener):
            return f"Set {number}: {_who(opener, viewer, 'open', 'opens')}"
        case CardDrawn(seat, rank, total):
            return f"{_who(seat, viewer, 'draw', 'draws')} {rank} → {total}"
        case SideCardPlayed(seat, card, value, totals):
            choice = len(side_values(card)) > 1
            shown = f"{label(card)} as {signed(value)}" if choice else label(card)
            return f"{_who(seat, viewer, 'play', 'plays')} {shown} → {totals[seat]}"
        case Doubled(seat, rank, value):
            return f"{_who(seat, viewer, 'double', 'doubles')} a {rank}: it counts {value}"
        case Flipped(_, card, turned):
            return f"{label(card)} turns {turned} card{'s' if turned != 1 else ''} over"
        case Stood(seat, total, auto):
            how = "automatically " if auto else ""
            return f"{_who(seat, viewer, 'stand', 'stands')} {how}on {total}"
        case TurnEnded(seat, total):
            return f"{_who(seat, viewer, 'end', 'ends')} the turn on {total}"
        case Busted(seat, total):
            return f"{_who(seat, viewer, 'bust', 'busts')} with {total}"
        case SetWon(seat, reason, totals, sets_won):
            wins = _who(seat, viewer, "win", "wins")
            return f"{wins} the set {_REASONS[reason]} ({_score(totals)}); sets {_score(sets_won)}"
        case SetVoid(totals):
            return f"Tie at {_score(totals)}: the set is void"
        case MatchWon(seat, sets_won):
            return f"{_who(seat, viewer, 'win', 'wins')} the match {_score(sets_won)}"
    return None


def move_name(action: Any, hand: tuple[Card, ...]) -> str:
    """A Pazaak turn's move in the words of its button ("Stand", "End turn", "Play ±3 as -3");
    Pazu-Pazaak shares the moves and the buttons, so its bot words them the same."""
    if action == STAND:
        return "Stand"
    if action == END_TURN:
        return "End turn"
    assert isinstance(action, PlaySide)
    card = hand[action.index]
    shown = f" as {signed(action.value)}" if len(side_values(card)) > 1 else ""
    return f"Play {label(card)}{shown}"


def move_clause(action: Any, hand: tuple[Card, ...]) -> str:
    """The move as it reads after "if you": "stand", "end the turn", "play ±3 as -3"."""
    if action == END_TURN:
        return "end the turn"
    name = move_name(action, hand)
    return name[0].lower() + name[1:]
