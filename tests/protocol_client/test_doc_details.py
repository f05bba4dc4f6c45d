"""More of docs/PROTOCOL.md, checked with the doc-written client: every game played from `legal`
alone, a dropped seat taken again with its token, names kept as data, and a rematch offer that
expires."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from tests.protocol_client.client import (
    Chooser,
    Client,
    Connection,
    LobbyClient,
    Message,
    TableClient,
    steady_pazaak,
)
from tests.protocol_client.doc_examples import page_gaps
from tests.protocol_client.expect import refused
from tests.protocol_client.server import serving


def coin(seed: int) -> Chooser:
    """Any one of the legal actions, by a seeded coin: no knowledge of the game at all."""
    toss = random.Random(seed)
    return lambda update: toss.choice(update["legal"])


@pytest.mark.parametrize(
    ("game", "players"), [("flip7", 1), ("flip7", 3), ("pixies", 2), ("pazu-pazaak", 3)]
)
async def test_every_game_plays_to_its_end_from_legal_alone(
    server_url: str, clients: list[Client], game: str, players: int
) -> None:
    """Each seat sends back one of the `legal` objects, unchanged, and the game reaches its end
    (Pazu-Pazaak's coin may seat bots between sets, which move at a person's pace)."""
    host = await TableClient.create(server_url, game, ["human"] * players, "Ann")
    clients.append(host)
    for n in range(2, players + 1):
        clients.append(await TableClient.join(server_url, host.invite, f"P{n}"))
    table = [client for client in clients if isinstance(client, TableClient)]
    ends = await asyncio.gather(
        *(seat.play_to_end(coin(n), most_moves=2000) for n, seat in enumerate(table))
    )
    assert all(end["outcome"] == ends[0]["outcome"] for end in ends)
    assert ends[0]["outcome"]["winners"]
    assert len(ends[0]["actions"]) == ends[0]["ply"] and ends[0]["config"] is not None


async def test_a_dropped_player_takes_their_seat_again_with_its_token(
    server_url: str, clients: list[Client]
) -> None:
    ann = await TableClient.create(server_url, "pazaak", ["human", "human"], "Ann")
    bo = await TableClient.join(server_url, ann.invite, "Bo")
    clients += [ann, bo]
    await ann.until_update(lambda u: not u["waiting"], "the table to fill")
    # while Bo's first connection sits there, the token is refused
    twin = await Connection.open(server_url)
    await refused(twin, {"type": "resume", "version": 4, "token": bo.welcome["token"]}, "taken")
    await twin.close()

    await bo.leave()
    await ann.until_update(lambda u: not u["seats"][1]["connected"], "Bo shown away")
    back = await TableClient.resume(server_url, bo.welcome["token"])
    clients.append(back)
    assert back.seat == 1 and back.welcome["token"] is None
    again = await back.until_update(lambda u: True, "Bo's first update back")
    assert again["fresh"] and again["moves"]  # the whole game so far, from the deal
    await ann.until_update(lambda u: u["seats"][1]["connected"], "Bo shown back")
    ends = await asyncio.gather(ann.play_to_end(steady_pazaak), back.play_to_end(steady_pazaak))
    assert ends[0]["outcome"] == ends[1]["outcome"]


async def test_names_are_cleaned_and_kept_as_data(server_url: str, clients: list[Client]) -> None:
    markup = "  [bold]Ann\t\tLee[/]  "
    ann = await TableClient.create(server_url, "pazaak", ["human", "human"], markup)
    bo = await TableClient.join(server_url, ann.invite, markup)
    spectator = await TableClient.watch(server_url, ann.watch_code)
    clients += [ann, bo, spectator]
    full = await ann.until_update(lambda u: not u["waiting"], "the table to fill")
    # white space runs become one space, markup stays as characters, a taken name gets (2)
    assert [seat["name"] for seat in full["seats"]] == ["[bold]Ann Lee[/]", "[bold]Ann Lee[/] (2)"]
    await spectator.chat("[red]hi[/]")
    heard = await ann.conn.next("chat")
    assert heard["seat"] is None and heard["name"].startswith("Spectator ")
    assert heard["text"] == "[red]hi[/]"

    unnamed = await LobbyClient.open(server_url)
    program = await LobbyClient.open(server_url, "Robo", bot=True)
    clients += [unnamed, program]
    assert (await unnamed.whoami())["name"] == "Player"
    assert (await program.whoami())["bot"] is True


@pytest.mark.timeout(90)  # the offer stands 20 s
async def test_a_rematch_offer_nobody_answers_is_withdrawn(
    server_url: str, clients: list[Client]
) -> None:
    ann = await TableClient.create(server_url, "pazaak", ["human", "human"], "Ann")
    bo = await TableClient.join(server_url, ann.invite, "Bo")
    cy = await TableClient.watch(server_url, ann.watch_code, "Cy")
    clients += [ann, bo, cy]
    await asyncio.gather(ann.play_to_end(steady_pazaak), bo.play_to_end(steady_pazaak))
    await ann.conn.send({"type": "rematch"})
    await bo.until_update(lambda u: u["seats"][0]["again"], "Ann's offer shown")
    expired = {"type": "rematch_expired", "seat": 0, "name": "Ann", "after": 20.0}
    for client in (ann, bo, cy):
        heard = await client.conn.next("rematch_expired")
        assert heard == expired and not page_gaps(heard)
        await client.until_update(lambda u: not u["seats"][0]["again"], "the offer withdrawn")


async def test_an_address_is_limited_in_tables_and_in_wrong_codes(tmp_path: Path) -> None:
    """`--tables-per-address 1 --wrong-codes 2`: a second table from the same address is
    refused as `tables` while the first is in play (a finished table stops counting once
    everyone has left it), and past two wrong codes or tokens a minute, `guesses`."""
    with serving(tmp_path, "--tables-per-address", "1", "--wrong-codes", "2") as url:
        ann = await TableClient.create(url, "pazaak", ["human", "human"], "Ann")
        bo = await TableClient.join(url, ann.invite, "Bo")
        other_table = {"type": "create", "version": 4, "game": "flip7", "seats": ["human"]}
        conn = await Connection.open(url)
        await refused(conn, other_table, "tables")
        await asyncio.gather(ann.play_to_end(steady_pazaak), bo.play_to_end(steady_pazaak))
        await ann.leave()
        await bo.leave()
        for _ in range(50):  # the server hears of the leaving on the others' connections
            await conn.send(other_table)
            answer = await conn.next("welcome", "error")
            if answer["type"] == "welcome":
                break
            assert answer["code"] == "tables", answer
            await asyncio.sleep(0.1)
        else:
            raise AssertionError("the finished table everyone left still counted after 5 s")
        await conn.close()
        conn = await Connection.open(url)

        await refused(conn, {"type": "join", "version": 4, "code": "QQQQQ"}, "code")
        await refused(conn, {"type": "resume", "version": 4, "token": "A" * 32}, "token")
        await refused(conn, {"type": "watch", "version": 4, "code": "QQQQQ"}, "guesses")
        await conn.close()


class LeaveOffered(Exception):
    """A Pazu-Pazaak seat was offered `Leave`: the rules' leave phase between sets."""

    def __init__(self, update: Message) -> None:
        super().__init__(f"seat {update['observation'].get('seat')} may leave")
        self.update = update


