"""The server as docs/PROTOCOL.md describes it, played by a client written from that page alone
(client.py): friends at a table, rated and casual quick match, the live lobby, and every kind
of refusal. Each test talks to a real `cardtable serve` on 127.0.0.1; every wait is bounded
(client.PATIENCE) and every game loop is bounded in moves."""

from __future__ import annotations

import asyncio
import base64
import json
from collections import Counter

import pytest
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from tests.protocol_client.client import (
    Client,
    Connection,
    Identity,
    LobbyClient,
    Message,
    TableClient,
    quick_match,
    steady_pazaak,
)
from tests.protocol_client.doc_examples import page_gaps
from tests.protocol_client.expect import refused


def chat_lines(client: TableClient) -> list[tuple[int | None, str, str]]:
    return [(m["seat"], m["name"], m["text"]) for m in client.conn.of_type("chat")]


async def hears(client: TableClient, lines: list[tuple[int | None, str, str]]) -> None:
    await client.conn.until(lambda: chat_lines(client) == lines, f"the chat lines {lines}")


def first_to_move(
    a: TableClient, b: TableClient, update: Message
) -> tuple[TableClient, TableClient]:
    """(the seat to move, the other) at `update`."""
    return (a, b) if update["to_move"] == a.seat else (b, a)


def test_a_key_is_named_as_the_document_says() -> None:
    """The document's recipe for the key line and the player id agrees with OpenSSH's own
    encoding of the key (cryptography writes it as ssh-keygen does)."""
    key = Identity.new()
    openssh = key.key.public_key().public_bytes(Encoding.OpenSSH, PublicFormat.OpenSSH)
    assert key.public_line == openssh.decode()
    assert key.player.startswith("SHA256:") and len(key.player) == 7 + 43
    assert "=" not in key.player and len(key.tag) == 4 and not {"+", "/"} & set(key.tag)


# --- (a) friends at a table ------------------------------------------------------------------


async def test_two_friends_play_a_pazaak_match_to_its_end_while_a_third_watches(
    server_url: str, clients: list[Client]
) -> None:
    ann = await TableClient.create(
        server_url,
        "pazaak",
        ["human", "human"],
        "Ann",
        options={"main_deck": "endless", "opener": "loser", "decks": "balanced,gold"},
    )
    clients.append(ann)
    assert ann.seat == 0 and ann.welcome["token"] and ann.invite and ann.watch_code
    # a Pazaak side deck is a seat's secret: the options come only with the game's end
    assert ann.welcome["config"] is None
    alone = await ann.until_update(lambda u: True, "Ann's first update")
    assert alone["fresh"] and alone["waiting"] and alone["legal"] == []
    assert [seat["name"] for seat in alone["seats"]] == ["Ann", "Player 2"]

    bo = await TableClient.join(server_url, ann.invite, "Bo")
    cy = await TableClient.watch(server_url, ann.watch_code, "Cy")
    clients += [bo, cy]
    assert bo.seat == 1 and bo.welcome["token"] != ann.welcome["token"]
    assert (cy.seat, cy.welcome["token"], cy.welcome["invite"]) == (None, None, None)
    seated = await ann.until_update(lambda u: not u["waiting"], "the table to fill")
    assert [(s["name"], s["connected"]) for s in seated["seats"]] == [("Ann", True), ("Bo", True)]

    await bo.chat("gl hf")
    await cy.chat("go Ann")
    heard = [(1, "Bo", "gl hf"), (None, "Cy (watching)", "go Ann")]
    for client in (ann, bo, cy):
        await hears(client, heard)

    ann_end, bo_end = await asyncio.gather(
        ann.play_to_end(steady_pazaak), bo.play_to_end(steady_pazaak)
    )
    cy_end = await cy.until_update(lambda u: u["outcome"] is not None, "the end, watching")
    for end in (ann_end, bo_end, cy_end):
        assert end["outcome"] == ann_end["outcome"] and end["to_move"] is None
        assert end["legal"] == [] and end["ply"] == ann_end["ply"]
        # enough to replay the whole game: the seed, every action, the options
        assert end["seed"] is not None and len(end["actions"]) == end["ply"]
        assert end["config"] is not None
    assert len(ann_end["outcome"]["winners"]) == 1
    # the spectator was never offered a move, and the log is written for each reader
    assert all(update["legal"] == [] for update in cy.conn.of_type("update"))
    assert any(line.startswith("You ") for line in ann.lines())
    assert any(line.startswith("Player 2 ") for line in ann.lines())
    assert any(line.startswith("Player 1 ") for line in bo.lines())
    assert not any("You" in line for line in cy.lines())

    await bo.leave()
    gone = await ann.until_update(lambda u: not u["seats"][1]["connected"], "Bo shown away")
    assert gone["seats"][1]["name"] == "Bo"


