"""``cardtable sim``: bot-vs-bot games on every core, with a progress bar and a results table."""

from __future__ import annotations

import json
import os
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from cardtable.core.seating import PolicyError, make_bot
from cardtable.core.selfplay import EndlessGame, game_seed, play_bots
from cardtable.games.registry import get
from cardtable.tools.mirror import MIRROR_SEATS, PairTally, swapped
from cardtable.tools.setup import build_options, make_config, parse_seats
from cardtable.tools.stats import Tally, wilson_interval

CHUNK = 25
#: matches when ``--games`` is not given
SIM_GAMES = 1000


def play_chunk(
    game_id: str,
    config: Any,
    levels: tuple[str, ...],
    seed: int,
    indices: range,
    mirror: bool = False,
) -> tuple[Tally, PairTally]:
    """Worker body: play the games numbered ``indices`` and tally them; mirrored, play each
    one again with the two bots swapped and tally both in the bots' order, and the pair."""
    spec = get(game_id)
    tally, pairs = Tally(seats=len(levels)), PairTally()
    for index in indices:
        dealt = game_seed(seed, index)
        first = play_bots(spec.rules, config, dealt, [make_bot(spec.bots, x) for x in levels])
        tally.add(first)
        if mirror:
            chairs = [make_bot(spec.bots, x) for x in reversed(levels)]
            second = swapped(play_bots(spec.rules, config, dealt, chairs))
            tally.add(second)
            pairs.add(first, second)
    return tally, pairs


def simulate(
    game_id: str,
    config: Any,
    levels: tuple[str, ...],
    games: int,
    seed: int,
    jobs: int,
    progress: Any,
    mirror: bool = False,
) -> tuple[Tally, PairTally]:
    """Spread the games over ``jobs`` processes; ``progress(n)`` is told of each finished chunk.
    Mirrored, ``games`` (even) are played as ``games // 2`` seeds, each twice."""
    tally, pairs = Tally(seats=len(levels)), PairTally()
    per_seed = 2 if mirror else 1
    seeds = games // per_seed
    chunks = [range(i, min(i + CHUNK, seeds)) for i in range(0, seeds, CHUNK)]
    if jobs <= 1:
        for chunk in chunks:
            done = play_chunk(game_id, config, levels, seed, chunk, mirror)
            tally.merge([done[0]])
            pairs.merge([done[1]])
            progress(len(chunk) * per_seed)
        return tally, pairs
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {
            pool.submit(play_chunk, game_id, config, levels, seed, chunk, mirror): len(chunk)
            for chunk in chunks
        }
        for future in as_completed(futures):
            done = future.result()
            tally.merge([done[0]])
            pairs.merge([done[1]])
            progress(futures[future] * per_seed)
    return tally, pairs


def summary(
    game_id: str,
    levels: tuple[str, ...],
    seed: int,
    tally: Tally,
    elapsed: float,
    pairs: PairTally | None = None,
) -> dict[str, Any]:
    """The JSON result; the keys game, games, seed, seats, wins and elapsed_s are a stable contract.

    Given mirrored ``pairs``, each figure belongs to a bot (in ``seats`` order) over both chairs,
    and the win-rate and score intervals are taken over the pairs.
    """
    intervals = [wilson_interval(w, tally.games) for w in tally.wins]
    mirrored: dict[str, Any] = {"mirror": pairs is not None}
    if pairs is not None:
        intervals = pairs.win_intervals()
        mirrored["pairs"] = pairs.pairs
        scores = pairs.score_intervals()
        if scores is not None:
            mirrored["score_ci95"] = [[round(lo, 3), round(hi, 3)] for lo, hi in scores]
    return {
        "game": game_id,
        "games": tally.games,
        "seed": seed,
        "seats": list(levels),
        **mirrored,
        "wins": tally.wins,
        "shared_wins": tally.shared,
        "win_rate": [round(w / max(tally.games, 1), 4) for w in tally.wins],
        "win_rate_ci95": [[round(lo, 4), round(hi, 4)] for lo, hi in intervals],
        "mean_score": [round(s / max(tally.games, 1), 3) for s in tally.score_sums],
        **tally.means(),
        **tally.intervals(),
        "elapsed_s": round(elapsed, 3),
    }


