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


def replay_file(word: str, store: ReplayStore | None = None) -> Path | str:
    """The file ``cardtable replay WORD`` means: a path as given; else a number in the list
    ``finished_games`` makes (1 the newest); else a name in the replays folder, ``.json`` or
    not. A number out of range is a sentence saying what there is, after the number."""
    path = Path(word)
    if path.exists():
        return path
    try:
        number = int(word)
    except ValueError:
        return kept_by_name(path, store)
    games, _ = finished_games(store)
    if 1 <= number <= len(games):
        return games[number - 1].path
    if not games:
        return f"{word}: no finished game is kept yet"
    return (
        f"{word}: no finished game has that number; 'cardtable replay' lists the "
        f"{len(games)} kept, numbered 1 to {len(games)}"
    )


def kept_by_name(path: Path, store: ReplayStore | None = None) -> Path:
    """A bare file name (``.json`` or not) found in the replays folder; else ``path`` itself,
    which loading then reports missing by its name."""
    if path.parent != Path():
        return path
    folder = (store or ReplayStore()).folder
    for named in (folder / path.name, folder / f"{path.name}.json"):
        if named.is_file():
            return named
    return path
