"""The side-deck builder driven by keys and clicks, as a person would use it."""

from __future__ import annotations

import asyncio
import functools
import os
from collections.abc import Callable, Coroutine
from typing import Any

import pytest
from textual.screen import Screen
from textual.widgets import Input, Static

from cardtable.games.pazaak.cards import READY_DECKS, parse_all
from cardtable.persist.decks import DeckStore
from cardtable.ui.app import CardtableApp
from cardtable.ui.tables.pazaak.deckbuilder import DeckBuilderScreen, DeckSlot, InventoryCell

os.environ["TEXTUAL_ANIMATIONS"] = "none"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    return tmp_path


def sync(test: Callable[[], Coroutine[Any, Any, None]]) -> Callable[[], None]:
    """Run an async Pilot test on its own loop: no pytest async plugin is needed."""

    @functools.wraps(test)
    def run() -> None:
        asyncio.run(test())

    return run


class Harness:
    """An app whose first screen is blank, with the builder pushed on it; keeps what it returns."""

    def __init__(self, start: str | None = None) -> None:
        self.results: list[str | None] = []
        self.app = CardtableApp(first_screen=lambda app: Screen(), bot_pause=0)
        self.start = start

    async def open(self, pilot) -> DeckBuilderScreen:
        screen = DeckBuilderScreen(start=self.start)
        self.app.push_screen(screen, callback=self.results.append)
        await pilot.pause()
        return screen


def status(screen: DeckBuilderScreen) -> str:
    return str(screen.query_one("#status", Static).render())


async def type_text(pilot, text: str) -> None:
    await pilot.press(*("space" if ch == " " else ch for ch in text))


@sync
async def test_build_a_deck_by_keys_and_save_it():
    harness = Harness()
    async with harness.app.run_test(size=(100, 30)) as pilot:
        screen = await harness.open(pilot)
        await pilot.press("enter", "enter", "plus", "right", "enter", "right", "enter")
        await pilot.press("down", "enter", "equals_sign", "down", "enter", "down", "enter")
        await pilot.press("left", "enter")
        assert screen.deck == list(parse_all("+1 +1 +1 +2 +3 -3 -3 ±3 D 3&6"))
        assert "10/10" in str(screen.query_one("#deck-heading", Static).render())
        await pilot.press("ctrl+s")
        assert "Not saved: the deck needs a name" in status(screen)
        await pilot.click("#name")
        await type_text(pilot, "My deck")
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert harness.results == ["user:My deck"]
    assert DeckStore().resolve("user:My deck") == parse_all("+1 +1 +1 +2 +3 -3 -3 ±3 D 3&6")


@sync
async def test_an_eleventh_card_and_a_fifth_copy_are_refused():
    harness = Harness()
    async with harness.app.run_test(size=(100, 30)) as pilot:
        screen = await harness.open(pilot)
        await pilot.press(*["enter"] * 5)
        assert screen.deck == list(parse_all("+1 +1 +1 +1"))
        assert "No +1 left" in status(screen) and status(screen).startswith("✗")
        cell = screen.query(InventoryCell).first()
        assert "4/4" in str(cell.render()) and cell.has_class("-dim")
        await pilot.press("right", *["enter"] * 4, "right", "enter", "right", "enter", "plus")
        assert len(screen.deck) == 10
        assert "The deck is full" in status(screen)
        await pilot.press("ctrl+s")
        assert "needs a name" in status(screen)
    assert harness.results == []


@sync
async def test_saving_a_short_deck_is_refused_with_the_reason():
    harness = Harness()
    async with harness.app.run_test(size=(100, 30)) as pilot:
        screen = await harness.open(pilot)
        await pilot.press("enter", "enter", "enter")
        screen.query_one("#name", Input).value = "Short"
        await pilot.click("#save")
        assert "exactly 10 cards, not 3" in status(screen)
        assert DeckStore().load() == []


@sync
async def test_escape_cancels_without_saving():
    harness = Harness()
    async with harness.app.run_test(size=(100, 30)) as pilot:
        await harness.open(pilot)
        await pilot.press("enter", "escape")
        await pilot.pause()
        assert not isinstance(harness.app.screen, DeckBuilderScreen)
    assert harness.results == [None]
    assert not DeckStore().path.exists()


@sync
async def test_cards_go_in_and_out_by_mouse_and_keys():
    harness = Harness()
    async with harness.app.run_test(size=(100, 30)) as pilot:
        screen = await harness.open(pilot)
        cells = list(screen.query(InventoryCell))
        for index in (6, 12, 18, 19):  # -1, ±1, 2&4, 3&6
            await pilot.click(cells[index])
        assert screen.deck == list(parse_all("-1 ±1 2&4 3&6"))
        await pilot.press("minus")  # the grid has focus: the last card goes
        assert screen.deck == list(parse_all("-1 ±1 2&4"))
        await pilot.click(list(screen.query(DeckSlot))[1])
        assert screen.deck == list(parse_all("-1 2&4"))
        assert screen.focused is screen.query_one("#deck")
        await pilot.press("left", "backspace")  # on the deck row: the selected card goes
        assert screen.deck == list(parse_all("2&4"))


@sync
async def test_start_from_a_ready_deck_and_save_a_copy():
    harness = Harness(start="ready:gold")
    async with harness.app.run_test(size=(80, 24)) as pilot:
        screen = await harness.open(pilot)
        assert screen.deck == list(READY_DECKS["gold"].cards)
        await pilot.press("backspace", "right", "right", "enter")
        screen.query_one("#name", Input).value = "Gold plus"
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert harness.results == ["user:Gold plus"]
    assert DeckStore().resolve("user:Gold plus")[-1] == parse_all("+3")[0]


@sync
async def test_a_saved_deck_reopens_with_its_name_and_is_replaced():
    store = DeckStore()
    store.save("Mine", READY_DECKS["beginner"].cards)
    harness = Harness(start="user:Mine")
    async with harness.app.run_test(size=(100, 30)) as pilot:
        screen = await harness.open(pilot)
        assert screen.query_one("#name", Input).value == "Mine"
        await pilot.press("backspace", "enter", "ctrl+s")
        await pilot.pause()
    assert harness.results == ["user:Mine"]
    assert [d.name for d in store.load()] == ["Mine"]
    assert store.resolve("user:Mine")[-1] == parse_all("+1")[0]
