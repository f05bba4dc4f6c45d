"""A rated quick-match game's end: whether it counts, its result and the ratings it moves,
and the ``rated`` message that tells its players.

A game counts when its table was matched rated, the server keeps a ladder, and every player
moved at least once (a game abandoned before that is not rated); a player who left and was not
back ranks last. The ladder refuses what the daily pair limit does not allow: each case that
moves nobody's rating says why (``reason``).
"""

from __future__ import annotations

from collections.abc import Awaitable
from datetime import datetime

from cardtable.online import protocol as wire
from cardtable.online.identity import tag
from cardtable.online.ladder import Ladder, RatingChange, Seat
from cardtable.online.quicktables import QuickTable
from cardtable.online.ratings import PAIR_GAMES_PER_DAY, change_text, places_from_order
from cardtable.online.standings import rating_info

# Why a rated game moved nobody's rating: the ``reason`` of its ``rated`` message.
NO_LADDER = "this server keeps no ratings"
ABANDONED = "the game was abandoned before every player had moved"
DAILY_LIMIT = (
    f"the daily limit of {PAIR_GAMES_PER_DAY} rated games between the same two players was reached"
)


def keep_result(
    table: QuickTable | None,
    ladder: Ladder | None,
    table_id: str,
    ended: datetime,
    order: list[list[int]],
    moved: set[int],
    leavers: set[int],
) -> Awaitable[tuple[list[RatingChange], str | None]]:
    """A quick-match game ended: its seats in finishing order (tied groups, best first),
    the seats that moved at least once, and those whose player left and was not back.

    Rated, and every player moved: the result is kept and the ratings change, leavers
    ranked last. The result is journalled now (call it right after the table's finish is):
    awaiting it gives the changes once that commit is kept, and for a rated game that moved
    nobody's rating the reason why.
    """
    if table is None or not table.rated:
        return _now(([], None))
    if ladder is None:
        return _now(([], NO_LADDER))
    if len(moved) < len(table.members):  # abandoned before everyone's first move
        return _now(([], ABANDONED))
    ids = [m.player or "" for m in table.members]
    gone = [ids[seat] for seat in leavers]
    places = dict(places_from_order([[ids[s] for s in group] for group in order], gone))
    seats = [Seat(player, places[player], left=seat in leavers) for seat, player in enumerate(ids)]
    return _with_reason(ladder.keep(table.game, table_id, ended, seats))


def rated_message(
    table: QuickTable | None, changes: list[RatingChange], reason: str | None
) -> str | None:
    """The ``rated`` message for a quick-match table's players (None: not a rated table)."""
    if table is None or not table.rated:
        return None
    names = {m.player: m.name for m in table.members}
    return wire.Rated(
        type="rated",
        counted=bool(changes),
        reason=reason,
        changes=[
            wire.RatingChange(
                player=c.player,
                tag=tag(c.player),
                name=names.get(c.player, "?"),
                before=rating_info(c.before),
                after=rating_info(c.after),
                text=change_text(c.before, c.after),
            )
            for c in changes
        ],
    ).model_dump_json()


async def _now(
    outcome: tuple[list[RatingChange], str | None],
) -> tuple[list[RatingChange], str | None]:
    return outcome


async def _with_reason(
    kept: Awaitable[list[RatingChange]],
) -> tuple[list[RatingChange], str | None]:
    """A kept result's changes; none moved (the daily pair limit) says so."""
    changes = await kept
    return changes, None if changes else DAILY_LIMIT
