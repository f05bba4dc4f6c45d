"""What a table screen may ask of the game it shows, and the changes it is told about.

A screen holds one ``Session``: it reads the viewer's observation, the legal actions when the
viewer may act, the seats, who is to move and the outcome, and it submits actions. What happens
(a move applied, a refusal, a bot thinking) reaches it as a ``Change`` through the listener it
connects, always on the thread it named, so a session may think or listen to a network elsewhere.
"""

from __future__ import annotations

import functools
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from cardtable.core.match import Match
from cardtable.core.protocol import Outcome
from cardtable.core.seats import Seat
from cardtable.games.registry import GameSpec


@dataclass(frozen=True, slots=True)
class Moved:
    """An action was applied: its events and log lines, as the log's reader may know them;
    ``final``: the game ended with it. A game held elsewhere may be known to be over while
    moves before its last are still on their way to the table: only the last one ends it."""

    events: tuple[Any, ...]
    lines: tuple[str, ...]
    final: bool = False


@dataclass(frozen=True, slots=True)
class Refused:
    """An action was refused; nothing changed. ``reason`` names seats "Player N"."""

    reason: str


@dataclass(frozen=True, slots=True)
class Thinking:
    """A bot started (``seat``) or stopped (None) thinking."""

    seat: int | None


@dataclass(frozen=True, slots=True)
class HandOff:
    """The next person at this keyboard is ``seat``: cover the table until they take it."""

    seat: int


@dataclass(frozen=True, slots=True)
class Status:
    """The connection to a table held elsewhere changed (see ``Session.connection``)."""

    text: str | None


@dataclass(frozen=True, slots=True)
class NextGame:
    """The table held elsewhere has begun its next game (a rematch): draw it afresh."""


@dataclass(frozen=True, slots=True)
class Said:
    """Someone at a table held elsewhere said ``text`` (chat: never part of the game)."""

    sender: str
    text: str


@dataclass(frozen=True, slots=True)
class Noted:
    """Log lines that belong to no move (a person at a table held elsewhere went away, a bot
    playing for them, or came back)."""

    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RatingsChanged:
    """A rated game held elsewhere has ended: each player's change in words, in seat order
    ("Ann#k3Qf 1,512 → 1,527 (+15)"); when the game moved nobody's rating, one line saying why
    ("Not rated: the game was abandoned before every player had moved.")."""

    lines: tuple[str, ...]


#: how an asked-for rematch ended: the next game began, the offer expired (the finished game
#: stands), or the table can no longer be reached (the session's ``connection`` says why)
RematchEnd = Literal["begun", "expired", "gone"]


class Rematch(Protocol):
    """Another game asked for at a table held elsewhere (``Session.again``): it begins there once
    every person at the table has asked, and the same session shows it. What the table needs of
    it, without knowing where the table is held."""

    def others_asked(self) -> bool:
        """Every other person has asked already: this ask begins the game, nobody is waited for."""
        ...

    async def settled(self) -> RematchEnd:
        """Wait until the next game has begun, the offer has expired, or the table is gone."""
        ...

    def waiting_text(self) -> str:
        """What a waiting room over the table shows now: who has asked, who has gone."""
        ...

    def hang_up(self) -> None:
        """Stop waiting and leave the table."""
        ...


Change = Moved | Refused | Thinking | HandOff | Status | NextGame | Said | Noted | RatingsChanged
Listener = Callable[[Change], None]
#: runs a callback on the listener's own thread (a UI's event loop, say)
Dispatch = Callable[[Callable[[], None]], None]


def in_thread(job: Callable[[], None]) -> None:
    """Run ``job`` on a daemon thread of its own."""
    threading.Thread(target=job, daemon=True).start()


