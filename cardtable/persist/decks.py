"""Pazaak side decks a person built, kept in ``decks.json`` beside the ready-made ones.

The file is the pydantic boundary: cards are stored as their labels ("+3", "±4", "2&4") so a
person can read and edit it, and every entry is checked against the inventory when it is loaded.
One bad entry is skipped and reported by name; the others still load. A file that cannot be read
at all is reported and set aside, so saving a new deck never overwrites it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict, Field, field_validator

from cardtable.games.pazaak.cards import (
    READY_DECKS,
    Card,
    NamedDeck,
    deck_named,
    deck_problem,
    label,
    parse,
)
from cardtable.persist.files import FileProblem, read_model, set_aside, write_atomic
from cardtable.persist.paths import data_dir

SCHEMA_VERSION = 1
NAME_MAX = 30
READY = "ready"
USER = "user"


class DeckEntry(BaseModel):
    """One saved deck as written on disk; its cards are checked later, entry by entry."""

    model_config = ConfigDict(extra="forbid")
    name: str
    cards: list[str]


class DecksFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    schema_version: int = SCHEMA_VERSION
    decks: list[DeckEntry] = Field(default_factory=list)
    #: the key of the deck last picked on the new-game screen
    last_choice: str | None = None

    @field_validator("schema_version")
    @classmethod
    def _known_version(cls, version: int) -> int:
        if version > SCHEMA_VERSION:
            raise ValueError(
                f"written by a newer cardtable (schema {version}; this one reads {SCHEMA_VERSION})"
            )
        return version


class DeckChoice(NamedTuple):
    """A deck a person may pick: ``key`` goes into configs and ``resolve``; ``title`` is shown."""

    key: str
    title: str
    cards: tuple[Card, ...]


def deck_key(kind: str, name: str) -> str:
    return f"{kind}:{name}"


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a saved deck, or None; names are compared after stripping."""
    name = name.strip()
    if not name:
        return "the deck needs a name"
    if len(name) > NAME_MAX:
        return f"a deck name has at most {NAME_MAX} characters, not {len(name)}"
    if not name.isprintable():
        return "a deck name cannot hold control characters"
    return None


def entry_cards(entry: DeckEntry) -> tuple[Card, ...]:
    """The cards of a stored entry; ValueError says what makes it unusable."""
    problem = name_problem(entry.name)
    if problem is not None:
        raise ValueError(problem)
    if any(not text.strip() for text in entry.cards):
        raise ValueError("a card label is empty")
    cards = tuple(parse(text) for text in entry.cards)
    problem = deck_problem(cards)
    if problem is not None:
        raise ValueError(problem)
    return cards


class DeckStore:
    """The user's side decks. ``problems`` collects what was skipped or set aside, for the UI."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or data_dir() / "decks.json"
        self.problems: list[FileProblem] = []
        self._reported: set[str] = set()

    # -- reading -------------------------------------------------------------------------------

    def _report(self, problem: FileProblem) -> None:
        """Note a problem once per store, so reloading does not repeat the same warning."""
        if problem.message not in self._reported:
            self._reported.add(problem.message)
            self.problems.append(problem)

    def take_problems(self) -> list[FileProblem]:
        """Hand the problems found so far to whoever shows them, and forget them."""
        taken, self.problems = self.problems, []
        return taken

    def _read(self) -> DecksFile:
        """The file as stored; an unreadable one is set aside and treated as empty."""
        if not self.path.exists():
            return DecksFile()
        result = read_model(self.path, DecksFile)
        if isinstance(result, FileProblem):
            self._report(FileProblem(self.path, result.message, set_aside(self.path)))
            return DecksFile()
        return result

    def _write(self, data: DecksFile) -> None:
        write_atomic(self.path, json.dumps(data.model_dump(), indent=1, ensure_ascii=False))

    def load(self) -> list[NamedDeck]:
        """The usable saved decks in file order; bad or repeated entries are reported, not used."""
        decks: list[NamedDeck] = []
        seen: set[str] = set()
        for entry in self._read().decks:
            name = entry.name.strip()
            try:
                cards = entry_cards(entry)
            except ValueError as error:
                self._report(FileProblem(self.path, f"deck {entry.name!r} skipped: {error}"))
                continue
            if name in seen:
                self._report(
                    FileProblem(self.path, f"deck {name!r} appears twice; the first is used")
                )
                continue
            seen.add(name)
            decks.append(NamedDeck(name, name, " ".join(label(c) for c in cards), cards))
        return decks

    # -- changing ------------------------------------------------------------------------------

    def save(self, name: str, cards: Iterable[Card]) -> str:
        """Store a legal deck under ``name`` (replacing one of that name); returns its key.

        Entries that could not be loaded are kept as they are, so a person can still fix them by
        hand; only an entry with the same name is replaced.
        """
        cards = tuple(cards)
        problem = name_problem(name) or deck_problem(cards)
        if problem is not None:
            raise ValueError(problem)
        name = name.strip()
        data = self._read()
        entry = DeckEntry(name=name, cards=[label(c) for c in cards])
        places = [i for i, old in enumerate(data.decks) if old.name.strip() == name]
        if places:
            data.decks[places[0]] = entry
            data.decks = [d for i, d in enumerate(data.decks) if i not in places[1:]]
        else:
            data.decks.append(entry)
        self._write(data)
        return deck_key(USER, name)

    def delete(self, name: str) -> bool:
        """Forget the deck called ``name``; False when there was none."""
        name = name.strip()
        data = self._read()
        kept = [d for d in data.decks if d.name.strip() != name]
        if len(kept) == len(data.decks):
            return False
        data.decks = kept
        if data.last_choice == deck_key(USER, name):
            data.last_choice = None
        self._write(data)
        return True

    # -- choosing ------------------------------------------------------------------------------

    def all_decks(self) -> list[DeckChoice]:
        """Every deck a person can play with: the ready-made ones first, then their own."""
        ready = [
            DeckChoice(deck_key(READY, d.name), d.title, d.cards) for d in READY_DECKS.values()
        ]
        mine = [DeckChoice(deck_key(USER, d.name), d.title, d.cards) for d in self.load()]
        return ready + mine

    def resolve(self, key: str) -> tuple[Card, ...]:
        """The cards of the deck ``key`` names; ValueError says why there are none."""
        kind, colon, name = key.partition(":")
        if not colon or kind not in (READY, USER):
            raise ValueError(f"not a deck key: {key!r} (expected 'ready:<name>' or 'user:<name>')")
        if kind == READY:
            return deck_named(name).cards
        for entry in self._read().decks:
            if entry.name.strip() == name:
                try:
                    return entry_cards(entry)
                except ValueError as error:
                    raise ValueError(f"saved deck {name!r} cannot be used: {error}") from None
        raise ValueError(f"there is no saved deck named {name!r}")

    def remember(self, key: str) -> None:
        """Keep ``key`` as the deck to offer first next time; it must name a usable deck."""
        self.resolve(key)
        data = self._read()
        if data.last_choice != key:
            data.last_choice = key
            self._write(data)

    def last_choice(self) -> str | None:
        """The deck picked last time, if it can still be used."""
        key = self._read().last_choice
        if key is None:
            return None
        try:
            self.resolve(key)
        except ValueError:
            return None
        return key
