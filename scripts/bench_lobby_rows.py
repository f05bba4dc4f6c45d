"""How the Lobby screen copes with 1,000 listed tables: the time to list them all, and the time
one pushed change takes to reach the screen (the row updated and the screen drawn again).

Run: ``PYTHONPATH=. python scripts/bench_lobby_rows.py`` (a headless app at 140x40; no server:
the rows arrive as the lobby connection would hand them over).
"""

from __future__ import annotations

import asyncio
import statistics
import time

from cardtable.online import protocol as wire
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.lobbylist import LobbyScreen

TABLES = 1000
CHANGES = 200


def listed(n: int, taken: int) -> wire.ListedTable:
    players = [
        wire.Opponent(name=f"Player {n}.{s}", tag="k3Qf", rating="1,512") for s in range(taken)
    ]
    return wire.ListedTable(
        watch=f"W{n:05d}",
        invite=f"I{n:05d}",
        game="pazu-pazaak",
        seats=6,
        taken=taken,
        players=players,
        options={},
        rated=n % 2 == 0,
        spectators=n % 7,
    )


def figures(times: list[float]) -> str:
    times = sorted(times)
    median, p99 = statistics.median(times), times[int(len(times) * 0.99) - 1]
    return f"median {median * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms"


async def changes(tables: int) -> None:
    """List ``tables`` tables, then time CHANGES pushed changes (and as many idle frames)."""
    app = CardtableApp(lambda app: LobbyScreen("ws://127.0.0.1:9"), bot_pause=0)
    async with app.run_test(size=(140, 40)) as pilot:
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        await pilot.pause()
        start = time.perf_counter()
        for n in range(tables):
            lobby.listed(listed(n, 1))
        await pilot.pause()
        filled = time.perf_counter() - start
        idle, changed = [], []
        for k in range(CHANGES):
            start = time.perf_counter()
            await pilot.pause()  # nothing changed: the floor
            idle.append(time.perf_counter() - start)
            start = time.perf_counter()
            lobby.listed(listed((k * 37) % tables, 2 + k % 4))  # a seat taken somewhere
            await pilot.pause()  # the change drawn
            changed.append(time.perf_counter() - start)
        print(
            f"{tables} rows: listed and drawn in {filled * 1000:.0f} ms; a change drawn: "
            f"{figures(changed)} (an idle frame: {figures(idle)})"
        )


async def main() -> None:
    await changes(20)
    await changes(TABLES)


asyncio.run(main())
