"""How long a rematch takes to reach the screen: from the second player's Play again to the new
set drawn on that player's table, next to how long a move takes to show there.

A game server on 127.0.0.1 and Ann, a bare ``RemoteSession`` that stands at once and asks for
the rematch first, run in this process; Bob is the app (headless, 120×40) whose screen is
timed. Each round plays a Pazaak match to its end (Ann stands at once, Bob ends his turn until he
stands on 15), Ann asks again, and Bob's Play again is pressed; the clock stops when Bob's table
is the screen with the new game drawn (its first set, no set won) and the app is idle. A move is
timed the same way: from Bob's End turn to the frame that shows the card he draws next. Ann
makes no move while either is timed (her answer would be timed with it). The app starts as
``cardtable`` starts it (see ``tools.launch``). Wall time and this process's CPU time are both
given (the machine may be shared: CPU time is steadier). Run from the project root:

    python scripts/rematch_time.py [ROUNDS]

It prints one line a round and the medians. Nothing is written outside a temporary folder.
"""

from __future__ import annotations

import asyncio
import gc
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("CARDTABLE_HOME", tempfile.mkdtemp(prefix="rematch-time-"))

from textual.widgets import Static  # noqa: E402

from cardtable.games.pazaak.actions import END_TURN, STAND  # noqa: E402 (after CARDTABLE_HOME)
from cardtable.games.registry import get  # noqa: E402
from cardtable.online.remote import RemoteSession  # noqa: E402
from cardtable.online.server import GameServer, Limits  # noqa: E402
from cardtable.online.store import SqliteStore  # noqa: E402
from cardtable.ui.app import CardtableApp  # noqa: E402
from cardtable.ui.screens.result import ResultScreen  # noqa: E402
from cardtable.ui.screens.waitingroom import WaitingRoomScreen  # noqa: E402
from cardtable.ui.tables.base import TableScreen  # noqa: E402

PATIENCE = 60.0
#: seconds between what came last (Ann's wish to play again, say) and the key that is timed:
#: less than a person takes to answer, and enough for the app to have drawn it
SETTLE = 0.25


