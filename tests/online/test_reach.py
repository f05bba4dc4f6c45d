"""Reaching a table: the one line to send a friend, what it names, and a server that cannot be
reached said plainly and at once (every address here is 127.0.0.1 or never resolves)."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest
from websockets.asyncio.server import ServerConnection, serve

from cardtable.cli import main
from cardtable.games.registry import get
from cardtable.online import link, reach
from cardtable.online.hosting import VISIT_ENV, shared_server
from cardtable.online.reach import (
    DEFAULT_URL,
    BadTarget,
    join_line,
    lan_address,
    lan_url,
    machine_addresses,
    split_target,
)
from cardtable.online.remote import RemoteSession
from cardtable.online.server import GameServer, Limits
from cardtable.online.store import SqliteStore
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.home import HomeScreen
from cardtable.ui.screens.online import PlayOnlineScreen
from cardtable.ui.screens.waitingroom import WaitingRoomScreen
from tests.online.conftest import PATIENCE, Running, until

# -- the line to send ----------------------------------------------------------------------------


def test_the_line_to_send_carries_the_address_and_the_code() -> None:
    assert join_line("ws://192.0.2.7:7777", "KMTRX") == "cardtable join ws://192.0.2.7:7777/KMTRX"
    assert join_line("ws://192.0.2.7:7777", "DWNFE", "watch").startswith("cardtable watch ws://")
    assert join_line(DEFAULT_URL, "KMTRX") == "cardtable join KMTRX"


def test_join_reads_the_line_or_a_bare_code() -> None:
    assert split_target("ws://192.0.2.7:7777/KMTRX", None) == ("ws://192.0.2.7:7777", "KMTRX")
    assert split_target("wss://cards.example.org/play/kmtrx/", None) == (
        "wss://cards.example.org/play",
        "KMTRX",
    )
    assert split_target("kmtrx", None) == (DEFAULT_URL, "KMTRX")
    assert split_target("KMTRX", "ws://192.0.2.7:9000") == ("ws://192.0.2.7:9000", "KMTRX")


@pytest.mark.parametrize(
    ("target", "server", "problem"),
    [
        ("KMTRZ", None, "a code is five letters from ACDEF"),
        ("KMTR", None, "a code is five letters from ACDEF"),
        ("http://192.0.2.7:7777/KMTRX", None, "a join line looks like ws://"),
        ("ws:///KMTRX", None, "a join line looks like ws://"),
        ("ws://192.0.2.7:7777/KMTRX", "ws://192.0.2.8:7777", "leave out --server"),
    ],
)
def test_a_target_that_names_no_table_says_what_one_looks_like(
    target: str, server: str | None, problem: str
) -> None:
    with pytest.raises(BadTarget, match=problem):
        split_target(target, server)


def test_lan_line_takes_the_private_address_a_friend_can_reach() -> None:
    found = ["127.0.0.1", "::1", "fe80::1%eth0", "169.254.3.3", "2001:db8::5", "192.168.1.20"]
    assert lan_address(found) == "192.168.1.20"
    assert lan_address(["10.0.0.4", "203.0.113.9"]) == "10.0.0.4"
    assert lan_address(["127.0.0.1", "::1", "not an address"]) is None
    assert lan_url(7777, ["2001:db8::5"]) == "ws://[2001:db8::5]:7777"
    assert lan_url(7777, ["192.0.2.7", "127.0.1.1"]) == "ws://192.0.2.7:7777"


# -- a server that cannot be reached --------------------------------------------------------------


def _closed_port() -> int:
    """A 127.0.0.1 port nothing listens on (just freed)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
async def http_port() -> AsyncIterator[int]:
    """A plain web server on 127.0.0.1: it answers, but not as a table server."""

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello")
        await writer.drain()
        writer.close()

    listening = await asyncio.start_server(answer, "127.0.0.1", 0)
    yield listening.sockets[0].getsockname()[1]
    listening.close()
    await listening.wait_closed()


@pytest.fixture
async def echo_port() -> AsyncIterator[int]:
    """A websocket server that is not cardtable's: it says back whatever it hears."""

    async def echo(ws: ServerConnection) -> None:
        async for message in ws:
            await ws.send(message)

    async with serve(echo, "127.0.0.1", 0) as listening:
        yield listening.sockets[0].getsockname()[1]


async def _problem(url: str) -> str | None:
    session = RemoteSession(None, url, {"type": "join", "code": "KMTRX", "name": "Bob"})
    session.start()
    try:
        await asyncio.wait_for(session.ready.wait(), PATIENCE)
    finally:
        session.hang_up()
    return session.problem


