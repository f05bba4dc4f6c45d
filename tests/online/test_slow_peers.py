"""A peer that stops reading holds up nobody: the server drops it and the table plays on.

An attacker (or a suspended ``cardtable watch``) that sits at a table and never reads once
froze every player there: the server awaited each peer's socket in turn, so a full one
blocked the mover's handler and the bots. Each connection now has a bounded outbox.
"""

from __future__ import annotations

from pathlib import Path

from cardtable.online.server import Limits
from tests.online.conftest import Running, until
from tests.online.slowpeer import deaf_spectator_dropped


async def test_a_spectator_that_never_reads_is_dropped_and_the_players_play_on(
    tmp_path: Path,
) -> None:
    limits = Limits(grace=30, bot_pause=0.0, outbox=32, send_deadline=5.0)
    server = Running(tmp_path / "s.sqlite3", limits)
    await server.start()
    try:
        host, guest = await server.table("pazaak", ["human", "human"])
        table = next(iter(server.game.tables.values()))
        deaf = await deaf_spectator_dropped(server, table, host.watch)
        # the players were never held up: every move still reaches both of them
        for _ in range(6):
            if host.is_over:
                break
            mover = host if host.my_turn else guest
            ply = mover.ply
            mover.submit(mover.playable()[0])
            await until(lambda p=ply: min(host.ply, guest.ply) > p, "both players to hear the move")
        deaf.close()
    finally:
        for session in server.sessions:
            session.close()
        await server.stop()
