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
