"""``cardtable`` (home), ``play``, ``resume`` and ``replay``: validate the words, open the app."""

from __future__ import annotations

import gc
import os
from collections.abc import Callable
from importlib import import_module
from typing import Any

from cardtable.core.seats import Seat
from cardtable.games.registry import GAMES, GameSpec, get
from cardtable.tools.ahead import read_ahead
from cardtable.tools.fail import fail
from cardtable.tools.setup import build_options, make_config, parse_seats, play_seats
from cardtable.tools.web import visitor_home
from cardtable.ui.tablescreens import TABLE_SCREENS


def bot_pause_from_env() -> float | None:
    """CARDTABLE_BOT_PAUSE (seconds) overrides the bots' visible pause from settings."""
    value = os.environ.get("CARDTABLE_BOT_PAUSE")
    try:
        return None if value is None else max(0.0, float(value))
    except ValueError:
        return None


def first_screen_for(args: Any) -> Callable[[], Any]:
    """The app's first screen, in two steps: the command line is checked now (a game file to
    resume or replay starts being read, in a helper when it can be); the function returned
    gives the builder of that screen, waiting for the file (call it once Textual is imported)."""
    if args.command == "play":
        spec = get(args.game)
        seats = play_seats(spec, args)
        options = None  # the rules' defaults, which fit every seat count play_seats allows
        if args.option or args.solo:  # only then is pydantic worth loading before the first frame
            options = build_options(spec, args.option, args.solo, len(seats))
            make_config(spec, options, len(seats))  # the form opens only on a game that can start

        def setup(app: Any) -> Any:
            return TABLE_SCREENS[spec.id].load_form()(spec, seats, options, args.seed)

        return lambda: setup
    if args.command == "replay":
        return replay_screen(args.file)
    if args.command == "resume":
        return resume_screen(args.game)

    def home(app: Any) -> Any:
        from cardtable.ui.screens.home import HomeScreen

        return HomeScreen()

    return lambda: home


def kept_game(word: str) -> dict[str, Any]:
    """The kept game ``word`` names (a file, or a name or number from ``cardtable replay``) as
    pydantic accepted it, or the problem with it (for ``read_ahead``)."""
    from cardtable.persist.finished import replay_file
    from cardtable.persist.replays import load_game

    path = replay_file(word)
    if isinstance(path, str):
        return {"problem": path}
    loaded = load_game(path)
    if not isinstance(loaded, tuple):
        return {"problem": str(loaded)}
    return {"record": loaded[0].model_dump(mode="json")}


def replay_screen(word: str) -> Callable[[], Any]:
    """The first screen of ``cardtable replay FILE``: the game at its start."""
    read = read_ahead(lambda: kept_game(word))

    def ready() -> Any:
        load_table_modules()  # while the helper finishes
        found = read()
        if "problem" in found:
            fail(f"cannot replay {found['problem']}")
        from cardtable.session import ReplaySession

        spec, match, seats = rebuilt(found["record"])
        return lambda app: app.session_table(ReplaySession(spec, match, seats))

    return ready


def load_table_modules() -> None:
    """What every table needs whatever its game: loaded while the helper reads the file."""
    import_module("cardtable.session")
    import_module("cardtable.ui.tables.base")


def saved_games() -> dict[str, Any]:
    """Every unfinished save pydantic accepted, the latest first, each with its slot and title;
    and what was set aside (for ``read_ahead``)."""
    from cardtable.persist.saves import SaveStore
    from cardtable.ui.saved import save_title

    store = SaveStore()
    found = [
        {"record": s.record.model_dump(mode="json"), "slot": s.record.slot, "title": save_title(s)}
        for s in store.all()
    ]
    return {"saves": found, "problems": [str(problem) for problem in store.problems]}


def rebuilt(record: dict[str, Any]) -> tuple[GameSpec, Any, tuple[Seat, ...]]:
    """The game, its match and seats, from a record pydantic has checked (``GameRecord``'s
    dump): replayed here, without importing pydantic."""
    from cardtable.persist.rebuild import rebuild_match

    spec = GAMES[record["game"]]
    seats = tuple(Seat(seat["name"], seat["bot"]) for seat in record["seats"])
    try:
        match = rebuild_match(
            spec,
            record["rules_version"],
            record["seed"],
            record["config"],
            record["actions"],
            seats,
        )
    except ValueError as error:  # not after the check, which replays it too; but never a trace
        fail(f"cannot open the game: {error}")
    return spec, match, seats


def load_saving() -> None:
    """What saving a move needs (pydantic), loaded before the first move asks for it."""
    import_module("cardtable.persist.saves")


def resume_screen(name: str | None) -> Callable[[], Any]:
    """The first screen of ``cardtable resume [GAME]``: the latest save (of that game); the
    others found are named on the table, so nobody wonders where they went."""
    if name is not None and name not in GAMES and name.rpartition("-")[0] not in GAMES:
        fail(f"unknown game {name!r}; choose from: {', '.join(GAMES)}")
    read = read_ahead(saved_games)

    def ready() -> Any:
        load_table_modules()  # while the helper finishes
        found = read()
        for problem in found["problems"]:
            print(f"cardtable: save set aside: {problem}")
        saves = found["saves"]
        wanted = [s for s in saves if name is None or name in (s["record"]["game"], s["slot"])]
        if not wanted:
            kept = f"; saved: {', '.join(s['slot'] for s in saves)}" if saves else ""
            what = "game" if name is None else f"{name} game"
            fail(f"there is no saved {what} to resume{kept}; start one with 'cardtable play GAME'")
        others = [s["title"] for s in saves if s is not wanted[0]]
        spec, match, seats = rebuilt(wanted[0]["record"])
        parse_seats(spec, ",".join(seat.bot for seat in seats if seat.bot))

        def table(app: Any) -> Any:
            from cardtable.session import LocalSession

            if others:
                also = "; ".join(others)
                app.after_first_frame(
                    lambda: app.notify(
                        f"Also saved: {also}. 'cardtable resume GAME' or the home screen opens them.",
                        title="Saved games",
                        timeout=12,
                        markup=False,
                    )
                )
            # saving the first move needs pydantic: import it while the person looks
            app.after_first_frame(
                lambda: app.run_worker(load_saving, thread=True, exit_on_error=False)
            )
            return app.session_table(LocalSession(spec, match, seats))

        return table

    return ready


def run_app_command(args: Any) -> int:
    if args.command == "play":
        from cardtable.tools.plain import check_plain, run_plain_play

        check_plain(args)
        if args.plain:
            return run_plain_play(args)
    if args.command == "replay" and args.file is None:
        from cardtable.tools.replays import print_replays

        return print_replays()
    # the cycle collector walks every object built so far each time it runs, and start-up
    # builds many (Textual's styles, a game's rules, pydantic's schemas): about a tenth of a
    # second of passes before the first frame, which the app turns it back on after
    gc.disable()
    try:
        with visitor_home():
            first = first_screen_for(args)
            from cardtable.ui.app import CardtableApp  # meanwhile, a game file is read ahead

            CardtableApp(first(), bot_pause=bot_pause_from_env()).run()
    finally:
        gc.enable()  # a command line refused, or an app gone before its first frame
    return 0
