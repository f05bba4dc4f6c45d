"""A ``cardtable watch`` suspended at its terminal (Ctrl+Z: SIGSTOP) holds up nobody.

Its socket fills and the updates for it wait in its own outbox; the players hear every move
all the while, and once the outbox is full the server drops the watcher. Woken up (``fg``:
SIGCONT), the watch process finds its connection gone and comes back by itself.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

from cardtable.online.server import Limits
from tests.online.conftest import Running, until
from tests.online.slowpeer import churn, slow_link, stalled
from tests.web.terminal import Terminal


async def test_a_suspended_watch_process_is_dropped_and_the_players_play_on(
    tmp_path: Path,
) -> None:
    # a send never times out here: the watcher can only be dropped by its full outbox
    limits = Limits(grace=30, bot_pause=0.0, outbox=32, send_deadline=600)
    server = Running(tmp_path / "s.sqlite3", limits)
    game = await server.start()
    (tmp_path / "screen").mkdir()
    env = {**os.environ, "CARDTABLE_HOME": str(tmp_path / "home"), "TEXTUAL_ANIMATIONS": "none"}
    watcher: Terminal | None = None
    try:
        host, guest = await server.table("pazaak", ["human", "human"])
        table = next(iter(game.tables.values()))
        words = ["watch", host.watch, "--server", server.url, "--name", "Sleepy"]
        watcher = Terminal(words, tmp_path / "screen", env)
        await until(lambda: len(table.peers) == 3, "the watch process to sit down")
        await until(lambda: "Pazaak ·" in watcher.text(), "the watch process to show the table")
        (far,) = (peer for peer in table.peers if peer.seat is None)
        slow_link(far)
        os.kill(watcher.process.pid, signal.SIGSTOP)

        async def move() -> None:
            """One move, heard by both players."""
            mover = host if host.my_turn else guest
            ply = mover.ply
            mover.submit(mover.playable()[0])
            await until(lambda: min(host.ply, guest.ply) > ply, "both players to hear the move")

        for _ in range(4):
            # a stopped reader's kernel still takes more now and then (it compacts its receive
            # queue), at times all the server held (once in a loaded full run, four moves
            # after the first fill; two runs in three one move after a fill): the table talks
            # again until the writes wait, so each move is made while the watcher would hold
            # it up, and the players still hear it at once
            await churn(server.url, host.watch, lambda: stalled(far))
            assert stalled(far), "the watcher's socket never filled"
            await move()
            assert far in table.peers, "the watcher is still seated"
        await churn(server.url, host.watch, lambda: far not in table.peers)
        await until(lambda: far not in table.peers, "the server to drop the stopped watcher")
        assert game.metrics.drops == {"outbox": 1}
        await move()

        os.kill(watcher.process.pid, signal.SIGCONT)
        await until(lambda: len(table.peers) == 3, "the woken watcher to come back by itself")
        assert watcher.process.poll() is None
    finally:
        if watcher is not None:
            os.kill(watcher.process.pid, signal.SIGCONT)
            watcher.close()
        for session in server.sessions:
            session.close()
        await server.stop()
