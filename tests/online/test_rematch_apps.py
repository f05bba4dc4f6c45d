"""Two players and a spectator, each in their own app, play a Pazaak match and then three
rematches, the players taking turns to ask first: nobody is dropped and the spectator follows."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from itertools import count
from typing import Any

from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Button, Static

from cardtable.core.match import Match
from cardtable.online.remote import RemoteSession
from cardtable.online.tables import Table
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.rematchroom import RematchRoomScreen
from cardtable.ui.screens.waitingroom import WaitingRoomScreen
from cardtable.ui.widgets.footer import Footer
from tests.online.apps import ANN_HOSTS, joiner, play_match, shows_final_result, table_of
from tests.online.conftest import Running, until


def app_for(session: RemoteSession) -> CardtableApp:
    return CardtableApp(lambda app: WaitingRoomScreen(session), bot_pause=0)


def at_new_game(app: CardtableApp, old: Any) -> bool:
    """The app shows the same table as before, ``old``, with its next game under way and no
    box over it (issue 36 item 7: a new table screen cost more than the game's first deal)."""
    table = table_of(app)
    return table is old and app.screen is table and not table.session.is_over


def status_of(app: CardtableApp) -> str:
    table = table_of(app)
    return "" if table is None else str(table.query_one("#status-line").render())


def assert_only_looks_on(app: CardtableApp) -> None:
    """A spectator's table has no buttons to press and no game keys in its footer."""
    table = table_of(app)
    assert table is not None
    assert table.query(Button) and not any(button.display for button in table.query(Button))
    keys = {active.binding.action for active in table.active_bindings.values()}
    # opened as `cardtable watch` opens it, the table's q ends the program
    assert {"stand", "end_turn", "play_card(0)"}.isdisjoint(keys) and "stop_watching" in keys


@asynccontextmanager
async def after_a_match(server: Running) -> AsyncIterator[tuple[Pilot[Any], Pilot[Any]]]:
    """Ann and Bob, each in an app of their own, have played a Pazaak match to its end."""
    ann = server.session("pazaak", ANN_HOSTS)
    ann_app = app_for(ann)
    async with ann_app.run_test(size=(80, 24)) as ann_pilot:
        bob_app = app_for(await joiner(server, ann))
        async with bob_app.run_test(size=(80, 24)) as bob_pilot:
            await until(lambda: table_of(ann_app) and table_of(bob_app), "two tables")
            await play_match((ann_pilot, bob_pilot), stand_at=0)
            yield ann_pilot, bob_pilot


async def test_three_rematches_hold_whoever_asks_first(server: Running) -> None:
    create = {"type": "create", "game": "pazaak", "seats": ["human", "human"], "name": "Ann"}
    ann = server.session("pazaak", create)
    ann_app = app_for(ann)
    async with ann_app.run_test(size=(80, 24)) as ann_pilot:
        await until(lambda: bool(ann.invite), "the invite code")
        bob = server.session("pazaak", {"type": "join", "code": ann.invite, "name": "Bob"})
        eve = server.session("pazaak", {"type": "watch", "code": ann.watch})
        bob_app, eve_app = app_for(bob), app_for(eve)
        async with (
            bob_app.run_test(size=(80, 24)) as bob_pilot,
            eve_app.run_test(size=(80, 24)) as eve_pilot,
        ):
            apps = (ann_app, bob_app, eve_app)
            await until(lambda: all(table_of(app) for app in apps), "three tables")
            assert_only_looks_on(eve_app)
            players = (ann_pilot, bob_pilot)
            table = server.game.tables.by_code[ann.invite]
            for rematch, first in enumerate((0, 1, 0)):
                # each game is played to its end ("stand at once" keeps it short)
                await play_match(players, stand_at=0)
                await until(lambda: shows_final_result(eve_app), "the spectator's result box")
                box = eve_app.screen
                # no Play again
                assert [b.id for b in box.query(Button)] == ["watch", "home", "quit"]
                if rematch == 2:  # the spectator closes its box: it follows from the table too
                    await eve_pilot.press("enter")
                    await until(lambda: eve_app.screen is table_of(eve_app), "the table")
                    assert "rematch" in status_of(eve_app)
                old = [table_of(app) for app in apps]
                asker, other = players[first].app, players[1 - first]
                await players[first].press("enter")  # Play again: the box's first button
                await until(
                    lambda: isinstance(asker.screen, RematchRoomScreen),  # noqa: B023 (awaited here)
                    "the first to ask to wait for the other",
                )
                # the other player is told, on the table under their result
                asking = f"{('Ann', 'Bob')[first]} would like to play again"
                await until(
                    lambda: asking in status_of(other.app),  # noqa: B023 (awaited here)
                    "word that the first asked",
                )
                waiting = asker.screen.waiting_text()
                assert "You  · ready to play again" in waiting
                # the rematch's seats are taken: a friend is offered the watch line, no seat
                assert "Invite code" not in waiting and "cardtable join" not in waiting
                assert "cardtable watch " in waiting and ann.watch in waiting
                await other.press("enter")
                await until(
                    lambda: all(at_new_game(*pair) for pair in zip(apps, old, strict=True)),  # noqa: B023
                    "every app to show the next game",
                )
                # both players are still connected, and the spectator too
                assert sorted((p.seat for p in table.peers), key=str) == [0, 1, None]
                assert ann.connection is None and bob.connection is None
                assert_only_looks_on(eve_app)
            # the last game goes on from a key, and the spectator ends `cardtable watch` with q
            mover, ply = players[ann.to_move or 0], ann.ply
            await mover.press("s")
            await until(lambda: eve.ply > ply, "the spectator to see the move")
            await eve_pilot.press("q")
            await until(lambda: eve_app.return_code is not None, "the spectator to leave")
            await until(lambda: len(table.peers) == 2, "the server to see the spectator go")


async def test_the_one_who_asked_is_told_when_the_other_leaves_instead(server: Running) -> None:
    ann = server.session("pazaak", ANN_HOSTS)
    ann_app = app_for(ann)
    async with ann_app.run_test(size=(80, 24)) as ann_pilot:
        bob_app = app_for(bob := await joiner(server, ann))
        async with bob_app.run_test(size=(80, 24)) as bob_pilot:
            await until(lambda: table_of(ann_app) and table_of(bob_app), "two tables")
            await play_match((ann_pilot, bob_pilot), stand_at=0)
            await ann_pilot.press("enter")  # Play again
            await until(lambda: isinstance(ann_app.screen, RematchRoomScreen), "Ann's wait")
            lobby = ann_app.screen
            assert "left the table" not in lobby.waiting_text()
            bob.hang_up()  # Bob closes his app instead of asking
        await until(lambda: "Bob left the table" in lobby.waiting_text(), "word that Bob left")
        assert "Escape to leave" in lobby.waiting_text()
        await ann_pilot.press("escape")
        await until(
            lambda: (
                ann_app.return_code is not None or not isinstance(ann_app.screen, RematchRoomScreen)
            ),
            "Ann to leave the waiting room",
        )


async def test_the_rematch_opens_as_it_starts_not_at_the_waiting_rooms_next_look(
    server: Running, monkeypatch: Any
) -> None:
    """Issue 36 item 7: the waiting room looked for the rematch five times a second, so its
    table came up to 0.2 s after the game had started. Here the waiting room's looks never
    come: the table must open from the start itself."""
    async with after_a_match(server) as (ann_pilot, bob_pilot):
        ann_app, bob_app = ann_pilot.app, bob_pilot.app
        old = [table_of(app) for app in (ann_app, bob_app)]

        def never_looks(screen: Any, interval: float, callback: Any, **options: Any) -> Any:
            """Every timer of a waiting room stays paused: its looks never come."""
            return Screen.set_interval(screen, interval, callback, **{**options, "pause": True})

        monkeypatch.setattr(RematchRoomScreen, "set_interval", never_looks)
        await ann_pilot.press("enter")  # Play again
        await until(lambda: isinstance(ann_app.screen, RematchRoomScreen), "Ann's wait")
        await bob_pilot.press("enter")
        await until(
            lambda: all(
                at_new_game(app, was) for app, was in zip((ann_app, bob_app), old, strict=True)
            ),
            "both apps to show the next game",
        )


async def test_the_finished_table_is_not_drawn_again_under_its_result_once_asked(
    server: Running,
) -> None:
    """Issue 36 item 7: once Bob pressed Play again, news that changed his status line (Ann's
    wish to play again gone, the next game's start) was drawn on the finished table under the
    result, which had the result draw its whole see-through backdrop again: as much work as
    the next game's first frame, for a line replaced a moment later."""
    async with after_a_match(server) as (ann_pilot, bob_pilot):
        bob_app = bob_pilot.app
        table = table_of(bob_app)
        assert table is not None
        await ann_pilot.press("enter")  # Play again
        await until(lambda: "Ann would like to play again" in status_of(bob_app), "word")
        line = table.query_one("#status-line", Static)
        drawn_while_asked: list[str] = []
        update = line.update

        def noting(content: Any = "", *, layout: bool = True) -> None:
            if table.next_game_asked:
                drawn_while_asked.append(str(content))
            update(content, layout=layout)

        line.update = noting  # type: ignore[method-assign]
        await bob_pilot.press("enter")  # Play again
        await until(lambda: at_new_game(bob_app, table), "the next game")
        assert table.next_game_asked is False and drawn_while_asked == []
        assert "would like to play again" not in status_of(bob_app)  # drawn afresh


def keys_of(table: Any) -> list[tuple[str, str]]:
    """The keys a table's footer shows, as built: each key and what it says."""
    footer = table.query_one(Footer)
    return [(key.key, key.description) for key in footer.query("FooterKey").results()]


async def test_the_rematch_is_laid_out_with_its_own_keys(server: Running, monkeypatch: Any) -> None:
    """Issue 36 item 7: the footer built the new game's keys after the rematch's first frame,
    which drew the finished game's keys under the new boards, then laid the whole table out
    and drew it again for the new keys. Every layout of the new game has its keys now. The
    rematch is dealt so that Bob, the second to ask, opens it: his keys change with it."""
    start_again = Table.start_again

    def bob_opens(table: Table, seed: int) -> None:
        game, config = table.match.game, table.match.config
        start_again(table, next(s for s in count(seed) if Match.new(game, config, s).to_move == 1))

    monkeypatch.setattr(Table, "start_again", bob_opens)
    async with after_a_match(server) as (ann_pilot, bob_pilot):
        apps = (ann_pilot.app, bob_pilot.app)
        table = table_of(apps[1])
        assert table is not None
        over = keys_of(table)
        laid_out: list[list[tuple[str, str]]] = []

        def note(screen: Screen[Any]) -> None:
            if not table.session.is_over:
                laid_out.append(keys_of(table))

        table.screen_layout_refresh_signal.subscribe(table, note, immediate=True)
        await ann_pilot.press("enter")  # Play again
        await until(lambda: isinstance(apps[0].screen, RematchRoomScreen), "Ann's wait")
        await bob_pilot.press("enter")
        await until(lambda: at_new_game(apps[1], table), "Bob's table to show the next game")
        await bob_pilot.pause()
        keys = keys_of(table)
        assert table.session.to_move == 1 and keys != over, "Bob opens: his keys are new"
        assert laid_out and all(seen == keys for seen in laid_out), (keys, laid_out)