async def test_refused_moves_change_nothing_and_the_game_goes_on(
    server_url: str, clients: list[Client]
) -> None:
    ann = await TableClient.create(server_url, "pazaak", ["human", "human"], "Ann")
    clients.append(ann)
    ply = (await ann.until_update(lambda u: True, "Ann's first update"))["ply"]
    await refused(ann.conn, {"type": "move", "ply": ply, "action": {"type": "Stand"}}, "waiting")
    bo = await TableClient.join(server_url, ann.invite, "Bo")
    cy = await TableClient.watch(server_url, ann.invite)  # an invite code watches too
    clients += [bo, cy]
    late = await Connection.open(server_url)
    await refused(late, {"type": "join", "version": 4, "code": ann.invite}, "full")
    await late.close()
    start = await ann.until_update(lambda u: not u["waiting"], "the table to fill")
    mover, other = first_to_move(ann, bo, start)
    stand = {"type": "Stand"}
    await refused(other.conn, {"type": "move", "ply": ply, "action": stand}, "turn")
    await refused(mover.conn, {"type": "move", "ply": ply + 5, "action": stand}, "stale")
    await refused(mover.conn, {"type": "move", "ply": ply, "action": {"type": "Fly"}}, "action")
    far_card = {"type": "PlaySide", "index": 9, "value": 1}
    await refused(mover.conn, {"type": "move", "ply": ply, "action": far_card}, "illegal")
    await refused(mover.conn, {"type": "move", "ply": "0", "action": stand}, "invalid")
    await refused(cy.conn, {"type": "move", "ply": ply, "action": stand}, "spectator")
    await refused(mover.conn, {"type": "rematch"}, "rematch")
    # during the game a spectator's rematch is refused as early as anyone's
    await refused(cy.conn, {"type": "rematch"}, "rematch")
    await refused(mover.conn, {"type": "chat", "text": " \t "}, "chat")
    await refused(mover.conn, {"type": "chat", "text": "x" * 201}, "chat")
    await refused(mover.conn, {"type": "whoami"}, "hello")
    await refused(mover.conn, {"type": "sign_in", "key": "k", "signature": "s"}, "hello")
    await refused(mover.conn, {"type": "watch", "version": 4, "code": ann.watch_code}, "seated")
    still = await mover.until_update(lambda u: True, "the table after the refusals")
    assert still["ply"] == ply and still["to_move"] == start["to_move"]

    end, _ = await asyncio.gather(
        mover.play_to_end(steady_pazaak), other.play_to_end(steady_pazaak)
    )
    await refused(mover.conn, {"type": "move", "ply": end["ply"], "action": stand}, "over")
    await refused(cy.conn, {"type": "rematch"}, "spectator")

    # both ask again: a new game (a new game_id, a fresh log) at the same table
    await ann.conn.send({"type": "rematch"})
    await bo.conn.send({"type": "rematch"})
    again = await ann.until_update(lambda u: u["game_id"] != end["game_id"], "the rematch")
    assert again["fresh"] and again["ply"] == 0 and again["outcome"] is None


