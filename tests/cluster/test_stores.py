"""The action log on both backends: a game kept as played, a restart carrying on from it."""

from __future__ import annotations

import asyncio
from pathlib import Path

from cardtable.core.codec import Decoder
from cardtable.core.match import Match
from cardtable.games.registry import get
from cardtable.online.identity import load_or_create
from cardtable.online.lobbyclient import LobbyClient
from cardtable.online.seeker import seek_games
from tests.cluster.conftest import stored_actions
from tests.online.conftest import Running, play_out, until


async def test_the_store_keeps_the_game_everybody_saw(any_server: Running) -> None:
    players = await any_server.table("pazu-pazaak", ["human", "easy", "human"], max_sets="1")
    host = players[0]
    spectator = await any_server.seated("pazu-pazaak", {"type": "watch", "code": host.watch})
    await play_out(players)
    await until(lambda: spectator.is_over, "the spectator to see the end")
    assert any_server.game is not None
    table = next(iter(any_server.game.tables.values()))
    rules = get("pazu-pazaak").rules
    actions = [
        Decoder(rules.action_types).decode(a) for a in await stored_actions(any_server, table.id)
    ]
    replayed = Match.replay(rules, host.config, host.seed, actions)
    assert replayed.outcome == host.outcome is not None
    assert replayed.observe(None) == spectator.observe()
    assert len(actions) == host.ply == len(table.match.actions)


async def test_a_restarted_server_carries_on_from_either_store(any_server: Running) -> None:
    players = await any_server.table("pixies", ["human", "human", "easy"])
    playing = asyncio.get_running_loop().create_task(play_out(players))
    await until(lambda: players[0].ply >= 10, "ten moves")
    before = [p.history() for p in players]
    await any_server.stop()
    await until(lambda: all(p.connection == "reconnecting…" for p in players), "the server gone")
    await any_server.start()
    await playing
    for player, seen in zip(players, before, strict=True):
        assert player.history()[: len(seen)] == seen
    assert any_server.game is not None
    table = next(iter(any_server.game.tables.values()))
    rules = get("pixies").rules
    decoder = Decoder(rules.action_types)
    actions = [decoder.decode(a) for a in await stored_actions(any_server, table.id)]
    replayed = Match.replay(rules, players[0].config, players[0].seed, actions)
    assert replayed.outcome == players[0].outcome is not None
    for player in players:
        assert replayed.observe(player.viewer) == player.observe()


async def test_a_one_node_server_takes_a_table_s_path_too(any_server: Running) -> None:
    host, _ = await any_server.table("pazaak", ["human", "human"])
    watcher = await any_server.seated("pazaak", {"type": "watch", "code": host.watch})
    assert watcher.link.ws is not None and watcher.link.ws.request is not None
    assert watcher.link.ws.request.path == f"/t/{host.watch}" and watcher.viewer is None


async def test_a_rated_quick_match_is_kept_on_either_store(
    any_server: Running, tmp_path: Path
) -> None:
    """One node on PostgreSQL keeps ratings too: the ladder lives beside whichever log."""
    keys = [load_or_create(tmp_path / f"key{n}") for n in range(2)]
    lobbies = [
        await LobbyClient.open(any_server.url, name, key)
        for name, key in zip("AB", keys, strict=True)
    ]
    try:
        games = await asyncio.gather(
            *(seek_games(lobby, "pazaak", True, None, "easy", 1) for lobby in lobbies)
        )
        rated = games[0][0].rated
        assert rated is not None and rated.counted and len(rated.changes) == 2
        you = await lobbies[1].whoami()
        assert you.ratings["pazaak"].games == 1
    finally:
        for lobby in lobbies:
            await lobby.close()
