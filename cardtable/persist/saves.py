"""Autosave and resume: one save per game, rewritten after every action, one backup kept."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path

from cardtable.core.match import Match
from cardtable.persist.files import FileProblem, backup_path, read_model, set_aside, write_atomic
from cardtable.persist.paths import data_dir
from cardtable.persist.records import GameRecord


@dataclass(frozen=True)
class Resumable:
    record: GameRecord
    match: Match
    path: Path


class SaveStore:
    """The saves folder. Unreadable files are reported and set aside, never overwritten."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or data_dir() / "saves"
        self.problems: list[FileProblem] = []

    def path_for(self, game: str) -> Path:
        return self.folder / f"{game}.json"

    def save(self, record: GameRecord) -> Path:
        path = self.path_for(record.game)
        if path.exists() and isinstance(read_model(path, GameRecord), FileProblem):
            # never overwrite a file we could not read: the user may still want it
            self._report(path)
        write_atomic(path, json.dumps(record.model_dump(), indent=1))
        return path

    def discard(self, game: str) -> None:
        """Forget the save of a finished game (its backup too)."""
        for path in (self.path_for(game), backup_path(self.path_for(game))):
            path.unlink(missing_ok=True)

    def latest(self, game: str | None = None) -> Resumable | None:
        """The most recently saved unfinished game (of ``game``, if given) that replays."""
        found: list[Resumable] = []
        if not self.folder.is_dir():
            return None
        # a save whose file was set aside may still have its backup
        backups = {path.with_suffix("") for path in self.folder.glob("*.json.bak")}
        for path in sorted(set(self.folder.glob("*.json")) | backups):
            # a game id has no dot; a file set aside (pazaak.unreadable-….json) is not a save
            if "." in path.stem or (game is not None and path.stem != game):
                continue
            resumable = self._load_or_backup(path)
            if resumable is not None and not resumable.record.finished:
                found.append(resumable)
        return max(found, key=lambda r: r.record.saved_at, default=None)

    def _load_or_backup(self, path: Path) -> Resumable | None:
        """The save, or its backup (one move older) when the save is missing or set aside."""
        reported = len(self.problems)
        resumable = self._load(path)
        if resumable is not None:
            return resumable
        resumable = self._load(backup_path(path))
        if resumable is not None and len(self.problems) > reported:
            problem = self.problems[reported]
            lost = "; continuing from the backup save, so the last move was lost"
            self.problems[reported] = replace(problem, message=problem.message + lost)
        return resumable

    def _load(self, path: Path) -> Resumable | None:
        if not path.exists():
            return None
        record = read_model(path, GameRecord)
        if isinstance(record, FileProblem):
            self._report(path, record.message)
            return None
        try:
            match = record.to_match()
        except ValueError as error:
            self._report(path, str(error))
            return None
        return Resumable(record, match, path)

    def _report(self, path: Path, message: str | None = None) -> None:
        if message is None:
            problem = read_model(path, GameRecord)
            message = problem.message if isinstance(problem, FileProblem) else "unreadable"
        moved = set_aside(path)
        self.problems.append(FileProblem(path, message, moved))
