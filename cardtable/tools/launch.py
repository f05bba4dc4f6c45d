"""``cardtable`` (home), ``play``, ``resume`` and ``replay``: validate the words, open the app."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from cardtable.games.registry import get
from cardtable.tools.fail import fail
from cardtable.tools.setup import build_options, make_config, parse_seats, play_seats
from cardtable.tools.web import visitor_home


def bot_pause_from_env() -> float | None:
    """CARDTABLE_BOT_PAUSE (seconds) overrides the bots' visible pause from settings."""
    value = os.environ.get("CARDTABLE_BOT_PAUSE")
    try:
        return None if value is None else max(0.0, float(value))
    except ValueError:
        return None


def first_screen_for(args: Any) -> Any:
    """A function building the app's first screen, after checking the command line."""
    if args.command == "play":
        spec = get(args.game)
        seats = play_seats(spec, args)
        options = None  # the rules' defaults, which fit every seat count play_seats allows
        if args.option or args.solo:  # only then is pydantic worth loading before the first frame
            options = build_options(spec, args.option, args.solo, len(seats))
            make_config(spec, options, len(seats))  # the form opens only on a game that can start

        def setup(app: Any) -> Any:
            return spec.setup(spec, seats, options, args.seed)

        return setup
    if args.command == "replay":
        from cardtable.persist.records import GameRecord
        from cardtable.persist.replays import load_replay
        from cardtable.session import ReplaySession

        record = load_replay(Path(args.file))
        if not isinstance(record, GameRecord):
            fail(f"cannot replay {record}")
        return lambda app: record.spec.table(
            ReplaySession(record.spec, record.to_match(), record.seat_list)
        )
    if args.command == "resume":
        from cardtable.persist.saves import SaveStore
        from cardtable.session import LocalSession

        store = SaveStore()
        saved = store.latest()
        for problem in store.problems:
            print(f"cardtable: save set aside: {problem}")
        if saved is None:
            fail("there is no saved game to resume; start one with 'cardtable play GAME'")
        spec = saved.record.spec
        parse_seats(spec, ",".join(s.bot for s in saved.record.seat_list if s.bot))
        return lambda app: spec.table(LocalSession(spec, saved.match, saved.record.seat_list))

    def home(app: Any) -> Any:
        from cardtable.ui.screens.home import HomeScreen

        return HomeScreen()

    return home


def run_app_command(args: Any) -> int:
    with visitor_home():
        first = first_screen_for(args)
        from cardtable.ui.app import CardtableApp

        CardtableApp(first, bot_pause=bot_pause_from_env()).run()
    return 0
