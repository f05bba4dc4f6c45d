"""Turn command-line words into a validated game setup: options, config and seats."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.core.seating import HUMAN, SeatError, parse_seat_words
from cardtable.core.seats import Seat, default_seats
from cardtable.games.registry import GameSpec
from cardtable.tools.fail import fail


@dataclass(frozen=True)
class Setup:
    """Everything needed to start a match."""

    spec: GameSpec
    options: Any
    config: Any
    seats: tuple[Seat, ...]


def parse_seats(spec: GameSpec, words: str, humans: bool = False) -> tuple[str, ...]:
    """``"hard,policy:pkg.mod:act"`` -> seat words, refusing unknown or unloadable ones."""
    try:
        return parse_seat_words(spec.id, spec.bots, words, humans)
    except SeatError as error:
        fail(str(error))


def build_options(spec: GameSpec, pairs: list[str], solo: bool, seat_count: int) -> Any:
    """Validate ``KEY=VALUE`` options with the game's pydantic model; one line per problem."""
    from pydantic import ValidationError

    model = spec.options_model
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
    if "mode" in fields and "mode" not in values:
        values["mode"] = "solo" if solo or seat_count == 1 else "table"
    elif solo:
        fail(f"--solo is only for flip7, not {spec.id}")
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


def play_seats(spec: GameSpec, args: Any) -> tuple[Seat, ...]:
    """Seats for ``cardtable play``: from --seats, or --players/--hotseat/--bot."""
    rules = spec.rules
    if args.seats:
        words = parse_seats(spec, args.seats, humans=True)
        bots = tuple(w for w in words if w != HUMAN)
        humans = len(words) - len(bots)
        if humans == 0:
            fail("--seats needs at least one 'human' (use 'cardtable sim' for bots only)")
        seats = list(default_seats(humans, bots))
        people, robots = iter(seats[:humans]), iter(seats[humans:])
        ordered = tuple(next(people) if w == "human" else next(robots) for w in words)
        return ordered
    solo = getattr(args, "solo", False)
    if solo and "mode" not in spec.options_model.model_fields:
        fail(f"--solo is only for flip7, not {spec.id}")
    fewest = max(rules.min_seats, 2) if args.hotseat else rules.min_seats
    count = args.players or (1 if solo else fewest)
    if not rules.min_seats <= count <= rules.max_seats:
        fail(f"{spec.title} takes {rules.min_seats} to {rules.max_seats} players, not {count}")
    if args.hotseat:
        return default_seats(count, ())
    level = parse_seats(spec, args.bot or "hard")[0]
    return default_seats(1, (level,) * (count - 1))
