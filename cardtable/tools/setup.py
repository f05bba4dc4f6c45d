"""Turn command-line words into a validated game setup: options, config and seats."""

from __future__ import annotations

from typing import Any

from cardtable.core.seating import HUMAN, SeatError, parse_seat_words
from cardtable.core.seats import Seat, default_seats
from cardtable.games.registry import GameSpec
from cardtable.tools.fail import fail


def parse_seats(spec: GameSpec, words: str, humans: bool = False) -> tuple[str, ...]:
    """``"hard,policy:pkg.mod:act"`` -> seat words, refusing unknown or unloadable ones."""
    try:
        return parse_seat_words(spec.id, spec.levels, words, humans)
    except SeatError as error:
        fail(str(error))


def build_options(spec: GameSpec, pairs: list[str], solo: bool, seat_count: int) -> Any:
    """Validate ``KEY=VALUE`` options with the game's pydantic model; one line per problem."""
    from pydantic import ValidationError

    from cardtable.persist.options import options_model

    model = options_model(spec.id)
    fields = model.model_fields
    values: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            fail(f"option {pair!r} should be KEY=VALUE")
        if key not in fields:
            valid = ", ".join(name for name in fields if name != "mode") or "none"
            fail(f"unknown option {key!r} for {spec.id}; valid options: {valid}")
        values[key] = value
    if solo and "mode" not in fields:
        fail(f"--solo is only for flip7, not {spec.id}")
    if solo and values.get("mode", "solo") != "solo":
        fail(f"--solo contradicts -o mode={values['mode']}")
    if "mode" in fields and "mode" not in values:
        values["mode"] = "solo" if solo or seat_count == 1 else "table"
    try:
        return model(**values)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "options"
        fail(f"option {where}: {first['msg']}")


def make_config(spec: GameSpec, options: Any, seat_count: int) -> Any:
    try:
        return options.to_config(seat_count)
    except ValueError as error:
        fail(str(error))


def _refuse_together(args: Any) -> None:
    """Flags that contradict each other end here, before any seat is built."""
    if args.seats:
        given = [
            flag
            for flag, on in (
                ("--players", args.players is not None),
                ("--hotseat", args.hotseat),
                ("--bot", args.bot is not None),
            )
            if on
        ]
        if given:
            fail(f"--seats already lists every seat; drop {' and '.join(given)}")
    elif args.hotseat and args.bot is not None:
        fail("--hotseat seats only people; drop --bot, or list the seats with --seats")
    if getattr(args, "solo", False) and (
        args.seats or args.hotseat or args.players not in (None, 1)
    ):
        fail("--solo is one player alone; drop --seats, --hotseat and --players")


def play_seats(spec: GameSpec, args: Any) -> tuple[Seat, ...]:
    """Seats for ``cardtable play``: from --seats, or --players/--hotseat/--bot."""
    _refuse_together(args)
    solo = getattr(args, "solo", False)
    if solo and spec.min_seats > 1:
        fail(f"--solo is only for flip7, not {spec.id}")
    if args.seats:
        words = [w.strip() for w in args.seats.split(",")]
        if "" in words:
            fail(f"--seats {args.seats!r} has an empty place; write e.g. human,hard")
        count = len(words)
    else:
        fewest = max(spec.min_seats, 2) if args.hotseat else spec.min_seats
        count = args.players if args.players is not None else (1 if solo else fewest)
    if not spec.min_seats <= count <= spec.max_seats:
        fail(f"{spec.title} is for {spec.seat_range} players, not {count}")
    if args.seats:
        words = list(parse_seats(spec, args.seats, humans=True))
        bots = tuple(w for w in words if w != HUMAN)
        humans = len(words) - len(bots)
        if humans == 0:
            fail("--seats needs at least one 'human' (use 'cardtable sim' for bots only)")
        seats = list(default_seats(humans, bots))
        people, robots = iter(seats[:humans]), iter(seats[humans:])
        return tuple(next(people) if w == HUMAN else next(robots) for w in words)
    if args.hotseat:
        if count < 2:
            fail("--hotseat needs at least 2 people at the keyboard")
        return default_seats(count, ())
    level = parse_seats(spec, args.bot or spec.levels[-1])[0]
    return default_seats(1, (level,) * (count - 1))
