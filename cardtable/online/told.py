"""What one seat has been told of a table held elsewhere: the latest update, every move's events
and log lines so far (the opening deal first), and the seat's view and legal actions, decoded
only when asked for (a bot asks only on its own turn; every update of every move brings a new
view).

A ``RemoteSession`` takes each update in here and tells its table the news (``News``); what
it holds back, and when, is the session's business.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.core.codec import Decoder
from cardtable.core.protocol import Outcome
from cardtable.online.protocol import Update
from cardtable.session.base import Moved


@dataclass(frozen=True, slots=True)
class News:
    """What an update brought: the moves not told before, the notes that are new, and whether
    it is another game at the table (a rematch)."""

    new_game: bool
    moved: tuple[Moved, ...]
    notes: tuple[str, ...]


class Told:
    """Everything one seat has been told of a table, as of its latest update."""

    def __init__(self) -> None:
        self.update: Update | None = None
        self.events: list[tuple[Any, ...]] = []
        self.lines: list[str] = []
        self._observation: Any = None
        self._legal: tuple[Any, ...] | None = None

    def take(self, update: Update, decoder: Decoder) -> News:
        """Take in ``update``: a fresh one (a new connection, a rematch) tells the whole game
        again, and only what grew is news."""
        decode = decoder.decode
        previous = self.update
        new_game = previous is None or previous.game_id != update.game_id
        lines_known = len(self.lines)
        if update.fresh:
            known = 0 if new_game else len(self.events)
            self.events, self.lines = [], []
        else:
            known = len(self.events)
        # a fresh update after a reconnect tells the log again from its start: only the lines
        # past those told before are news (a note told last then, a stand-in's "played for you",
        # comes again at the head of the next move's lines)
        told_before = 0 if new_game else lines_known
        moved: list[Moved] = []
        last = len(update.moves) - 1
        for k, played in enumerate(update.moves):
            events = tuple(decode(e) for e in played.events)
            self.events.append(events)
            start = len(self.lines)
            self.lines.extend(played.lines)
            if len(self.events) > known:
                final = k == last and update.outcome is not None
                news = tuple(played.lines[max(0, told_before - start) :])
                moved.append(Moved(events, news, final))
        start = len(self.lines)
        self.lines.extend(update.notes)
        notes = tuple(update.notes[max(0, told_before - start) :])
        self.update = update
        self._observation = self._legal = None
        return News(new_game, tuple(moved), notes)

    def observation(self, decoder: Decoder) -> Any:
        """The seat's view now (None before the first update)."""
        if self._observation is None and self.update is not None:
            self._observation = decoder.decode(self.update.observation)
        return self._observation

    def legal(self, decoder: Decoder) -> tuple[Any, ...]:
        """The seat's legal actions now, as the server listed them."""
        if self._legal is None:
            assert self.update is not None, "legal actions before the first update"
            self._legal = tuple(decoder.decode(a) for a in self.update.legal)
        return self._legal

    def outcome(self) -> Outcome | None:
        """How the game ended, once the server says it has."""
        result = None if self.update is None else self.update.outcome
        if result is None:
            return None
        stats = {k: tuple(v) if isinstance(v, list) else v for k, v in result.stats.items()}
        return Outcome(tuple(result.winners), tuple(result.scores), stats)
