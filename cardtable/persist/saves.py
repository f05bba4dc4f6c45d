"""Autosave and resume: one save per game (and per mode: Flip 7 solo and table), rewritten after
every action, one backup kept."""

from __future__ import annotations

import json
import os
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

    def path_for(self, slot: str) -> Path:
        return self.folder / f"{slot}.json"

    def save(self, record: GameRecord) -> Path:
        path = self.path_for(record.slot)
        if path.exists() and isinstance(read_model(path, GameRecord), FileProblem):
            # never overwrite a file we could not read: the user may still want it
            self._report(path)
        write_atomic(path, json.dumps(record.model_dump(), indent=1))
        return path

    def discard(self, slot: str) -> None:
        """Forget the save of a finished game (its backup too)."""
        for path in (self.path_for(slot), backup_path(self.path_for(slot))):
            path.unlink(missing_ok=True)

    def all(self) -> list[Resumable]:
        """Every unfinished saved game that replays, one per slot, the most recently saved first."""
        if not self.folder.is_dir():
            return []
        found: dict[str, Resumable] = {}
        # a save whose file was set aside may still have its backup
        backups = {path.with_suffix("") for path in self.folder.glob("*.json.bak")}
        for path in sorted(set(self.folder.glob("*.json")) | backups):
            # a slot has no dot; a file set aside (pazaak.unreadable-….json) is not a save
            if "." in path.stem:
                continue
            saved = self._load_or_backup(path)
            if saved is None or saved.record.finished:
                continue
            saved = self._into_slot(path, saved)
            kept = found.get(saved.record.slot)
            if kept is None or saved.record.saved_at > kept.record.saved_at:
                found[saved.record.slot] = saved
        return sorted(found.values(), key=lambda saved: saved.record.saved_at, reverse=True)

    def find(self, name: str | None = None) -> list[Resumable]:
        """The saves of game or slot ``name`` (all of them for None), the latest first."""
        return [s for s in self.all() if name is None or name in (s.record.game, s.record.slot)]

    def latest(self, name: str | None = None) -> Resumable | None:
        """The most recently saved unfinished game (of game or slot ``name``, if given)."""
        return next(iter(self.find(name)), None)

    def _into_slot(self, path: Path, saved: Resumable) -> Resumable:
        """A save kept under the name of an older cardtable (``flip7.json``, before Flip 7's two
        modes were saved apart) moves to its slot's name, backup too, unless that is taken."""
        target = self.path_for(saved.record.slot)
        if path == target or target.exists() or backup_path(target).exists():
            return saved
        for old, new in ((path, target), (backup_path(path), backup_path(target))):
            if old.exists():
                os.replace(old, new)
        moved = backup_path(target) if saved.path == backup_path(path) else target
        return replace(saved, path=moved)

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