# --- (b) quick match --------------------------------------------------------------------------


async def test_signed_in_players_seek_rated_pazaak_and_both_see_their_ratings_move(
    server_url: str, clients: list[Client]
) -> None:
    keys = [Identity.new(), Identity.new()]
    lobbies = [await LobbyClient.open(server_url, name) for name in ("Ann", "Bo")]
    watcher = await LobbyClient.open(server_url, "Pat")
    clients += [*lobbies, watcher]
    await watcher.subscribe()
    anonymous = await lobbies[0].whoami()
    assert (anonymous["player"], anonymous["tag"], anonymous["name"]) == (None, None, "Ann")
    for lobby, key in zip(lobbies, keys, strict=True):
        you = await lobby.sign_in(key)
        # the player id and tag are the ones the document says how to compute
        assert (you["player"], you["tag"], you["ratings"]) == (key.player, key.tag, {})

    (matched, table_a), (_, table_b) = await asyncio.gather(
        *(quick_match(server_url, lobby, "pazaak", rated=True) for lobby in lobbies)
    )
    tables = [table_a, table_b]
    clients += tables
    assert matched["rated"] and matched["game"] == "pazaak" and matched["within"] > 0
    assert sorted(p["tag"] for p in matched["players"]) == sorted(k.tag for k in keys)
    assert {t.seat for t in tables} == {0, 1}
    # the reserved seat was taken by `resume`: its welcome holds no new token
    assert all(t.welcome["token"] is None for t in tables)

    ends = await asyncio.gather(*(t.play_to_end(steady_pazaak) for t in tables))
    (winner,) = ends[0]["outcome"]["winners"]
    # the lobby listed the table while it played: rated, no invite, both players tagged
    code = table_a.watch_code
    await watcher.conn.until(
        lambda: {"type": "unlisted", "watch": code} in watcher.conn.heard, "the table unlisted"
    )
    (row,) = [m["table"] for m in watcher.conn.of_type("listed") if m["table"]["watch"] == code]
    assert row["rated"] and row["invite"] is None and row["taken"] == 2
    assert sorted(p["tag"] for p in row["players"]) == sorted(k.tag for k in keys)
    rated = [await t.conn.next("rated") for t in tables]
    assert rated[0] == rated[1] and rated[0]["counted"] and rated[0]["reason"] is None
    changes = rated[0]["changes"]  # in seat order
    seat_of = {t.seat: key for t, key in zip(tables, keys, strict=True)}
    assert [c["player"] for c in changes] == [seat_of[0].player, seat_of[1].player]
    for seat, change in enumerate(changes):
        before, after = change["before"], change["after"]
        assert (before["games"], before["display"], before["shown"]) == (0, 1500, "1,500?")
        assert after["games"] == 1 and after["provisional"]
        assert (after["mu"] > before["mu"]) == (seat == winner)
        # the shown number and the conservative rating, as the document defines them
        assert after["display"] == round(1500 + (after["mu"] - 25) * 29.53)
        assert after["conservative"] == pytest.approx(after["mu"] - 3 * after["sigma"])
        assert change["text"].startswith("1,500? → ")

    mine = {change["player"]: change["after"] for change in changes}
    for lobby, key in zip(lobbies, keys, strict=True):
        you = await lobby.whoami()
        assert you["ratings"] == {"pazaak": mine[key.player]} and you["finish_rate"] == 1.0
        board = await lobby.top("pazaak", everyone=True, limit=1000)
        assert {k.player for k in keys} <= {row["player"] for row in board["rows"]}
        assert board["you"]["player"] == key.player and board["you"]["rank"] is None
        ranked = await lobby.top("pazaak")
        # provisional players are listed only with "everyone"
        assert key.player not in {row["player"] for row in ranked["rows"]}
    # `offset` and `limit` page through the same rows
    pages = [await lobbies[0].top("pazaak", everyone=True, limit=1, offset=n) for n in (0, 1)]
    assert [page["offset"] for page in pages] == [0, 1]
    assert [page["rows"] for page in pages] == [[row] for row in board["rows"][:2]]


