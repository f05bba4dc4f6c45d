"""The hint key: the hard bot's choice for the person to move, with its reason, in a toast.

The bot may think for up to a second, so it runs in a worker. It reads only the observation the
session gives the person to move, so a hint never shows a card that person cannot see. Online
tables offer no hints: a seat there plays on its own.

A table lends the hint key only what ``Hinted`` names (its session, a worker, toasts and the
last hint), so the key's rules can be read, and tried, without a whole table screen.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from textual.binding import Binding

if TYPE_CHECKING:
    from textual.app import App
    from textual.notifications import SeverityLevel

    from cardtable.core.bots import Advice
    from cardtable.session import Session

HINT_KEY = Binding("i", "hint", "Hint")


class Hinted(Protocol):
    """What the hint key needs of its table."""

    session: Session
    #: the hint last shown, while its position stands (its toast goes when a move is made)
    last_hint: Advice | None

    @property
    def app(self) -> App[Any]: ...

    @property
    def abandoned(self) -> bool: ...

    def name_seats(self, line: str) -> str: ...

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None: ...

    def run_worker(
        self, work: Callable[[], None], *, group: str, exclusive: bool, thread: bool
    ) -> object: ...


def hint_offered(session: Session) -> bool | None:
    """True: the key works now; None: shown dimmed (not your turn yet); False: hidden."""
    if session.is_replay or not session.offers_hints or session.is_over:
        return False
    if session.spec.hint_level is None:  # a game whose bots cannot explain a choice
        return False
    return True if session.my_turn else None


def ask_for_hint(table: Hinted) -> None:
    """Start the hard bot on the person's position; its answer comes back as a toast."""
    session = table.session
    if not hint_offered(session):
        table.notify("A hint is for your own turn.", severity="warning")
        return
    observation, legal, ply = session.observe(), session.playable(), session.ply
    game_id = session.spec.id

    def think() -> None:
        from cardtable.games.hints import hint

        # seeded by the move number: asking twice in one position gives the same answer
        advice = hint(game_id, observation, legal, random.Random(ply))
        table.app.call_from_thread(show_hint, table, advice, ply)

    table.run_worker(think, thread=True, group="hint", exclusive=True)


def show_hint(table: Hinted, advice: Advice, ply: int) -> None:
    """The hint as a toast, unless the game moved on while the bot was thinking."""
    if table.abandoned or table.session.ply != ply:
        return
    table.last_hint = advice
    table.notify(table.name_seats(advice.reason), title="Hint", timeout=10, markup=False)


def drop_stale_hint(table: Hinted) -> None:
    """A move was made: the hint's toast goes with the position it was for. In hot-seat it
    names the last person's hand cards, and a toast outlives its screen, so it would follow
    the next person past the hand-off. Textual has no public call to withdraw one toast; any
    other on screen then is about the position that has just changed, so all go."""
    if table.last_hint is not None:
        table.last_hint = None
        table.app.clear_notifications()
