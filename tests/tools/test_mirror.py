"""``cardtable sim --mirror`` (issue 24): each seed twice with the bots swapped, intervals over
the pairs, and a clear refusal where there are not exactly two seats."""

from __future__ import annotations

import json
import math

import pytest

from cardtable.cli import main
from cardtable.core.protocol import Outcome
from cardtable.core.seating import make_bot
from cardtable.core.selfplay import game_seed, play_bots
from cardtable.games.registry import GAMES
from cardtable.tools.mirror import PairTally, swapped
from cardtable.tools.setup import build_options, make_config
from cardtable.tools.sim import simulate, summary


def config_for(game: str, seats: int = 2):
    spec = GAMES[game]
    return make_config(spec, build_options(spec, [], False, seats), seats)


def test_a_swapped_outcome_is_back_in_the_bots_order():
    outcome = Outcome((1,), (0.0, 3.0), {"sets": 5.0, "points": (10.0, 20.0)})
    assert swapped(outcome) == Outcome((0,), (3.0, 0.0), {"sets": 5.0, "points": (20.0, 10.0)})


def test_the_second_game_of_a_pair_is_the_same_seed_with_the_bots_swapped():
    spec, config = GAMES["pazaak"], config_for("pazaak")
    tally, pairs = simulate("pazaak", config, ("easy", "medium"), 6, 4, 1, lambda n: None, True)
    by_hand = PairTally()
    for index in range(3):
        seed = game_seed(4, index)
        first = play_bots(
            spec.rules, config, seed, [make_bot(spec.bots, "easy"), make_bot(spec.bots, "medium")]
        )
        second = play_bots(
            spec.rules, config, seed, [make_bot(spec.bots, "medium"), make_bot(spec.bots, "easy")]
        )
        by_hand.add(first, swapped(second))
    assert (tally.games, pairs) == (6, by_hand)


@pytest.mark.parametrize("game", ["pazaak", "pixies", "flip7"])
def test_the_same_bot_in_both_chairs_ties_exactly_when_mirrored(game):
    """A bot's choices depend on its chair and the deal only, so the swapped game repeats the
    first move for move: each bot wins the same games from the same chair."""
    tally, pairs = simulate(game, config_for(game), ("easy", "easy"), 8, 2, 1, lambda n: None, True)
    assert pairs.pairs == 4 and tally.games == 8
    assert tally.wins[0] == tally.wins[1]
    assert tally.score_sums[0] == tally.score_sums[1]
    result = summary(game, ("easy", "easy"), 2, tally, 1.0, pairs)
    (lo0, hi0), (lo1, hi1) = result["win_rate_ci95"]
    assert (lo0, hi0) == (lo1, hi1)


def test_the_interval_is_the_normal_interval_over_pair_results():
    pairs = PairTally()
    games = [((0,), (1,)), ((0,), (0,)), ((1,), (1,)), ((0,), (1,)), ((0,), (0,))]
    for first, second in games:
        pairs.add(Outcome(first, (1.0, 0.0)), Outcome(second, (0.0, 1.0)))
    values = [sum(w == (0,) for w in pair) / 2 for pair in games]
    n, mean = len(values), sum(values) / len(values)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    lo, hi = pairs.win_intervals()[0]
    assert lo == pytest.approx(mean - 1.96 * sd / math.sqrt(n))
    assert hi == pytest.approx(mean + 1.96 * sd / math.sqrt(n))


def test_a_mirrored_run_says_so_in_its_json(capsys):
    assert main(["sim", "pazaak", "--seats", "easy,medium", "--games", "4", "--mirror",
                 "--jobs", "1", "--json"]) == 0  # fmt: skip
    result = json.loads(capsys.readouterr().out)
    assert result["mirror"] is True and result["pairs"] == 2 and result["games"] == 4
    assert len(result["win_rate_ci95"]) == len(result["score_ci95"]) == 2


@pytest.mark.parametrize(
    "words, fragment",
    [
        (("pazu-pazaak", "--seats", "hard,easy,easy"), "this Pazu-Pazaak run has 3 seats"),
        (("flip7", "--solo", "--seats", "hard"), "this Flip 7 run has 1 seat "),
        (("pazaak", "--seats", "hard,easy", "--games", "5"), "give an even --games, not 5"),
    ],
)
def test_mirror_is_refused_in_one_line_where_it_cannot_swap(words, fragment, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["sim", *words, "--mirror"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err.strip()
    assert fragment in err and len(err.splitlines()) == 1
