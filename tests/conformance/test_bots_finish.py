"""Every built-in bot level finishes every game, and never makes a move that changes nothing.

A Flip 7 bot once stayed on an empty solo row round after round: a legal move that banks 0
and deals the same round again, so the race never ended and the hint key advised it too.
Here every level of every game (and both Flip 7 modes) plays whole games against itself, and
each of its moves is checked to change the position by more than a round counter.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from cardtable.core.bots import bot_rng
from cardtable.core.selfplay import game_seed
from cardtable.games.registry import GAMES

#: moves per game at most: every built-in bot finishes far sooner (a solo race is ~50 moves)
MAX_PLIES = 20_000
#: games per level at the fewest seats, by what a game costs: the rule-of-thumb bots and every
#: Flip 7 level take milliseconds a game; the search bots of the other games take a quarter of
#: a second (Pazaak medium) to ten seconds (Pixies hard), so `cardtable sim` plays those by
#: the thousand and this test a handful.
GAMES_PER_LEVEL = {
    ("pazaak", "easy"): 300,
    ("pazaak", "medium"): 12,
    ("pazaak", "hard"): 5,
    ("pazu-pazaak", "easy"): 20,
    ("pazu-pazaak", "hard"): 2,
    ("pixies", "easy"): 200,
    ("pixies", "medium"): 2,
    ("pixies", "hard"): 1,
    ("flip7", "easy"): 300,
    ("flip7", "medium"): 300,
    ("flip7", "hard"): 300,
}
#: the bigger tables cost more a game, so the quick levels play this share of their count there
MORE_SEATS_SHARE = 10


def _cases():
    for spec in GAMES.values():
        for level in spec.levels:
            count = GAMES_PER_LEVEL[spec.id, level]
            yield pytest.param(spec.id, spec.min_seats, level, count, id=f"{spec.id}-{level}")
            more = count // MORE_SEATS_SHARE
            if spec.max_seats > spec.min_seats and more:
                seats = min(spec.min_seats + 2, spec.max_seats)
                yield pytest.param(spec.id, seats, level, more, id=f"{spec.id}-{seats}p-{level}")


def without_round_counters(value: Any) -> Any:
    """``value`` with every dataclass field named ``round`` set to 0, at any depth."""
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return value
    changes = {
        field.name: 0
        if field.name == "round"
        else without_round_counters(getattr(value, field.name))
        for field in dataclasses.fields(value)
        if field.init
    }
    return dataclasses.replace(value, **changes)


@pytest.mark.parametrize(("game_id", "seats", "level", "count"), list(_cases()))
def test_each_bot_level_finishes_every_game_and_every_move_changes_something(
    game_id, seats, level, count
):
    spec = GAMES[game_id]
    rules = spec.rules
    bot = spec.bots[level]()
    config = rules.default_config(seats)
    for index in range(count):
        seed = game_seed(2026, index)
        state, _ = rules.new_game(config, seed)
        for ply in range(MAX_PLIES):
            seat = rules.to_move(state)
            if seat is None:
                step = rules.chance(state)  # the next deal, which no bot is asked for
                if step is None:
                    break
                state, _ = rules.apply(state, step)
                continue
            legal = rules.legal_actions(state)
            action = bot.choose(rules.observe(state, seat), legal, bot_rng(seed, seat, ply))
            after, _ = rules.apply(state, action)
            assert without_round_counters(after) != without_round_counters(state), (
                f"{level} chose {action!r} in game seeded {seed} at move {ply}: "
                "nothing changed but the round"
            )
            state = after
        else:
            pytest.fail(f"{level} did not finish game seeded {seed} in {MAX_PLIES:,} moves")
        assert rules.outcome(state) is not None


def test_every_level_of_every_game_plays_here():
    """No level is left to `cardtable sim` alone: each plays at least one game above."""
    levels = {(spec.id, level) for spec in GAMES.values() for level in spec.levels}
    assert levels == set(GAMES_PER_LEVEL)
    assert all(count >= 1 for count in GAMES_PER_LEVEL.values())
