"""Which moments of a move deserve motion, read from the events the core already made.

A card landing on a board, a bust, and the two best moments a game has (Flip 7's seven numbers,
a Pazaak total of exactly 20) become ``Cue``s for ``cardtable.ui.motion``. The events say what
happened and to whom; they carry nothing a seat may not see, so no cue can leak a hidden card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal

Kind = Literal["arrive", "bust", "cheer"]


@dataclass(frozen=True, slots=True)
class Cue:
    kind: Kind
    seat: int
    #: where on the seat's board the card landed, when the event says (a Pixies space)
    place: int | None = None


def _lands(event: Any) -> Cue:
    return Cue("arrive", event.seat, getattr(event, "space", None))


def _busts(event: Any) -> Cue:
    return Cue("bust", event.seat)


def _pure_20(event: Any) -> Cue | None:
    """A Pazaak or Pazu total that reached exactly 20 stands by itself (ruling 3)."""
    return Cue("cheer", event.seat) if event.auto else None


#: by the event's class name, so reading a move's cues imports no game's rules: a table's first
#: frame would otherwise load all four games' events. Pazu shares Pazaak's draws and stands.
READERS: dict[str, Callable[[Any], Cue | None]] = {
    "CardDrawn": _lands,  # Pazaak, Pazu
    "SideCardPlayed": _lands,  # Pazaak, Pazu
    "Stood": _pure_20,  # Pazaak, Pazu
    "Busted": _busts,  # Pazaak, Pazu, Flip 7
    "CardFlipped": _lands,  # Flip 7
    "FlipSeven": lambda event: Cue("cheer", event.seat),
    "CardPlaced": _lands,  # Pixies
    "DuplicateSettled": _lands,  # Pixies
    "PlacedFaceDown": _lands,  # Pixies
}


def cues(events: Iterable[Any]) -> list[Cue]:
    """The cues of a move's events, in order; most events have none."""
    readers = ((READERS.get(type(event).__name__), event) for event in events)
    found = (read(event) for read, event in readers if read is not None)
    return [cue for cue in found if cue is not None]
