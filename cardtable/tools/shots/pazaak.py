"""Scenes of Pazaak: the new-game form, the table mid-set, a set result and the deck builder.

The table scenes play a fixed seed headless (the person stands on 17+, the bot plays as in the
app) to the moment worth showing, then open the table on that match.
"""

from __future__ import annotations

from typing import Any

from cardtable.session import LocalSession
from cardtable.tools.shots import Shot, ask_hint, settle
from cardtable.ui.tablescreens import table_screen

SEED = 41


def played_match(moves: int) -> tuple[Any, Any, Any]:
    """Spec, seats and a match after ``moves`` actions, stopping early on the person's turn."""
    from cardtable.core.bots import bot_rng
    from cardtable.core.match import Match
    from cardtable.core.seats import Seat
    from cardtable.games.pazaak.actions import EndTurn, Stand
    from cardtable.games.registry import get

    spec = get("pazaak")
    seats = (Seat("You"), Seat("Revan", "hard"))
    match = Match.new(spec.rules, spec.rules.default_config(2), SEED)
    bot = spec.bots["hard"]()
    while len(match.actions) < moves or match.to_move != 0:
        seat = match.to_move
        if seat == 1:
            action = bot.choose(
                match.observe(1), match.legal_actions(), bot_rng(SEED, 1, len(match.actions))
            )
        else:
            total = match.observe(0).boards[0].total
            action = Stand() if 17 <= total <= 20 else EndTurn()
        match.play(action)
        match.take_chance_steps()
    return spec, seats, match


def table_app(moves: int) -> Any:
    from cardtable.ui.app import CardtableApp

    spec, seats, match = played_match(moves)
    return CardtableApp(lambda app: table_screen(LocalSession(spec, match, seats)), bot_pause=0)


def newgame_app() -> Any:
    from cardtable.games.registry import get
    from cardtable.ui.app import CardtableApp
    from cardtable.ui.tablescreens import new_game_screen

    return CardtableApp(lambda app: new_game_screen(get("pazaak")), bot_pause=0)


def builder_app() -> Any:
    from cardtable.ui.app import CardtableApp
    from cardtable.ui.tables.pazaak.deckbuilder import DeckBuilderScreen

    return CardtableApp(lambda app: DeckBuilderScreen(start="ready:gold"), bot_pause=0)


async def end_turn_to_result(pilot: Any) -> None:
    """End turns until a set result shows."""
    from cardtable.ui.screens.result import ResultScreen

    for _ in range(40):
        await settle(pilot)
        if isinstance(pilot.app.screen, ResultScreen):
            return
        await pilot.press("e")


SHOTS = (
    Shot("pazaak-newgame", newgame_app, settle, size=(100, 32)),
    Shot("pazaak-table", lambda: table_app(9), settle),
    Shot("pazaak-hint", lambda: table_app(9), ask_hint),
    Shot("pazaak-table-80x24", lambda: table_app(9), settle, size=(80, 24)),
    Shot("pazaak-set-result", lambda: table_app(3), end_turn_to_result),
    Shot("pazaak-set-result-80x24", lambda: table_app(3), end_turn_to_result, size=(80, 24)),
    Shot("pazaak-deckbuilder", builder_app, settle),
)
