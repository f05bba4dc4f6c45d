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
from cardtable.tools.setup import build_options, make_config, parse_seats
from cardtable.tools.stats import Tally, wilson_interval

CHUNK = 25


def play_chunk(
    game_id: str, config: Any, levels: tuple[str, ...], seed: int, indices: range
) -> Tally:
    """Worker body: play the games numbered ``indices`` and tally them."""
    spec = get(game_id)
    tally = Tally(seats=len(levels))
    for index in indices:
        bots = [make_bot(spec.bots, level) for level in levels]
        tally.add(play_bots(spec.rules, config, game_seed(seed, index), bots))
    return tally


def simulate(
    game_id: str,
    config: Any,
    levels: tuple[str, ...],
    games: int,
    seed: int,
    jobs: int,
    progress: Any,
) -> Tally:
    """Spread the games over ``jobs`` processes; ``progress(n)`` is told of each finished chunk."""
    tally = Tally(seats=len(levels))
    chunks = [range(i, min(i + CHUNK, games)) for i in range(0, games, CHUNK)]
    if jobs <= 1:
        for chunk in chunks:
            tally.merge([play_chunk(game_id, config, levels, seed, chunk)])
            progress(len(chunk))
        return tally
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {
            pool.submit(play_chunk, game_id, config, levels, seed, chunk): len(chunk)
            for chunk in chunks
        }
        for future in as_completed(futures):
            tally.merge([future.result()])
            progress(futures[future])
    return tally


def summary(
    game_id: str, levels: tuple[str, ...], seed: int, tally: Tally, elapsed: float
) -> dict[str, Any]:
    """The JSON result; the keys game, games, seed, seats, wins and elapsed_s are a stable contract."""
    intervals = [wilson_interval(w, tally.games) for w in tally.wins]
    return {
        "game": game_id,
        "games": tally.games,
        "seed": seed,
        "seats": list(levels),
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
    console.print(f"elapsed: {result['elapsed_s']:.2f} s")


def run_games(
    spec: Any, config: Any, levels: tuple[str, ...], args: Any, seed: int, jobs: int
) -> Tally:
    """The simulation, with a progress bar unless the output is JSON."""
    if args.json:
        return simulate(spec.id, config, levels, args.games, seed, jobs, lambda n: None)
    from rich.progress import Progress

    with Progress(transient=True) as bar:
        task = bar.add_task(f"{spec.title}: {' vs '.join(levels)}", total=args.games)
        return simulate(
            spec.id, config, levels, args.games, seed, jobs, lambda n: bar.advance(task, n)
        )


def run_sim_command(args: Any) -> int:
    from cardtable.tools.fail import fail

    spec = get(args.game)
    levels = parse_seats(spec, args.seats)
    if args.games < 1:
        fail("--games must be at least 1")
    if args.jobs is not None and args.jobs < 1:
        fail("--jobs must be at least 1 (leave it out to use every core)")
    options = build_options(spec, args.option, args.solo, len(levels))
    config = make_config(spec, options, len(levels))
    seed = args.seed if args.seed is not None else 1
    jobs = max(1, min(args.jobs or os.cpu_count() or 1, (args.games + CHUNK - 1) // CHUNK))
    started = time.perf_counter()
    try:
        tally = run_games(spec, config, levels, args, seed, jobs)
    except (PolicyError, EndlessGame) as refusal:
        fail(str(refusal))
    result = summary(spec.id, levels, seed, tally, time.perf_counter() - started)
    if args.json:
        print(json.dumps(result))
    else:
        print_table(result)
    return 0
