"""Measure, never assert: how sets between two bots really go, next to what the bots' match
equity model (``bots/equity.py``) assumes of them (issue 39).

    python -m tests.games.pazaak.setstats --matches 3000 --seed 60001

Plays matches with the default decks and counts, by the hand sizes the two players start a
set with, how often the set is won, void or lost and how many hand cards the player spends in
it, each beside the model's figure. Every set is counted from both chairs.
"""

from __future__ import annotations

import argparse
import multiprocessing
from collections import Counter, defaultdict

from cardtable.core.bots import bot_rng
from cardtable.core.match import Match
from cardtable.core.selfplay import game_seed
from cardtable.games.pazaak.bots import BOTS
from cardtable.games.pazaak.bots.equity import set_odds, spend_chance
from cardtable.games.pazaak.events import SetVoid, SetWon
from cardtable.games.pazaak.rules import RULES

#: a set from one chair: (my hand size, theirs) at its start, my result (1, 0, -1), cards I spent
SetRecord = tuple[tuple[int, int], int, int]


def match_sets(job: tuple[int, int, str]) -> list[SetRecord]:
    """Every set of one match, from both chairs."""
    seed, index, level = job
    deal = game_seed(seed, index)
    bots = (BOTS[level](), BOTS[level]())
    match = Match.new(RULES, RULES.default_config(2), deal)
    records: list[SetRecord] = []
    # a set starts with the hands the last one left: the deal between sets changes no hand
    sizes = [len(hand) for hand in match.state.hands]
    ply = 0
    match.take_chance_steps()
    while (seat := match.to_move) is not None:
        view, legal = match.observe(seat), match.legal_actions()
        events = match.play(bots[seat].choose(view, legal, bot_rng(deal, seat, ply)))
        ply += 1
        if any(isinstance(event, SetWon | SetVoid) for event in events):
            left = [len(hand) for hand in match.state.hands]
            ended = next(event for event in events if isinstance(event, SetWon | SetVoid))
            for me in (0, 1):
                won = isinstance(ended, SetWon) and ended.seat == me
                result = 0 if isinstance(ended, SetVoid) else (1 if won else -1)
                records.append(((sizes[me], sizes[1 - me]), result, sizes[me] - left[me]))
            sizes = left
        match.take_chance_steps()
    return records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    jobs = [(args.seed, index, args.level) for index in range(args.matches)]
    with multiprocessing.Pool(args.jobs) as pool:
        sets = [record for match in pool.map(match_sets, jobs, chunksize=4) for record in match]
    results: dict[tuple[int, int], Counter[int]] = defaultdict(Counter)
    spent: dict[tuple[int, int], list[int]] = defaultdict(list)
    for sizes, result, cards in sets:
        results[sizes][result] += 1
        spent[(sizes[0], result)].append(cards)
    print(f"{len(sets) // 2:,} sets of {args.level} against {args.level}, seed {args.seed}")
    print("hands   sets   won / void / lost        model")
    for sizes in sorted(results):
        counts = results[sizes]
        n = sum(counts.values())
        if n < 100:
            continue
        won, void, lost = (counts[r] / n for r in (1, 0, -1))
        model = set_odds(*sizes)
        print(
            f"{sizes[0]} v {sizes[1]}  {n:5}  {won:.2f} / {void:.2f} / {lost:.2f}"
            f"   {model[0]:.2f} / {model[1]:.2f} / {model[2]:.2f}"
        )
    print("cards held, result: mean cards spent (model's chance of spending one)")
    for (cards, result), spends in sorted(spent.items()):
        if cards and len(spends) >= 100:
            mean = sum(spends) / len(spends)
            print(f"{cards} held, {result:+d}: {mean:.2f} ({spend_chance(cards, result):.2f})")


if __name__ == "__main__":
    main()
