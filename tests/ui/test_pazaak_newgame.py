"""Pazaak's new-game form: which side decks it offers first."""

from __future__ import annotations

from textual.widgets import Select

from cardtable.games.registry import get
from cardtable.persist.decks import DeckStore
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.home import new_game_screen


def chosen_decks(app: CardtableApp) -> list[str]:
    return [str(app.screen.query_one(f"#deck-{seat}", Select).value) for seat in (0, 1)]


async def test_both_seats_start_on_the_default_gold_deck():
    app = CardtableApp(lambda app: new_game_screen(get("pazaak")), bot_pause=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert chosen_decks(app) == ["ready:gold", "ready:gold"]


async def test_the_first_seat_gets_the_deck_picked_last_time():
    DeckStore().remember("ready:beginner")
    app = CardtableApp(lambda app: new_game_screen(get("pazaak")), bot_pause=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert chosen_decks(app) == ["ready:beginner", "ready:gold"]
