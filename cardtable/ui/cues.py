"""Which moments of a move deserve motion, read from the events the core already made.

A card landing on a board, a bust, and the two best moments a game has (Flip 7's seven numbers,
a Pazaak total of exactly 20) become ``Cue``s for ``cardtable.ui.motion``. The events say what
happened and to whom; they carry nothing a seat may not see, so no cue can leak a hidden card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal

from cardtable.games.flip7 import events as flip7
from cardtable.games.pazaak import events as pazaak
from cardtable.games.pazu import events as pazu
from cardtable.games.pixies import events as pixies

Kind = Literal["arrive", "bust", "cheer"]


@dataclass(frozen=True, slots=True)
class Cue:
    kind: Kind
    seat: int
    #: where on the seat's board the card landed, when the event says (a Pixies space)
    place: int | None = None


def _pure_20(event: Any) -> Cue | None:
    """A Pazaak or Pazu total that reached exactly 20 stands by itself (ruling 3)."""
    return Cue("cheer", event.seat) if event.auto else None


READERS: dict[type, Callable[[Any], Cue | None]] = {
    pazaak.CardDrawn: lambda e: Cue("arrive", e.seat),
    pazaak.SideCardPlayed: lambda e: Cue("arrive", e.seat),
    pazaak.Stood: _pure_20,
    pazaak.Busted: lambda e: Cue("bust", e.seat),
    pazu.Busted: lambda e: Cue("bust", e.seat),
    flip7.CardFlipped: lambda e: Cue("arrive", e.seat),
    flip7.Busted: lambda e: Cue("bust", e.seat),
    flip7.FlipSeven: lambda e: Cue("cheer", e.seat),
    pixies.CardPlaced: lambda e: Cue("arrive", e.seat, e.space),
    pixies.DuplicateSettled: lambda e: Cue("arrive", e.seat, e.space),
    pixies.PlacedFaceDown: lambda e: Cue("arrive", e.seat, e.space),
}


def cues(events: Iterable[Any]) -> list[Cue]:
    """The cues of a move's events, in order; most events have none."""
    found = (READERS[type(event)](event) for event in events if type(event) in READERS)
    return [cue for cue in found if cue is not None]
