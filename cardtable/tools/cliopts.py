"""Command-line options several ``cardtable`` commands share: a game's rules options and the
plain line mode's."""

from __future__ import annotations

import argparse


def add_game_options(parser: argparse.ArgumentParser, seed_default: str) -> None:
    """A game's rules options, its seed and Flip 7's solo challenge."""
    parser.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a rules option, e.g. main_deck=endless (repeatable)",
    )
    parser.add_argument(
        "--seed", type=int, default=None, help=f"seed for the shuffle (default: {seed_default})"
    )
    parser.add_argument("--solo", action="store_true", help="Flip 7: the solo challenge")


def add_plain_options(parser: argparse.ArgumentParser) -> None:
    """The plain line mode, for screen readers, braille displays and pipes (see the README)."""
    plain = parser.add_argument_group("plain line mode (screen readers, braille, pipes)")
    plain.add_argument(
        "--plain",
        action="store_true",
        help="play on standard input and output: one event per line, numbered moves, no screen",
    )
    plain.add_argument("--bell", action="store_true", help="--plain: ring the bell on your turn")
    plain.add_argument(
        "--width",
        type=int,
        default=40,
        metavar="N",
        help="--plain: wrap lines at N characters, between words (default 40; 0: never)",
    )
