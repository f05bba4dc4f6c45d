"""What the lobby reads for a visitor from the ladder and the best scores: who they are with
their ratings (``you``), a game's leaderboard with their own row, a solo game's best scores.

Read-only: the ladder is written when a rated game ends (ratedgames.py), the best scores when a
solo game does (quickplay.py). Either may be absent (a store that keeps none): the answer then
says so (``unrated``).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from cardtable.games.registry import GAMES
from cardtable.online import protocol as wire
from cardtable.online.bestscores import BestScores, SoloBest
from cardtable.online.identity import tag
from cardtable.online.ladder import BoardRow, Ladder
from cardtable.online.ratings import Rating
from cardtable.online.tables import Refusal


def rating_info(rating: Rating) -> wire.RatingInfo:
    return wire.RatingInfo(
        shown=rating.shown(),
        display=rating.display,
        provisional=rating.provisional,
        mu=rating.mu,
        sigma=rating.sigma,
        games=rating.games,
        conservative=rating.conservative,
    )


def board_row(row: BoardRow) -> wire.BoardRow:
    return wire.BoardRow(
        rank=row.rank,
        player=row.player,
        name=row.name,
        tag=tag(row.player),
        bot=row.bot,
        rating=rating_info(row.rating),
        finish_rate=row.finish_rate,
    )


def solo_row(best: SoloBest) -> wire.SoloRow:
    return wire.SoloRow(
        rank=best.rank,
        player=best.player,
        name=best.name,
        tag=tag(best.player),
        rounds=best.rounds,
        score=best.score,
        games=best.games,
        day=best.at.date().isoformat(),
    )


class Standings:
    """The ladder and best scores as a lobby visitor reads them."""

    def __init__(
        self, ladder: Ladder | None, best: BestScores | None, now: Callable[[], datetime]
    ) -> None:
        self.ladder = ladder
        self.best = best
        self.now = now

    async def you_as(self, player: str | None, name: str, bot: bool) -> wire.You:
        """Who a connection is: the name a signed-in player is known by here, and their ratings."""
        ladder = self.ladder
        ratings = await ladder.ratings(player) if ladder and player else {}
        known = await ladder.name(player) if ladder and player else None
        return wire.You(
            type="you",
            player=player,
            tag=tag(player) if player else None,
            name=known or name,
            bot=bot,
            ratings={game: rating_info(r) for game, r in ratings.items()},
            finish_rate=await ladder.finish_rate(player) if ladder and player else None,
        )

    async def board(self, player: str | None, message: wire.Top) -> wire.Board | wire.SoloBoard:
        """A page of a game's leaderboard (or, with ``solo``, its best scores) and the
        asker's own row (``player``: who asks, None if not signed in)."""
        if message.game not in GAMES:
            raise Refusal("game", f"unknown game {message.game!r}; choose from: {', '.join(GAMES)}")
        if message.solo:
            return await self.solo_board(player, message)
        if self.ladder is None:
            raise Refusal("unrated", "this server keeps no ratings")
        now = self.now()
        if message.everyone:
            rows = (await self.ladder.everyone(message.game, now))[
                message.offset : message.offset + message.limit
            ]
        else:
            rows = await self.ladder.top(message.game, now, message.limit, message.offset)
        mine = await self.ladder.standing(player, message.game, now) if player else None
        return wire.Board(
            type="board",
            game=message.game,
            offset=message.offset,
            rows=[board_row(row) for row in rows],
            you=board_row(mine) if mine else None,
        )

    async def solo_board(self, player: str | None, message: wire.Top) -> wire.SoloBoard:
        """A page of the best scores of a game's solo play, and the asker's own best."""
        spec = GAMES[message.game]
        if spec.rules.min_seats > 1:
            raise Refusal("game", f"{spec.title} has no solo game to keep best scores of")
        if self.best is None:
            raise Refusal("unrated", "this server keeps no best scores")
        rows = await self.best.top(message.game, message.limit, message.offset)
        mine = await self.best.mine(player, message.game) if player else None
        return wire.SoloBoard(
            type="solo_board",
            game=message.game,
            offset=message.offset,
            rows=[solo_row(row) for row in rows],
            you=solo_row(mine) if mine else None,
        )