async def test_a_closed_port_is_named_with_refused() -> None:
    url = f"ws://127.0.0.1:{_closed_port()}"
    assert await _problem(url) == (
        f"cannot reach {url}: connection refused: no server listens there "
        "(is it running? right port?)"
    )


async def test_an_unknown_host_is_named_as_such() -> None:
    url = "ws://no-such-host.invalid:7777"
    assert await _problem(url) == f"cannot reach {url}: unknown host: check the address"


async def test_a_web_server_is_not_a_cardtable_server(http_port: int) -> None:
    url = f"ws://127.0.0.1:{http_port}"
    problem = await _problem(url)
    assert problem == f"cannot reach {url}: not a cardtable server (something else answers there)"


async def test_another_websocket_server_is_not_a_cardtable_server(echo_port: int) -> None:
    problem = await _problem(f"ws://127.0.0.1:{echo_port}")
    assert problem is not None and problem.endswith(
        "not a cardtable server (something else answers there)"
    )


async def test_a_drop_after_the_first_welcome_is_retried_not_a_problem(server: Running) -> None:
    seated = await server.table("pazaak", ["human", "human"])
    await server.stop()
    await until(lambda: seated[0].connection == "reconnecting…", "the drop to be noticed")
    await server.start()
    await until(lambda: seated[0].connection is None, "the seat to be back")
    assert seated[0].problem is None


# -- in the app ----------------------------------------------------------------------------------


async def test_the_command_line_waiting_room_exits_1_naming_the_address() -> None:
    """Opened by ``cardtable join``: the app ends, the problem is printed and the status is 1
    (see ``run_online_command``)."""
    url = f"ws://127.0.0.1:{_closed_port()}"
    session = RemoteSession(None, url, {"type": "join", "code": "KMTRX", "name": "Bob"})
    app = CardtableApp(lambda app: WaitingRoomScreen(session), bot_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: app.return_code == 1, "the app to end with status 1")
        await pilot.pause()
    assert session.problem is not None and session.problem.startswith(f"cannot reach {url}: ")


async def test_joining_a_wrong_address_in_the_app_says_why_and_goes_back(server: Running) -> None:
    app = CardtableApp(lambda app: HomeScreen(), bot_pause=0)
    url = f"ws://127.0.0.1:{_closed_port()}"
    async with app.run_test(size=(100, 40)) as pilot:
        app.settings = replace(app.settings, name="Bob")
        await pilot.press("o")
        await until(lambda: isinstance(app.screen, PlayOnlineScreen), "the online form")
        app.screen.query_one("#server").value = url
        app.screen.query_one("#name").value = "Bob"
        app.screen.query_one("#code").value = "KMTRX"
        await pilot.click("#join")
        await until(lambda: isinstance(app.screen, WaitingRoomScreen), "the waiting room")
        lobby = app.screen

        def shown() -> str:
            return str(lobby.query_one("#waiting-text").render())

        await until(lambda: "Cannot play" in shown(), "the problem")
        assert f"cannot reach {url}: connection refused" in shown()
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, PlayOnlineScreen), "back to the form")


