"""One worker process of ``bench online``: its share of the tables, played like people play.

Each seat thinks for an exponential time (mean ``think``) from the update that gives it the turn,
then plays a random legal move; a finished game is followed by a rematch, so the load stays the
same for as long as the bench runs. A move's latency runs from the moment it was *due* to the
mover's update that shows it: when this process is late to send, the delay counts against the
figure instead of hiding (no coordinated omission), and the process reports its own event-loop
lag so that a client too busy to keep up is seen as such. A move still unanswered a while after
the window counts as an error and with the time it waited, a lower bound.

The clients read only what they need from each update with plain ``json`` (the app's pydantic
models would cost more CPU than the server's own work on the same cores); spectators only count
what they receive. The parent talks to a worker by lines: the worker prints ``{"ready": n}``
once its tables are seated, reads one JSON line ``{"start", "window": [from, to]}`` (wall-clock
times), plays, and prints its figures once the window is over and its last moves answered.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from cardtable.online.protocol import PROTOCOL

#: how many tables a worker seats at once, as players would arrive
BATCH = 50
#: how often the loop-lag probe wakes (seconds)
PROBE = 0.01
#: how long the worker waits after the window for the answers to moves due in it (seconds)
DRAIN = 5.0


@dataclass
class Figures:
    """What one worker measured inside the window; errors by what went wrong."""

    offered: int = 0
    answered: int = 0
    latencies_ms: list[float] = field(default_factory=list)
    lags_ms: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    spectator_updates: int = 0

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


class Clock:
    """The bench's schedule on this loop's clock, and the think times seats draw from it."""

    def __init__(self, think: float, stampede: bool, seed: int) -> None:
        self.think = think
        self.stampede = stampede
        self.rng = random.Random(seed)
        self.start = self.window_from = self.window_to = float("inf")

    def set_schedule(self, start: float, window: tuple[float, float]) -> None:
        """Wall-clock times from the parent, turned into this loop's (monotonic) time."""
        offset = asyncio.get_running_loop().time() - time.time()
        self.start, self.window_from, self.window_to = (t + offset for t in (start, *window))

    def thinking(self) -> float:
        """A person's pause: exponential with mean ``think`` (exactly ``think`` in a stampede)."""
        if self.stampede or self.think <= 0:
            return self.think
        return self.rng.expovariate(1 / self.think)

    def in_window(self, at: float) -> bool:
        return self.window_from <= at < self.window_to


class Player:
    """One seat: plays a random legal move when it is due, and times its answer."""

    def __init__(self, ws: ClientConnection, clock: Clock, figures: Figures) -> None:
        self.ws = ws
        self.clock = clock
        self.figures = figures
        self.seat: int | None = None
        self.invite = self.watch = ""
        #: from the latest update: the game, its ply, the legal moves (none unless this seat is
        #: to move) and whether the game is over
        self.game = ""
        self.ply = -1
        self.legal: list[Any] = []
        self.over = False
        #: (game, ply) of the last move or rematch scheduled, so each is scheduled once
        self.scheduled: tuple[str, int] | None = None
        #: the move sent and not yet shown: its game, ply and when it was due
        self.pending: tuple[str, int, float] | None = None

    def heard(self, raw: str | bytes) -> None:
        now = asyncio.get_running_loop().time()
        message = json.loads(raw)
        kind = message.get("type")
        if kind == "welcome":
            self.seat, self.invite, self.watch = (
                message["seat"],
                message["invite"] or "",
                message["watch"],
            )
        elif kind == "error":
            self.figures.error(f"refused: {message.get('code')}")
            self.pending = None
        elif kind == "update":
            self.game, self.ply = message["game_id"], message["ply"]
            self.over = message["outcome"] is not None
            self.legal = message["legal"] if message["to_move"] == self.seat else []
            self._answered(now)
            self.consider(now)

    def _answered(self, now: float) -> None:
        if self.pending is None:
            return
        game, ply, due = self.pending
        if self.game == game and self.ply <= ply:
            return
        self.pending = None
        if self.clock.in_window(due):
            self.figures.latencies_ms.append((now - due) * 1000)
        if self.clock.in_window(now):
            self.figures.answered += 1

    def consider(self, now: float) -> None:
        """Schedule this seat's next move (or its rematch) once, from the moment it could."""
        clock = self.clock
        turn = (self.game, self.ply)
        if now < clock.start or self.scheduled == turn or not (self.legal or self.over):
            return
        due = max(now, clock.start) + clock.thinking()
        if due >= clock.window_to:
            return  # the bench is over by then: the seat stops playing
        self.scheduled = turn
        loop = asyncio.get_running_loop()
        loop.call_at(due, self._rematch if self.over else self._move, turn, due)

    def _move(self, turn: tuple[str, int], due: float) -> None:
        if (self.game, self.ply) != turn or not self.legal:
            return
        if self.clock.in_window(due):
            self.figures.offered += 1
        self.pending = (*turn, due)
        action = self.clock.rng.choice(self.legal)
        self._send(json.dumps({"type": "move", "ply": self.ply, "action": action}))

    def _rematch(self, turn: tuple[str, int], due: float) -> None:
        if (self.game, self.ply) == turn:
            self._send('{"type": "rematch"}')

    def _send(self, text: str) -> None:
        asyncio.get_running_loop().create_task(_quietly(self.ws.send(text)))

    def unanswered(self) -> float | None:
        """When the move due in the window that no update has shown yet was due, if there is one."""
        pending = self.pending
        return pending[2] if pending is not None and self.clock.in_window(pending[2]) else None


