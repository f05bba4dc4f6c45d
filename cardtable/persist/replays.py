"""Finished games kept as replay files (the same record as a save, marked finished)."""

from __future__ import annotations

import json
import time
from pathlib import Path

from cardtable.core.match import Match
from cardtable.persist.files import FileProblem, read_model, write_atomic
from cardtable.persist.paths import data_dir
from cardtable.persist.records import GameRecord


class ReplayStore:
    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or data_dir() / "replays"

    def keep(self, record: GameRecord, seat: str = "") -> Path:
        """Write a finished game under a name that sorts by time and never collides; ``seat``
        (an online table's code and seat) keeps apart the replays two apps sharing this
        folder write in the same second."""
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(record.saved_at))
        stem = "-".join(part for part in (record.game, stamp, seat) if part)
        path = self.folder / f"{stem}.json"
        n = 1
        while path.exists():
            path = self.folder / f"{stem}-{n}.json"
            n += 1
        write_atomic(path, json.dumps(record.model_dump(), indent=1), backup=False)
        return path

    def all(self) -> list[Path]:
        """Kept replays, newest first."""
        if not self.folder.is_dir():
            return []
        return sorted(self.folder.glob("*.json"), reverse=True)


def load_replay(path: Path) -> GameRecord | FileProblem:
    """A replay file, checked to replay; the problem (by name and line or field) otherwise."""
    loaded = load_game(path)
    return loaded if isinstance(loaded, FileProblem) else loaded[0]


def load_game(path: Path) -> tuple[GameRecord, Match] | FileProblem:
    """A replay file and the game it replays to; the problem (by name and line or field) otherwise."""
    record = read_model(path, GameRecord)
    if isinstance(record, FileProblem):
        return record
    try:
        return record, record.to_match()
    except ValueError as error:
        return FileProblem(path, str(error))
