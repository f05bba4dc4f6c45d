"""``cardtable sim --ratings``: every bot level of every game placed on the rating scale.

The levels play one another (self-play) and each game's finishing places go through the same
OpenSkill Plackett–Luce update that rated games use (``online.ratings.rate``), so a level's
number reads like a person's: a new player starts at 1,500, and 400 points is about 10:1 odds.

A table seats each level once where the game takes that many players, in every seating order
by turns (Pazaak, for two, seats every pair of levels); a game whose tables are bigger than its
list of levels (Pazu-Pazaak seats 3 or more,
and has two levels) seats each level as often as the table needs, every seat its own player in
the update, and a level's rating is the mean of its seats'. The order of the games is fixed by
the seed, so a run repeats exactly.

A self-played Pazu-Pazaak game runs until one player is left, and ruling 8 ranks the rest by
the chips they left with: as rated games do, these places count, but two players who went
broke are told apart by the few chips each left with, whoever lasted longer. Over 150 games
hard's mean place is 1.76 to easy's 2.24 by who lasted longer but 1.90 to 2.06 by chips, so
the ratings need many games to show what the wins do: over 36 games hard came out below easy
by noise alone; over 150, hard wins 39% of its seats to easy's 28%.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any

from cardtable.core.protocol import Outcome
from cardtable.core.seating import make_bot
from cardtable.core.selfplay import game_seed, play_bots
from cardtable.games.registry import GAMES, GameSpec
from cardtable.online.ratings import DISPLAY_PER_MU, NEW_RATING, Rating, rate

#: a table of the game's smallest size, but never a one-seat game (Flip 7's solo): it needs rivals
MIN_TABLE = 2


def table_size(spec: GameSpec) -> int:
    """Each level once if the game seats that many, else the smallest table it plays at."""
    return min(max(spec.min_seats, MIN_TABLE, len(spec.levels)), spec.max_seats)


def seatings(spec: GameSpec) -> list[tuple[str, ...]]:
    """Every way to seat the levels at one table, by turns: each level in every chair (a table
    smaller than the list of levels seats every ordered choice of different levels)."""
    size = table_size(spec)
    levels = spec.levels
    if size < len(levels):
        return list(itertools.permutations(levels, size))
    repeats = -(-size // len(levels))  # enough copies of the list to fill the table
    pool = [level for level in levels for _ in range(repeats)]
    tables = {tuple(chairs) for chairs in itertools.permutations(pool, size)}
    # a table that leaves a level out says nothing about it: keep those with every level
    return sorted(t for t in tables if set(t) == set(levels))


def places(outcome: Outcome) -> list[int]:
    """Finishing places (1 is first, equal places tie): winners, then by score."""
    winners = set(outcome.winners)
    order = [(seat in winners, outcome.scores[seat]) for seat in range(len(outcome.scores))]
    return [1 + sum(other > mine for other in order) for mine in order]


def play_tables(game_id: str, seed: int, indices: range) -> list[tuple[tuple[str, ...], list[int]]]:
    """Worker body: the games numbered ``indices``, each as (the levels seated, their places)."""
    spec = GAMES[game_id]
    rules = spec.rules
    tables = seatings(spec)
    out = []
    for index in indices:
        chairs = tables[index % len(tables)]
        config = rules.default_config(len(chairs))
        bots = [make_bot(spec.bots, level) for level in chairs]
        outcome = play_bots(rules, config, game_seed(seed, index), bots)
        out.append((chairs, places(outcome)))
    return out


def rate_levels(
    game_id: str, games: int, seed: int, jobs: int, progress: Callable[[int], None]
) -> dict[str, Rating]:
    """Each level's rating after ``games`` self-play games, rated in the order they were dealt."""
    spec = GAMES[game_id]
    chunk = 10
    chunks = [range(i, min(i + chunk, games)) for i in range(0, games, chunk)]
    if jobs <= 1:
        results = []
        for indices in chunks:
            results.append(play_tables(game_id, seed, indices))
            progress(len(indices))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(play_tables, game_id, seed, indices) for indices in chunks]
            results = []
            for future, indices in zip(futures, chunks, strict=True):
                results.append(future.result())  # in order: the ratings repeat exactly
                progress(len(indices))
    seats: dict[tuple[str, int], Rating] = {}
    for chairs, placed in itertools.chain.from_iterable(results):
        keys = _seat_keys(chairs)
        before = [seats.get(key, NEW_RATING) for key in keys]
        seats.update(zip(keys, rate(list(zip(before, placed, strict=True))), strict=True))
    return {
        level: _mean([r for (lv, _), r in seats.items() if lv == level]) for level in spec.levels
    }


def _seat_keys(chairs: Sequence[str]) -> list[tuple[str, int]]:
    """Each chair as (level, which copy of it at this table): a level seated twice is two
    players in the update, the same two every game."""
    seen: dict[str, int] = {}
    keys = []
    for level in chairs:
        keys.append((level, seen.get(level, 0)))
        seen[level] = seen.get(level, 0) + 1
    return keys


def _mean(ratings: list[Rating]) -> Rating:
    n = len(ratings)
    return Rating(
        mu=sum(r.mu for r in ratings) / n,
        sigma=sum(r.sigma for r in ratings) / n,
        games=sum(r.games for r in ratings),
    )


def run_ratings_command(args: Any) -> int:
    """Print (or give as JSON) every level's rating for the game named, or for every game."""
    import json

    from cardtable.tools.fail import fail

    game_ids = [args.game] if args.game else list(GAMES)
    if args.games is not None and args.games < 1:
        fail("--games must be at least 1")
    counts = {g: args.games if args.games is not None else RATING_GAMES[g] for g in game_ids}
    seed = args.seed if args.seed is not None else 1
    jobs = max(1, args.jobs or os.cpu_count() or 1)
    table: dict[str, dict[str, Rating]] = {}
    if args.json:
        for game_id in game_ids:
            table[game_id] = rate_levels(game_id, counts[game_id], seed, jobs, lambda n: None)
        print(json.dumps({g: {lv: r.display for lv, r in rs.items()} for g, rs in table.items()}))
        return 0
    from rich.console import Console
    from rich.progress import Progress

    console = Console()
    with Progress(transient=True, console=console) as bar:
        for game_id in game_ids:
            games = counts[game_id]
            task = bar.add_task(f"{GAMES[game_id].title}: self-play", total=games)
            table[game_id] = rate_levels(game_id, games, seed, jobs, partial(bar.advance, task))
    for game_id, ratings in table.items():
        spec = GAMES[game_id]
        size = table_size(spec)
        shown = ", ".join(
            f"{level} ≈ {rating.display:,} (σ {spread(rating)})"
            for level, rating in ratings.items()
        )
        console.print(f"{spec.title} ({counts[game_id]} games, {size} seats): {shown}")
    console.print("Plackett–Luce, as rated games: a newcomer is 1,500; 400 points ≈ 10:1 odds")
    console.print("σ: the model's uncertainty left in each rating, in the same points")
    return 0


def spread(rating: Rating) -> int:
    """The rating's uncertainty (sigma) on the displayed scale, in points."""
    return round(rating.sigma * DISPLAY_PER_MU)


#: games per game when ``--games`` is not given: enough for the ratings to settle within a few
#: dozen points (σ 45–85), fewer where a game costs seconds of CPU (Pixies' and Pazu-Pazaak's
#: search bots, each over 2 s a game)
RATING_GAMES = {"pazaak": 240, "pazu-pazaak": 150, "pixies": 90, "flip7": 600}
