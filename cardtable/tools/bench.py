"""``cardtable bench``: random-play throughput of each rules core and each bot's think time."""

from __future__ import annotations

import json
import statistics
import time
from typing import Any

from cardtable.core.selfplay import game_seed, play_bots, play_random
from cardtable.games.registry import GAMES, GameSpec

#: enough decisions for a stable median without making the bench slow
BOT_DECISIONS = 300
BOT_SECONDS = 6.0
#: random play per game unless ``--seconds`` says otherwise
RANDOM_SECONDS = 2.0


def bench_config(spec: GameSpec) -> Any:
    """The smallest table the game plays at (Flip 7: the solo race)."""
    rules = spec.rules
    return rules.default_config(rules.min_seats)


def random_games_per_second(spec: GameSpec, seconds: float) -> float:
    rules, config = spec.rules, bench_config(spec)
    games, started = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds or games < 3:
        play_random(rules, config, game_seed(0, games))
        games += 1
    return games / elapsed


def bot_ms(spec: GameSpec, level: str) -> tuple[float, float, float]:
    """Median, 99th percentile and longest time of one decision (ms), the bot playing every
    seat of whole games: the median is how a game feels, the 99th percentile how often a
    person waits, the longest whether a worker ever keeps one waiting long."""
    rules, config = spec.rules, bench_config(spec)
    times: list[float] = []
    started = time.perf_counter()
    index = 0
    while len(times) < BOT_DECISIONS and time.perf_counter() - started < BOT_SECONDS:
        bots = [spec.bots[level]() for _ in range(rules.seat_count(rules.new_game(config, 0)[0]))]
        play_bots(rules, config, game_seed(1, index), bots, lambda seat, s: times.append(s))
        index += 1
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return statistics.median(ordered) * 1000, p99 * 1000, ordered[-1] * 1000


def bench_game(spec: GameSpec, seconds: float) -> dict[str, Any]:
    timed = {level: bot_ms(spec, level) for level in spec.bots}
    return {
        "games_per_s": round(random_games_per_second(spec, seconds), 1),
        "bot_ms_median": {level: round(median, 3) for level, (median, _, _) in timed.items()},
        "bot_ms_p99": {level: round(p99, 3) for level, (_, p99, _) in timed.items()},
        "bot_ms_max": {level: round(longest, 3) for level, (_, _, longest) in timed.items()},
    }


def run_bench_command(args: Any) -> int:
    specs = [GAMES[args.game]] if args.game else list(GAMES.values())
    seconds = RANDOM_SECONDS if args.seconds is None else args.seconds
    if args.json:
        print(json.dumps({spec.id: bench_game(spec, seconds) for spec in specs}))
        return 0
    from rich.console import Console
    from rich.table import Table

    console = Console()
    table = Table(title="cardtable bench (one core)")
    table.add_column("game")
    table.add_column("random games / s", justify="right")
    table.add_column("bot", justify="left")
    table.add_column("median decision", justify="right")
    table.add_column("99th pct", justify="right")
    table.add_column("longest", justify="right")
    for spec in specs:
        with console.status(f"benchmarking {spec.title}…"):
            result = bench_game(spec, seconds)
        for i, (level, ms) in enumerate(result["bot_ms_median"].items()):
            rate = f"{result['games_per_s']:,.0f}" if i == 0 else ""
            longest, p99 = result["bot_ms_max"][level], result["bot_ms_p99"][level]
            table.add_row(
                spec.title if i == 0 else "",
                rate,
                level,
                f"{ms:.2f} ms",
                f"{p99:.1f} ms",
                f"{longest:.1f} ms",
            )
    console.print(table)
    return 0
