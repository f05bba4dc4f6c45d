"""The lobby commands as people run them, against a real `cardtable serve` process: headless bot
seekers and the leaderboard, and a server killed (-9) while rated games end."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cardtable.online import protocol as wire
from cardtable.online.botclient import BotSeat
from cardtable.online.identity import load_or_create, tag
from cardtable.online.lobbyclient import LobbyClient, seat_session
from cardtable.online.remote import RemoteSession
from cardtable.online.seeker import matched
from cardtable.session.base import RatingsChanged
from tests.cluster.nodes import Node, free_port, listening
from tests.online.conftest import PATIENCE, until


def env_for(home: Path) -> dict[str, str]:
    return {**os.environ, "CARDTABLE_HOME": str(home)}


@pytest.fixture
async def serve(tmp_path: Path) -> AsyncIterator[tuple[Node, Path]]:
    node = Node("lobby", free_port(), tmp_path / "serve.log")
    db = tmp_path / "server.sqlite3"
    with node.log.open("ab") as log:
        node.process = subprocess.Popen(
            [sys.executable, "-m", "cardtable", "serve", "--port", str(node.port), "--db", str(db)],
            stdout=log,
            stderr=log,
            env=env_for(tmp_path / "server-home"),
        )
    await listening(node)
    yield node, db
    if node.process.poll() is None:
        node.process.kill()
        node.process.wait(PATIENCE)


async def run(words: list[str], home: Path, typed: str | None = None) -> tuple[int, str]:
    """``cardtable WORDS`` with its own data folder; ``typed``: what is typed into it."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "cardtable",
        *words,
        stdin=None if typed is None else asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        env=env_for(home),
    )
    given = None if typed is None else typed.encode()
    out, _ = await asyncio.wait_for(process.communicate(given), 120)
    assert process.returncode is not None
    return process.returncode, out.decode()


@pytest.mark.timeout(180)
async def test_bot_seekers_play_rated_games_and_the_leaderboard_lists_them(
    serve: tuple[Node, Path], tmp_path: Path
) -> None:
    node, _db = serve
    seekers = [
        run(
            ["seek", "pazaak", "--rated", "--bot", "easy", "--games", "2", "--name", f"Bot{n}"]
            + ["--server", node.url, "--json"],
            tmp_path / f"seeker{n}",
        )
        for n in range(2)
    ]
    for code, out in await asyncio.gather(*seekers):
        assert code == 0, out
        games = [json.loads(line) for line in out.splitlines()]
        assert len(games) == 2
        assert all(g["rated"] and g["change"] and g["not_rated"] is None for g in games)
    code, out = await run(["top", "pazaak", "--json", "--server", node.url], tmp_path / "reader")
    assert code == 0, out
    rows = json.loads(out)
    assert sorted(row["name"] for row in rows) == ["Bot0", "Bot1"]
    assert all(row["games"] == 2 and row["bot"] and row["provisional"] for row in rows)
    code, out = await run(["whoami", "--server", node.url], tmp_path / "seeker0")
    assert code == 0 and "Pazaak: 1," in out and "(2 games)" in out, out


async def play_rated_games(url: str, home: Path, rated: asyncio.Event) -> None:
    """Seek and play rated Pazaak until the connection goes; ``rated`` is set at the first
    rating change this player hears of."""
    client = await LobbyClient.open(url, home.name, load_or_create(home))
    try:
        while True:
            await client.seek("pazaak", True)
            session = seat_session(url, await matched(client, PATIENCE))
            session.connect(
                lambda change: rated.set() if isinstance(change, RatingsChanged) else None,
                lambda callback: callback(),
            )
            await BotSeat(session, "easy").play(PATIENCE)
            session.close()
    finally:
        await client.close()


@pytest.mark.timeout(180)
async def test_a_server_killed_as_rated_games_end_keeps_results_and_ratings_consistent(
    serve: tuple[Node, Path], tmp_path: Path
) -> None:
    node, db = serve
    rated = asyncio.Event()
    players = [
        asyncio.create_task(play_rated_games(node.url, tmp_path / f"player{n}", rated))
        for n in range(4)
    ]
    await asyncio.wait_for(rated.wait(), 60)
    # a moment later, while two tables play on (moves, game ends, results), the server dies:
    # the moment is drawn at random on purpose, so this sleep is the test's, not a wait
    await asyncio.sleep(random.Random(38).uniform(0.0, 0.3))
    assert node.process is not None
    node.process.send_signal(signal.SIGKILL)
    node.process.wait(PATIENCE)
    for task in players:
        task.cancel()
    await asyncio.gather(*players, return_exceptions=True)
    code, out = await run(["serve", "--recompute-ratings", "--db", str(db)], tmp_path / "check")
    assert code == 0, out
    assert "every stored rating was right" in out
    with sqlite3.connect(db) as check:
        results = check.execute("SELECT count(*) FROM results").fetchone()[0]
        unfinished = check.execute(
            "SELECT count(*) FROM results r JOIN tables t ON t.id = r.tbl WHERE t.finished = 0"
        ).fetchone()[0]
        players_rated = check.execute("SELECT count(DISTINCT player) FROM ratings").fetchone()[0]
    assert results >= 1 and unfinished == 0 and players_rated >= 2


