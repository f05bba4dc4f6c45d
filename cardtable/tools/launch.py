"""``cardtable`` (home), ``play``, ``resume`` and ``replay``: validate the words, open the app."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from cardtable.games.registry import GAMES, get
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
        return replay_screen(Path(args.file))
    if args.command == "resume":
        return resume_screen(args.game)

    def home(app: Any) -> Any:
        from cardtable.ui.screens.home import HomeScreen

        return HomeScreen()

    return home


def replay_screen(path: Path) -> Any:
    """The first screen of ``cardtable replay FILE``: the game at its start."""
    from cardtable.persist.replays import load_game

    loaded = load_game(path)
    if not isinstance(loaded, tuple):
        fail(f"cannot replay {loaded}")
    record, match = loaded
    return lambda app: app.replay_table(record, match)


def resume_screen(name: str | None) -> Any:
    """The first screen of ``cardtable resume [GAME]``: the latest save (of that game); the
    others found are named on the table, so nobody wonders where they went."""
    from cardtable.persist.saves import SaveStore
    from cardtable.ui.saved import save_title

    if name is not None and name not in GAMES and name.rpartition("-")[0] not in GAMES:
        fail(f"unknown game {name!r}; choose from: {', '.join(GAMES)}")
    store = SaveStore()
    found = store.all()
    for problem in store.problems:
        print(f"cardtable: save set aside: {problem}")
    wanted = [s for s in found if name is None or name in (s.record.game, s.record.slot)]
    if not wanted:
        kept = f"; saved: {', '.join(s.record.slot for s in found)}" if found else ""
        what = "game" if name is None else f"{name} game"
        fail(f"there is no saved {what} to resume{kept}; start one with 'cardtable play GAME'")
    saved, others = wanted[0], [s for s in found if s is not wanted[0]]
    spec = saved.record.spec
    parse_seats(spec, ",".join(s.bot for s in saved.record.seat_list if s.bot))

    def table(app: Any) -> Any:
        if others:
            also = "; ".join(save_title(other) for other in others)
            app.after_first_frame(
                lambda: app.notify(
                    f"Also saved: {also}. 'cardtable resume GAME' or the home screen opens them.",
                    title="Saved games",
                    timeout=12,
                    markup=False,
                )
            )
        return app.table_of_save(saved)

    return table


def run_app_command(args: Any) -> int:
    if args.command == "replay" and args.file is None:
        from cardtable.tools.replays import print_replays

        return print_replays()
    with visitor_home():
        first = first_screen_for(args)
        from cardtable.ui.app import CardtableApp

        CardtableApp(first, bot_pause=bot_pause_from_env()).run()
    return 0
