"""Measure, never assert: Pazaak's random-play throughput, a bot's think time and its duel.

    python -m tests.games.pazaak.bench                 # all three, 2000 matches of hard vs easy
    python -m tests.games.pazaak.bench --matches 400 --decks gold,gold
    python -m tests.games.pazaak.bench --skip-random --bot search --against hard --matches 60
    python -m tests.games.pazaak.bench --skip-random --bot chased --against hard --matches 100

Random play and decisions are timed in CPU seconds, so other work on a shared machine counts
less; the duel alternates which seat the timed bot takes and drives ``core.match.Match`` with
``core.bots.bot_rng``, as the simulator does.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from cardtable.core.bots import Bot, bot_rng
from cardtable.core.match import Match
from cardtable.core.rng import pick
from cardtable.games.pazaak.bots import EasyBot, HardBot
from cardtable.games.pazaak.bots.hard import CHASED
from cardtable.games.pazaak.bots.searchbot import SearchBot
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


#: the bots a duel can seat: the levels worth timing, the search bot and hard with chased
#: play-outs (``policy:`` seats)
PLAYERS: dict[str, Callable[[], Bot]] = {
    "easy": EasyBot,
    "hard": HardBot,
    "search": SearchBot,
    "chased": lambda: HardBot(CHASED),
}


def duel(
    config: PazaakConfig, matches: int, seed0: int = 0, bot: str = "hard", against: str = "easy"
) -> tuple[float, list[float]]:
    """``bot`` against ``against``: the first's share of matches won and its decision times
    (CPU seconds)."""
    wins, times = 0, []
    for k in range(matches):
        seed = seed0 + k
        timed_seat = k % 2
        timed, other = PLAYERS[bot](), PLAYERS[against]()
        bots = [timed, other] if timed_seat == 0 else [other, timed]
        match = Match.new(RULES, config, seed)
        ply = 0
        while not match.is_over:
            seat = match.to_move
            assert seat is not None
            started = time.process_time()
            action = bots[seat].choose(
                match.observe(seat), match.legal_actions(), bot_rng(seed, seat, ply)
            )
            if seat == timed_seat:
                times.append(time.process_time() - started)
            match.play(action)
            match.take_chance_steps()  # the next set's deal: no bot is asked
            ply += 1
        outcome = match.outcome
        assert outcome is not None
        wins += outcome.winners == (timed_seat,)
    return wins / matches, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2000, help="matches in the duel")
    parser.add_argument("--bot", choices=PLAYERS, default="hard", help="the bot timed")
    parser.add_argument("--against", choices=PLAYERS, default="easy", help="its opponent")
    parser.add_argument("--seed", type=int, default=0, help="the first match's seed")
    parser.add_argument("--decks", default="balanced,balanced", help="two ready-made decks")
    parser.add_argument("--skip-random", action="store_true", help="only the duel")
    args = parser.parse_args()
    config = PazaakConfig.with_decks(*args.decks.split(","))
    if not args.skip_random:
        print(
            f"random play: {random_matches_per_second(config):,.0f} matches/s (one core, CPU time)"
        )
    rate, times = duel(config, args.matches, args.seed, args.bot, args.against)
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    print(
        f"{args.bot} vs {args.against} ({args.decks}): {args.bot} wins {rate:.1%} of "
        f"{args.matches} matches; its {len(times)} decisions in CPU time: median "
        f"{statistics.median(times) * 1000:.2f} ms, p99 {p99 * 1000:.1f} ms, "
        f"max {ordered[-1] * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