@pytest.mark.timeout(180)
async def test_the_lobby_bench_reports_every_figure(tmp_path: Path) -> None:
    words = ["bench", "lobby", "--json", "--seekers", "40", "--players", "500"]
    words += ["--listed", "20", "--watchers", "3", "--rate", "5", "--playing", "4"]
    words += ["--think", "0.2", "--warmup", "0.5", "--seconds", "2", "--procs", "1"]
    code, out = await run(words, tmp_path / "bench")
    assert code == 0, out
    figures = json.loads(out)
    pazaak, pazu = figures["waves"]
    assert pazaak["seated"] == 2 * pazaak["tables"] and pazu["seated"] <= 40
    assert figures["leaderboard"]["players"] == 500 and figures["leaderboard"]["rank"] >= 1
    listing = figures["listing"]
    # every change made reached every watcher, and the tables played meanwhile
    assert listing["tables"] == 20 and listing["changes"] >= 1 and listing["missed"] == 0
    assert listing["change_failures"] == {} and listing["watchers_closed"] == 0
    assert 0 < listing["p50_ms"] <= listing["p99_ms"] <= listing["max_ms"]
    moves = listing["moves"]
    assert moves["tables"] == 4 and moves["achieved_moves_per_s"] > 0 and moves["errors"] == 0


async def test_a_player_with_a_key_who_joins_a_listed_table_shows_with_tag_and_rating(
    serve: tuple[Node, Path], tmp_path: Path
) -> None:
    """`cardtable join` signs the seat in when the data folder holds a key: the lobby row shows
    the guest as Name#tag with a rating; the host, who has none here, by the bare name."""
    node, _db = serve
    home = tmp_path / "guest"
    key = load_or_create(home / "data")
    watcher = await LobbyClient.open(node.url, "Watcher")
    await watcher.subscribe()
    create = {"type": "create", "game": "pazaak", "seats": ["human", "human"], "listed": True}
    host = RemoteSession(None, node.url, create)
    playing = asyncio.create_task(BotSeat(host, "easy").play(PATIENCE))
    await until(lambda: bool(host.invite), "the invite code")
    joining = asyncio.create_task(
        run(["join", host.invite, "--name", "Bo", "--bot", "easy", "--server", node.url], home)
    )
    while True:
        news = await watcher.next_news(PATIENCE)
        if isinstance(news, wire.Listed) and news.table.taken == 2 and news.table.players[1].tag:
            break
    host_row, guest_row = news.table.players
    assert (guest_row.name, guest_row.tag, guest_row.rating) == ("Bo", tag(key.player), "1,500?")
    assert (host_row.name, host_row.tag, host_row.rating) == ("Host", None, None)
    await playing
    code, out = await joining
    assert code == 0, out
    host.close()
    await watcher.close()


@pytest.mark.timeout(180)
async def test_a_person_seeks_in_the_plain_line_mode_and_plays_the_match_to_its_end(
    serve: tuple[Node, Path], tmp_path: Path
) -> None:
    """`cardtable seek --plain` takes the matched seat before it leaves the pool (leaving first
    gave the seat up: 'that seat token is not known here'), then plays on standard input."""
    node, _db = serve
    bot = asyncio.ensure_future(
        run(
            ["seek", "pazaak", "--rated", "--bot", "easy", "--server", node.url, "--json"],
            tmp_path / "bot",
        )
    )
    person = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "cardtable",
        *["seek", "pazaak", "--rated", "--plain", "--name", "Ann", "--server", node.url],
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        env=env_for(tmp_path / "ann"),
    )
    # "1" ends every turn, then quits at the match's end
    said, _ = await asyncio.wait_for(person.communicate(b"1\n" * 400), 120)
    (code, out), text = await bot, said.decode()
    assert person.returncode == 0 and "\x1b" not in text, text
    matched = text[text.index("Matched: ") : text.index("Connecting to")]  # seats in any order
    assert "Ann#" in matched and "Invite code" not in text, text
    assert "Pazaak: " in text and " won (" in text, text
    assert code == 0 and json.loads(out.splitlines()[-1])["rated"], out
