"""The ``cardtable`` command. Textual, rich and pydantic load lazily so ``--help`` is instant."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from cardtable.games.registry import GAMES
from cardtable.tools.fail import USAGE_ERROR, fail


class _Parser(argparse.ArgumentParser):
    """Bad input gets one line naming what is valid, and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE_ERROR, f"{self.prog}: {message} (see '{self.prog} --help')\n")


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a rules option, e.g. main_deck=endless (repeatable)",
    )
    parser.add_argument(
        "--seed", type=int, default=None, help="seed for the shuffle (default: random)"
    )
    parser.add_argument("--solo", action="store_true", help="Flip 7: the solo challenge")


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
        "--bot", default=None, help="level of the bot seats (default: hard)", metavar="LEVEL"
    )
    play.add_argument(
        "--seats",
        default=None,
        metavar="LIST",
        help="every seat in order: 'human', a bot level or policy:module:function, "
        "e.g. human,hard,policy:mypkg.agent:act",
    )
    _add_game_options(play)

    commands.add_parser("resume", help="continue the last saved game")
    replay = commands.add_parser("replay", help="step through a kept game")
    replay.add_argument("file", help="a replay file (.json)")

    sim = commands.add_parser("sim", help="bot-vs-bot matches, headless, on all cores")
    sim.add_argument("game", help=f"one of: {games}")
    sim.add_argument(
        "--seats",
        required=True,
        metavar="LIST",
        help="bot levels or policy:module:function, e.g. hard,easy",
    )
    sim.add_argument("--games", type=int, default=1000, help="how many matches (default 1000)")
    sim.add_argument("--jobs", type=int, default=None, help="worker processes (default: all cores)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    _add_game_options(sim)

    bench = commands.add_parser("bench", help="rules-core throughput and bot think time")
    bench.add_argument("game", nargs="?", default=None, help=f"one of: {games} (default: all)")
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument(
        "--seconds", type=float, default=2.0, help="time spent on random play per game (default 2)"
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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command in ("play", "sim") or (args.command == "bench" and args.game):
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
    from cardtable.tools.launch import run_app_command

    return run_app_command(args)


if __name__ == "__main__":
    sys.exit(main())
