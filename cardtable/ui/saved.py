"""How a kept game reads in a list: the game, who plays it, how far it has gone or how it ended.

Home, the command palette and ``cardtable resume`` name saves this way, so a person with several
can tell them apart: "Pixies · You vs hard · round 2 of 3". No Textual here: the command line
uses it before the app starts.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.core.seats import Seat
from cardtable.games.registry import GameSpec


def game_title(spec: GameSpec, config: dict[str, Any]) -> str:
    """The game's name, with its mode where it has one worth naming (Flip 7 solo)."""
    return f"{spec.title} solo" if config.get("mode") == "solo" else spec.title


def seats_text(seats: Sequence[Seat]) -> str:
    """The people by name, then the bots by level: "You vs hard", "You vs 3× hard, easy"."""
    people = [seat.name for seat in seats if seat.is_human]
    levels: dict[str, int] = {}
    for seat in seats:
        if seat.bot is not None:
            levels[seat.bot] = levels.get(seat.bot, 0) + 1
    bots = ", ".join(level if n == 1 else f"{n}× {level}" for level, n in levels.items())
    if not bots:
        return ", ".join(people)
    return f"{', '.join(people)} vs {bots}" if people else bots


def _pazaak(view: Any) -> str:
    won = "–".join(str(n) for n in view.sets_won)
    return f"set {view.set_number} · sets won {won}"


def _pazu(view: Any) -> str:
    limit = view.config.max_sets
    return f"set {view.set_number}" + (f" of {limit}" if limit else "")


def _pixies(view: Any) -> str:
    return f"round {view.round} of {view.rounds}"


def _flip7(view: Any) -> str:
    best = max(seat.banked for seat in view.seats)
    lead = "" if len(view.seats) == 1 else "best "
    return f"round {view.round} · {lead}{best} of {view.goal}"


#: each game's progress, from what a spectator sees (the public view: no hidden card)
PROGRESS: dict[str, Callable[[Any], str]] = {
    "pazaak": _pazaak,
    "pazu-pazaak": _pazu,
    "pixies": _pixies,
    "flip7": _flip7,
}


def progress_text(spec: GameSpec, state: Any, moves: int) -> str:
    """How far the game has gone; the moves made for a game without a progress line here."""
    describe = PROGRESS.get(spec.id)
    if describe is None:
        return f"{moves} move{'' if moves == 1 else 's'} in"
    return describe(spec.rules.observe(state, None))


def save_title(saved: Any) -> str:
    """A saved game (``persist.saves.Resumable``) in one line, without "Continue"."""
    record = saved.record
    return " · ".join(
        (
            game_title(record.spec, record.config),
            seats_text(record.seat_list),
            progress_text(record.spec, saved.match.state, len(record.actions)),
        )
    )


def result_text(seats: Sequence[Seat], outcome: Any) -> str:
    """How a game ended, in words: "Revan won · You 2, Revan 3"; a solo race's score and rounds."""
    if outcome is None:
        return "not finished"
    scores = ", ".join(
        f"{seat.name} {score:g}" for seat, score in zip(seats, outcome.scores, strict=False)
    )
    if len(seats) == 1:
        rounds = outcome.stats.get("rounds")
        return scores + (f" in {rounds:g} rounds" if isinstance(rounds, int | float) else "")
    winners = " and ".join(seats[w].name for w in outcome.winners if w < len(seats)) or "Nobody"
    return f"{winners} won · {scores}"


def finished_row(finished: Any) -> tuple[str, str, str, str]:
    """A kept game (``persist.finished.Finished``) as date, game, players and result."""
    record = finished.record
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(record.saved_at))
    return (
        when,
        game_title(record.spec, record.config),
        seats_text(record.seat_list),
        result_text(record.seat_list, finished.match.outcome),
    )
