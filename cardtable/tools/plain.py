"""``play``, ``host``, ``join`` and ``watch`` with ``--plain``: the words checked as for the
full-screen app, then the game played in the plain line mode (``cardtable.plain``)."""

from __future__ import annotations

from typing import Any

from cardtable.core.rng import new_seed
from cardtable.games.registry import get
from cardtable.tools.fail import fail
from cardtable.tools.setup import build_options, make_config, play_seats


def check_plain(args: Any) -> None:
    """--bell and --width belong to --plain; a width too narrow to hold a word is refused."""
    if not args.plain and (args.bell or args.width != 40):
        fail("--bell and --width are for --plain")
    if args.width < 0 or 0 < args.width < 20:
        fail(f"--width must be 0 (no wrapping) or at least 20, not {args.width}")


def run_plain_play(args: Any) -> int:
    """``cardtable play GAME --plain``: the rules' default options (or -o), no new-game form."""
    from cardtable.plain.start import console_for, play_here
    from cardtable.session import LocalSession, Session

    spec = get(args.game)
    seats = play_seats(spec, args)
    config = make_config(spec, build_options(spec, args.option, args.solo, len(seats)), len(seats))
    seed = new_seed() if args.seed is None else args.seed

    def again(finished: Session) -> Session:
        return LocalSession.new(spec, config, finished.seats[: len(seats)], new_seed())

    session = LocalSession.new(spec, config, seats, seed)
    return play_here(session, again, console_for(args.width, args.bell))


def run_plain_online(session: Any, args: Any, name_wanted: bool) -> int:
    """``host``, ``join`` or ``watch`` with ``--plain``."""
    from cardtable.plain.start import console_for, play_online

    return play_online(session, name_wanted, console_for(args.width, args.bell))
