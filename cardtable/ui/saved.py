"""How a kept game reads in a list: the game, who plays it, how far it has gone or how it ended.

Home, the command palette and ``cardtable resume`` name saves this way, so a person with several
can tell them apart: "Pixies · You vs hard · round 2 of 3". No Textual here: the command line
uses it before the app starts.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from cardtable.core.seats import Seat
from cardtable.games.registry import GameSpec
from cardtable.ui.games import GAME_UIS


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


def progress_text(spec: GameSpec, state: Any, moves: int) -> str:
    """How far the game has gone, in the game's own words (``GameUi.progress``)."""
    return GAME_UIS[spec.id].progress(spec.rules.observe(state, None))


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
