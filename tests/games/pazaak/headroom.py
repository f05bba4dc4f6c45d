"""Measure, never assert: how much stronger the hard bot would be if it could see what no fair
player sees (issue 39's question of whether a search with better beliefs has anywhere to go).

    python -m tests.games.pazaak.headroom --sees hand --pairs 1000 --seed 60401
    python -m tests.games.pazaak.headroom --sees all --pairs 600 --seed 60501

One seat is hard as it is; the other is hard whose sampled futures are no longer guesses:

- ``hand``: every sample deals the opponent's real hand (the main cards are still guessed from
  the unseen counts). This is the most that any belief about the hidden hand, weighted by the
  opponent's play or otherwise, could give hard's search.
- ``all``: every sample is the truth, the opponent's real hand and the real order of the main
  cards still to come. Once the opponent stands hard's exact chase runs as always (it averages
  over the unseen counts), so this bounds what sees-all sampling adds while both players draw.

Each deal is played twice, the seats swapped (mirrored pairs, as ``cardtable sim --mirror``),
and the seeing bot's mean result per pair gives a 95% interval over pairs. The seeing seat's
samples are swapped in only while it chooses, so its opponent plays hard exactly.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from typing import Any
from unittest import mock

from cardtable.core.bots import bot_rng
from cardtable.core.match import Match
from cardtable.core.selfplay import game_seed
from cardtable.games.pazaak.bots import HardBot, moves, rollout
from cardtable.games.pazaak.rules import RULES
from cardtable.games.pazaak.shared import BOARD_SIZE
from cardtable.games.pazaak.state import PazaakState

#: what the seeing seat may see: the opponent's hand, or that and the main cards to come
SEES = ("hand", "all")


@contextmanager
def seeing(state: PazaakState, seat: int, sees: str) -> Iterator[None]:
    """While open, hard's samples at ``seat`` hold the truth that ``sees`` names."""
    hand = list(state.hands[1 - seat])
    if sees == "hand":
        # every hand is dealt from a "deck" that is exactly the real hand: the same draws of
        # the random stream as a fair search, only the dealt hand differs
        with mock.patch.object(rollout, "hand_decks", lambda used: [hand]):
            yield
        return
    truth = rollout.Sample(
        tuple(state.deck[: 2 * BOARD_SIZE]), tuple(rollout.held(card) for card in hand)
    )

    def every_sample_true(
        unseen: Any, their_cards: int, their_used: Any, n: int, rng: Any
    ) -> list[rollout.Sample]:
        return [truth] * n

    with mock.patch.object(moves, "samples", every_sample_true):
        yield


def play(deal: int, seer: int, sees: str) -> bool:
    """One match of hard against the seeing hard at ``seer``; whether the seer won."""
    bots = (HardBot(), HardBot())
    match = Match.new(RULES, RULES.default_config(2), deal)
    ply = 0
    match.take_chance_steps()
    while (seat := match.to_move) is not None:
        view, legal, rng = match.observe(seat), match.legal_actions(), bot_rng(deal, seat, ply)
        with seeing(match.state, seat, sees) if seat == seer else nullcontext():
            action = bots[seat].choose(view, legal, rng)
        match.play(action)
        match.take_chance_steps()  # the next set's deal: nobody's choice
        ply += 1
    outcome = match.outcome
    assert outcome is not None
    return outcome.winners == (seer,)


def pair(job: tuple[int, int, str]) -> float:
    """The seeing bot's mean result over one deal played from both chairs."""
    seed, index, sees = job
    deal = game_seed(seed, index)
    return (play(deal, 0, sees) + play(deal, 1, sees)) / 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sees", choices=SEES, required=True)
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    jobs = [(args.seed, index, args.sees) for index in range(args.pairs)]
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.map(pair, jobs, chunksize=4)
    mean = statistics.mean(results)
    half = 1.96 * statistics.pstdev(results) / len(results) ** 0.5
    print(
        f"hard seeing {args.sees} against hard: {mean:.2%} "
        f"({mean - half:.2%} to {mean + half:.2%}, 95% over {len(results)} pairs, seed {args.seed})"
    )


if __name__ == "__main__":
    main()
