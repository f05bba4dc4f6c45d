"""Scenes of the Pixies table: mid-round with tucked cards, a keep-which choice at 80×24, lit
spaces for a face-down card, four and five players at 120×40, four at 80×24, the round summary
and the final result.

Each scene starts from a position reached by seeded easy bots playing every seat, stopped where
the person in seat 1 has a choice to make, so no bot thinks while the picture is taken.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.core.bots import bot_rng
from cardtable.core.match import Match
from cardtable.core.seats import Seat
from cardtable.games.pixies.events import GameEnded, RoundEnded
from cardtable.games.pixies.state import Phase
from cardtable.games.registry import GAMES
from cardtable.session import LocalSession
from cardtable.tools.shots import Shot, ask_hint, settle
from cardtable.ui.tablescreens import table_screen

SPEC = GAMES["pixies"]
RIVALS = ("Revan", "Bastila", "Carth", "Mission")


def seats_for(players: int, level: str = "hard") -> tuple[Seat, ...]:
    return (Seat("You"),) + tuple(Seat(name, level) for name in RIVALS[: players - 1])


def preplay(players: int, seed: int, stop: Callable[[Match], bool], limit: int = 400) -> Match:
    """Easy bots play every seat from ``seed`` until ``stop`` holds with seat 1 (index 0) to move."""
    match = Match.new(SPEC.rules, SPEC.rules.default_config(players), seed)
    bot = SPEC.bots["easy"]()
    for _ in range(limit):
        seat = match.to_move
        if seat is None:
            break
        if seat == 0 and stop(match):
            return match
        view = match.observe(seat)
        match.play(bot.choose(view, match.legal_actions(), bot_rng(seed, seat, len(match.actions))))
        match.take_chance_steps()
    raise ValueError(f"no such position in {players}-player game {seed}")


def every_choice_ends(kind: type) -> Callable[[Match], bool]:
    """A position where whatever seat 1 chooses makes an event of ``kind`` (a round's end)."""

    def stop(match: Match) -> bool:
        state = match.state
        results = (match.game.apply(state, action)[1] for action in match.legal_actions())
        return all(any(isinstance(e, kind) for e in events) for events in results)

    return stop


def tucked_cards(count: int) -> Callable[[Match], bool]:
    """Mid-round, seat 1 to pick, with ``count`` validated spaces on the table in all."""

    def stop(match: Match) -> bool:
        view = match.observe(0)
        tucked = sum(c.validated for g in view.grids for c in g.cells)
        backs = sum(c.down and c.up is None for g in view.grids for c in g.cells)
        return view.phase is Phase.PICK and tucked >= count and backs >= 1

    return stop


def phase_is(phase: Phase, min_ply: int = 0) -> Callable[[Match], bool]:
    def stop(match: Match) -> bool:
        return match.state.phase is phase and len(match.actions) >= min_ply

    return stop


def table_app(players: int, seed: int, stop: Callable[[Match], bool]) -> Callable[[], Any]:
    """A builder for an app opening on the table at the position ``preplay`` finds."""

    def build() -> Any:
        from cardtable.ui.app import CardtableApp

        match = preplay(players, seed, stop)
        seats = seats_for(players)
        return CardtableApp(lambda app: table_screen(LocalSession(SPEC, match, seats)), bot_pause=0)

    return build


async def choose_first(pilot: Any) -> None:
    """Settle, then take the choice under the cursor (every choice leads to the scene)."""
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


SHOTS = (
    Shot("pixies-2p-midround", table_app(2, 3, tucked_cards(3)), settle),
    Shot("pixies-hint", table_app(2, 3, tucked_cards(3)), ask_hint),
    Shot("pixies-2p-keep-80x24", table_app(2, 5, phase_is(Phase.KEEP, 12)), settle, (80, 24)),
    Shot("pixies-facedown", table_app(2, 7, phase_is(Phase.FACE_DOWN, 20)), settle),
    Shot("pixies-5p", table_app(5, 3, tucked_cards(4)), settle),
    Shot("pixies-4p", table_app(4, 3, tucked_cards(3)), settle),
    Shot("pixies-4p-80x24", table_app(4, 3, tucked_cards(3)), settle, (80, 24)),
    Shot("pixies-round-summary", table_app(2, 3, every_choice_ends(RoundEnded)), choose_first),
    Shot("pixies-final", table_app(2, 1, every_choice_ends(GameEnded)), choose_first),
    Shot(
        "pixies-4p-round-summary-80x24",
        table_app(4, 3, every_choice_ends(RoundEnded)),
        choose_first,
        (80, 24),
    ),
)
