"""Every kept replay, whatever its file is called, read for a list: newest first, with the games
that no longer load set apart with the reason (a file is never moved or changed here)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardtable.core.match import Match
from cardtable.persist.files import FileProblem
from cardtable.persist.records import GameRecord
from cardtable.persist.replays import ReplayStore, load_game


@dataclass(frozen=True)
class Finished:
    """A replay file, its record and the game it replays to."""

    path: Path
    record: GameRecord
    match: Match


def finished_games(store: ReplayStore | None = None) -> tuple[list[Finished], list[FileProblem]]:
    """The replays in the store's folder, the latest saved first, and those that do not load."""
    folder = (store or ReplayStore()).folder
    if not folder.is_dir():
        return [], []
    games: list[Finished] = []
    problems: list[FileProblem] = []
    for path in sorted(folder.glob("*.json")):
        loaded = load_game(path)
        if isinstance(loaded, FileProblem):
            problems.append(loaded)
        else:
            games.append(Finished(path, *loaded))
    games.sort(key=lambda game: game.record.saved_at, reverse=True)
    return games, problems
