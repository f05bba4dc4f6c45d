"""Log lines for Pazu-Pazaak events; a turn's events keep Pazaak's own lines (``pazaak.describe``).

No event names a hidden card, so every line is safe for any reader.
"""

from __future__ import annotations

from typing import Any

from cardtable.games.pazaak import describe as pazaak_log
from cardtable.games.pazaak.cards import label
from cardtable.games.pazu.events import (
    AnteSet,
    AntesPaid,
    BidMade,
    BotSeated,
    Busted,
    CardPicked,
    CardsRevealed,
    DeckEmpty,
    EndReason,
    GameEnded,
    LeaveReason,
    LeftTable,
    PersonSeated,
    SetPotCarried,
    SetWon,
    Stayed,
    WinReason,
)

_WHY = {
    WinReason.OTHERS_BUST: "as everyone else bust",
    WinReason.FULL_BOARD: "with a full board",
    WinReason.HIGHER_TOTAL: "with the best total",
    WinReason.TIEBREAKER: "on the Tiebreaker card",
    WinReason.MORE_CARDS: "with more cards on the board",
    WinReason.FEWER_SIDE_CARDS: "with fewer hand cards played",
    WinReason.STOOD_FIRST: "for standing first",
}
_LEAVING = {
    LeaveReason.CHOSE: "leave|leaves",
    LeaveReason.CANNOT_PAY: "cannot pay the ante and leave|cannot pay the ante and leaves",
    LeaveReason.BROKE: "cannot cover an ante and leave|cannot cover an ante and leaves",
    LeaveReason.REMOVED: "are sent away from|is sent away from",
    LeaveReason.GAVE_SEAT: "give your place to a newcomer and leave|gives its place to a newcomer "
    "and leaves",
}
_ENDS = {
    EndReason.FEW_PLAYERS: "too few players are left",
    EndReason.MAX_SETS: "the last set is over",
    EndReason.PEOPLE_LEFT: "the last person has left the table",
}


def _who(seat: int, viewer: int | None, verbs: str) -> str:
    """Subject and verb from ``"you-form|they-form"``: "You bid", "Player 2 bids"."""
    you, other = verbs.split("|")
    return f"You {you}" if seat == viewer else f"Player {seat + 1} {other}"


def _seats(seats: tuple[int, ...], viewer: int | None) -> str:
    return ", ".join("you" if s == viewer else f"Player {s + 1}" for s in seats)


def describe(event: Any, viewer: int | None) -> str | None:
    """The log line for ``event``; the same for every viewer but for "You"."""
    match event:
        case CardsRevealed(number, cards, first):
            offer = " ".join(label(card) for card in cards)
            return f"Set {number}: on offer {offer}; {_who(first, viewer, 'bid|bids')} first"
        case BidMade(seat, amount, pot):
            return f"{_who(seat, viewer, 'bid|bids')} {amount} (Pazaak Pot {pot})"
        case CardPicked(seat, card, auto):
            how = " the last card," if auto else ""
            return f"{_who(seat, viewer, 'take|takes')}{how} {label(card)}"
        case AnteSet(seat, amount):
            return (
                f"{_who(seat, viewer, 'go first and set|goes first and sets')} the ante at {amount}"
            )
        case AntesPaid(seats, amount, pot):
            return f"Ante {amount} paid by {_seats(seats, viewer)}: Set Pot {pot}"
        case LeftTable(seat, chips, reason):
            return f"{_who(seat, viewer, _LEAVING[reason])} the table with {chips} chips"
        case BotSeated(seat, level, chips):
            return f"Player {seat + 1}, a new {level} bot, sits down with {chips} chips"
        case PersonSeated(seat, chips):
            return f"{_who(seat, viewer, 'sit|sits')} down at the table with {chips} chips"
        case Stayed(seat):
            return f"{_who(seat, viewer, 'stay|stays')} at the table"
        case Busted(seat, total, penalty):
            return f"{_who(seat, viewer, 'bust|busts')} with {total}: {penalty} to the Pazaak Pot"
        case DeckEmpty():
            return "The main deck is empty: everyone still drawing stands"
        case SetWon(seat, reason, total, set_pot, pazaak_pot):
            won = f"the Set Pot ({set_pot})"
            if pazaak_pot:
                won += f" and the Pazaak Pot ({pazaak_pot})"
            return f"{_who(seat, viewer, 'win|wins')} on {total} {_WHY[reason]}: {won}"
        case SetPotCarried(amount):
            return f"Everyone bust: the Set Pot ({amount}) carries over"
        case GameEnded(chips, reason):
            return f"Game over, {_ENDS[reason]}: chips {' – '.join(str(c) for c in chips)}"
    return pazaak_log.describe(event, viewer)
