"""The UI layer's registry of what each game looks like outside its table: its home-screen blurb,
the line that says how far a saved game has gone, and which of its events move on the table (cues).

Importing this module loads no game and no screen (a game's events load with its cues), so the
home screen, the tables and ``cardtable resume`` may all read it. The screens that play a game
are registered apart, above the tables, in ``cardtable.ui.tablescreens``. A completeness test
holds both lists equal to the rules'.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardtable.core.registry import Registry
from cardtable.ui.cues import Cue, CueReaders, busts, lands, pure_20


@dataclass(frozen=True)
class GameUi:
    """How one game shows outside its table."""

    #: one line under the game's name on the home screen
    blurb: str
    #: how far a game has gone, from the public view (no hidden card): "round 2 of 3"
    progress: Callable[[Any], str]
    #: event type -> its cue (a card landing, a bust, a cheer), for ``cardtable.ui.motion``
    load_cues: Callable[[], CueReaders]


#: game id -> how it shows, in menu order
GAME_UIS: Registry[GameUi] = Registry("a blurb, progress line and cues")


def register(game_id: str, ui: GameUi) -> GameUi:
    return GAME_UIS.register(game_id, ui)


# -- Pazaak ------------------------------------------------------------------------------------


def _pazaak_progress(view: Any) -> str:
    won = "–".join(str(n) for n in view.sets_won)
    return f"set {view.set_number} · sets won {won}"


def _pazaak_cues() -> CueReaders:
    from cardtable.games.pazaak import events

    return {
        events.CardDrawn: lands,
        events.SideCardPlayed: lands,
        events.Stood: pure_20,
        events.Busted: busts,
    }


register(
    "pazaak",
    GameUi(
        "2 players · 3×3 boards, side decks, first to 3 sets",
        _pazaak_progress,
        _pazaak_cues,
    ),
)

# -- Pazu-Pazaak -------------------------------------------------------------------------------


def _pazu_progress(view: Any) -> str:
    limit = view.config.max_sets
    return f"set {view.set_number}" + (f" of {limit}" if limit else "")


def _pazu_cues() -> CueReaders:
    from cardtable.games.pazu import events

    return {
        events.CardDrawn: lands,
        events.SideCardPlayed: lands,
        events.Stood: pure_20,
        events.Busted: busts,
    }


register(
    "pazu-pazaak",
    GameUi(
        "3–6 players · bids, chips, a Set Pot and a Pazaak Pot",
        _pazu_progress,
        _pazu_cues,
    ),
)

# -- Pixies ------------------------------------------------------------------------------------


def _pixies_progress(view: Any) -> str:
    return f"round {view.round} of {view.rounds}"


def _pixies_cues() -> CueReaders:
    from cardtable.games.pixies import events

    return {events.CardPlaced: lands, events.DuplicateSettled: lands, events.PlacedFaceDown: lands}


register(
    "pixies",
    GameUi(
        "2–5 players · draft, place and tuck on a 3×3 grid, 3 rounds",
        _pixies_progress,
        _pixies_cues,
    ),
)

# -- Flip 7 ------------------------------------------------------------------------------------


def _flip7_progress(view: Any) -> str:
    best = max(seat.banked for seat in view.seats)
    lead = "" if len(view.seats) == 1 else "best "
    return f"round {view.round} · {lead}{best} of {view.goal}"


def _flip7_cues() -> CueReaders:
    from cardtable.games.flip7 import events

    return {
        events.CardFlipped: lands,
        events.Busted: busts,
        events.FlipSeven: lambda event: Cue("cheer", event.seat),
    }


register(
    "flip7",
    GameUi(
        "solo race to 200, or the table game for 2–8",
        _flip7_progress,
        _flip7_cues,
    ),
)
