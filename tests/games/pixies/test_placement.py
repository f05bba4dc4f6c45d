"""The three placement scenarios, the keep-which choice and the face-down space choice."""

from __future__ import annotations

import pytest

from cardtable.core.errors import IllegalAction
from cardtable.games.pixies.actions import KeepNew, KeepOld, PlaceFaceDown, Take
from cardtable.games.pixies.events import CardPlaced, CardTaken, DuplicateSettled, PlacedFaceDown
from cardtable.games.pixies.rules import RULES
from cardtable.games.pixies.state import Phase

from .helpers import card, cid, grid, make_state

EMPTY = grid()


def take(state, index=0):
    return RULES.apply(state, Take(index))


def test_scenario_1_face_up_on_its_numbers_space():
    state = make_state((EMPTY, EMPTY), "G5 R1+3", (0, 1, 0))
    after, events = take(state)
    assert after.grids[0].up[4] == cid("G5")
    assert after.revealed == (cid("R1+3"),)
    assert after.to_move == 1 and after.phase is Phase.PICK
    assert events == (CardTaken(0, card("G5")), CardPlaced(0, card("G5"), 5, validated=False))


def test_scenario_1_on_a_face_down_card_validates_at_once():
    mine = grid(down={5: "B9-6"})
    after, events = take(make_state((mine, EMPTY), "G5", (0, 1)))
    assert after.grids[0].up[4] == cid("G5") and after.grids[0].down[4] == cid("B9-6")
    assert events[-1] == CardPlaced(0, card("G5"), 5, validated=True)
    assert RULES.observe(after, 0).grids[0].score.validated == 5


@pytest.mark.parametrize(
    ("action", "top", "under"), [(KeepNew(), "G5", "R5"), (KeepOld(), "R5", "G5")]
)
def test_scenario_2_choose_which_card_stays_face_up(action, top, under):
    mine = grid(up={5: "R5"})
    waiting, events = take(make_state((mine, EMPTY), "G5 B1+6", (0, 1)))
    assert waiting.phase is Phase.KEEP and waiting.to_move == 0
    assert waiting.pending == cid("G5") and waiting.revealed == (cid("B1+6"),)
    assert RULES.legal_actions(waiting) == (KeepNew(), KeepOld())
    after, events = RULES.apply(waiting, action)
    assert after.grids[0].up[4] == cid(top) and after.grids[0].down[4] == cid(under)
    assert events == (DuplicateSettled(0, 5, card(top), isinstance(action, KeepNew)),)
    assert after.to_move == 1 and after.pending is None
    assert RULES.observe(after, 1).grids[0].cells[4].validated


def test_scenario_3_validated_number_goes_face_down_on_any_empty_space():
    mine = grid(up={5: "R5", 1: "G1+5"}, down={5: "G5", 9: "B2+4"})
    waiting, _ = take(make_state((mine, EMPTY), "Y5", (0, 1)))
    assert waiting.phase is Phase.FACE_DOWN
    assert RULES.legal_actions(waiting) == tuple(PlaceFaceDown(s) for s in (2, 3, 4, 6, 7, 8))
    after, events = RULES.apply(waiting, PlaceFaceDown(7))
    assert after.grids[0].down[6] == cid("Y5") and after.grids[0].up[6] is None
    assert events == (PlacedFaceDown(0, 7),)


@pytest.mark.parametrize("space", [1, 5, 9])
def test_scenario_3_never_under_another_card(space):
    mine = grid(up={5: "R5", 1: "G1+5"}, down={5: "G5", 9: "B2+4"})
    waiting, _ = take(make_state((mine, EMPTY), "Y5", (0, 1)))
    with pytest.raises(IllegalAction, match="not empty"):
        RULES.apply(waiting, PlaceFaceDown(space))


def test_face_down_then_matching_card_validates_it():
    mine = grid(up={5: "R5"}, down={5: "G5"})
    waiting, _ = take(make_state((mine, EMPTY), "Y5 B8-3", (0, 1, 0, 1)))
    placed, _ = RULES.apply(waiting, PlaceFaceDown(8))
    later = make_state((placed.grids[0], EMPTY), "B8-3", (0, 1))
    after, events = take(later)
    assert events[-1].validated
    assert RULES.observe(after, 0).grids[0].score.validated == 5 + 8


def test_validated_status_is_permanent_a_third_card_goes_face_down():
    mine = grid(up={5: "G5"}, down={5: "R5"})
    waiting, _ = take(make_state((mine, EMPTY), "Y5★", (0, 1)))
    assert waiting.phase is Phase.FACE_DOWN
    assert waiting.grids[0] == mine


def test_keep_which_choice_refuses_other_actions_with_a_reason():
    mine = grid(up={5: "R5"})
    waiting, _ = take(make_state((mine, EMPTY), "G5 B1+6", (0, 1)))
    for action in (Take(0), PlaceFaceDown(2)):
        with pytest.raises(IllegalAction, match="stays face-up"):
            RULES.apply(waiting, action)


def test_face_down_choice_refuses_other_actions_with_a_reason():
    mine = grid(up={5: "R5"}, down={5: "G5"})
    waiting, _ = take(make_state((mine, EMPTY), "Y5", (0, 1)))
    with pytest.raises(IllegalAction, match="already validated"):
        RULES.apply(waiting, KeepNew())


def test_take_refuses_a_missing_card_and_placement_actions():
    state = make_state((EMPTY, EMPTY), "G5 R1+3", (0, 1))
    with pytest.raises(IllegalAction, match="no card 2 on offer"):
        RULES.apply(state, Take(2))
    with pytest.raises(IllegalAction, match="take one of the revealed cards"):
        RULES.apply(state, KeepOld())
