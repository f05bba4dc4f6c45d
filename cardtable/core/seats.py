"""Who sits in each seat: a person at this keyboard or a bot of some level."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat at the table; ``bot`` is the bot level, or None for a person."""

    name: str
    bot: str | None = None

    @property
    def is_human(self) -> bool:
        return self.bot is None

    @property
    def label(self) -> str:
        """The name with the bot level, as the table and logs show it."""
        return self.name if self.bot is None else f"{self.name} ({self.bot})"


BOT_NAMES = ("Revan", "Bastila", "Carth", "Mission", "Zaalbar", "Jolee", "Juhani", "Canderous")


def default_seats(humans: int, bots: tuple[str, ...]) -> tuple[Seat, ...]:
    """People first ("You", or "Player 1".. in hot-seat), then named bots."""
    people = (
        (Seat("You"),) if humans == 1 else tuple(Seat(f"Player {i + 1}") for i in range(humans))
    )
    named = tuple(Seat(BOT_NAMES[i % len(BOT_NAMES)], level) for i, level in enumerate(bots))
    return people + named


#: after every name has sat at the table once, the names come round again with these
SUFFIXES = ("", " II", " III", " IV")


def newcomer_name(seats: Sequence[Seat]) -> str:
    """The first bot name nobody at this table has had yet (then "Revan II" and so on)."""
    taken = {seat.name for seat in seats}
    for suffix in SUFFIXES:
        for name in BOT_NAMES:
            if name + suffix not in taken:
                return name + suffix
    return f"Bot {len(seats) + 1}"


def grown_seats(
    seats: tuple[Seat, ...], joins: Iterable[tuple[int, str]], count: int
) -> tuple[Seat, ...]:
    """``seats`` with a named bot for every ``(seat, level)`` that joined, up to ``count`` seats
    in all; a list that already has them (a save, a replay) is kept as it is."""
    if len(seats) >= count:
        return seats
    grown = list(seats)
    for seat, level in joins:
        if seat == len(grown):
            grown.append(Seat(newcomer_name(grown), level))
    return tuple(grown)
