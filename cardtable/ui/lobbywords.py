"""The words of the lobby screens: a seek's progress, a listed table's row, a leaderboard row,
a rated game's changes. Plain strings from what the server sent: the screens show them with
markup off, so a name such as "[b]Ann" reads as typed.
"""

from __future__ import annotations

import unicodedata

from cardtable.games.registry import GAMES
from cardtable.online import protocol as wire
from cardtable.online.identity import tagged


def title(game: str) -> str:
    """A game's title, or its id for a game this client does not know."""
    return GAMES[game].title if game in GAMES else game


def plain(text: str) -> str:
    """Another person's text as one printable line: control characters and escape sequences
    the server let through (an older server, say) become nothing."""
    spaced = " ".join(text.split())
    return "".join(ch for ch in spaced if unicodedata.category(ch)[0] != "C")


def seeking_line(status: wire.Seeking, waited: float) -> str:
    """'searching 12 s · 7 people seeking Pazaak · range ±150' (the count includes you)."""
    game = title(status.game)
    people = (
        f"only you are seeking {game} now"
        if status.seeking <= 1
        else f"{status.seeking} people seeking {game}"
    )
    return f"searching {int(waited)} s · {people} · range ±{status.range}"


def seek_what(game: str, rated: bool, seats: tuple[int, int] | None) -> str:
    """'a rated game of Pazaak' / 'a casual game of Pixies for 3–5 players'."""
    kind = "rated" if rated else "casual"
    size = ""
    if seats is not None:
        low, high = seats
        size = f" for {low} players" if low == high else f" for {low}–{high} players"
    return f"a {kind} game of {title(game)}{size}"


def person(player: wire.Opponent) -> str:
    """'Ann#k3Qf 1,512' (a bot account marked), or the bare name without a tag or rating."""
    name = plain(player.name)
    shown = f"{name}#{player.tag}" if player.tag else name
    if player.rating:
        shown += f" {player.rating}"
    return shown + (" (bot)" if player.bot else "")


def finish_rate(rate: float | None) -> str:
    return "–" if rate is None else f"{round(rate * 100)}%"


def options_text(options: dict[str, str]) -> str:
    return ", ".join(f"{key}={value}" for key, value in sorted(options.items())) or "standard"


def table_cells(table: wire.ListedTable) -> tuple[str, ...]:
    """One lobby row: game, seats, players, options, rated, spectators, finish rates."""
    rates = [p.finish_rate for p in table.players]
    return (
        title(table.game),
        f"{table.taken}/{table.seats}",
        ", ".join(person(p) for p in table.players) or "–",
        options_text(table.options),
        "rated" if table.rated else "casual",
        str(table.spectators),
        " ".join(finish_rate(r) for r in rates if r is not None) or "–",
    )


TABLE_COLUMNS = ("Game", "Seats", "Players", "Options", "Kind", "Watching", "Finish")


def board_cells(row: wire.BoardRow) -> tuple[str, ...]:
    """One leaderboard row: rank ('–' unranked), player, rating ('1,500?' provisional),
    games, finish rate."""
    name = tagged(plain(row.name), row.player) + (" (bot)" if row.bot else "")
    rank = "–" if row.rank is None else str(row.rank)
    return (rank, name, row.rating.shown, str(row.rating.games), finish_rate(row.finish_rate))


BOARD_COLUMNS = ("#", "Player", "Rating", "Games", "Finish")


def solo_cells(row: wire.SoloRow) -> tuple[str, ...]:
    """One row of a solo game's best scores: rank, player, their best (fewest rounds, then
    points), games played, and the day of that best."""
    name = tagged(plain(row.name), row.player)
    return (str(row.rank), name, str(row.rounds), str(row.score), str(row.games), row.day)


SOLO_COLUMNS = ("#", "Player", "Rounds", "Points", "Games", "Best on")

#: the Leaderboard's choice of a solo game's best scores: this suffix after the game's id
SOLO = ":solo"


def rated_lines(rated: wire.Rated) -> list[str]:
    """The result panel's rating lines: 'Ann#k3Qf  1,512 → 1,527 (+15)' for each seat, or why
    the game did not count."""
    if not rated.counted:
        reason = getattr(rated, "reason", None)
        because = (
            f": {reason}"
            if reason
            else ": at most 3 rated games a day count between the same players, or the game "
            "ended before everyone had moved"
        )
        return [f"Not rated{because}."]
    return [f"{tagged(plain(c.name), c.player)}  {c.text}" for c in rated.changes]
