"""docs/PROTOCOL.md's JSON examples against a real server: every example of a client message,
sent as it stands, is read (never refused as `invalid`), and every example of a server message
has the shape of the messages of its type the server sends."""

from __future__ import annotations

import asyncio
import base64

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import load_ssh_public_key

from tests.protocol_client.client import (
    Client,
    Connection,
    Identity,
    LobbyClient,
    Message,
    player_of,
    quick_match,
    sign_in_payload,
    steady_pazaak,
)
from tests.protocol_client.doc_examples import PAGE, examples, page_gaps
from tests.protocol_client.expect import refused

#: what answers each client example when it is read
ANSWERS = {
    "create": "welcome",
    "join": "welcome",
    "resume": "welcome",
    "watch": "welcome",
    "move": "update",
    "rematch": "update",
    "chat": "chat",
    "lobby": "challenge",
    "sign_in": "you",
    "whoami": "you",
    "seek": "seeking",
    "cancel": "cancelled",
    "subscribe": "listing",
    "top": "board",
}
#: first messages: each opens a connection of its own
FIRST = {"create", "join", "resume", "watch", "lobby"}
#: sent at the table the page's `create` example opened; the rest go to its `lobby`'s connection
AT_THE_TABLE = {"move", "rematch", "chat"}
#: server messages only a long wait brings (15 s, 20 s): their own tests hold them to the page
SLOW = {"called_off", "rematch_expired"}


async def test_the_pages_client_examples_are_read_as_they_stand(server_url: str) -> None:
    opened: dict[str, Connection] = {}
    refusals = []
    for example in [e for e in examples() if e.direction == "client"]:
        if example.kind in FIRST:
            conn = opened[example.kind] = await Connection.open(server_url)
        else:
            conn = opened["create" if example.kind in AT_THE_TABLE else "lobby"]
        expected = ANSWERS[example.kind]
        if example.kind == "top" and example.message.get("solo"):
            expected = "solo_board"  # Flip 7 solo's best scores, not a rating board
        answer = await conn.ask(example.message, expected)
        if answer["type"] == "error" and answer["code"] == "invalid":
            refusals.append(f"line {example.line}: {example.message} → {answer['message']}")
    for conn in opened.values():
        await conn.close()
    assert not refusals, "\n".join(refusals)
    assert set(ANSWERS) <= {e.kind for e in examples() if e.direction == "client"}


async def test_the_pages_server_examples_have_the_shape_the_server_sends(
    server_url: str, clients: list[Client]
) -> None:
    old = await Connection.open(server_url)
    await old.send({"type": "lobby", "version": 3})
    await old.next("upgrade")
    await old.close()

    watcher = await LobbyClient.open(server_url, "Pat")
    lobbies = [await LobbyClient.open(server_url, name) for name in ("Ann", "Bo")]
    clients += [watcher, *lobbies]
    await watcher.subscribe()
    for lobby in lobbies:
        await lobby.sign_in(Identity.new())
    (_, table_a), (_, table_b) = await asyncio.gather(
        *(quick_match(server_url, lobby, "pazaak", rated=True) for lobby in lobbies)
    )
    clients += [table_a, table_b]
    await table_a.chat("gl hf")
    await table_b.conn.next("chat")
    await asyncio.gather(table_a.play_to_end(steady_pazaak), table_b.play_to_end(steady_pazaak))
    await table_a.conn.next("rated")
    await watcher.conn.next("unlisted")
    await lobbies[0].whoami()
    await lobbies[0].top("pazaak", everyone=True)
    await lobbies[0].conn.ask({"type": "top", "game": "flip7", "solo": True}, "solo_board")
    await lobbies[0].cancel()
    await refused(lobbies[0].conn, {"type": "seek", "game": "chess", "rated": False}, "seek")

    heard: list[Message] = old.heard + [m for c in clients for m in c.conn.heard]
    gaps = [gap for message in heard for gap in page_gaps_if_shown(message)]
    assert not gaps, "\n".join(sorted(set(gaps)))
    shown = {e.kind for e in examples() if e.direction == "server"}
    assert shown - {m["type"] for m in heard} == SLOW


def page_gaps_if_shown(message: Message) -> list[str]:
    """`page_gaps`, for the types the page shows an example of (`listing` it shows in words)."""
    if message["type"] not in {e.kind for e in examples() if e.direction == "server"}:
        return []
    return page_gaps(message)


def test_the_pages_sign_in_example_is_a_worked_example() -> None:
    """The page's `sign_in` signs the nonce of bytes 0 to 31 for the host 127.0.0.1:7777, and
    names the key's player id and tag: a developer can check their own signing against it."""
    (example,) = [e.message for e in examples() if e.kind == "sign_in"]
    nonce = base64.b64encode(bytes(range(32))).decode()
    key = load_ssh_public_key(example["key"].encode())
    assert isinstance(key, Ed25519PublicKey)
    signed = sign_in_payload("127.0.0.1:7777", nonce)
    key.verify(base64.b64decode(example["signature"]), signed)
    player, tag = player_of(example["key"])
    page = PAGE.read_text()
    assert f"`{nonce}`" in page and f"`{player}`" in page and f"tag `{tag}`" in page
