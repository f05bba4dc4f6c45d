"""Save an environment's episode as a replay file, the same record ``cardtable replay`` opens."""

from __future__ import annotations

import json
from pathlib import Path

from cardtable.core.match import Match
from cardtable.core.seats import Seat
from cardtable.games.registry import GAMES
from cardtable.persist.files import write_atomic
from cardtable.persist.records import GameRecord


def save_replay(match: Match, path: str | Path, names: list[str]) -> Path:
    """Write ``match`` (finished or not) to ``path``; its seats are named ``names``."""
    spec = GAMES[match.game.id]
    seats = tuple(Seat(name) for name in names)
    record = GameRecord.of(spec, match, seats)
    target = Path(path)
    write_atomic(target, json.dumps(record.model_dump(), indent=1), backup=False)
    return target