async def probe_lag(lags_ms: list[float], counts: Callable[[float], bool]) -> None:
    """How late this loop wakes, noted whenever ``counts(now)``: a client process too busy to
    keep up shows here, not as the server's latency."""
    loop = asyncio.get_running_loop()
    while True:
        before = loop.time()
        await asyncio.sleep(PROBE)
        after = loop.time()
        if counts(after):
            lags_ms.append((after - before - PROBE) * 1000)


def lag_figures(lags_ms: list[float]) -> dict[str, float]:
    lags = sorted(lags_ms) or [0.0]
    return {"p99": round(lags[int(len(lags) * 0.99)], 2), "max": round(lags[-1], 2)}


async def _quietly(sending: Any) -> None:
    try:
        await sending
    except ConnectionClosed:
        pass  # the reader reports the close


class Worker:
    """The tables of one worker process and what their clients measured."""

    def __init__(self, url: str, spectators: int, clock: Clock) -> None:
        self.url = url
        self.spectators = spectators
        self.clock = clock
        self.figures = Figures()
        self.players: list[Player] = []
        self.readers: list[asyncio.Task[None]] = []
        self.closing = False

    async def _open(self, hello: dict[str, Any]) -> tuple[ClientConnection, Any]:
        ws = await connect(self.url, open_timeout=30, compression=None, max_size=2**22)
        await ws.send(json.dumps({**hello, "version": PROTOCOL}))
        return ws, json.loads(await ws.recv())

    async def _sit(self, hello: dict[str, Any]) -> Player:
        ws, welcome = await self._open(hello)
        if welcome.get("type") != "welcome":
            raise RuntimeError(f"the server refused a seat: {welcome}")
        player = Player(ws, self.clock, self.figures)
        player.heard(json.dumps(welcome))
        self.players.append(player)
        self.readers.append(asyncio.get_running_loop().create_task(self._read(ws, player)))
        return player

    async def _table(self) -> None:
        host = await self._sit({"type": "create", "game": "pazaak", "seats": ["human"] * 2})
        await self._sit({"type": "join", "code": host.invite})
        for _ in range(self.spectators):
            ws, welcome = await self._open({"type": "watch", "code": host.watch})
            if welcome.get("type") != "welcome":
                raise RuntimeError(f"the server refused a spectator: {welcome}")
            self.readers.append(asyncio.get_running_loop().create_task(self._read(ws, None)))

    async def seat(self, tables: int) -> None:
        for start in range(0, tables, BATCH):
            await asyncio.gather(*(self._table() for _ in range(start, min(tables, start + BATCH))))

    async def _read(self, ws: ClientConnection, player: Player | None) -> None:
        figures = self.figures
        try:
            async for raw in ws:
                if player is not None:
                    player.heard(raw)
                elif self.clock.in_window(asyncio.get_running_loop().time()):
                    figures.spectator_updates += 1
        except ConnectionClosed:
            pass
        if not self.closing:
            figures.error(f"connection closed by the server: {ws.close_code} {ws.close_reason}")

    async def play(self) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        probe = loop.create_task(probe_lag(self.figures.lags_ms, self.clock.in_window))
        await asyncio.sleep(max(0.0, self.clock.start - loop.time()))
        for player in self.players:
            player.consider(loop.time())
        await asyncio.sleep(max(0.0, self.clock.window_from - loop.time()))
        cpu = time.process_time()
        await asyncio.sleep(max(0.0, self.clock.window_to - loop.time()))
        cpu = time.process_time() - cpu
        # answers to the last moves of the window may still be on their way
        for _ in range(int(DRAIN / 0.1)):
            if all(p.unanswered() is None for p in self.players):
                break
            await asyncio.sleep(0.1)
        figures = self.figures
        # a move never answered waited at least until now: it counts with that wait (leaving it
        # out would make a server too slow to answer look fast)
        now = loop.time()
        for player in self.players:
            due = player.unanswered()
            if due is not None:
                figures.latencies_ms.append((now - due) * 1000)
                figures.error(f"no answer within {DRAIN:g} s of the window's end")
        self.closing = True
        probe.cancel()
        for task in self.readers:
            task.cancel()
        return {
            "offered": figures.offered,
            "answered": figures.answered,
            "latencies_ms": [round(x, 3) for x in figures.latencies_ms],
            "errors": figures.errors,
            "spectator_updates": figures.spectator_updates,
            "lag_ms": lag_figures(figures.lags_ms),
            "cpu": cpu,
        }


async def _run(url: str, tables: int, spectators: int, clock: Clock) -> None:
    worker = Worker(url, spectators, clock)
    await worker.seat(tables)
    print(json.dumps({"ready": tables}), flush=True)
    # read on the loop, which must go on answering the server's pings meanwhile
    stdin = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stdin), sys.stdin)
    line = await stdin.readline()
    if not line:  # the parent is gone
        return
    schedule = json.loads(line)
    clock.set_schedule(schedule["start"], tuple(schedule["window"]))
    print(json.dumps(await worker.play()), flush=True)


def main(argv: list[str]) -> int:
    """``URL TABLES SPECTATORS THINK STAMPEDE SEED``, as the parent bench passes them."""
    url, tables, spectators, think, stampede, seed = argv
    clock = Clock(float(think), stampede == "1", int(seed))
    asyncio.run(_run(url, int(tables), int(spectators), clock))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
