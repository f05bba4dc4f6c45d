"""Item 5 of issue 36: a key or button is shown only to whoever may use it now. At Pazaak the
seat not on turn saw Stand, End turn and the card keys, which did nothing; between Pazu-Pazaak
sets every seat saw Next set, Leave, Add bot and Remove bot, and Add bot at a full table; at Flip 7
and Pixies the seat not on turn still saw the move keys, dimmed."""

from __future__ import annotations

from typing import Any

from cardtable.games.flip7.actions import HIT, STAY
from cardtable.games.pixies.state import Phase
from cardtable.online.remote import RemoteSession
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.waitingroom import WaitingRoomScreen
from cardtable.ui.tables.base import TableScreen
from tests.online.conftest import Running, until
from tests.online.test_pazu_seats import GAME, deciding, play_until


def table_of(app: CardtableApp) -> TableScreen | None:
    """The app's table once it is up (mounted: Pixies keeps no ``drawn`` view of its own)."""
    return next((s for s in app.screen_stack if isinstance(s, TableScreen) and s.is_mounted), None)


def keys(app: CardtableApp) -> set[str]:
    """The keys the table offers now (a disabled one is still shown, dimmed)."""
    table = table_of(app)
    assert table is not None
    return {key for key, active in table.active_bindings.items() if active.binding.show}


def bound(app: CardtableApp) -> set[str]:
    """Every key the table answers now, in the footer or not (a disabled one among them)."""
    table = table_of(app)
    assert table is not None
    return set(table.active_bindings)


def buttons(app: CardtableApp, *ids: str) -> list[str]:
    """Which of these buttons of the table are on show."""
    table = table_of(app)
    assert table is not None
    return [i for i in ids if table.query_one(f"#{i}").display]


async def two_apps(server: Running, game: str, seats: list[str], check: Any) -> None:
    """Ann and Bob at a table of ``game``, each in an app: ``check(sessions, apps)``."""
    ann = server.session(game, {"type": "create", "game": game, "seats": seats, "name": "Ann"})
    ann_app = CardtableApp(lambda app: WaitingRoomScreen(ann), bot_pause=0)
    async with ann_app.run_test(size=(120, 40)):
        await until(lambda: bool(ann.invite), "the invite code")
        bob = server.session(game, {"type": "join", "code": ann.invite, "name": "Bob"})
        bob_app = CardtableApp(lambda app: WaitingRoomScreen(bob), bot_pause=0)
        async with bob_app.run_test(size=(120, 40)):
            apps = (ann_app, bob_app)
            await until(lambda: all(table_of(app) for app in apps), "two tables")
            await check((ann, bob), apps)


async def test_at_pazaak_only_the_seat_on_turn_sees_the_move_keys_and_buttons(
    server: Running,
) -> None:
    async def check(sessions: tuple[RemoteSession, ...], apps: tuple[CardtableApp, ...]) -> None:
        await until(lambda: any(s.my_turn for s in sessions), "someone's turn")
        mover = 0 if sessions[0].my_turn else 1
        on_turn, waiting = apps[mover], apps[1 - mover]
        await until(lambda: {"s", "e", "1"} <= keys(on_turn), "the mover's keys")
        assert buttons(on_turn, "stand", "end-turn") == ["stand", "end-turn"]
        assert not {"s", "e", "1"} & keys(waiting)
        assert buttons(waiting, "stand", "end-turn") == []
        assert "q" in keys(waiting)  # the table's own keys stay

    await two_apps(server, "pazaak", ["human", "human"], check)


async def test_between_pazu_sets_only_the_person_asked_sees_the_keys_and_never_add_bot_at_a_full_table(
    server: Running,
) -> None:
    seats = ["human", "human", "easy", "easy", "easy", "easy"]  # six: a full table

    async def check(sessions: tuple[RemoteSession, ...], apps: tuple[CardtableApp, ...]) -> None:
        ann, bob = sessions
        await play_until(lambda: deciding(ann), ann, bob)
        assert sum(ann.observe().seated) == 6
        await until(lambda: "n" in keys(apps[0]), "Ann's keys")
        assert {"n", "L", "r"} <= keys(apps[0]) and "a" not in keys(apps[0])
        assert not {"n", "L", "a", "r"} & keys(apps[1])
        names = ("pz-stay", "pz-leave", "pz-add", "pz-remove")
        assert buttons(apps[1], *names) == []

    await two_apps(server, GAME, seats, check)


async def test_at_flip7_only_the_seat_on_turn_sees_hit_and_stay(server: Running) -> None:
    async def check(sessions: tuple[RemoteSession, ...], apps: tuple[CardtableApp, ...]) -> None:
        await until(lambda: any(s.my_turn for s in sessions), "someone's turn")
        mover = 0 if sessions[0].my_turn else 1
        on_turn, waiting = apps[mover], apps[1 - mover]
        # what the deal left the mover to do: Hit, and Stay unless their row is empty (at the
        # table a player flips a card before staying), or neither while an action card dealt
        # to them waits for its target: each run deals afresh, and about one deal in seven does
        legal = sessions[mover].playable()
        offered = [name for name, action in (("hit", HIT), ("stay", STAY)) if action in legal]
        await until(lambda: {name[0] for name in offered} <= keys(on_turn), "the mover's keys")
        assert {"h", "s"} & keys(on_turn) == {name[0] for name in offered}
        assert buttons(on_turn, "hit", "stay") == offered
        assert not {"h", "s"} & keys(waiting)  # not even dimmed
        assert buttons(waiting, "hit", "stay") == []
        assert {"q", "o"} <= keys(waiting)  # the table's own keys stay

    await two_apps(server, "flip7", ["human", "human"], check)


async def test_at_pixies_only_the_seat_on_turn_is_offered_the_choosing_keys(
    server: Running,
) -> None:
    choosing = {str(n) for n in range(1, 10)} | {"n", "o"}

    async def check(sessions: tuple[RemoteSession, ...], apps: tuple[CardtableApp, ...]) -> None:
        await until(lambda: any(s.my_turn for s in sessions), "someone's turn")
        mover = 0 if sessions[0].my_turn else 1
        on_turn, waiting = apps[mover], apps[1 - mover]
        assert sessions[mover].observe().phase is Phase.PICK
        await until(lambda: "1" in bound(on_turn), "the mover's card keys")
        assert not {"n", "o"} & keys(on_turn)  # nothing to keep while picking
        assert not choosing & bound(waiting)  # neither shown, dimmed nor answered
        assert "q" in keys(waiting)

    await two_apps(server, "pixies", ["human", "human"], check)
