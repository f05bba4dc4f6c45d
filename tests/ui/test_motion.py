"""Motion: with animations off nothing moves and the table is final at once; with them on, each
table's hook starts the right effect on the right widget.

Effects are made slow here (a minute) so one is surely still running when a test looks at it:
no test waits for an effect, and none depends on how long one takes. Moves are made by calling
the table's actions, not ``pilot.press``: Textual's Pilot waits after each key until every
animation has finished, which is exactly the waiting these tests must not do.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from typing import Any

import pytest

from cardtable.core.seats import Seat, default_seats
from cardtable.games.flip7 import events as flip7
from cardtable.games.pazaak import events as pazaak
from cardtable.games.pazu import events as pazu
from cardtable.games.pixies import events as pixies
from cardtable.games.pixies.cards import DECK
from cardtable.games.pixies.state import Phase
from cardtable.games.registry import GAMES
from cardtable.persist.options import options_model
from cardtable.session import LocalSession
from cardtable.tools.shots.pixies import phase_is, preplay, seats_for
from cardtable.ui import motion
from cardtable.ui.app import CardtableApp
from cardtable.ui.cues import Cue, cues
from cardtable.ui.games import GAME_UIS
from cardtable.ui.tables.pixies.widgets import GridBoard
from cardtable.ui.tablescreens import table_screen
from cardtable.ui.widgets.card import CardView
from tests.waits import until

SLOW = 60.0


@pytest.fixture
def slow_motion(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ARRIVE", "FLASH", "GLOW"):
        monkeypatch.setattr(motion, name, SLOW)


def run(test: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(test())


async def settle(pilot: Any) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@asynccontextmanager
async def opened(app: CardtableApp, level: str) -> AsyncIterator[tuple[Any, Any]]:
    """The app at 120×40 with motion at ``level``, once its bots are done: (pilot, table)."""
    async with app.run_test(size=(120, 40)) as pilot:
        app.animation_level = level  # type: ignore[assignment]

        # a bot's move reaches the screen as a message, and only then does the next bot start:
        # one wait for the workers can end between two bot moves on a busy machine
        async def my_turn() -> bool:
            await settle(pilot)
            return app.screen.my_turn

        await until(my_turn, "the person's turn, the bots' moves done")
        yield pilot, app.screen


def moving(app: CardtableApp, obj: object, attribute: str) -> bool:
    return app.animator.is_being_animated(obj, attribute)


def read(moves):
    """Each event's cues by its own game's readers, as that game's table reads them."""
    return [cue for game_id, event in moves for cue in cues([event], GAME_UIS[game_id].load_cues())]


def test_the_moments_worth_moving_are_read_from_the_events_by_type():
    moves = [
        ("pazaak", pazaak.CardDrawn(seat=0, rank=5, total=15)),
        ("pazaak", pazaak.Stood(seat=1, total=20, auto=True)),
        ("pazaak", pazaak.Stood(seat=0, total=18, auto=False)),  # standing by choice: no cheer
        ("pazaak", pazaak.Busted(seat=0, total=23)),
        ("flip7", flip7.FlipSeven(seat=2)),
        ("pixies", pixies.PlacedFaceDown(seat=1, space=4)),
        ("pixies", pixies.GridFilled(seat=1)),
        ("pazu-pazaak", pazu.Busted(seat=2, total=22, penalty=3)),
        ("pixies", pixies.DuplicateSettled(seat=0, space=5, kept=DECK[0], kept_new=True)),
    ]
    assert read(moves) == [
        Cue("arrive", 0),
        Cue("cheer", 1),
        Cue("bust", 0),
        Cue("cheer", 2),
        Cue("arrive", 1, 4),
        Cue("bust", 2),
        Cue("arrive", 0, 5),
    ]


def test_an_event_moves_only_the_table_of_its_own_game_whatever_its_name():
    """Three games call an event "Busted": a game's readers know only their own type."""
    pazu_bust = pazu.Busted(seat=2, total=22, penalty=3)
    assert type(pazu_bust).__name__ == pazaak.Busted.__name__
    assert cues([pazu_bust], GAME_UIS["pazaak"].load_cues()) == []
    assert cues([pazu_bust], GAME_UIS["pazu-pazaak"].load_cues()) == [Cue("bust", 2)]