def seat_columns(result: dict[str, Any]) -> dict[str, list[float]]:
    """Per-seat means worth a column: ``mean_score`` and the games' own figures, without one
    that only repeats the score (Pazu-Pazaak's chips are its score)."""
    columns = {"score": result["mean_score"]}
    for key, value in result.items():
        if key.startswith("mean_") and isinstance(value, list) and value != result["mean_score"]:
            columns[key.removeprefix("mean_").replace("_", " ")] = value
    return columns


def print_table(result: dict[str, Any], console: Any = None) -> None:
    """The results, one line a seat numbered from 1, narrow enough for an 80-column terminal."""
    from rich import box
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    title = f"{result['game']}: {result['games']} games, seed {result['seed']}"
    if result["mirror"]:
        title += f", {result['pairs']} mirrored pairs"
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    table.add_column("seat", justify="right")
    table.add_column("bot")
    table.add_column("wins", justify="right")
    table.add_column("win rate (95%)", justify="right", no_wrap=True)
    columns = seat_columns(result)
    for name in columns:
        table.add_column(f"mean {name}" if name == "score" else name, justify="right")
    for seat, level in enumerate(result["seats"]):
        lo, hi = result["win_rate_ci95"][seat]
        rate = f"{result['win_rate'][seat]:.1%} ({lo:.0%}–{hi:.0%})"
        means = [f"{values[seat]:.1f}" for values in columns.values()]
        table.add_row(str(seat + 1), level, str(result["wins"][seat]), rate, *means)
    console.print(table)
    for key, value in result.items():
        if key.startswith("mean_") and not isinstance(value, list):
            stat = key.removeprefix("mean_")
            lo_hi = result.get(f"ci95_{stat}")
            interval = f" (95% interval {lo_hi[0]:g} – {lo_hi[1]:g})" if lo_hi else ""
            console.print(f"{stat.replace('_', ' ')} per game: {value:g}{interval}")
    if result["shared_wins"]:
        console.print(f"shared victories: {result['shared_wins']}")
    if result["mirror"]:
        console.print(
            "mirrored: each bot sat in both chairs on every seed; a row is a bot, "
            "and its interval is over the pairs"
        )
    console.print(f"elapsed: {result['elapsed_s']:.2f} s")


def run_games(
    spec: Any, config: Any, levels: tuple[str, ...], args: Any, seed: int, jobs: int
) -> tuple[Tally, PairTally]:
    """The simulation, with a progress bar unless the output is JSON."""
    run = (spec.id, config, levels, args.games, seed, jobs)
    if args.json:
        return simulate(*run, lambda n: None, args.mirror)
    from rich.progress import Progress

    with Progress(transient=True) as bar:
        task = bar.add_task(f"{spec.title}: {' vs '.join(levels)}", total=args.games)
        return simulate(*run, lambda n: bar.advance(task, n), args.mirror)


def check_mirror(spec: Any, levels: tuple[str, ...], games: int) -> None:
    """Refuse a mirrored run that cannot be played in swapped pairs, in one line."""
    from cardtable.tools.fail import fail

    if len(levels) != MIRROR_SEATS:
        fail(
            f"--mirror swaps the bots of a two-seat game; this {spec.title} run has "
            f"{len(levels)} seat{'s' * (len(levels) != 1)} (drop --mirror)"
        )
    if games % 2:
        fail(f"--mirror plays games in pairs: give an even --games, not {games}")


def run_sim_command(args: Any) -> int:
    from cardtable.tools.fail import fail

    spec = get(args.game)
    if not args.seats:
        fail("sim needs --seats (bot levels, e.g. hard,easy), or --ratings")
    if args.games is None:
        args.games = SIM_GAMES
    levels = parse_seats(spec, args.seats)
    if args.games < 1:
        fail("--games must be at least 1")
    if args.jobs is not None and args.jobs < 1:
        fail("--jobs must be at least 1 (leave it out to use every core)")
    if args.mirror:
        check_mirror(spec, levels, args.games)
    options = build_options(spec, args.option, args.solo, len(levels))
    config = make_config(spec, options, len(levels))
    seed = args.seed if args.seed is not None else 1
    jobs = max(1, min(args.jobs or os.cpu_count() or 1, (args.games + CHUNK - 1) // CHUNK))
    started = time.perf_counter()
    try:
        tally, pairs = run_games(spec, config, levels, args, seed, jobs)
    except (PolicyError, EndlessGame) as refusal:
        fail(str(refusal))
    elapsed = time.perf_counter() - started
    result = summary(spec.id, levels, seed, tally, elapsed, pairs if args.mirror else None)
    if args.json:
        print(json.dumps(result))
    else:
        print_table(result)
    return 0