async def test_anonymous_players_seek_a_casual_game_and_play_it_out(
    server_url: str, clients: list[Client]
) -> None:
    lobbies = [await LobbyClient.open(server_url, name) for name in ("Di", "Ed")]
    clients += lobbies
    seeking = await lobbies[0].seek("pazaak", rated=False)
    assert (seeking["rated"], seeking["seats"], seeking["range"]) == (False, [2, 2], 100)
    # a cancel takes the ticket back; a second one is answered all the same
    assert (await lobbies[0].cancel())["type"] == "cancelled"
    assert (await lobbies[0].cancel())["type"] == "cancelled"
    (matched, table_a), (_, table_b) = await asyncio.gather(
        *(quick_match(server_url, lobby, "pazaak", rated=False) for lobby in lobbies)
    )
    clients += [table_a, table_b]
    assert not matched["rated"] and [p["tag"] for p in matched["players"]] == [None, None]
    await refused(lobbies[0].conn, {"type": "seek", "game": "pazaak", "rated": False}, "seek")
    ends = await asyncio.gather(*(t.play_to_end(steady_pazaak) for t in (table_a, table_b)))
    assert ends[0]["outcome"] == ends[1]["outcome"]
    assert (await lobbies[0].whoami())["ratings"] == {}


async def test_seeking_from_a_second_connection_of_the_same_key_moves_the_ticket(
    server_url: str, clients: list[Client]
) -> None:
    key = Identity.new()
    first, second = [await LobbyClient.open(server_url, "Max") for _ in range(2)]
    clients += [first, second]
    for lobby in (first, second):
        await lobby.sign_in(key)
    assert (await first.seek("pixies", rated=True, seats=[4, 5]))["seats"] == [4, 5]
    assert (await second.seek("pixies", rated=True, seats=[3, 5]))["seats"] == [3, 5]
    assert (await first.conn.next("cancelled"))["message"]
    # later waves come to the connection that holds the ticket now
    wave = await second.conn.next("seeking")
    assert wave["seats"] == [3, 5] and wave["range"] == pytest.approx(
        100 + 10 * wave["waited"], abs=2
    )
    await second.cancel()


async def test_the_first_to_sit_at_a_quick_match_table_moves_once_everyone_has(
    server_url: str, clients: list[Client]
) -> None:
    """A quick-match table is `waiting` until every matched player has sat down: the seat to move
    is offered no `legal` actions and a move is refused as `waiting`; the update that ends the
    wait offers them. Who opens is the deal's choice: matches are
    made until the first to sit is the one to move (a coin toss each, bounded)."""
    for _ in range(16):
        lobbies = [await LobbyClient.open(server_url, name) for name in ("Kit", "Lou")]
        clients += lobbies
        for lobby in lobbies:
            await lobby.seek("pazaak", rated=False)
        early, late = [await lobby.matched() for lobby in lobbies]
        first = await TableClient.resume(server_url, early["token"])
        clients.append(first)
        alone = await first.until_update(lambda u: True, "the first seat's update")
        if alone["to_move"] == first.seat:
            break
        for conn in [lobby.conn for lobby in lobbies] + [first.conn]:
            await conn.close()
    else:
        raise AssertionError("the first to sit was never the one to move in 16 matches")
    assert alone["waiting"] and alone["legal"] == []
    assert [seat["connected"] for seat in alone["seats"]][late["seat"]] is False
    await refused(first.conn, {"type": "move", "ply": 0, "action": {"type": "Stand"}}, "waiting")

    second = await TableClient.resume(server_url, late["token"])
    clients.append(second)
    ready = await first.until_update(lambda u: not u["waiting"], "the end of the wait")
    assert all(seat["connected"] for seat in ready["seats"]) and ready["legal"]
    ends = await asyncio.gather(first.play_to_end(steady_pazaak), second.play_to_end(steady_pazaak))
    assert ends[0]["outcome"] == ends[1]["outcome"]


