"""Flip 7's solo race keeps a best-score table instead of a rating (issue 38 item 4): a solo game
played against the server with the seat signed in is kept in the commit that finishes it, and
`cardtable top flip7 --solo`, the lobby's `top` with `solo` and the Leaderboard show each
player's best (fewest rounds to 200, then the most points)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from textual.widgets import DataTable, Select, Static

from cardtable.online.bestscores import BestScores, SqliteBestScores
from cardtable.online.botclient import BotSeat
from cardtable.online.identity import Identity, load_or_create, tag
from cardtable.online.journal import Journal
from cardtable.online.lobbyclient import LobbyClient, LobbyError
from cardtable.online.remote import RemoteSession
from cardtable.online.store import SqliteStore
from cardtable.persist.paths import data_dir
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.leaderboard import LeaderboardScreen
from tests.lobby.test_commands import run
from tests.online.conftest import PATIENCE, Running, until

SOLO = {"type": "create", "game": "flip7", "seats": ["human"]}


async def check_best_scores(best: BestScores, journal: Journal) -> None:
    """Each player's best is their fewest rounds then most points, players ranked by it: the
    same for every store (the cluster's tests run it on PostgreSQL)."""
    games = [  # table, player, rounds, score
        ("t1", "ann", 14, 204),
        ("t2", "ann", 12, 201),  # Ann's best: fewer rounds beats more points
        ("t3", "bo", 12, 230),  # Bo: as few rounds as Ann, more points: ahead of her
        ("t4", "cy", 12, 230),  # Cy: level with Bo, later: same rank, listed after him
        ("t5", "di", 20, 260),
    ]
    for at, (table, player, rounds, score) in enumerate(games):
        journal.write(best.keep, table, player, player.title(), "flip7", rounds, score, 1.8e9 + at)
    await journal.settled()
    journal.write(best.keep, "t2", "ann", "Ann", "flip7", 1, 999, 0.0)  # kept once: ignored
    await journal.settled()
    rows = await best.top("flip7")
    assert [(r.rank, r.player, r.rounds, r.score, r.games) for r in rows] == [
        (1, "bo", 12, 230, 1),
        (1, "cy", 12, 230, 1),
        (3, "ann", 12, 201, 2),
        (4, "di", 20, 260, 1),
    ]
    mine = await best.mine("ann", "flip7")
    assert mine is not None and (mine.rank, mine.rounds, mine.games) == (3, 12, 2)
    assert mine.name == "Ann" and mine.at.timestamp() == 1.8e9 + 1
    assert await best.mine("ann", "pazaak") is None
    assert (await best.top("flip7", 1, 3))[0].player == "di"


async def test_each_players_best_is_their_fewest_rounds_then_most_points(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "s.sqlite3")
    await check_best_scores(SqliteBestScores(store), Journal(store))


async def play_solo(server: Running, key: Identity | None) -> RemoteSession:
    """A solo Flip 7 race played to its end by the easy bot, the seat signed in with ``key``."""
    session = server.session("flip7", SOLO)
    if key is not None:
        session.identify(key)
    session.start()
    if key is not None:
        await until(lambda: session.you, "the seat signed in")
    await BotSeat(session, "easy").play(PATIENCE)
    assert session.outcome is not None
    return session


async def test_a_signed_in_solo_race_joins_the_best_scores_and_an_anonymous_one_does_not(
    server: Running, tmp_path: Path
) -> None:
    ann, bo = (load_or_create(tmp_path / who) for who in ("ann", "bo"))
    ann_games = [await play_solo(server, ann) for _ in range(2)]
    bo_game = await play_solo(server, bo)
    await play_solo(server, None)  # nobody signed in: nothing to keep
    lobby = await LobbyClient.open(server.url, "Ann", ann)

    async def kept() -> int:
        return sum(row.games for row in (await lobby.solo("flip7")).rows)

    await until(lambda: kept(), "the kept races")  # each is kept as its table finishes
    board = await lobby.solo("flip7")
    by_player = {row.player: row for row in board.rows}
    assert set(by_player) == {ann.player, bo.player}
    mine = by_player[ann.player]
    ann_best = min(
        (int(s.outcome.stats["rounds"]), -s.outcome.scores[0])  # type: ignore[union-attr,arg-type]
        for s in ann_games
    )
    assert (mine.rounds, -mine.score, mine.games, mine.tag) == (*ann_best, 2, tag(ann.player))
    assert by_player[bo.player].games == 1
    assert by_player[bo.player].rounds == bo_game.outcome.stats["rounds"]  # type: ignore[union-attr]
    assert board.you == mine and [row.rank for row in board.rows] == sorted(
        row.rank for row in board.rows
    )
    with pytest.raises(LobbyError, match="no solo game"):
        await lobby.solo("pazaak")
    await lobby.close()


async def test_top_solo_prints_the_best_scores(server: Running, tmp_path: Path) -> None:
    home = tmp_path / "ann"
    ann = load_or_create(home / "data")
    game = await play_solo(server, ann)
    lobby = await LobbyClient.open(server.url, "Ann", ann)
    await until(lambda: _any_row(lobby), "the kept race")
    await lobby.close()
    code, out = await run(["top", "flip7", "--solo", "--server", server.url], home)
    assert code == 0, out
    rounds = int(game.outcome.stats["rounds"])  # type: ignore[union-attr,arg-type]
    assert f"{rounds:>3} rounds" in out and f"#{tag(ann.player)}" in out and "1 game," in out
    code, out = await run(["top", "flip7", "--solo", "--json", "--server", server.url], home)
    assert code == 0, out
    (row,) = json.loads(out)["rows"]
    assert (row["rank"], row["player"], row["rounds"], row["games"]) == (1, ann.player, rounds, 1)
    code, out = await run(["top", "pixies", "--solo", "--server", server.url], home)
    assert code != 0 and "Pixies has no solo game" in out


async def _any_row(lobby: LobbyClient) -> bool:
    return bool((await lobby.solo("flip7")).rows)


async def test_the_leaderboard_shows_flip7_solo_best_scores_with_your_own_row(
    server: Running, tmp_path: Path
) -> None:
    me, other = load_or_create(data_dir()), load_or_create(tmp_path / "other")
    mine = await play_solo(server, me)
    await play_solo(server, other)
    lobby = await LobbyClient.open(server.url, "Me", me)
    await until(lambda: _rows(lobby, 2), "both kept races")
    await lobby.close()
    app = CardtableApp(lambda app: LeaderboardScreen(server.url), bot_pause=0)
    app.settings = replace(app.settings, name="Me")
    async with app.run_test(size=(120, 30)) as pilot:
        board = app.screen.query_one("#board", DataTable)
        choice = app.screen.query_one("#board-game", Select)
        choice.value = "flip7:solo"  # "Flip 7 solo · best scores" (refused were it not offered)
        head = app.screen.query_one("#board-head", Static)
        await until(lambda: "Best scores" in str(head.render()), "the best scores", pilot=pilot)
        await until(lambda: board.row_count == 2, "both players' bests", pilot=pilot)
        assert [str(column.label) for column in board.columns.values()][:3] == [
            "#",
            "Player",
            "Rounds",
        ]
        rows = [" | ".join(str(c) for c in board.get_row_at(n)) for n in range(2)]
        (own,) = [row for row in rows if "▸" in row]
        rounds = int(mine.outcome.stats["rounds"])  # type: ignore[union-attr,arg-type]
        assert f"Host#{tag(me.player)}" in own and f" | {rounds} | " in own  # the seat's name
        assert "fewest rounds to 200" in str(head.render())


async def _rows(lobby: LobbyClient, count: int) -> bool:
    return len((await lobby.solo("flip7")).rows) == count


async def test_hosting_a_solo_race_makes_the_players_key(server: Running, tmp_path: Path) -> None:
    """A player with no key yet who hosts a solo Flip 7 race (one seat) gets their key made and
    the seat signed in, as a listed table's host does, so the race counts among the best
    scores."""
    home = tmp_path / "solo"
    words = ["host", "flip7", "--seats", "human", "--name", "Ann", "--plain"]
    code, out = await run([*words, "--server", server.url], home, "quit\n")
    assert code == 0, out
    key = load_or_create(home / "data")  # made by the host command, read back here
    game = server.game
    assert game is not None
    (signed,) = [seats for seats in game.quick.signed.values() if seats]
    assert signed == {0: key.player}
