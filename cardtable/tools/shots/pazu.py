"""Scenes of the Pazu-Pazaak table: five players mid-set, the bidding screen, three and six
players at 80×24, a pick, a set result and the final standings.

Each scene starts from a position reached by seeded easy bots playing every seat, stopped where
the person in seat 1 has a choice to make, so no bot thinks while the picture is taken.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from cardtable.core.bots import bot_rng
from cardtable.core.match import Match
from cardtable.core.seats import Seat
from cardtable.games.pazu.actions import STAND
from cardtable.games.pazu.events import GameEnded, SetPotCarried, SetWon
from cardtable.games.pazu.state import Phase, Status
from cardtable.games.registry import GAMES
from cardtable.persist.options.pazu import Options
from cardtable.session import LocalSession
from cardtable.tools.shots import Shot, ask_hint, settle
from cardtable.ui.tablescreens import table_screen

SPEC = GAMES["pazu-pazaak"]
RIVALS = ("Revan", "Bastila", "Carth", "Mission", "Jolee")


def seats_for(players: int, level: str = "easy") -> tuple[Seat, ...]:
    return (Seat("You"),) + tuple(Seat(name, level) for name in RIVALS[: players - 1])


def config_for(players: int, max_sets: int = 30, people: tuple[int, ...] = (0,)) -> Any:
    """The default table for ``players``, a person in ``people`` (seat 1 unless told)."""
    options = Options(max_sets=max_sets)
    return replace(options.to_config(players), people=people)


def preplay(
    players: int, seed: int, stop: Callable[[Match], bool], max_sets: int = 30, limit: int = 3000
) -> Match:
    """Easy bots play every seat from ``seed`` until ``stop`` holds with seat 1 (index 0) to move."""
    match = Match.new(SPEC.rules, config_for(players, max_sets), seed)
    bot = SPEC.bots["easy"]()
    for _ in range(limit):
        seat = match.to_move
        if seat is None:
            break
        if seat == 0 and stop(match):
            return match
        view = match.observe(seat)
        match.play(bot.choose(view, match.legal_actions(), bot_rng(seed, seat, len(match.actions))))
    raise ValueError(f"no such position in {players}-player game {seed}")


def mid_set(min_set: int, my_cards: int) -> Callable[[Match], bool]:
    """Seat 1 to play a turn with ``my_cards`` on the board, someone standing and someone bust,
    and nobody gone from the table yet."""

    def stop(match: Match) -> bool:
        state = match.state
        return (
            state.phase is Phase.TURN
            and all(state.seated)
            and state.set_number >= min_set
            and len(state.boards[0].cards) >= my_cards
            and Status.STOOD in state.status
            and Status.BUST in state.status
        )

    return stop


def between_sets(min_set: int) -> Callable[[Match], bool]:
    """Seat 1 to say whether they stay for the next set (and may change the bots)."""

    def stop(match: Match) -> bool:
        state = match.state
        return state.phase is Phase.LEAVE and state.set_number >= min_set and all(state.seated)

    return stop


def bidding(min_set: int, bids: int) -> Callable[[Match], bool]:
    def stop(match: Match) -> bool:
        state = match.state
        made = sum(bid is not None for bid in state.bids)
        return state.phase is Phase.BID and state.set_number >= min_set and made >= bids

    return stop


def picking(min_set: int) -> Callable[[Match], bool]:
    def stop(match: Match) -> bool:
        state = match.state
        return state.phase is Phase.PICK and state.set_number >= min_set and len(state.revealed) > 1

    return stop


def standing_ends(kinds: tuple[type, ...]) -> Callable[[Match], bool]:
    """Seat 1 to play, and standing now makes an event of one of ``kinds`` (a set's end)."""

    def stop(match: Match) -> bool:
        if match.state.phase is not Phase.TURN or STAND not in match.legal_actions():
            return False
        _, events = match.game.apply(match.state, STAND)
        return any(isinstance(e, kinds) for e in events)

    return stop


def table_app(
    players: int, seed: int, stop: Callable[[Match], bool], max_sets: int = 30
) -> Callable[[], Any]:
    """A builder for an app opening on the table at the position ``preplay`` finds."""

    def build() -> Any:
        from cardtable.ui.app import CardtableApp

        match = preplay(players, seed, stop, max_sets)
        seats = seats_for(players)
        return CardtableApp(lambda app: table_screen(LocalSession(SPEC, match, seats)), bot_pause=0)

    return build


async def stand(pilot: Any) -> None:
    """Stand (the position is chosen so that this ends the set or the game)."""
    await settle(pilot)
    await pilot.press("s")
    await settle(pilot)


SET_ENDS = (SetWon, SetPotCarried)
SHOTS = (
    Shot("pazu-5p", table_app(5, 4, mid_set(2, 2)), settle),
    Shot("pazu-hint", table_app(5, 4, mid_set(2, 2)), ask_hint),
    Shot("pazu-bidding", table_app(5, 4, bidding(2, 2)), settle),
    Shot("pazu-3p-80x24", table_app(3, 5, mid_set(2, 2)), settle, (80, 24)),
    Shot("pazu-6p-80x24", table_app(6, 4, mid_set(2, 2)), settle, (80, 24)),
    Shot("pazu-pick-80x24", table_app(3, 7, picking(2)), settle, (80, 24)),
    Shot("pazu-between-sets", table_app(4, 6, between_sets(3)), settle),
    Shot("pazu-set-result", table_app(4, 8, standing_ends(SET_ENDS)), stand),
    Shot("pazu-final", table_app(3, 5, standing_ends((GameEnded,)), max_sets=2), stand),
)
