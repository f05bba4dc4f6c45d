"""Scenes of the Flip 7 table: solo with the odds panel, a table of four, a target choice, the end.

Each scene plays a fixed seed with a simple policy (hit below a row sum of 20, then stay; hand
action cards to the first other player; bots choose as they would in the app) up to the moment
worth showing, headless, and opens the table on that match; the pilot then only makes the
scene's last move. Playing dozens of moves through the pilot would take minutes per scene.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.persist.options.flip7 import Options
from cardtable.session import LocalSession
from cardtable.tools.shots import Shot, ask_hint, settle
from cardtable.ui.tablescreens import table_screen

Stop = Callable[[Any], bool]
STAY_AT = 20


def policy(match: Any, stay_at: int = STAY_AT) -> Any:
    """The scenes' person: a seat other than their own for an action card, else hit or stay."""
    from cardtable.games.flip7.actions import HIT, STAY, ChooseTarget

    legal = match.legal_actions()
    targets = [a for a in legal if isinstance(a, ChooseTarget)]
    if targets:
        others = [a for a in targets if a.seat != match.to_move] or targets
        return others[0]
    row = match.state.rows[match.to_move]
    return STAY if STAY in legal and sum(row.numbers) >= stay_at else HIT


def played(players: int, seed: int, stop: Stop, hotseat: bool = False) -> tuple[Any, Any]:
    """The spec's seats and a match played from ``seed`` until ``stop(match)`` or the last move."""
    from cardtable.core.bots import bot_rng
    from cardtable.core.match import Match
    from cardtable.core.seats import default_seats
    from cardtable.games.registry import get

    spec = get("flip7")
    seats = default_seats(players, ()) if hotseat else default_seats(1, ("hard",) * (players - 1))
    config = Options(mode="solo" if players == 1 else "table").to_config(players)
    match = Match.new(spec.rules, config, seed)
    bots = {i: spec.bots[s.bot]() for i, s in enumerate(seats) if s.bot is not None}
    while not stop(match):
        seat = match.to_move
        if seat in bots:
            rng = bot_rng(seed, seat, len(match.actions))
            action = bots[seat].choose(match.observe(seat), match.legal_actions(), rng)
        else:
            action = policy(match)
        if _last_move(match, action):
            break
        match.play(action)
        match.take_chance_steps()
    return seats, match


def _last_move(match: Any, action: Any) -> bool:
    """Whether ``action`` would end the game (the scene wants to make that move on screen)."""
    state, _ = match.game.apply(match.state, action)
    return match.game.is_over(state)


def table_app(players: int, seed: int, stop: Stop) -> Any:
    from cardtable.games.registry import get
    from cardtable.ui.app import CardtableApp

    spec = get("flip7")
    seats, match = played(players, seed, stop)
    app = CardtableApp(lambda app: table_screen(LocalSession(spec, match, seats)), bot_pause=0)
    app.animation_level = "none"  # scenes are still pictures, whatever imported Textual first
    return app


def my_row_has(numbers: int, round_at_least: int = 1) -> Stop:
    """My turn to hit or stay, in a late enough round, with at least ``numbers`` in my row."""

    def stop(match: Any) -> bool:
        state = match.state
        return (
            match.to_move == 0
            and state.table.round >= round_at_least
            and state.pending is None
            and len(state.rows[0].numbers) >= numbers
        )

    return stop


def choosing(match: Any) -> bool:
    return match.to_move == 0 and match.state.pending is not None


def never(match: Any) -> bool:
    return False


async def open_odds(pilot: Any) -> None:
    """The odds panel opens by itself where it fits; open it where it does not."""
    await settle(pilot)
    if not pilot.app.screen.query_one("#odds").display:
        await pilot.press("o")
        await settle(pilot)


async def last_move(pilot: Any) -> None:
    """Make the policy's move that ends the game, so the end screen opens as it would in play."""
    await settle(pilot)
    table = pilot.app.screen
    if getattr(table, "my_turn", False):  # else a bot made it already
        table.play_human(policy(table.session.match))
        await settle(pilot)


SHOTS = (
    Shot("flip7-solo-odds", lambda: table_app(1, 13, my_row_has(3, 5)), open_odds),
    Shot("flip7-table-4p", lambda: table_app(4, 12, my_row_has(3, 3)), settle),
    Shot("flip7-hint", lambda: table_app(4, 12, my_row_has(3, 3)), ask_hint),
    Shot("flip7-table-4p-small", lambda: table_app(4, 12, my_row_has(3, 3)), settle, (80, 24)),
    Shot("flip7-table-6p", lambda: table_app(6, 12, my_row_has(2, 2)), settle),
    Shot("flip7-table-6p-80x24", lambda: table_app(6, 12, my_row_has(2, 2)), settle, (80, 24)),
    Shot("flip7-solo-80x24", lambda: table_app(1, 13, my_row_has(3, 5)), settle, (80, 24)),
    Shot("flip7-pick-target", lambda: table_app(4, 17, choosing), settle),
    Shot("flip7-solo-end", lambda: table_app(1, 13, never), last_move),
)
