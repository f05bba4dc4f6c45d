"""The bots' fast playout follows the rules core exactly: same scores, same round ends."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.games.pixies.actions import Take
from cardtable.games.pixies.bots import candidates, placement_action, playout_from
from cardtable.games.pixies.events import RoundEnded
from cardtable.games.pixies.rules import RULES
from cardtable.games.pixies.state import Phase, PixiesConfig


@settings(max_examples=15, deadline=None)
@given(st.integers(2, 5), st.integers(0, 2**32), st.booleans())
def test_playout_agrees_with_the_core_pick_by_pick(seats, seed, counts_itself):
    state, _ = RULES.new_game(PixiesConfig(seats, counts_itself), seed)
    rng = random.Random(seed)
    while not RULES.is_over(state):
        seen = RULES.observe(state, None)
        sim = playout_from(seen, list(state.deck))
        move = rng.choice(candidates(seen, sim))
        going = sim.pick(move.index, move.kind, move.cell)
        state, events = RULES.apply(state, Take(move.index))
        if state.phase in (Phase.KEEP, Phase.FACE_DOWN):
            state, more = RULES.apply(state, placement_action(move.kind, move.cell))
            events += more
        ended = any(isinstance(e, RoundEnded) for e in events)
        assert going == (not ended)
        if ended:
            scores = next(e for e in events if isinstance(e, RoundEnded)).scores
            assert sim.score == [b.total for b in scores]
            if (step := RULES.chance(state)) is not None:
                state, _ = RULES.apply(state, step)  # the next round's deal
            continue
        after = RULES.observe(state, None)
        assert sim.score == [g.score.total for g in after.grids]
        assert sim.order == list(after.pickers)
        assert sim.revealed == [c.id for c in after.revealed]


def test_greedy_gain_is_the_score_change():
    state, _ = RULES.new_game(PixiesConfig(2), 3)
    rng = random.Random(3)
    sim = playout_from(RULES.observe(state, None), list(state.deck))
    for _ in range(200):
        seat = sim.order[0]
        index, kind, cell = sim.greedy(seat, rng)
        before = sim.score[seat]
        gain = sim.gain(seat, sim.revealed[index], kind, cell)
        if not sim.pick(index, kind, cell):
            break
        assert sim.score[seat] - before == gain