async def until(check: Callable[[], object], what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not check():
        if time.monotonic() > deadline:
            raise SystemExit(f"rematch_time: waited {PATIENCE:.0f} s for {what}")
        await asyncio.sleep(0.001)


def table_of(app: CardtableApp) -> TableScreen | None:
    return next((s for s in app.screen_stack if isinstance(s, TableScreen) and s.is_mounted), None)


def new_game_drawn(table: TableScreen) -> bool:
    """The table shows the new game: its match line is back at the first set with no set won."""
    line = str(table.query_one("#match-line", Static).content)
    return not table.next_game_asked and line.startswith("Set 1 ·") and "●" not in line


def shown(box: Any) -> bool:
    """A result box is up with its buttons (leaving the app sooner tears it down mid-mount)."""
    return bool(box.is_mounted and box.query("#again"))


#: set while Ann may move: not while Bob's screen is timed, so that what is timed is his move or
#: his rematch alone, not her answer to it as well (a person takes longer than that to answer)
ANN_MAY_MOVE = asyncio.Event()


async def ann_stands(ann: RemoteSession) -> None:
    """Ann stands whenever it is her turn (a set result waits for nothing from a bare session)."""
    while True:
        await ANN_MAY_MOVE.wait()
        if ann.my_turn and not ann.is_over:
            ply = ann.ply
            ann.submit(STAND)
            await until(lambda: ann.ply > ply or ann.is_over, "Ann's move")  # noqa: B023
        await asyncio.sleep(0.002)


async def timed(
    pilot: Any, act: Callable[[], None], done: Callable[[], bool]
) -> tuple[float, float]:
    """Wall and CPU seconds from ``act()`` to ``done()`` and the app idle after it (Ann waits)."""
    ANN_MAY_MOVE.clear()
    await asyncio.sleep(SETTLE)  # the screen has drawn what came before, as for a person
    await pilot.pause()
    wall, cpu = time.perf_counter(), time.process_time()
    act()
    await until(done, "the screen to change")
    await pilot.pause()  # the frame that shows it
    took = time.perf_counter() - wall, time.process_time() - cpu
    ANN_MAY_MOVE.set()
    return took


async def play_to_the_end(app: CardtableApp, pilot: Any, moves: list[tuple[float, float]]) -> None:
    """Bob ends his turn below 15 (a move that only shows a card: the one timed) and stands
    from 15, going on from every set result, until the match's result box."""
    while True:
        await until(
            lambda: (
                isinstance(app.screen, ResultScreen)
                or ((t := table_of(app)) is not None and app.screen is t and t.my_turn)
            ),
            "Bob's turn or a result",
        )
        table = table_of(app)
        assert table is not None
        if isinstance(app.screen, ResultScreen):
            if table.session.is_over:
                return
            await pilot.press("enter")
            await until(lambda: not isinstance(app.screen, ResultScreen), "the next set")
            continue
        ply = table.session.ply
        if table.session.observe().boards[table.viewer].total >= 15:
            table.play_human(STAND)
            await until(lambda: table.session.ply > ply, "Bob's stand")  # noqa: B023 (awaited)
            continue
        moves.append(
            await timed(
                pilot,
                lambda: table.play_human(END_TURN),  # noqa: B023 (awaited here)
                lambda: table.session.ply > ply,  # noqa: B023
            )
        )


async def main(rounds: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="rematch-time-db-"))
    server = GameServer(SqliteStore(folder / "server.sqlite3"), Limits(bot_pause=0.0))
    listening = await server.start("127.0.0.1", 0)
    url = f"ws://127.0.0.1:{listening.sockets[0].getsockname()[1]}"
    spec = get("pazaak")
    ann = RemoteSession(
        spec, url, {"type": "create", "game": "pazaak", "seats": ["human", "human"], "name": "Ann"}
    )
    ann.start()
    await until(lambda: ann.invite, "the invite code")
    bob = RemoteSession(spec, url, {"type": "join", "code": ann.invite, "name": "Bob"})
    # as ``cardtable`` starts an app (``tools.launch``): no cycle collection until its first
    # frame, then what was built so far is kept out of every pass (here Ann's and the server's
    # too, which in use live in other processes)
    gc.disable()
    app = CardtableApp(lambda app: WaitingRoomScreen(bob), bot_pause=0)
    ANN_MAY_MOVE.set()
    standing = asyncio.create_task(ann_stands(ann))
    rematches: list[tuple[float, float]] = []
    moves: list[tuple[float, float]] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await until(lambda: table_of(app), "Bob's table")
        for round_ in range(rounds + 1):
            await play_to_the_end(app, pilot, moves)
            if round_ == rounds:
                await until(lambda: shown(app.screen), "the result in place")
                break
            await until(lambda: ann.is_over, "Ann to see the end")
            ann.again()
            await until(
                lambda: "would like to play again" in (bob.connection or ""), "word from Ann"
            )
            box = app.screen
            assert isinstance(box, ResultScreen)
            await until(lambda: shown(box), "the result")  # noqa: B023
            took = await timed(
                pilot,
                lambda: box.query_one("#again").press(),  # noqa: B023
                lambda: (
                    (t := table_of(app)) is not None
                    and app.screen is t
                    and not t.session.is_over
                    and new_game_drawn(t)
                ),
            )
            rematches.append(took)
            print(f"rematch {round_ + 1}: {took[0]:.3f} s wall, {took[1]:.3f} s CPU", flush=True)
    standing.cancel()
    server.stop()
    listening.close()
    for name, runs in (("rematch", rematches), ("move", moves)):
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        print(f"{name}: median {wall:.3f} s wall, {cpu:.3f} s CPU over {len(runs)}")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 5))