async def test_a_join_line_in_the_code_box_reaches_the_table(server: Running) -> None:
    host = await server.seated(
        "pazaak", {"type": "create", "game": "pazaak", "seats": ["human", "human"]}
    )
    app = CardtableApp(lambda app: PlayOnlineScreen(), bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        app.screen.query_one("#name").value = "Bob"
        app.screen.query_one("#code").value = f"{server.url}/{host.invite.lower()}"
        await pilot.click("#join")
        await until(lambda: not host.waiting, "Bob to sit down")
        assert host.seats[1].name == "Bob"
        session = app.screen_stack[-1].session
        assert session.url == server.url
        session.hang_up()


def test_the_waiting_room_line_names_the_server_a_friend_needs() -> None:
    spec = get("pazaak")
    session = RemoteSession(spec, "ws://127.0.0.1:9001", {"type": "create"})
    session.invite, session.watch = "KMTRX", "DWNFE"
    assert "cardtable join ws://127.0.0.1:9001/KMTRX" in WaitingRoomScreen(session).waiting_text()


def test_an_ssh_visitor_is_told_to_share_the_code_not_the_hosts_loopback_address(
    monkeypatch,
) -> None:
    monkeypatch.setenv(VISIT_ENV, "ssh")
    session = RemoteSession(get("pazaak"), "ws://127.0.0.1:9001", {"type": "create"})
    session.invite, session.watch = "KMTRX", "DWNFE"
    shown = WaitingRoomScreen(session).waiting_text()
    assert "over SSH" in shown and "enters KMTRX to play or DWNFE to look on" in shown
    assert "cardtable join" not in shown
    # once a rematch is asked for, the seats are the finished game's: friends may only look on
    session._rematch.ask("game-1")
    shown = WaitingRoomScreen(session).waiting_text()
    assert "enters DWNFE to look on" in shown and "KMTRX" not in shown


# -- on the command line -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["join", "KMTRZ"], "'KMTRZ' is not a code: a code is five letters from ACDEF"),
        (["watch", "ws://127.0.0.1:9/KMTRX", "--server", "ws://127.0.0.1:8"], "leave out --server"),
        (["host", "pazaak", "--lan", "--server", "ws://127.0.0.1:9"], "--lan starts a server"),
        (["join", "KMTRX", "--name", "x" * 30], "a name is at most 20 characters, not 30"),
        (["join", "KMTRX", "--name", "you"], "'You' is how the table names"),
    ],
)
def test_the_commands_refuse_a_bad_target_or_name_before_connecting(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert says in capsys.readouterr().err


def test_a_headless_join_of_a_closed_port_fails_at_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    url = f"ws://127.0.0.1:{_closed_port()}"
    with pytest.raises(SystemExit) as exit_:
        main(["join", f"{url}/KMTRX", "--bot", "easy", "--name", "Bob"])
    assert exit_.value.code != 0
    assert f"cannot reach {url}: connection refused" in capsys.readouterr().err


async def test_a_server_that_never_answers_times_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """It takes the connection and says nothing (a stuck process, a black hole behind NAT)."""
    monkeypatch.setattr(link, "OPEN_TIMEOUT", 0.3)
    silent = await asyncio.start_server(lambda reader, writer: None, "127.0.0.1", 0)
    url = f"ws://127.0.0.1:{silent.sockets[0].getsockname()[1]}"
    try:
        problem = await _problem(url)
    finally:
        silent.close()
    assert (
        problem == f"cannot reach {url}: timed out: no answer (a firewall, or the wrong address?)"
    )


def test_a_lan_host_shows_one_line_with_its_network_address() -> None:
    """What ``host --lan`` shows, from a given list of the machine's addresses."""
    session = RemoteSession(get("pazaak"), DEFAULT_URL, {"type": "create"})
    session.shared_url = lan_url(7777, ["127.0.0.1", "fe80::2", "192.0.2.7"]) or ""
    session.invite, session.watch = "KMTRX", "DWNFE"
    shown = WaitingRoomScreen(session).waiting_text()
    assert shown.count("cardtable join ws://192.0.2.7:7777/KMTRX") == 1
    assert "127.0.0.1" not in shown


def _shared_url(port: int) -> str:
    shared = lan_url(port, machine_addresses())
    if shared is None:
        pytest.skip("this machine has no network address for friends to reach")
    return shared


async def test_host_lan_refuses_a_running_server_that_only_this_machine_reaches(
    server: Running, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 36: it was reused and the waiting room showed a join line at the network address, where
    nothing listens. The lobby must not open; the refusal says what to do."""
    shared = _shared_url(server.port)
    monkeypatch.setattr(reach, "DEFAULT_PORT", server.port)

    def lobby(self: CardtableApp) -> None:
        raise AssertionError(f"a lobby opened to offer {shared}, where nothing listens")

    monkeypatch.setattr(CardtableApp, "run", lobby)
    with pytest.raises(SystemExit) as exit_:
        main(["host", "pazaak", "--lan", "--name", "Ann"])
    assert exit_.value.code == 2
    said = capsys.readouterr().err
    assert f"friends could not reach it at {shared}" in said
    assert "'cardtable serve --lan'" in said and "leave out --lan" in said
    assert server.game is not None and not server.game.tables  # nothing was opened there


async def test_host_lan_reuses_a_running_server_that_friends_reach(tmp_path: Path) -> None:
    game = GameServer(SqliteStore(tmp_path / "lan.sqlite3"), Limits())
    listening = await game.start(reach.ALL_ADDRESSES, 0)
    port = listening.sockets[0].getsockname()[1]
    try:
        shared = _shared_url(port)
        url = await asyncio.to_thread(shared_server, port, shared)
        assert url == f"ws://127.0.0.1:{port}"
    finally:
        game.stop()
        listening.close()
        await listening.wait_closed()
