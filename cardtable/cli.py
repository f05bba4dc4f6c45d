"""The ``cardtable`` command. Textual, rich and pydantic load lazily so ``--help`` is instant."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from cardtable.games.registry import GAMES
from cardtable.tools.cliopts import add_game_options, add_plain_options
from cardtable.tools.fail import USAGE_ERROR, fail
from cardtable.tools.lobbycmd import add_lobby_commands
from cardtable.tools.onlinecmd import add_online_commands
from cardtable.tools.ssh import add_ssh_parser


class _Parser(argparse.ArgumentParser):
    """Bad input gets one line naming what is valid, and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE_ERROR, f"{self.prog}: {message} (see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    games = ", ".join(GAMES)
    parser = _Parser(
        prog="cardtable",
        description="Card games at the terminal. With no command, opens the home screen.",
    )
    commands = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    play = commands.add_parser("play", help="play a game", description=f"Games: {games}.")
    play.add_argument("game", help=f"one of: {games}")
    play.add_argument("--hotseat", action="store_true", help="people take turns at one keyboard")
    play.add_argument("--players", type=int, default=None, help="how many seats")
    play.add_argument(
        "--bot",
        default=None,
        help="level of the bot seats (default: the strongest, hard)",
        metavar="LEVEL",
    )
    play.add_argument(
        "--seats",
        default=None,
        metavar="LIST",
        help="every seat in order: 'human', a bot level or policy:module:function, "
        "e.g. human,hard,policy:mypkg.agent:act",
    )
    add_game_options(play, "random")
    add_plain_options(play)

    resume = commands.add_parser("resume", help="continue a saved game (default: the latest)")
    resume.add_argument(
        "game", nargs="?", default=None, help=f"one of: {games} (flip7-solo, flip7-table: a mode)"
    )
    replay = commands.add_parser(
        "replay", help="step through a finished game; with no file, list them"
    )
    replay.add_argument(
        "file",
        nargs="?",
        default=None,
        help="a replay file (.json), or a number or file name from the list shown without one",
    )

    sim = commands.add_parser("sim", help="bot-vs-bot matches, headless, on all cores")
    sim.add_argument("game", nargs="?", default=None, help=f"one of: {games}")
    sim.add_argument(
        "--seats",
        metavar="LIST",
        help="bot levels or policy:module:function, e.g. hard,easy (needed unless --ratings)",
    )
    sim.add_argument(
        "--ratings",
        action="store_true",
        help="rate every bot level of the game (or of every game, no game given) on the rating "
        "scale from self-play",
    )
    sim.add_argument(
        "--games",
        type=int,
        default=None,
        help="how many matches (default 1000; with --ratings a number by game's cost)",
    )
    sim.add_argument("--jobs", type=int, default=None, help="worker processes (default: all cores)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument(
        "--mirror",
        action="store_true",
        help="two-seat games only: play every seed twice, the bots swapping chairs (same "
        "deals), so --games must be even; each bot's result per seed is the mean of its two "
        "games, and the 95%% intervals are normal intervals of the mean over those pairs",
    )
    add_game_options(sim, "1, so a run repeats exactly")

    bench = commands.add_parser(
        "bench", help="rules-core throughput and bot think time, or start-up time"
    )
    bench.add_argument(
        "game",
        nargs="?",
        default=None,
        help=f"one of: {games} (default: all); 'online': a server under load; "
        "'startup': first frame next to a bare app; 'lobby': a quick-match wave and a "
        "leaderboard at scale",
    )
    bench.add_argument(
        "--runs", type=int, default=7, help="startup: paired runs, at least 1 (default 7)"
    )
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument(
        "--seekers", type=int, default=2000, help="bench lobby: seekers in one wave (2000)"
    )
    bench.add_argument(
        "--players", type=int, default=100_000, help="bench lobby: rated players (100000)"
    )
    bench.add_argument("--listed", type=int, default=1000, help="bench lobby: listed tables (1000)")
    bench.add_argument(
        "--watchers", type=int, default=200, help="bench lobby: lobby clients watching (200)"
    )
    bench.add_argument(
        "--rate",
        type=float,
        default=20.0,
        help="bench lobby: listed tables opened or filled a second (20)",
    )
    bench.add_argument(
        "--playing",
        type=int,
        default=1000,
        help="bench lobby: human-paced tables played meanwhile (1000)",
    )
    bench.add_argument(
        "--seconds",
        type=float,
        default=None,
        help="random play per game (default 2); bench online/lobby: the window measured (default 30)",
    )
    bench.add_argument(
        "--tables", type=int, default=100, help="bench online: concurrent tables (default 100)"
    )
    bench.add_argument(
        "--think",
        type=float,
        default=2.0,
        help="bench online/lobby: a seat's mean think time in seconds, exponential (default 2)",
    )
    bench.add_argument(
        "--warmup",
        type=float,
        default=10.0,
        help="bench online/lobby: seconds played before the window (default 10)",
    )
    bench.add_argument(
        "--spectators", type=int, default=0, help="bench online: spectators a table (default 0)"
    )
    bench.add_argument(
        "--stampede",
        action="store_true",
        help="bench online: every seat thinks exactly --think, all tables in step",
    )
    bench.add_argument(
        "--no-gc-tuning",
        action="store_true",
        help="bench online: the server keeps Python's garbage-collector settings",
    )
    bench.add_argument(
        "--procs",
        type=int,
        default=None,
        help="bench online/lobby: processes the clients are spread over (default: one per CPU)",
    )
    bench.add_argument(
        "--nodes", type=int, default=1, help="bench online: server processes (default 1)"
    )
    bench.add_argument(
        "--store",
        default=None,
        metavar="URL",
        help="bench online: the servers keep their log in PostgreSQL (a fresh database there); "
        "bench lobby: only the leaderboard, read from PostgreSQL (a fresh database there)",
    )
    bench.add_argument(
        "--redis",
        default=None,
        metavar="URL",
        help="bench online: routes for --nodes 2 or more; bench lobby: only the waves, over "
        "pools in this Redis",
    )
    add_online_commands(commands)
    add_lobby_commands(commands)
    add_plain_options(commands.choices["seek"])
    commands.choices["lobby"].add_argument(
        "--plain",
        action="store_true",
        help="print the tables and each change as lines, instead of the screen where Enter "
        "sits down and w watches",
    )
    shots = commands.add_parser("screenshots", help="regenerate screenshots of every main screen")
    shots.add_argument("--out", default="screenshots", help="folder (default: screenshots)")
    shots.add_argument("--only", default=None, help="only scenes whose name contains this")
    web = commands.add_parser("web", help="serve the app to web browsers (the web extra)")
    web.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    web.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    web.add_argument(
        "--public-url", default=None, help="the address browsers use, behind a reverse proxy"
    )
    add_ssh_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    # cardtable uses no pydantic plugins; looking for them scans every installed package
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    args = build_parser().parse_args(argv)
    if args.command == "bench" and args.game == "startup":
        from cardtable.tools.startup import run_startup_bench

        if args.runs < 1:
            fail(f"--runs must be at least 1, not {args.runs}")
        return run_startup_bench(args.runs, args.json)
    if args.command == "bench" and args.seconds is not None and args.seconds <= 0:
        fail(f"--seconds must be more than 0, not {args.seconds:g}")
    if args.command == "bench" and args.game == "lobby":
        from cardtable.tools.benchlobby import run_lobby_bench

        return run_lobby_bench(args)
    if args.command == "bench" and args.game == "online":
        from cardtable.tools.benchonline import run_online_bench

        return run_online_bench(args)
    if args.command == "lobby" and not args.plain:
        from cardtable.tools.online import run_lobby_screen

        return run_lobby_screen(args)
    if args.command in ("seek", "top", "whoami", "lobby"):
        from cardtable.tools.lobbycmd import run_lobby_command

        return run_lobby_command(args)
    if args.command == "serve":
        from cardtable.tools.online import run_serve_command

        return run_serve_command(args)
    if args.command in ("host", "join", "watch"):
        from cardtable.tools.online import run_online_command

        return run_online_command(args)
    if args.command == "sim" and args.ratings:
        if args.game is not None and args.game not in GAMES:
            fail(f"unknown game {args.game!r}; choose from: {', '.join(GAMES)}")
        from cardtable.tools.levelratings import run_ratings_command

        return run_ratings_command(args)
    if args.command in ("play", "sim") or (args.command == "bench" and args.game):
        if args.game is None:
            fail(f"name a game: one of {', '.join(GAMES)}")
        if args.game not in GAMES:
            fail(f"unknown game {args.game!r}; choose from: {', '.join(GAMES)}")
    if args.command == "sim":
        from cardtable.tools.sim import run_sim_command

        return run_sim_command(args)
    if args.command == "bench":
        from cardtable.tools.bench import run_bench_command

        return run_bench_command(args)
    if args.command == "screenshots":
        from cardtable.tools.screenshots import run_screenshots_command

        return run_screenshots_command(args)
    if args.command == "web":
        from cardtable.tools.web import run_web_command

        return run_web_command(args)
    if args.command == "ssh":
        from cardtable.tools.ssh import run_ssh_command

        return run_ssh_command(args)
    from cardtable.tools.launch import run_app_command

    return run_app_command(args)


if __name__ == "__main__":
    sys.exit(main())