def stay_until_leave_is_offered(update: Message) -> Message:
    """Plays any legal action but seating bots, until `Leave` is offered."""
    if any(action["type"] == "Leave" for action in update["legal"]):
        raise LeaveOffered(update)
    kept = [a for a in update["legal"] if a["type"] not in {"SeatBot", "UnseatBot"}]
    return (kept or update["legal"])[0]


async def test_a_pazu_pazaak_newcomer_takes_a_new_seat_between_sets_and_a_leaver_cannot_resume(
    server_url: str, clients: list[Client]
) -> None:
    host = await TableClient.create(server_url, "pazu-pazaak", ["human"] * 3, "Ann")
    players = [host] + [await TableClient.join(server_url, host.invite, n) for n in ("Bo", "Cy")]
    clients += players
    playing = [asyncio.create_task(p.play_to_end(stay_until_leave_is_offered)) for p in players]
    done, waiting = await asyncio.wait(playing, return_when=asyncio.FIRST_EXCEPTION)
    for task in waiting:
        task.cancel()
    offer = next(task.exception() for task in done)
    assert isinstance(offer, LeaveOffered), offer
    (leaver,) = [p for p, task in zip(players, playing, strict=True) if task in done]
    ply = offer.update["ply"]

    newcomer = await TableClient.join(server_url, host.invite, "Dee")
    clients.append(newcomer)
    assert newcomer.seat == 3
    after = await leaver.until_update(lambda u: u["ply"] == ply + 1, "the new seat as a move")
    assert [seat["name"] for seat in after["seats"]] == ["Ann", "Bo", "Cy", "Dee"]
    leave = {"type": "Leave"}
    await refused(leaver.conn, {"type": "move", "ply": ply, "action": leave}, "stale")
    await leaver.move(ply + 1, leave)
    gone = await host.until_update(lambda u: u["seats"][leaver.seat]["left"], "the seat left")
    assert gone["seats"][leaver.seat]["name"] == after["seats"][leaver.seat]["name"]
    await leaver.leave()
    late = await Connection.open(server_url)
    await refused(late, {"type": "resume", "version": 4, "token": leaver.welcome["token"]}, "left")
    await late.close()
