"""Table chat: lines reach every seat and spectator, print as the characters they are, are
rate-limited by the server, and are kept nowhere."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from websockets.asyncio.client import connect

from cardtable.core.printable import printable
from cardtable.online.chat import MAX_CHAT, TableChat
from cardtable.online.protocol import MAX_MESSAGE, PROTOCOL, Heard
from cardtable.online.remote import RemoteSession
from cardtable.session import Refused, Said
from tests.online.conftest import Running, until

#: markup, an escape sequence that would clear the screen and paint red, a bell, a bidi override
#: that would turn the rest around, a zero-width space, a tab and a newline
HOSTILE = "[bold red]x[/] [link=http://e.vil]y[/link] \x1b[2J\x1b[31mred\x07 \u202eevil\u200b\tz\nw"
# escape sequences go whole (issue 36 item 12: their tails were left as text, "[2J[31m")
HOSTILE_SHOWN = "[bold red]x[/] [link=http://e.vil]y[/link] red evil z w"


def test_clean_keeps_what_prints_and_drops_what_moves_hides_or_styles() -> None:
    assert printable(HOSTILE) == HOSTILE_SHOWN
    assert printable("  hello\r\n\tthere  ") == "hello there"
    assert printable("\x00\x1b\x9b\u2066") == ""
    assert printable("café ♠ 你好 🂡") == "café ♠ 你好 🂡"


def listen(session: RemoteSession) -> list[Any]:
    """Every chat line and refusal the session tells its table, in order."""
    heard: list[Any] = []
    session.connect(
        lambda change: heard.append(change) if isinstance(change, Said | Refused) else None,
        lambda call: call(),
    )
    return heard


async def test_a_line_reaches_both_seats_and_a_spectator_and_stays_out_of_the_store(
    server: Running,
) -> None:
    host, guest = await server.table("pazaak", ["human", "human"])
    watcher = await server.seated("pazaak", {"type": "watch", "code": host.watch})
    heard = {s: listen(s) for s in (host, guest, watcher)}
    assert host.say("  good luck\n") is None
    await until(lambda: all(heard.values()), "everyone to hear the host")
    assert heard[host] == [Said("You", "good luck")]
    assert heard[guest] == heard[watcher] == [Said("Host", "good luck")]
    assert watcher.say("go G0 go") is None
    assert guest.say("thanks") is None
    await until(lambda: len(heard[host]) == 3, "the host to hear both")
    assert heard[host][1:] == [Said("Spectator 1", "go G0 go"), Said("G0", "thanks")]
    # a spectator who gave a name (watch --name) signs with it, marked as watching
    named = await server.seated("pazaak", {"type": "watch", "code": host.watch, "name": "Eve"})
    assert named.say("hello all") is None
    await until(lambda: len(heard[host]) == 4, "the host to hear Eve")
    assert heard[host][3] == Said("Eve (watching)", "hello all")
    # chat is no action of the game: not in the store, not among the log lines kept with it
    dump = "\n".join(sqlite3.connect(server.db).iterdump())
    assert (
        "good luck" not in dump
        and "thanks" not in dump
        and "luck" not in " ".join(host.log_lines())
    )


async def test_the_server_cleans_bounds_and_rate_limits_chat(server: Running) -> None:
    now = [0.0]
    assert server.game is not None
    server.game.play.chat = TableChat(clock=lambda: now[0])
    host, guest = await server.table("pazaak", ["human", "human"])
    heard = listen(guest)
    async with connect(server.url) as ws:
        await ws.send(json.dumps({"type": "watch", "version": PROTOCOL, "code": host.watch}))

        async def ask(message: dict[str, Any] | str) -> Any:
            """The server's next answer to ``message`` that is not an update."""
            await ws.send(message if isinstance(message, str) else json.dumps(message))
            while True:
                reply = json.loads(await ws.recv())
                if reply["type"] in ("chat", "error"):
                    return reply

        shown = await ask({"type": "chat", "text": HOSTILE})
        assert Heard(**shown).text == HOSTILE_SHOWN and shown["name"] == "Spectator 1"
        too_long = await ask({"type": "chat", "text": "x" * (MAX_CHAT + 1)})
        assert (
            too_long["code"] == "chat" and f"at most {MAX_CHAT} characters" in too_long["message"]
        )
        huge = await ask(json.dumps({"type": "chat", "text": "x" * 10_240}))
        assert huge["code"] == "size" and str(MAX_MESSAGE) in huge["message"]
        assert (await ask({"type": "chat", "text": " \x1b\n"}))["code"] == "chat"
        for n in range(4):  # the burst is five lines: the hostile one and these four
            assert (await ask({"type": "chat", "text": f"line {n}"}))["type"] == "chat"
        slow_down = await ask({"type": "chat", "text": "one too many"})
        assert slow_down["code"] == "chat" and "one a second" in slow_down["message"]
        now[0] += 1.0
        assert (await ask({"type": "chat", "text": "a second later"}))["text"] == "a second later"
    await until(lambda: len(heard) == 6, "the guest to hear the six lines that went out")
    assert [said.text for said in heard] == [
        HOSTILE_SHOWN,
        *(f"line {n}" for n in range(4)),
        "a second later",
    ]
    # and a person's own session refuses what the server would, saying why
    assert "at most 200 characters" in (host.say("y" * 10_240) or "")
    assert host.say("\x1b\x07") is not None
