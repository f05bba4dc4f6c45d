"""Play whole games headless, bots or uniform random play: the engine under sim and bench."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.core.bots import Bot, bot_rng
from cardtable.core.protocol import GameRules, Outcome
from cardtable.core.rng import derive_rng, pick

#: a game still going after this many moves is taken to be one its players never end (a policy
#: that always stays on an empty Flip 7 row banks 0 forever); built-in bots finish far sooner
MAX_PLIES = 100_000


class EndlessGame(RuntimeError):
    """A game passed ``MAX_PLIES`` moves without ending."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a run seeded ``seed``: independent, reproducible."""
    return int(derive_rng(seed, "sim", index).random() * 2**53)


def play_bots(
    rules: GameRules[Any, Any],
    config: Any,
    seed: int,
    bots: Sequence[Bot],
    on_decision: Callable[[int, float], None] | None = None,
) -> Outcome:
    """One game between ``bots`` (one per seat); ``on_decision(seat, seconds)`` times each choice."""
    state, _ = rules.new_game(config, seed)
    ply = 0  # the bots' decisions: a chance step is nobody's, and draws on no bot's luck
    while (seat := rules.to_move(state)) is not None or (step := rules.chance(state)) is not None:
        if seat is None:
            state, _ = rules.apply(state, step)
            continue
        legal = rules.legal_actions(state)
        observation = rules.observe(state, seat)
        started = time.perf_counter()
        action = bots[seat].choose(observation, legal, bot_rng(seed, seat, ply))
        if on_decision is not None:
            on_decision(seat, time.perf_counter() - started)
        state, _ = rules.apply(state, action)
        ply += 1
        if ply >= MAX_PLIES:
            raise EndlessGame(f"game seeded {seed} had not ended after {MAX_PLIES:,} moves")
    outcome = rules.outcome(state)
    assert outcome is not None
    return outcome


def play_random(rules: GameRules[Any, Any], config: Any, seed: int) -> Outcome:
    """One game of uniformly random legal actions, the measure of raw rules throughput."""
    rng = random.Random(seed)
    state, _ = rules.new_game(config, seed)
    while not rules.is_over(state):
        step = rules.chance(state)  # nobody's choice: it takes nothing from ``rng``
        action = step if step is not None else pick(rules.legal_actions(state), rng)
        state, _ = rules.apply(state, action)
    outcome = rules.outcome(state)
    assert outcome is not None
    return outcome
