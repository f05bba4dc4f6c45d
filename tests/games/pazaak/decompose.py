"""Measure, never assert: where two Pazaak bots choose differently while both players draw, and
which of the two moves is worth more (issue 39's decomposition of the search against hard).

    python -m tests.games.pazaak.decompose --games 60 --seed 81001 --reshuffles 40

Positions come from hard-against-hard matches. At each decision while neither player stands,
both bots choose from the same observation; where they differ, each move is played and the
set finished by hard for both seats, over ``--reshuffles`` orders of the unseen main cards (the
same orders for both moves, so the difference is paired), and the set's end is priced in match
equity from the sets won and the hand cards left. The opponent's real hand is kept: averaged
over many positions that is a fair draw from what the deciding seat could not see.
Disagreements are grouped by what each bot did (stand, draw on, lay a card) and by the mover's
total; each group's mean difference comes with a 95% interval over its positions.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import defaultdict
from dataclasses import replace
from typing import Any

from cardtable.core.bots import Bot, bot_rng
from cardtable.core.match import Match
from cardtable.core.seating import load_policy
from cardtable.games.pazaak.actions import STAND, EndTurn
from cardtable.games.pazaak.bots import HardBot
from cardtable.games.pazaak.bots.equity import match_equity
from cardtable.games.pazaak.rules import RULES
from cardtable.games.pazaak.state import PazaakState

SEARCH = "cardtable.games.pazaak.bots.searchbot:act"


def kind(action: Any) -> str:
    if action == STAND:
        return "stand"
    return "draw on" if isinstance(action, EndTurn) else "lay a card"


def band(total: int) -> str:
    return "over 20" if total > 20 else "16-20" if total >= 16 else "below 16"


def set_value(state: PazaakState, action: Any, seat: int, hard: Bot, rng: random.Random) -> float:
    """``seat``'s match equity once ``action`` is played and hard finishes the set for both."""
    start = state.set_number
    state, _ = RULES.apply(state, action)
    while (mover := RULES.to_move(state)) is not None and state.set_number == start:
        view, legal = RULES.observe(state, mover), RULES.legal_actions(state)
        state, _ = RULES.apply(state, hard.choose(view, legal, random.Random(rng.random())))
    if RULES.is_over(state):  # else the set is over, its boards standing: the equity after it
        outcome = RULES.outcome(state)
        assert outcome is not None
        return float(outcome.winners == (seat,))
    won, hands = state.sets_won, state.hands
    return match_equity(won[seat], won[1 - seat], len(hands[seat]), len(hands[1 - seat]))


def disagreements(games: int, seed: int, reshuffles: int, other: Any) -> list[dict[str, Any]]:
    hard = HardBot()
    found = []
    for game in range(seed, seed + games):
        match = Match.new(RULES, RULES.default_config(2), game)
        ply = 0
        while not match.is_over:
            seat = match.to_move
            assert seat is not None
            view, legal = match.observe(seat), match.legal_actions()
            if not view.standing[1 - seat] and len(legal) > 1:
                theirs = other(view, legal, random.Random(1))
                ours = hard.choose(view, legal, random.Random(1))
                if theirs != ours:
                    diffs = []
                    for k in range(reshuffles):
                        deck = list(match.state.deck)
                        random.Random(k * 7919 + game).shuffle(deck)
                        dealt = replace(match.state, deck=tuple(deck))
                        values = [
                            set_value(dealt, move, seat, hard, random.Random(k))
                            for move in (theirs, ours)
                        ]
                        diffs.append(values[0] - values[1])
                    found.append(
                        {
                            "group": f"hard {kind(ours)}, other {kind(theirs)}, "
                            f"on {band(view.totals[seat])}",
                            "diff": statistics.fmean(diffs),
                        }
                    )
            match.play(hard.choose(view, legal, bot_rng(game, seat, ply)))
            match.take_chance_steps()  # the next set's deal: no bot is asked
            ply += 1
    return found


def interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return f"{mean:+.3f}"
    return f"{mean:+.3f} ± {1.96 * statistics.stdev(values) / len(values) ** 0.5:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="hard-against-hard matches")
    parser.add_argument("--seed", type=int, default=81001, help="first match's seed")
    parser.add_argument("--reshuffles", type=int, default=40, help="deck orders per move")
    parser.add_argument("--other", default=SEARCH, help="the bot compared with hard (a policy)")
    args = parser.parse_args()
    found = disagreements(args.games, args.seed, args.reshuffles, load_policy(args.other))
    print(f"{len(found)} disagreements; the other bot's move less hard's, in match equity:")
    print(f"  all: {interval([row['diff'] for row in found])}")
    groups: dict[str, list[float]] = defaultdict(list)
    for row in found:
        groups[row["group"]].append(row["diff"])
    for group, values in sorted(groups.items(), key=lambda item: -len(item[1])):
        print(f"  {group}: {len(values)}, {interval(values)}")


if __name__ == "__main__":
    main()
