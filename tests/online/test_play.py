"""Every game played to the end through a real server, watched by a spectator."""

from __future__ import annotations

import pytest

from cardtable.core.codec import Decoder
from cardtable.core.match import Match
from cardtable.games.registry import get
from tests.online.conftest import Running, play_out, until

TABLES = [
    ("pazaak", ["human", "human"], {}),
    ("pazu-pazaak", ["human", "easy", "human"], {"max_sets": "3"}),
    ("pixies", ["human", "human", "easy"], {}),
    ("flip7", ["human", "easy", "human"], {}),
]


@pytest.mark.parametrize(("game", "seats", "options"), TABLES, ids=[t[0] for t in TABLES])
async def test_every_game_plays_to_the_end(
    server: Running, game: str, seats: list[str], options: dict[str, str]
) -> None:
    players = await server.table(game, seats, **options)
    host = players[0]
    spectator = await server.seated(game, {"type": "watch", "code": host.watch})
    assert host.seed is None and spectator.viewer is None
    assert [p.viewer for p in players] == [i for i, w in enumerate(seats) if w == "human"]
    await play_out(players)
    await until(lambda: spectator.is_over, "the spectator to see the end")
    # everyone sees the same result; the seed is told once the game is over
    assert all(p.outcome == host.outcome for p in (*players, spectator))
    assert host.seed is not None
    # the server's store holds exactly the game everybody saw
    table = next(iter(server.game.tables.values()))
    store = server.game.store
    decoder = Decoder(get(game).rules.action_types)
    actions = [decoder.decode(a) for a in store.actions(table.id)]
    replayed = Match.replay(get(game).rules, host.config, host.seed, actions)
    assert replayed.outcome == host.outcome
    assert replayed.observe(None) == spectator.observe()
    assert len(host.history()) == len(actions) + 1 == host.ply + 1


async def test_a_rematch_starts_a_new_game_with_the_same_seats(server: Running) -> None:
    players = await server.table("pazaak", ["human", "human"])
    await play_out(players)
    first = players[0]._update.game_id
    for player in players:
        assert player.again() is player
    await until(lambda: all(p.ready.is_set() for p in players), "the rematch")
    assert all(p.ply == 0 and not p.is_over for p in players)
    assert [await p.settled() for p in players] == ["begun", "begun"]
    assert players[0]._update.game_id != first and players[0].seed is None
    assert [p.viewer for p in players] == [0, 1]
    await play_out(players)
    assert players[0].outcome == players[1].outcome is not None


async def test_join_with_a_bot_plays_headless_and_prints_the_result(
    server: Running, capsys: pytest.CaptureFixture[str]
) -> None:
    import asyncio
    import json

    from cardtable.cli import build_parser
    from cardtable.online.botclient import BotSeat
    from cardtable.tools.online import run_online_command

    host = await server.seated(
        "pazaak", {"type": "create", "game": "pazaak", "seats": ["human", "human"]}
    )
    playing = asyncio.get_running_loop().create_task(BotSeat(host, "easy").play(30))
    # as the command line reads it, so every option the command looks at is there
    argv = ["join", host.invite, "--server", server.url, "--name", "Bot", "--bot", "easy"]
    args = build_parser().parse_args([*argv, "--json"])
    assert await asyncio.to_thread(run_online_command, args) == 0
    await playing
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["game"] == "pazaak" and result["seat"] == 1
    assert result["winners"] == list(host.outcome.winners) and result["seed"] == host.seed