class Session(ABC):
    """One table as one viewer sees it. Subclasses hold the game locally or elsewhere."""

    spec: GameSpec
    #: whose eyes the table is drawn for (None: nobody's, e.g. behind a hand-off screen)
    viewer: int | None
    #: several people share this keyboard: the log is public and hand-offs guard hidden cards
    hotseat: bool = False
    #: a finished game stepped through move by move; nothing can be submitted
    is_replay: bool = False
    #: the hint key may ask the hard bot for this seat's best move (not online, where each seat
    #: plays on its own)
    offers_hints: bool = True
    #: the game is held by this process (saved after each move); False: by a server elsewhere
    held_here: bool = True
    #: how the link to a game held elsewhere is ("reconnecting…", who is away); None: all well
    connection: str | None = None
    #: the people at this table can talk to each other (``say``): an online table
    chats: bool = False
    #: the whole game, for a save or a replay; None while it is not known here (a game held
    #: elsewhere, before its end)
    match: Match | None = None

    def __init__(self) -> None:
        self._listeners: list[tuple[Listener, Dispatch]] = []
        #: runs slow work (a bot's decision) off the caller's thread; a UI swaps in its workers
        self.background: Callable[[Callable[[], None]], None] = in_thread
        #: seconds a bot's move takes at least, so people can follow it
        self.bot_pause = 0.6

    # -- what the table shows ------------------------------------------------------------------

    @property
    @abstractmethod
    def seats(self) -> tuple[Seat, ...]:
        """Who sits where, grown as seats join (bots sitting down between sets)."""

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat whose decision it is; None once the game is over, and while a set or round
        that has ended waits for the next deal (which ``proceed`` lets happen)."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, once it has."""

    @property
    @abstractmethod
    def ply(self) -> int:
        """How many actions have been applied."""

    @property
    @abstractmethod
    def seed(self) -> int | None:
        """The shuffle's seed, or None while it must stay secret (an online game in play)."""

    @property
    @abstractmethod
    def config(self) -> Any:
        """The game's rules options."""

    @abstractmethod
    def observe(self) -> Any:
        """What the viewer may see now."""

    @abstractmethod
    def playable(self) -> tuple[Any, ...]:
        """The legal actions when the viewer may act now; empty otherwise."""

    @abstractmethod
    def history(self) -> tuple[tuple[Any, ...], ...]:
        """Every move's events so far (the opening deal first), as the log's reader may know them."""

    @abstractmethod
    def log_lines(self) -> tuple[str, ...]:
        """Every log line so far, as the log's reader may read them."""

    @property
    def log_viewer(self) -> int | None:
        """Whose eyes the log is written for: the viewer's, or nobody's (a public log)."""
        return self.viewer

    @property
    def thinking(self) -> int | None:
        """The bot seat thinking now, if any."""
        return None

    @property
    def spectating(self) -> bool:
        """Someone looking on at a game held elsewhere: nothing waits for them to go on."""
        return False

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def between_deals(self) -> bool:
        """A set or round has ended and the next is not dealt yet: the boards stand as it
        ended, nobody is to move, and ``proceed`` lets the deal happen."""
        return self.to_move is None and not self.is_over

    @property
    def my_seats(self) -> frozenset[int]:
        """The seats whose moves are made at this screen."""
        return frozenset(i for i, seat in enumerate(self.seats) if seat.is_human)

    @property
    def counted_seats(self) -> frozenset[int] | None:
        """The seats a finished game counts for in this person's stats: None for every person
        at a table held here; at a table held elsewhere, the seats played from here."""
        return None

    @property
    def replay_tag(self) -> str:
        """What a kept replay of the game adds to its file's name: nothing for a game held
        here; for one held elsewhere, its table and seat (two apps sharing a folder may keep
        the same game in the same second)."""
        return ""

    def open_hand(self, seat: int) -> Any | None:
        """``seat``'s own view, to draw its hand face up, when every hand may lie open (the
        replay of a finished game); None otherwise: hidden hands stay hidden."""
        return None

    @property
    def my_turn(self) -> bool:
        """Whether the viewer may act now."""
        seat = self.to_move
        return seat is not None and seat == self.viewer and seat in self.my_seats

    # -- what the table does -------------------------------------------------------------------

    @abstractmethod
    def submit(self, action: Any) -> None:
        """Play ``action`` for the viewer; the answer comes as ``Moved`` or ``Refused``."""

    @abstractmethod
    def proceed(self) -> None:
        """The table has shown everything so far: let the game go on (a bot may now move; a
        set that has ended, its result seen, is followed by the next deal)."""

    def keep(self, save: Callable[[Session], None]) -> None:  # noqa: B027 (an optional hook)
        """A game held here saves itself through ``save`` after every move; others ignore it."""

    def again(self) -> Rematch | None:
        """Ask for the same table's next game, if it is held elsewhere (a rematch, which this
        session shows once it begins); None: the table starts one here."""
        return None

    def say(self, text: str) -> str | None:
        """Send a chat line to the table (see ``chats``); why it cannot go, if it cannot."""
        return "there is nobody to chat with at this table"

    def take_seat(self, seat: int | None) -> None:
        """Draw the table for ``seat`` (hot-seat: after the hand-off screen; None: nobody)."""
        self.viewer = seat

    def connect(self, listener: Listener, dispatch: Dispatch) -> None:
        """Tell ``listener`` of every change, through ``dispatch`` (onto its thread)."""
        self._listeners.append((listener, dispatch))

    def disconnect(self, listener: Listener) -> None:
        """Stop telling ``listener`` (a screen handing the session on to the next one)."""
        self._listeners = [pair for pair in self._listeners if pair[0] != listener]

    def close(self) -> None:
        """The table is gone: stop telling it anything."""
        self._listeners.clear()

    def emit(self, change: Change) -> None:
        """Tell every listener of ``change``, each on its own thread."""
        for listener, dispatch in tuple(self._listeners):
            dispatch(functools.partial(listener, change))
