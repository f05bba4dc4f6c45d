"""The Pazaak and Pazu-Pazaak new-game forms: which side decks they offer first."""

from __future__ import annotations

from textual.widgets import Select

from cardtable.games.pazaak.cards import READY_DECKS
from cardtable.games.registry import get
from cardtable.persist.decks import DeckStore
from cardtable.ui.app import CardtableApp
from cardtable.ui.tablescreens import new_game_screen
from tests.waits import until


def chosen_decks(app: CardtableApp) -> list[str]:
    return [
        str(select.value) for select in app.screen.query(Select) if select.id.startswith("deck-")
    ]


async def decks_once_shown(pilot) -> list[str]:
    """The decks chosen, once the form's deferred fields (the deck choices among them) have
    mounted: they come a frame or more after the form's first frame."""

    def decks() -> list[str] | None:
        chosen = chosen_decks(pilot.app)
        return chosen if chosen and str(Select.NULL) not in chosen else None

    return await until(decks, "the deck choices", pilot=pilot)


async def test_both_seats_start_on_the_default_gold_deck():
    app = CardtableApp(lambda app: new_game_screen(get("pazaak")), bot_pause=0)
    async with app.run_test(size=(100, 32)) as pilot:
        assert await decks_once_shown(pilot) == ["ready:gold", "ready:gold"]


async def test_the_first_seat_gets_the_deck_picked_last_time():
    DeckStore().remember("ready:beginner")
    app = CardtableApp(lambda app: new_game_screen(get("pazaak")), bot_pause=0)
    async with app.run_test(size=(100, 32)) as pilot:
        assert await decks_once_shown(pilot) == ["ready:beginner", "ready:gold"]


async def test_every_pazu_seat_starts_on_the_balanced_deck():
    app = CardtableApp(lambda app: new_game_screen(get("pazu-pazaak")), bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        decks = await decks_once_shown(pilot)
        assert len(decks) >= 3 and set(decks) == {"ready:balanced"}


async def test_saving_a_new_deck_gives_it_to_the_person_and_leaves_the_bot_deck_alone():
    """Issue 14: refreshing the deck lists after the builder reset the bot's choice."""
    app = CardtableApp(lambda app: new_game_screen(get("pazaak")), bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await decks_once_shown(pilot)
        form = app.screen
        form.query_one("#deck-1", Select).value = "ready:beginner"
        key = form.store.save("Mine", READY_DECKS["gold"].cards)
        form.deck_built(key)
        await pilot.pause()
        assert chosen_decks(app) == [key, "ready:beginner"]