@pytest.mark.timeout(60)  # the match's 15 s to sit down, and a wave
async def test_a_match_somebody_does_not_sit_down_at_is_called_off(
    server_url: str, clients: list[Client]
) -> None:
    lobbies = [await LobbyClient.open(server_url, name) for name in ("Ned", "Oz")]
    clients += lobbies
    for lobby in lobbies:
        await lobby.seek("pazaak", rated=False)
    taken, missed = [await lobby.matched() for lobby in lobbies]
    table = await TableClient.resume(server_url, taken["token"])
    clients.append(table)
    # the one who sat is put back in the pool, at the front; the other's ticket is gone
    called_off = await lobbies[0].conn.next("called_off")
    assert called_off == {"type": "called_off", "match": taken["match"], "requeued": True}
    assert not page_gaps(called_off)
    assert (await lobbies[0].conn.next("seeking"))["game"] == "pazaak"
    assert not (await lobbies[1].conn.next("called_off"))["requeued"]
    # and the table connection of the one who sat is closed
    assert await table.conn.closed() == 1000
    assert table.conn.close_reason == "the match was called off"
    assert missed["match"] == taken["match"]
    await lobbies[0].cancel()


# --- (c) the lobby -----------------------------------------------------------------------------


async def test_the_lobby_sees_a_listed_table_appear_fill_and_close(
    server_url: str, clients: list[Client]
) -> None:
    watcher = await LobbyClient.open(server_url, "Fay")
    clients.append(watcher)
    assert isinstance((await watcher.subscribe())["tables"], list)

    key = Identity.new()
    ann = await TableClient.create(
        server_url, "pazaak", ["human", "human"], "Ann", listed=True, identify=True
    )
    clients.append(ann)
    await ann.sign_in(key)
    code = ann.watch_code

    def ann_signed_in(rows: dict[str, Message]) -> bool:
        return code in rows and rows[code]["players"][0]["tag"] == key.tag

    await watcher.until_tables(ann_signed_in, "Ann's table listed with her tag")
    row = watcher.tables()[code]
    assert (row["invite"], row["game"], row["seats"], row["taken"]) == (ann.invite, "pazaak", 2, 1)
    assert row["players"] == [
        {"name": "Ann", "tag": key.tag, "rating": "1,500?", "bot": False, "finish_rate": None}
    ]
    assert not row["rated"] and row["options"] == {}
    # a row never holds a seat's token or a key
    listed = json.dumps(watcher.conn.heard)
    assert ann.welcome["token"] not in listed and key.public_line.split()[1] not in listed

    bo = await TableClient.join(server_url, ann.invite, "Bo")
    clients.append(bo)
    await watcher.until_tables(
        lambda rows: code in rows and rows[code]["taken"] == 2, "the row to show two seated"
    )
    full = watcher.tables()[code]
    assert full["invite"] is None and [p["name"] for p in full["players"]] == ["Ann", "Bo"]
    assert full["players"][1]["tag"] is None  # Bo did not sign in: a bare name

    end, _ = await asyncio.gather(ann.play_to_end(steady_pazaak), bo.play_to_end(steady_pazaak))
    await watcher.until_tables(lambda rows: code not in rows, "the row to go at the game's end")
    await ann.conn.send({"type": "rematch"})
    await bo.conn.send({"type": "rematch"})
    await ann.until_update(lambda u: u["game_id"] != end["game_id"], "the rematch")

    # a second table is listed after the rematch began, and its host leaves before anyone
    # comes: it goes too. Messages come in order, so once it is seen, a relisting of the
    # rematch would have been seen first
    solo = await TableClient.create(server_url, "pazaak", ["human", "human"], "Gus", listed=True)
    await watcher.until_tables(lambda rows: solo.watch_code in rows, "Gus's table listed")
    assert code not in watcher.tables(), "a rematch does not list the table again"
    await solo.leave()
    await watcher.until_tables(lambda rows: solo.watch_code not in rows, "Gus's table gone")


