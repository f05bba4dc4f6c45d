"""Log lines for Pixies events; they name only cards everyone saw, never a face-down one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.games.pixies.events import (
    CardPlaced,
    CardsRevealed,
    CardTaken,
    DuplicateSettled,
    GameEnded,
    GridFilled,
    PlacedFaceDown,
    RoundEnd,
    RoundEnded,
    RoundStarted,
)


def who(seat: int, viewer: int | None) -> str:
    return "you" if seat == viewer else f"Player {seat + 1}"


def does(seat: int, viewer: int | None, verb: str) -> str:
    """``You take`` for the viewer, ``Player 2 takes`` for anyone else."""
    return f"You {verb}" if seat == viewer else f"Player {seat + 1} {verb}s"


def _round_started(e: RoundStarted, viewer: int | None) -> str:
    return f"Round {e.round} (zones score {e.zone_value} a card); {does(e.leader, viewer, 'lead')}."


def _revealed(e: CardsRevealed, viewer: int | None) -> str:
    cards = ", ".join(c.label for c in e.cards)
    return f"{does(e.leader, viewer, 'reveal')} {cards} ({e.deck_left} left in the deck)."


def _taken(e: CardTaken, viewer: int | None) -> str:
    return f"{does(e.seat, viewer, 'take')} {e.card.label}."


def _placed(e: CardPlaced, viewer: int | None) -> str:
    how = "on a face-down card: validated" if e.validated else "face-up"
    return f"{does(e.seat, viewer, 'place')} it on space {e.space}, {how}."


def _settled(e: DuplicateSettled, viewer: int | None) -> str:
    which = "the new" if e.kept_new else "the old"
    return (
        f"{does(e.seat, viewer, 'keep')} {which} {e.space} face-up ({e.kept.label}) and "
        f"{'tuck' if e.seat == viewer else 'tucks'} the other under it: {e.space} validated."
    )


def _face_down(e: PlacedFaceDown, viewer: int | None) -> str:
    return f"{does(e.seat, viewer, 'lay')} it face-down on space {e.space}."


def _filled(e: GridFilled, viewer: int | None) -> str:
    return f"{does(e.seat, viewer, 'fill')} all nine spaces: the round is ending."


def _round_ended(e: RoundEnded, viewer: int | None) -> str:
    why = "the deck cannot fill a reveal" if e.reason is RoundEnd.DECK_OUT else "a grid is full"
    scores = ", ".join(f"{who(s, viewer)} {b.total}" for s, b in enumerate(e.scores))
    return f"Round {e.round} over ({why}): {scores}."


def _game_ended(e: GameEnded, viewer: int | None) -> str:
    totals = ", ".join(str(t) for t in e.totals)
    if len(e.winners) == 1:
        return f"Game over: {does(e.winners[0], viewer, 'win')} (totals {totals})."
    names = " and ".join(who(s, viewer) for s in e.winners)
    return f"Game over: {names} share the victory (totals {totals})."


_LINES: dict[type, Callable[[Any, int | None], str]] = {
    RoundStarted: _round_started,
    CardsRevealed: _revealed,
    CardTaken: _taken,
    CardPlaced: _placed,
    DuplicateSettled: _settled,
    PlacedFaceDown: _face_down,
    GridFilled: _filled,
    RoundEnded: _round_ended,
    GameEnded: _game_ended,
}


def describe_event(event: Any, viewer: int | None) -> str | None:
    line = _LINES.get(type(event))
    return None if line is None else line(event, viewer)
