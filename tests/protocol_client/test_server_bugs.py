"""Server bugs the doc-written client found: what docs/PROTOCOL.md says, held. One still open
is marked xfail (strict, so the fix makes it pass and the marker goes)."""

from __future__ import annotations

from tests.protocol_client.client import Client, Connection, LobbyClient, TableClient
from tests.protocol_client.expect import refused


async def test_a_lobby_connection_cannot_also_sit_at_a_table(
    server_url: str, clients: list[Client]
) -> None:
    lobby = await LobbyClient.open(server_url, "Jo")
    clients.append(lobby)
    create = {"type": "create", "version": 4, "game": "pazaak", "seats": ["human", "human"]}
    await lobby.conn.send(create)
    assert (await lobby.conn.next("welcome", "error"))["code"] == "seated"


async def test_a_name_is_cleaned_as_a_chat_line_is(server_url: str, clients: list[Client]) -> None:
    hostile = "A\x1b[31mB\x1b]0;t\x07C"
    ann = await TableClient.create(server_url, "pazaak", ["human", "human"], hostile)
    clients.append(ann)
    await ann.chat(hostile)
    chat = await ann.conn.next("chat")
    seats = (await ann.until_update(lambda u: True, "Ann's first update"))["seats"]
    assert seats[0]["name"] == chat["text"]


async def test_flip7_lines_name_the_readers_seat_you(
    server_url: str, clients: list[Client]
) -> None:
    solo = await TableClient.create(server_url, "flip7", ["human"], "Ann")
    clients.append(solo)
    first = await solo.until_update(lambda u: bool(u["legal"]), "Ann's first turn")
    await solo.move(first["ply"], {"type": "Stay"})
    await solo.until_update(lambda u: u["ply"] > first["ply"], "the move played")
    assert solo.lines() and not any("Player 1" in line for line in solo.lines()), solo.lines()


async def test_a_bad_option_value_is_refused_naming_the_option(server_url: str) -> None:
    conn = await Connection.open(server_url)
    bad = {"type": "create", "version": 4, "game": "pazaak", "seats": ["human", "human"]}
    error = await refused(conn, {**bad, "options": {"main_deck": "bottomless"}}, "options")
    await conn.close()
    assert "main_deck" in error["message"] and "'endless'" in error["message"], error
