"""Flip 7's solo best scores on a cluster: kept in PostgreSQL in the flush that finishes the
table, ranked as on one node, and one board for every node (``cardtable top flip7 --solo`` and a
lobby's ``top`` with ``solo`` read the same rows through any node)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.games.registry import get
from cardtable.online.botclient import BotSeat
from cardtable.online.identity import Identity, load_or_create, tag
from cardtable.online.journal import Journal
from cardtable.online.lobbyclient import LobbyClient
from cardtable.online.remote import RemoteSession
from tests.cluster.nodes import Cluster, Node
from tests.lobby.test_best_scores import SOLO, check_best_scores
from tests.lobby.test_commands import run
from tests.online.conftest import PATIENCE, until

asyncpg = pytest.importorskip("asyncpg", reason="the cluster extra is not installed")
from cardtable.online.pgbestscores import PostgresBestScores  # noqa: E402
from cardtable.online.pgstore import PostgresStore  # noqa: E402


async def test_each_players_best_is_ranked_in_postgresql_as_in_sqlite(pg_dsn: str) -> None:
    store = await PostgresStore.open(pg_dsn)
    try:
        await check_best_scores(PostgresBestScores(store), Journal(store))
    finally:
        await store.close()


async def solo_race(node: Node, key: Identity) -> int:
    """A signed-in solo race played to its end through ``node``: the rounds it took."""
    session = RemoteSession(get("flip7"), node.url, {**SOLO, "name": "Racer"})
    session.identify(key)
    session.start()
    try:
        await until(lambda: session.you, "the seat signed in")
        await BotSeat(session, "easy").play(PATIENCE)
        assert session.outcome is not None
        return int(session.outcome.stats["rounds"])
    finally:
        session.close()


async def test_solo_races_on_two_nodes_make_one_board_read_from_either(
    cluster: Cluster, tmp_path: Path
) -> None:
    a, b = await cluster.start(2)
    ann, bo = (load_or_create(tmp_path / who / "data") for who in ("ann", "bo"))
    ann_rounds = await solo_race(a, ann)
    bo_rounds = await solo_race(b, bo)
    lobby = await LobbyClient.open(a.url, "Ann", ann)
    try:

        async def both_kept() -> bool:
            return len((await lobby.solo("flip7")).rows) == 2

        await until(both_kept, "both races on the board")
        board = await lobby.solo("flip7")
        rounds = {row.player: row.rounds for row in board.rows}
        assert rounds == {ann.player: ann_rounds, bo.player: bo_rounds}
        assert board.you is not None and board.you.player == ann.player
    finally:
        await lobby.close()
    # the command through the other node: the same board, Bo's own row among it
    code, out = await run(["top", "flip7", "--solo", "--json", "--server", b.url], tmp_path / "bo")
    assert code == 0, out
    shown = json.loads(out)
    assert {row["player"]: row["rounds"] for row in shown["rows"]} == rounds
    assert shown["you"]["player"] == bo.player and shown["you"]["tag"] == tag(bo.player)
