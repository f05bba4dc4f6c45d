"""The working copy of a table state: it takes every field from ``PazuState`` and gives them back."""

from __future__ import annotations

from dataclasses import fields

from cardtable.games.pazu.draft import Draft
from cardtable.games.pazu.turns import finish_turn
from tests.games.pazu.helpers import at_turn, board


def test_a_draft_freezes_back_to_the_state_it_was_drawn_from_field_for_field():
    state = at_turn([board(5, 7), board(10, ("+3", 3)), board(2)], mover=1, deck=(4, 9))
    draft = Draft(state, finish_turn)
    for field in fields(state):
        assert getattr(draft, field.name) is getattr(state, field.name), field.name
    assert draft.freeze() == state
