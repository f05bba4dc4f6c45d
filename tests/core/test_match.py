"""``Match``: the record a save or replay is made of, so an illegal action must leave no trace."""

from __future__ import annotations

import pytest

from cardtable.core.errors import IllegalAction
from cardtable.core.match import Match
from cardtable.games.pazaak.actions import DEAL_NEXT_SET, END_TURN, STAND, PlaySide
from cardtable.games.pazaak.rules import RULES


def new_match(seed: int = 4) -> Match:
    return Match.new(RULES, RULES.default_config(2), seed)


def test_a_new_match_holds_the_opening_and_no_action():
    match = new_match()
    state, opening = RULES.new_game(match.config, 4)
    assert match.state == state and match.events == [opening] and match.actions == []
    assert match.to_move == RULES.to_move(state) and not match.is_over
    assert match.outcome is None
    assert match.legal_actions() == RULES.legal_actions(state)
    assert match.observe(0) == RULES.observe(state, 0)


def test_a_legal_action_is_recorded_with_its_events():
    match = new_match()
    before = match.state
    events = match.play(END_TURN)
    assert match.actions == [END_TURN] and match.events[1] == events
    assert (match.state, events) == RULES.apply(before, END_TURN)


def test_an_illegal_action_is_refused_and_leaves_no_trace():
    match = new_match()
    match.play(END_TURN)
    state, actions, events = match.state, list(match.actions), list(match.events)
    with pytest.raises(IllegalAction, match="no hand card 7"):
        match.play(PlaySide(7, 1))
    assert match.state is state and match.actions == actions and match.events == events


def test_replay_rebuilds_the_same_match_and_refuses_a_record_that_does_not_fit():
    match = new_match()
    for _ in range(6):
        if match.is_over:
            break
        match.play(STAND if len(match.actions) % 3 == 2 else END_TURN)
        match.take_chance_steps()
    again = Match.replay(RULES, match.config, match.seed, match.actions)
    assert again.state == match.state and again.events == match.events
    with pytest.raises(IllegalAction):
        Match.replay(RULES, match.config, match.seed, [PlaySide(9, 9)])


def played_through_sets(seed: int = 4) -> Match:
    """Stand at once every turn until three sets have ended (the deals taken as they come)."""
    match = new_match(seed)
    while match.state.set_number < 4 and not match.is_over:
        match.play(STAND)
        match.take_chance_steps()
    return match


def test_a_chance_step_is_recorded_as_an_action_and_replays():
    match = played_through_sets()
    deals = [a for a in match.actions if a == DEAL_NEXT_SET]
    assert len(deals) == match.state.set_number - 1 >= 2
    again = Match.replay(RULES, match.config, match.seed, match.actions)
    assert again.state == match.state and again.events == match.events


def test_actions_kept_before_the_deal_was_a_step_replay_with_the_deals_taken_where_due():
    match = played_through_sets()
    old = [a for a in match.actions if a != DEAL_NEXT_SET]
    assert RULES.chance_steps_since == RULES.rules_version and RULES.replays_version(1)
    upgraded = Match.replay(RULES, match.config, match.seed, old, version=1)
    assert upgraded.actions == match.actions and upgraded.state == match.state
    with pytest.raises(IllegalAction, match="next set is being dealt"):
        Match.replay(RULES, match.config, match.seed, old, version=RULES.rules_version)
