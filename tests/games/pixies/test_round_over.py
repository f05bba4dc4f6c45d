"""The end of a round is a state of the game: the grids stay as the round left them for every
seat to see, face-down cards stay hidden, and the next round is dealt by a step of its own."""

from __future__ import annotations

import random

import pytest

from cardtable.core.errors import IllegalAction
from cardtable.games.pixies.actions import DEAL_NEXT_ROUND, KeepNew, Take
from cardtable.games.pixies.events import CardsRevealed, RoundEnded, RoundStarted
from cardtable.games.pixies.rules import RULES

from .helpers import grid, make_state

EMPTY = grid()
#: eight face-up cards on spaces 1..8: a grid one card short of full
NEARLY_FULL = grid(
    up={1: "B1+6", 2: "B2+4", 3: "B3+3", 4: "B4+1", 5: "B5", 6: "B6+1", 7: "B7-3", 8: "B8-3"}
)


def round_over():
    """Two players (pixies.md §7): seat 0 fills its grid at its pick, seat 1 places one more
    card and the round ends with two cards unpicked."""
    state = make_state((NEARLY_FULL, EMPTY), "R9 G1+5 Y2+2 R2+5", (0, 1, 0, 1))
    state, _ = RULES.apply(state, Take(0))
    before = state
    over, events = RULES.apply(state, Take(0))
    return before, over, events


def test_the_round_ends_with_the_grids_as_they_stood_and_nobody_to_move():
    before, over, events = round_over()
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.round == 1 and over.round == 1 and over.history[-1] == ended.scores
    assert over.grids[0] == before.grids[0] and over.grids[1] != EMPTY
    assert RULES.to_move(over) is None and not RULES.is_over(over)
    assert RULES.outcome(over) is None and over.leader == 1, "the last picker leads next"


@pytest.mark.parametrize("viewer", [0, 1, None])
def test_every_seat_sees_the_ended_grids_scored_at_the_round_s_zone_value(viewer):
    _, over, events = round_over()
    ended = next(e for e in events if isinstance(e, RoundEnded))
    view = RULES.observe(over, viewer)
    assert view.to_move is None and view.round == 1 and view.zone_value == 2
    assert tuple(g.score for g in view.grids) == ended.scores
    assert view.round_scores[-1] == ended.scores and view.totals == ended.totals


def test_the_ended_round_keeps_face_down_cards_and_the_deck_hidden():
    _, over, _ = round_over()
    for seat in (0, 1):
        twin = RULES.redeal_hidden(over, seat, random.Random(seat))
        assert twin.deck != over.deck
        assert RULES.observe(twin, seat) == RULES.observe(over, seat)
        assert RULES.observe(twin, None) == RULES.observe(over, None)


def test_the_next_round_is_a_step_of_its_own_and_nobody_else_may_move():
    _, over, _ = round_over()
    assert RULES.chance(over) == DEAL_NEXT_ROUND
    assert RULES.legal_actions(over) == (DEAL_NEXT_ROUND,)
    for action in (Take(0), KeepNew()):
        with pytest.raises(IllegalAction, match="next round is being dealt"):
            RULES.apply(over, action)
    dealt, events = RULES.apply(over, DEAL_NEXT_ROUND)
    assert events[0] == RoundStarted(2, 3, leader=1) and isinstance(events[1], CardsRevealed)
    assert dealt.round == 2 and dealt.to_move == 1 and all(g == EMPTY for g in dealt.grids)
    assert RULES.chance(dealt) is None


def test_the_deal_is_refused_while_a_round_is_played_and_after_the_last_round():
    state = make_state((NEARLY_FULL, EMPTY), "R9 G1+5 Y2+2 R2+5", (0, 1, 0, 1))
    with pytest.raises(IllegalAction, match="still being played"):
        RULES.apply(state, DEAL_NEXT_ROUND)
    last = make_state((NEARLY_FULL, EMPTY), "R9 G1+5 Y2+2 R2+5", (0, 1, 0, 1), round_number=3)
    last, _ = RULES.apply(last, Take(0))
    over, _ = RULES.apply(last, Take(0))
    assert RULES.is_over(over) and RULES.chance(over) is None and RULES.legal_actions(over) == ()