# --- (d) malformed and forged messages --------------------------------------------------------


async def test_malformed_first_messages_are_refused_and_the_connection_carries_on(
    server_url: str,
) -> None:
    conn = await Connection.open(server_url)
    lobby = {"type": "lobby", "version": 4}
    table = {"type": "create", "version": 4, "game": "pazaak", "seats": ["human", "human"]}
    cases: list[tuple[Message | str, str, str]] = [
        ("not json", "invalid", "JSON"),
        ("[1, 2]", "invalid", "object"),
        ({"type": "bogus"}, "invalid", "bogus"),
        ({**lobby, "colour": "red"}, "invalid", "colour"),
        ({**lobby, "version": "4"}, "invalid", "version"),
        ({**lobby, "version": True}, "invalid", "version"),
        ({"type": "lobby"}, "invalid", "version"),
        ({"type": "move", "ply": 0, "action": {"type": "Stand"}}, "hello", ""),
        ({"type": "seek", "game": "pazaak", "rated": False}, "hello", ""),
        ({"type": "join", "version": 4, "code": "abc"}, "invalid", "code"),
        ({"type": "join", "version": 4, "code": "QQQQQ"}, "code", "QQQQQ"),
        ({"type": "watch", "version": 4, "code": "QQQQQ"}, "code", "QQQQQ"),
        ({"type": "resume", "version": 4, "token": "nope"}, "invalid", "token"),
        ({"type": "resume", "version": 4, "token": "A" * 32}, "token", ""),
        ({**table, "name": "You"}, "invalid", "You"),
        ({**table, "name": " \u200b "}, "invalid", ""),
        ({**table, "name": "x" * 21}, "invalid", "20"),
        ({**table, "game": "chess"}, "game", "chess"),
        ({**table, "seats": ["human", "human", "human"]}, "seats", ""),
        ({**table, "seats": ["easy", "easy"]}, "seats", "human"),
        ({**table, "seats": ["human", "genius"]}, "seats", "genius"),
        ({**table, "options": {"colour": "red"}}, "options", "colour"),
        ({**table, "options": {"main_deck": "bottomless"}}, "options", ""),
        (json.dumps({**lobby, "name": "x" * 4100}), "size", "4096"),
    ]
    for message, code, says in cases:
        error = await refused(conn, message, code)
        assert says in error["message"], (message, error)
    # a binary frame holding the same JSON is read as text
    await conn.send(json.dumps({**lobby, "name": "Hal"}).encode())
    await conn.next("challenge")
    await refused(conn, lobby, "seated")
    await refused(conn, {"type": "chat", "text": "hi"}, "hello")
    assert (await LobbyClient(conn).whoami())["name"] == "Hal"

    await refused(conn, json.dumps({"type": "whoami", "pad": "x" * 17000}), "size")
    assert await conn.closed() == 1009