def test_reading_cues_loads_no_game():
    """Cues load with their game: a table's first frame must not import the other games."""
    code = "import sys, cardtable.ui.games; print(sorted(m for m in sys.modules if '.games.' in m))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def pixies_app() -> CardtableApp:
    match = preplay(2, 3, phase_is(Phase.PICK, 6))
    spec = GAMES["pixies"]
    seats = seats_for(2)
    return CardtableApp(lambda app: table_screen(LocalSession(spec, match, seats)), bot_pause=0)


@pytest.mark.parametrize("level", ["none", "basic", "full"])
def test_a_pixies_card_fades_into_its_space_only_in_full_motion(level, slow_motion):
    async def test() -> None:
        app = pixies_app()
        async with opened(app, level) as (pilot, table):
            view = table.session.observe()
            hints = table.take_hints(view)
            index = next(i for i, hint in enumerate(hints) if "up" in hint or "✓" in hint)
            card = view.revealed[index]
            board = table.query_one("#px-board-0", GridBoard)
            table.action_digit(index + 1)
            await pilot.pause()  # the move is shown (a pause never waits for an animation)
            assert board.cells[card.number - 1].up == card  # the card is there at once
            if level == "full":
                assert moving(app, board, "arrival") and board.fresh == card.number
                assert board.arrival < 1
            else:
                assert not moving(app, board, "arrival") and board.fresh is None
                assert board.arrival == 1.0

    run(test)


def pazaak_app() -> CardtableApp:
    spec = GAMES["pazaak"]
    seats = (Seat("You"), Seat("Revan", "easy"))
    config = spec.rules.default_config(2)
    return CardtableApp(lambda app: app.table_for(spec, config, seats, 4), bot_pause=0)


@pytest.mark.parametrize("level", ["none", "full"])
def test_a_pazaak_card_drawn_fades_in_on_its_board(level, slow_motion):
    """Ending the turn makes the bot draw: its board's newest card fades in, and only it."""

    async def test() -> None:
        app = pazaak_app()
        async with opened(app, level) as (pilot, table):
            assert table.session.my_turn
            table.action_end_turn()
            await pilot.pause()
            theirs = [c for c in table.query("#board-1 CardView") if not c.has_class("-empty")]
            faded = [c for c in table.query(CardView) if moving(app, c.styles, "opacity")]
            if level == "full":
                assert theirs and theirs[-1] in faded  # the bot's draw (the bot may go on)
                assert not any(c.has_class("-empty") for c in faded)
            else:
                assert theirs and faded == []
                assert all(c.styles.opacity == 1.0 for c in table.query(CardView))

    run(test)


@pytest.mark.parametrize("level", ["none", "full"])
def test_a_flip7_bust_or_flip_7_lights_the_row_that_made_it(level, slow_motion):
    """Hit until the solo row busts or makes seven: only then does its line light up."""

    async def test() -> None:
        spec = GAMES["flip7"]
        config = options_model(spec.id)(mode="solo").to_config(1)
        seats = default_seats(1, ())
        app = CardtableApp(lambda app: app.table_for(spec, config, seats, 13), bot_pause=0)
        async with opened(app, level) as (pilot, table):
            line = table.query_one("#seat-0")
            ended = False
            for _ in range(30):
                last = table.session.history()[-1] if table.session.history() else ()
                ended = any(isinstance(e, (flip7.Busted, flip7.FlipSeven)) for e in last)
                if ended or app.screen is not table:
                    break
                assert not moving(app, line.styles, "tint")
                table.action_hit()
                await settle(pilot)
            assert ended or app.screen is not table
            assert moving(app, line.styles, "tint") == (level == "full")

    run(test)


def test_a_pure_20_celebrates_twice_and_leaves_no_tint_behind():
    """The effect's end is called by hand: no waiting for the clock."""

    async def test() -> None:
        app = pazaak_app()
        async with opened(app, "full") as (_, table):
            board = table.query_one("#board-0")
            assert motion.play([Cue("cheer", 0)], lambda cue: board) == [Cue("cheer", 0)]
            assert moving(app, board.styles, "tint") and board.styles.tint.a > 0
            motion.unset(board, "tint")()  # what the second glow's end does
            assert board.styles.tint.a == 0 and not board.styles.has_rule("tint")

    run(test)
