"""The hint key: the hard bot's choice for the person to move, with its reason, in a toast.

The bot may think for up to a second, so it runs in a worker. It reads only the observation the
session gives the person to move, so a hint never shows a card that person cannot see. Online
tables offer no hints: a seat there plays on its own.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from textual.binding import Binding

if TYPE_CHECKING:
    from cardtable.core.bots import Advice
    from cardtable.ui.tables.base import TableScreen

HINT_KEY = Binding("i", "hint", "Hint")


def hint_offered(table: TableScreen) -> bool | None:
    """True: the key works now; None: shown dimmed (not your turn yet); False: hidden."""
    if table.is_replay or not table.session.offers_hints or table.session.is_over:
        return False
    if table.spec.hint_level is None:  # a game whose bots cannot explain a choice
        return False
    return True if table.my_turn else None


def ask_for_hint(table: TableScreen) -> None:
    """Start the hard bot on the person's position; its answer comes back as a toast."""
    if not hint_offered(table):
        table.notify("A hint is for your own turn.", severity="warning")
        return
    session = table.session
    observation, legal, ply = session.observe(), session.playable(), session.ply
    game_id = table.spec.id

    def think() -> None:
        from cardtable.games.hints import hint

        # seeded by the move number: asking twice in one position gives the same answer
        advice = hint(game_id, observation, legal, random.Random(ply))
        table.app.call_from_thread(show_hint, table, advice, ply)

    table.run_worker(think, thread=True, group="hint", exclusive=True)


def show_hint(table: TableScreen, advice: Advice, ply: int) -> None:
    """The hint as a toast, unless the game moved on while the bot was thinking."""
    if table.abandoned or table.session.ply != ply:
        return
    table.last_hint = advice
    table.notify(table.name_seats(advice.reason), title="Hint", timeout=10, markup=False)


def drop_stale_hint(table: TableScreen) -> None:
    """A move was made: the hint's toast goes with the position it was for. In hot-seat it
    names the last person's hand cards, and a toast outlives its screen, so it would follow
    the next person past the hand-off. Textual has no public call to withdraw one toast; any
    other on screen then is about the position that has just changed, so all go."""
    if table.last_hint is not None:
        table.last_hint = None
        table.app.clear_notifications()
