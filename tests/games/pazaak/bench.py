"""Measure, never assert: Pazaak's random-play throughput, hard-bot think time and hard vs easy.

    python -m tests.games.pazaak.bench                 # all three, 2000 matches of hard vs easy
    python -m tests.games.pazaak.bench --matches 400 --decks gold,gold

Random play is timed in CPU seconds (best of a few runs) so other work on the machine counts
less; the duel alternates which seat the hard bot takes and drives ``core.match.Match`` with
``core.bots.bot_rng``, as the simulator does.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cardtable.core.bots import bot_rng
from cardtable.core.match import Match
from cardtable.core.rng import pick
from cardtable.games.pazaak.bots import EasyBot, HardBot
from cardtable.games.pazaak.rules import RULES
from cardtable.games.pazaak.state import PazaakConfig


def random_matches_per_second(config: PazaakConfig, matches: int = 1000, runs: int = 3) -> float:
    """Uniformly random legal play through ``legal_actions`` and ``apply``, on one core."""
    best = 0.0
    for run in range(runs):
        started = time.process_time()
        for seed in range(run * matches, (run + 1) * matches):
            rng = random.Random(seed)
            state, _ = RULES.new_game(config, seed)
            while not RULES.is_over(state):  # between sets the deal is the one legal action
                state, _ = RULES.apply(state, pick(RULES.legal_actions(state), rng))
        best = max(best, matches / (time.process_time() - started))
    return best


def duel(config: PazaakConfig, matches: int, seed0: int = 0) -> tuple[float, list[float]]:
    """Hard vs easy: the hard bot's share of matches won and its decision times (seconds)."""
    wins, times = 0, []
    for k in range(matches):
        seed = seed0 + k
        hard_seat = k % 2
        bots = [HardBot(), EasyBot()] if hard_seat == 0 else [EasyBot(), HardBot()]
        match = Match.new(RULES, config, seed)
        ply = 0
        while not match.is_over:
            seat = match.to_move
            assert seat is not None
            started = time.perf_counter()
            action = bots[seat].choose(
                match.observe(seat), match.legal_actions(), bot_rng(seed, seat, ply)
            )
            if seat == hard_seat:
                times.append(time.perf_counter() - started)
            match.play(action)
            match.take_chance_steps()  # the next set's deal: no bot is asked
            ply += 1
        outcome = match.outcome
        assert outcome is not None
        wins += outcome.winners == (hard_seat,)
    return wins / matches, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2000, help="hard vs easy matches")
    parser.add_argument("--decks", default="balanced,balanced", help="two ready-made decks")
    parser.add_argument("--skip-random", action="store_true", help="only the duel")
    args = parser.parse_args()
    config = PazaakConfig.with_decks(*args.decks.split(","))
    if not args.skip_random:
        print(
            f"random play: {random_matches_per_second(config):,.0f} matches/s (one core, CPU time)"
        )
    rate, times = duel(config, args.matches)
    print(
        f"hard vs easy ({args.decks}): hard wins {rate:.1%} of {args.matches} matches; "
        f"hard decision median {statistics.median(times) * 1000:.2f} ms, "
        f"p90 {statistics.quantiles(times, n=10)[-1] * 1000:.1f} ms, max {max(times) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