async def test_forged_and_replayed_sign_ins_are_refused_each_with_a_fresh_challenge(
    server_url: str, clients: list[Client]
) -> None:
    ann, bo = Identity.new(), Identity.new()
    lobby = await LobbyClient.open(server_url, "Ann")
    other = await LobbyClient.open(server_url, "Bo")
    clients += [lobby, other]
    conn = lobby.conn

    def answer(key: Identity, host: str | None = None) -> Message:
        return key.sign_in(conn.of_type("challenge")[-1], host or conn.host)

    async def refused_with_new_challenge(message: Message) -> None:
        spent = conn.of_type("challenge")[-1]["nonce"]
        await refused(conn, message, "sign_in")
        fresh = await conn.next("challenge")
        assert fresh["nonce"] != spent and fresh["host"] == conn.host

    await refused_with_new_challenge({**answer(ann), "key": "ssh-ed25519 AAAA"})
    zeros = base64.b64encode(bytes(64)).decode()
    await refused_with_new_challenge({**answer(ann), "signature": zeros})
    await refused_with_new_challenge({**answer(bo), "key": ann.public_line})
    await refused_with_new_challenge(answer(ann, host="cards.example.org:7777"))
    # a good signature over a nonce the last refusal spent is a replay
    replayed = answer(ann)
    await refused_with_new_challenge({**answer(ann), "signature": zeros})
    await refused_with_new_challenge(replayed)
    assert (await lobby.whoami())["player"] is None

    good = answer(ann)
    await conn.send(good)
    assert (await conn.next("you"))["player"] == ann.player
    challenges_before_the_repeats = len(conn.of_type("challenge"))
    # the same message again proves nothing: here, one key a connection, and no new challenge
    # comes; on another connection, it answers no challenge of its own
    await refused(conn, good, "sign_in")
    await refused(other.conn, good, "sign_in")
    assert (await other.whoami())["player"] is None
    assert (await lobby.whoami())["player"] == ann.player

    # rated play needs a key; a casual seeker signs in before seeking, not in the pool
    await refused(other.conn, {"type": "seek", "game": "pixies", "rated": True}, "sign_in")
    await other.seek("pixies", rated=False, seats=[4, 5])
    await refused(
        other.conn, bo.sign_in(other.conn.of_type("challenge")[-1], other.conn.host), "sign_in"
    )
    await other.cancel()
    await refused(other.conn, {"type": "seek", "game": "chess", "rated": False}, "seek")
    await refused(
        other.conn, {"type": "seek", "game": "pazaak", "rated": False, "seats": [3, 4]}, "seek"
    )
    await refused(other.conn, {"type": "top", "game": "chess"}, "game")
    await refused(other.conn, {"type": "top", "game": "pazaak", "limit": 0}, "invalid")

    # nor can a signed-in connection become another player
    await refused(conn, answer(bo), "sign_in")
    assert (await lobby.whoami())["player"] == ann.player
    assert len(conn.of_type("challenge")) == challenges_before_the_repeats


async def test_a_burst_over_the_message_rate_is_refused_and_the_connection_carries_on(
    server_url: str, clients: list[Client]
) -> None:
    lobby = await LobbyClient.open(server_url, "Ivy")
    clients.append(lobby)
    burst = 80  # well past 40 at once plus 20 a second, even on a slow machine
    for _ in range(burst):
        await lobby.conn.send({"type": "whoami"}, paced=False)
    # one answer each, in order: `you` while the burst allows, then `rate`
    replies = [await lobby.conn.next("you", "error") for _ in range(burst)]
    answers = Counter((m["type"], m.get("code")) for m in replies)
    assert set(answers) == {("you", None), ("error", "rate")}, answers
    assert answers[("you", None)] >= 39, answers  # a burst of 40, the `lobby` included
    # the bucket refills at 20 a second: within a few tries (nothing announces it) the same
    # connection is answered again
    for _ in range(50):
        await lobby.conn.send({"type": "whoami"})
        if (await lobby.conn.next("you", "error"))["type"] == "you":
            break
        await asyncio.sleep(0.1)
    else:
        raise AssertionError("the connection was never answered again after the burst")


async def test_an_old_client_hears_upgrade_and_a_silent_one_is_closed(server_url: str) -> None:
    old, silent = await Connection.open(server_url), await Connection.open(server_url)
    await old.send({"type": "lobby", "version": 3})
    upgrade = await old.next("upgrade")
    assert upgrade["version"] == 4 and "older" in upgrade["message"]
    # both are closed at the first-message deadline (10 s), with a `hello` error
    assert await asyncio.gather(old.closed(), silent.closed()) == [1008, 1008]
    for conn in (old, silent):
        assert conn.heard[-1]["type"] == "error" and conn.heard[-1]["code"] == "hello"
