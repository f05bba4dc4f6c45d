"""The hint key's engine: every game's hard bot explains its choice in one line, the choice is
legal and is what the bot would play, and nothing hidden from the player to move changes it."""

from __future__ import annotations

import random

import pytest

from cardtable.core.bots import bot_rng
from cardtable.games.hints import hint
from cardtable.games.registry import GAMES

#: plies of random play before a hint is asked for, per game (a few decisions each)
PLIES = (0, 3, 7, 12)


def positions(game_id: str, seed: int):
    """(state, seat) at a few plies of a seeded random game where the mover has a choice."""
    rules = GAMES[game_id].rules
    state, _ = rules.new_game(rules.default_config(rules.min_seats), seed)
    rng = random.Random(seed)
    for ply in range(max(PLIES) + 1):
        seat = rules.to_move(state)
        if seat is None and (step := rules.chance(state)) is not None:
            state, _ = rules.apply(state, step)  # the next deal: no hint is asked for it
            continue
        if seat is None:
            return
        legal = rules.legal_actions(state)
        if ply in PLIES and len(legal) > 1:
            yield state, seat
        state, _ = rules.apply(state, legal[int(rng.random() * len(legal))])


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_hints_a_legal_move_with_a_one_line_reason(game_id):
    rules, seen = GAMES[game_id].rules, 0
    for state, seat in positions(game_id, seed=3):
        legal = rules.legal_actions(state)
        advice = hint(game_id, rules.observe(state, seat), legal, bot_rng(3, seat, 0))
        assert advice.action in legal
        assert advice.reason and "\n" not in advice.reason and len(advice.reason) < 160
        bot = GAMES[game_id].bots["hard"]()
        assert bot.choose(rules.observe(state, seat), legal, bot_rng(3, seat, 0)) == advice.action
        seen += 1
    assert seen >= 2


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_hint_never_depends_on_a_hidden_card(game_id):
    rules = GAMES[game_id].rules
    for state, seat in positions(game_id, seed=8):
        hidden = rules.redeal_hidden(state, seat, random.Random(1))
        assert rules.observe(hidden, seat) == rules.observe(state, seat)
        legal = rules.legal_actions(state)
        advice = [
            hint(game_id, rules.observe(s, seat), legal, bot_rng(8, seat, 1))
            for s in (state, hidden)
        ]
        assert advice[0] == advice[1]
