"""A registry of games by id: every layer keeps its own, so each names its parts with its own types.

The rules layer lists the games' rules and bots, the persist layer their options models, the UI
their tables, the environments their encodings: each imports what it names, where import-linter
sees it. A game plugs in by ``register`` in each layer (a test package can add one and take it
away again with ``registered``); a completeness test holds the layers' lists equal.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Generic, TypeVar

Entry = TypeVar("Entry")


class Registry(Mapping[str, Entry], Generic[Entry]):
    """Game id -> one layer's entry, in the order the games were registered (menu order)."""

    def __init__(self, layer: str) -> None:
        #: what this registry holds, for messages ("table screens", "options models")
        self.layer = layer
        self._entries: dict[str, Entry] = {}

    def register(self, game_id: str, entry: Entry) -> Entry:
        """Add ``game_id``; ValueError if it is there already (two games cannot share an id)."""
        if game_id in self._entries:
            raise ValueError(f"{game_id!r} already has {self.layer}")
        self._entries[game_id] = entry
        return entry

    def unregister(self, game_id: str) -> None:
        """Take ``game_id`` away; KeyError if it was never registered."""
        del self._entries[game_id]

    @contextmanager
    def registered(self, game_id: str, entry: Entry) -> Iterator[Entry]:
        """``game_id`` registered for the ``with`` block and taken away after it."""
        self.register(game_id, entry)
        try:
            yield entry
        finally:
            self.unregister(game_id)

    def __getitem__(self, game_id: str) -> Entry:
        try:
            return self._entries[game_id]
        except KeyError:
            known = ", ".join(self._entries)
            raise KeyError(f"unknown game {game_id!r}; choose from: {known}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __repr__(self) -> str:
        return f"Registry({self.layer!r}, {list(self._entries)})"
