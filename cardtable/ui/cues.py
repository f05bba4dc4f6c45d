"""Which moments of a move deserve motion, read from the events the core already made.

A card landing on a board, a bust, and the two best moments a game has (Flip 7's seven numbers,
a Pazaak total of exactly 20) become ``Cue``s for ``cardtable.ui.motion``. Each game says which
event types of its own make which cue (``cardtable.ui.games``): by type, never by class name, as
three games call an event "Busted". The events say what happened and to whom; they carry nothing
a seat may not see, so no cue can leak a hidden card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

Kind = Literal["arrive", "bust", "cheer"]


@dataclass(frozen=True, slots=True)
class Cue:
    kind: Kind
    seat: int
    #: where on the seat's board the card landed, when the event says (a Pixies space)
    place: int | None = None


#: event type -> its cue (None: not this time), one mapping per game (``cardtable.ui.games``)
CueReaders = Mapping[type, Callable[[Any], "Cue | None"]]


def lands(event: Any) -> Cue:
    """A card landed on ``event.seat``'s board (at ``event.space`` where the event says)."""
    return Cue("arrive", event.seat, getattr(event, "space", None))


def busts(event: Any) -> Cue:
    return Cue("bust", event.seat)


def pure_20(event: Any) -> Cue | None:
    """A Pazaak or Pazu total that reached exactly 20 stands by itself (ruling 3)."""
    return Cue("cheer", event.seat) if event.auto else None


def cues(events: Iterable[Any], readers: CueReaders) -> list[Cue]:
    """The cues of a move's events by the game's ``readers``, in order; most events have none."""
    found = (read(event) for event in events if (read := readers.get(type(event))) is not None)
    return [cue for cue in found if cue is not None]
