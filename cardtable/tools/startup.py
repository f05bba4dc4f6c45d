"""``cardtable bench startup``: how long the first frame takes, next to a bare Textual app.

Each command runs in a pseudo-terminal, as a person would start it, and the clock stops when a
text of its first screen appears on that terminal. The bare app (Header, Static, Footer) runs
in turn with each command, so every pair shares the machine's load of the moment; the figure
that counts is the median of the paired ratios. The new-game form's option fields come a frame
after its seats and Start button, so the same run times that frame as well. ``resume`` opens a
saved Pazaak game and ``replay`` a finished one, both made in the bench's own home first; on
the resumed table "?" is pressed and the rules screen timed from that key. Bytecode is cached
under the bench's own folder and one untimed round comes first, so every program starts as an installed one does
(compiled), whatever PYTHONDONTWRITEBYTECODE says, and nothing is written beside the sources.

Beside each time, where Linux's ``/proc`` tells it, is the CPU the program had used by then
(its own and that of the helpers it forked and waited for, such as the resumed game's reader):
on a machine others share, the wall clock waits for their work too and a pair's ratio can vary
by a third, while the CPU a first frame costs stays within a few per cent.
"""

from __future__ import annotations

import json
import os
import re
import select
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: the reference: the smallest Textual app with a header, one text and a footer
BARE_APP = """
from textual.app import App
from textual.widgets import Footer, Header, Static

class Bare(App):
    def compose(self):
        yield Header()
        yield Static("bare app ready")
        yield Footer()

Bare().run()
"""
#: a run that shows nothing in this long is counted as failed, so the bench always ends
TIMEOUT_S = 30.0
_ESCAPES = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


@dataclass(frozen=True)
class Target:
    """A command, a text of its first screen, and texts its later frames bring, each named.

    With ``press``, those keys are typed ``pause`` seconds after the first frame is there
    (at once, or as a person would, having looked at the screen first), and the later frames
    are timed from the keys (how long a screen takes to open), not from the start.
    """

    name: str
    argv: tuple[str, ...]
    marker: str
    later: tuple[tuple[str, str], ...] = ()
    press: bytes = b""
    pause: float = 0.0

    @property
    def timed(self) -> tuple[tuple[str, str], ...]:
        """(name, text) of every frame timed, the first frame first."""
        return ((self.name, self.marker), *self.later)


def targets(home: str) -> tuple[Target, ...]:
    """The bare app first; ``home`` holds the save ``resume`` opens and the file ``replay`` reads."""
    python = sys.executable
    return (
        Target("bare Textual app", (python, "-c", BARE_APP), "bare app ready"),
        Target(
            "cardtable play pazaak",
            (python, "-m", "cardtable", "play", "pazaak"),
            "Start (Enter)",
            # the form's option fields follow its first frame (they need pydantic): time them too
            later=(("  ...its option fields", "Rules options"),),
        ),
        Target("cardtable (home)", (python, "-m", "cardtable"), "choose a game"),
        resumed_then_rules("cardtable resume", "at once", 0.0),
        # a person looks at the table first: what has loaded behind it is ready by then
        resumed_then_rules("cardtable resume, once more", "after 1 s", 1.0),
        Target(
            "cardtable replay FILE",
            (python, "-m", "cardtable", "replay", os.path.join(home, REPLAY_FILE)),
            "replay · move",
        ),
    )


def resumed_then_rules(name: str, when: str, pause: float) -> Target:
    """``cardtable resume``, then "?" ``pause`` seconds after its table shows."""
    return Target(
        name,
        (sys.executable, "-m", "cardtable", "resume"),
        "Your hand",
        later=((f"  ...its rules screen (? {when})", "Two players each build"),),
        press=b"?",
        pause=pause,
    )


#: the kept game ``cardtable replay`` opens, in the bench's home
REPLAY_FILE = "bench-replay.json"


def furnish(home: str) -> None:
    """A Pazaak game four moves in to resume, and a finished one to replay, as a player has."""
    from cardtable.core.bots import bot_rng
    from cardtable.core.match import Match
    from cardtable.core.seats import Seat
    from cardtable.games.registry import GAMES
    from cardtable.persist.records import GameRecord
    from cardtable.persist.saves import SaveStore

    spec, seats = GAMES["pazaak"], (Seat("You"), Seat("Revan", "easy"))
    match = Match.new(spec.rules, spec.rules.default_config(2), 11)
    bot = spec.bots["easy"]()
    while not match.is_over:
        seat = match.to_move
        assert seat is not None, "a game not over has a seat to move"
        rng = bot_rng(11, seat, len(match.actions))
        match.play(bot.choose(match.observe(seat), match.legal_actions(), rng))
        match.take_chance_steps()
        if len(match.actions) == 4:
            SaveStore(Path(home, "data", "saves")).save(GameRecord.of(spec, match, seats))
    record = GameRecord.of(spec, match, seats)
    with open(os.path.join(home, REPLAY_FILE), "w", encoding="utf-8") as out:
        out.write(record.model_dump_json())


@dataclass(frozen=True)
class Frame:
    """When a marker showed: seconds from the start (or the keys), and the CPU seconds the
    program had used over the same span (None where ``/proc`` cannot tell)."""

    seconds: float
    cpu: float | None


