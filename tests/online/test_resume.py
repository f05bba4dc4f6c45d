"""Nothing is lost: a dropped client resumes its seat, a restarted server rebuilds its tables."""

from __future__ import annotations

import asyncio

from cardtable.core.codec import Decoder
from cardtable.core.match import Match
from cardtable.games.registry import get
from cardtable.online.botclient import BotSeat
from tests.online.conftest import PATIENCE, Running, play_out, until


async def test_a_dropped_client_resumes_its_seat_by_token(server: Running) -> None:
    host, guest = await server.table("pazaak", ["human", "human"])
    line = host.link.ws
    assert line is not None
    await line.close()  # the line drops; the session reconnects by itself
    await until(lambda: host.connection == "reconnecting…" or not host.link.connected, "the drop")
    await until(lambda: host.connection is None and host.link.connected, "the reconnect")
    assert host.viewer == 0 and guest.viewer == 1
    await play_out([host, guest])
    assert host.outcome == guest.outcome is not None


async def test_a_bot_stands_in_for_a_player_who_left_until_they_return(server: Running) -> None:
    host, guest = await server.table("pazaak", ["human", "human"])
    token = host.token
    host.close()
    await until(lambda: "(a bot plays for now)" in (guest.connection or ""), "the stand-in")
    # the guest plays on; the stand-in answers for the host
    guest_bot = BotSeat(guest, "easy")
    playing = asyncio.get_running_loop().create_task(guest_bot.play(PATIENCE))
    await until(lambda: guest.ply >= 4 or guest.is_over, "a few moves")
    back = await server.seated("pazaak", {"type": "resume", "token": token})
    assert back.viewer == 0 and back.ply >= 4
    assert len(back.log_lines()) >= len(guest.log_lines()) - 4
    await until(lambda: guest.connection is None, "the others to see the host back")
    await asyncio.gather(BotSeat(back, "easy").play(PATIENCE), playing)
    assert back.outcome == guest.outcome is not None


async def test_a_restarted_server_carries_on_from_its_store(server: Running) -> None:
    players = await server.table("pixies", ["human", "human", "easy"])
    playing = asyncio.get_running_loop().create_task(play_out(players))
    await until(lambda: players[0].ply >= 10, "ten moves")
    before = [p.history() for p in players]
    await server.stop()
    await until(lambda: all(p.connection == "reconnecting…" for p in players), "the server gone")
    await server.start()
    await playing
    host = players[0]
    # nothing anybody saw was lost or changed
    for player, seen in zip(players, before, strict=True):
        assert player.history()[: len(seen)] == seen
    # the position every client ends on is the one replayed from the store
    rules = get("pixies").rules
    table_id = next(t.id for t in server.game.tables.values())
    actions = [Decoder(rules.action_types).decode(a) for a in server.game.store.actions(table_id)]
    replayed = Match.replay(rules, host.config, host.seed, actions)
    assert replayed.outcome == host.outcome
    for player in players:
        assert replayed.observe(player.viewer) == player.observe()


async def test_a_kept_token_resumes_a_free_seat_and_never_takes_a_busy_one(
    server: Running,
) -> None:
    from cardtable.games.registry import get
    from cardtable.online.remote import RemoteSession

    create = {"type": "create", "game": "pixies", "seats": ["human", "human", "human"]}
    host = await server.seated("pixies", create)
    hello = {"type": "join", "code": host.invite, "name": "Me"}
    # the host's own token, kept on this machine: that seat is busy, so a new seat is taken
    second = RemoteSession(get("pixies"), server.url, hello, kept=host.token)
    server.sessions.append(second)
    second.start()
    await until(lambda: second.ready.is_set(), "the join")
    assert second.viewer == 1 and second.token != host.token
    # once the seat is free, the kept token takes it back
    second.hang_up()
    await until(lambda: not server.game.tables[next(iter(server.game.tables))].present(1), "gone")
    again = RemoteSession(get("pixies"), server.url, hello, kept=second.token)
    server.sessions.append(again)
    again.start()
    await until(lambda: again.ready.is_set(), "the resume")
    assert again.viewer == 1 and again.problem is None