def cpu_seconds(pid: int) -> float | None:
    """CPU seconds ``pid`` has used, with the children it has waited for (Linux's
    ``/proc/PID/stat``, counted in clock ticks); None where there is no such file."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rpartition(")")[2].split()
    except OSError:
        return None
    # after the command's name: state is field 3, then utime, stime, cutime, cstime are 14-17
    ticks = sum(int(field) for field in fields[11:15])
    return ticks / os.sysconf("SC_CLK_TCK")


def frame_seconds(
    argv: tuple[str, ...],
    markers: list[str],
    env: dict[str, str],
    press: bytes = b"",
    pause: float = 0.0,
) -> list[Frame]:
    """When each of ``markers`` is on the terminal, in one run; the program is stopped once
    the last is there. With ``press``: typed ``pause`` seconds after the first marker shows,
    and the later markers timed from it."""
    import pty

    leader, follower = pty.openpty()
    _set_size(follower, 100, 30)
    started = time.perf_counter()
    process = subprocess.Popen(
        argv, stdin=follower, stdout=follower, stderr=follower, env=env, start_new_session=True
    )
    os.close(follower)
    seen, times, press_at = b"", list[Frame](), None
    cpu_then = 0.0 if cpu_seconds(process.pid) is not None else None
    try:
        while time.perf_counter() - started < TIMEOUT_S:
            if press_at is not None and time.perf_counter() >= press_at:
                seen, started, press_at = b"", time.perf_counter(), None  # timed from the keys
                cpu_then = cpu_seconds(process.pid)
                os.write(leader, press)
            wait = 0.5 if press_at is None else max(0.0, press_at - time.perf_counter())
            ready, _, _ = select.select([leader], [], [], min(wait, 0.5))
            if not ready:
                continue
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
            shown = _ESCAPES.sub(b"", seen)
            while len(times) < len(markers) and markers[len(times)].encode() in shown:
                cpu_now = cpu_seconds(process.pid)
                spent = None if cpu_now is None or cpu_then is None else cpu_now - cpu_then
                times.append(Frame(time.perf_counter() - started, spent))
                if len(times) == 1 and press:
                    press_at = time.perf_counter() + pause
            if len(times) == len(markers):
                return times
        missing = markers[len(times)]
        raise RuntimeError(f"{' '.join(argv[1:3])}: no {missing!r} within {TIMEOUT_S:.0f} s")
    finally:
        _stop(process)
        os.close(leader)


def _set_size(fd: int, columns: int, rows: int) -> None:
    import fcntl
    import struct
    import termios

    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)


def measure(runs: int, home: str) -> dict[str, Any]:
    """``runs`` rounds after an untimed one; in each, every target once, the bare app first.
    Times in seconds; ``cpu_median_s`` holds the CPU a frame cost, where ``/proc`` tells it."""
    env = {**os.environ, "CARDTABLE_HOME": home, "TERM": "xterm-256color"}
    env["PYTHONPYCACHEPREFIX"] = os.path.join(home, "bytecode")
    for unwanted in ("TEXTUAL_DRIVER", "PYTHONDONTWRITEBYTECODE"):
        env.pop(unwanted, None)
    furnish(home)
    bare, *apps = targets(home)
    frames: dict[str, list[Frame]] = {name: [] for t in (bare, *apps) for name, _ in t.timed}
    for round_ in range(runs + 1):
        for target in (bare, *apps):
            markers = [marker for _, marker in target.timed]
            shown = frame_seconds(target.argv, markers, env, target.press, target.pause)
            if round_:
                for (name, _), frame in zip(target.timed, shown, strict=True):
                    frames[name].append(frame)
    times = {name: [frame.seconds for frame in shown] for name, shown in frames.items()}
    result: dict[str, Any] = {
        "runs": runs,
        "median_s": {},
        "ratio_median": {},
        "ratio_range": {},
        "cpu_median_s": {},
    }
    for name, values in times.items():
        result["median_s"][name] = round(statistics.median(values), 3)
        cpus = [frame.cpu for frame in frames[name] if frame.cpu is not None]
        if len(cpus) == runs:
            result["cpu_median_s"][name] = round(statistics.median(cpus), 3)
    for name in [name for app in apps for name, _ in app.timed]:
        ratios = [a / b for a, b in zip(times[name], times[bare.name], strict=True)]
        result["ratio_median"][name] = round(statistics.median(ratios), 2)
        result["ratio_range"][name] = [round(min(ratios), 2), round(max(ratios), 2)]
    return result


def run_startup_bench(runs: int, as_json: bool) -> int:
    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as home:
        result = measure(runs, home)
    if as_json:
        print(json.dumps(result))
        return 0
    print(f"first frame through a pty, median of {runs} paired runs (and the CPU it took)")
    for name, seconds in result["median_s"].items():
        cpu = result["cpu_median_s"].get(name)
        used = f"  cpu {cpu * 1000:4.0f} ms" if cpu is not None else ""
        ratio = result["ratio_median"].get(name)
        low_high = result["ratio_range"].get(name)
        extra = f"  {ratio:.2f}x the bare app (pairs {low_high[0]}-{low_high[1]})" if ratio else ""
        print(f"  {name:<24} {seconds * 1000:7.0f} ms{used}{extra}")
    return 0
