"""Bots: easy's exact policy on hand-built positions; hard plays legal, sensible, repeatable moves."""

from __future__ import annotations

import random

import pytest

from cardtable.core.bots import bot_rng
from cardtable.core.match import Match
from cardtable.games.pazaak.actions import END_TURN, STAND, PlaySide
from cardtable.games.pazaak.bots import BOTS, EasyBot, HardBot, MediumBot
from cardtable.games.pazaak.bots.hard import Expert
from cardtable.games.pazaak.bots.moves import overrule
from cardtable.games.pazaak.bots.rollout import Tuning
from cardtable.games.pazaak.rules import RULES
from tests.games.pazaak.helpers import config, position


def easy(state, seat=0):
    return EasyBot().choose(
        RULES.observe(state, seat), RULES.legal_actions(state), random.Random(0)
    )


def hard(state, seat=0, seed=0):
    return HardBot().choose(
        RULES.observe(state, seat), RULES.legal_actions(state), random.Random(seed)
    )


def test_every_level_is_registered_under_its_name():
    assert list(BOTS) == ["easy", "medium", "hard"]
    assert all(BOTS[level]().level == level for level in BOTS)


@pytest.mark.parametrize(
    ("mine", "theirs", "hands", "standing", "expected"),
    [
        ("10 4", "8", "+2 ±6", False, PlaySide(1, 6)),  # exactly 20, whatever the set
        ("10 4", "8", "+2 ±3", False, END_TURN),  # no card for 20: keep them, draw on
        ("10 8", "8", "+1", False, STAND),  # 18+ stands
        ("10 7", "8", "+1", False, END_TURN),  # 17 draws on
        ("10 9 6", "8", "-2 -3 ±5", False, PlaySide(2, -5)),  # the save that keeps most: 20
        ("10 9 5", "8", "-6 -5", False, PlaySide(1, -5)),  # 19 rather than 18
        ("10 9 6", "8", "-2 +2", False, END_TURN),  # no save: end the turn and bust
        # it never looks across the table (issue #2: "stands on 18+")
        ("10 6", "10 5", "+1", True, END_TURN),  # ahead of a standing 15, but below 18
        ("10 7", "10 9", "+1", True, END_TURN),  # behind a standing 19: draw on
        ("10 8", "10 9", "+1", True, STAND),  # 18 stands even behind a standing 19
        ("10 9", "10 9 1", "+2", True, STAND),  # 19 stands on a sure loss to 20
        ("10 8", "10 8", "+1", True, STAND),  # level on 18+: take the void
        ("10 6", "10 6", "+1", True, END_TURN),  # level below 18: draw on
        ("10 8", "10 9", "+2", True, PlaySide(0, 2)),  # exactly 20 still comes first
        ("10 9 4", "8", "-2 +1", False, END_TURN),  # over 20 with no save: bust
        ("10 9 4", "8", "-6", False, PlaySide(0, -6)),  # a save below 18 is still a save
    ],
)
def test_easy_policy(mine, theirs, hands, standing, expected):
    state = position(mine, theirs, hands=(hands, ""), standing=(False, standing))
    assert easy(state) == expected


@pytest.mark.parametrize(
    ("mine", "card", "expected"), [("10 9 4", "-6", END_TURN), ("10 9 5", "-5", STAND)]
)
def test_easy_stands_after_a_save_only_on_18_or_more(mine, card, expected):
    state = position(mine, "8", hands=(card, ""))
    state, _ = RULES.apply(state, easy(state))
    assert state.played_side and easy(state) == expected


def test_easy_uses_flips_only_for_exactly_20():
    state = position("10 8", "10 4", hands=("2&4", ""))
    assert easy(state) == STAND
    state = position("10 5 2", "10 4", hands=("2&4", ""))
    assert easy(state) == END_TURN
    state = position("10 8 -2", "10 4", hands=("2&4", ""))
    assert easy(state) == PlaySide(0, 0)


def test_hard_stands_when_already_ahead_of_a_standing_opponent():
    state = position("10 8", "10 7", hands=("±2 ±3", ""), standing=(False, True))
    assert hard(state) == STAND


def test_hard_makes_exact_20_when_nothing_less_wins():
    state = position("10 7", "10 9", hands=("±3 ±5", ""), standing=(False, True))
    assert hard(state) == PlaySide(0, 3)


def test_hard_makes_exact_20_in_the_deciding_set():
    state = position("10 4", "10 8", hands=("±6", ""), sets_won=(2, 2))
    assert hard(state) == PlaySide(0, 6)


def test_hard_saves_a_bust_when_the_save_wins_the_match():
    state = position("10 9 5", "10 8", hands=("±4 ±1", ""), standing=(False, True), sets_won=(2, 1))
    assert hard(state) == PlaySide(0, -4)


def test_hard_keeps_its_cards_when_far_from_20():
    state = position("3 4", "5", hands=("±2 ±3 ±4 ±5", ""))
    assert hard(state) == END_TURN


def test_hard_is_deterministic_for_a_given_rng():
    state = position("10 6", "10 4", hands=("±2 ±3 ±4", "±1 ±2"))
    choices = {hard(state, seed=7) for _ in range(3)}
    assert len(choices) == 1


@pytest.mark.parametrize(
    "decks", [("balanced", "gold"), ("gold", "cautious"), ("beginner", "gold")]
)
@pytest.mark.parametrize("chase_ends", [False, True])
def test_hard_only_ever_chooses_legal_actions(decks, chase_ends):
    """Hard's play-outs played casually to the set's end, or (as the ``chased`` seat plays,
    Flips and Doubles included) ended in the exact chase."""
    cfg = config().__class__.with_decks(*decks)
    for seed in range(3):
        match = Match.new(RULES, cfg, seed)
        knobs = Tuning(samples=24, margin=0.01, specials=chase_ends, chase_ends=chase_ends)
        quick = HardBot(Expert(knobs))
        bots = [quick, MediumBot(Tuning(samples=24))] if seed % 2 else [EasyBot(), quick]
        ply = 0
        while not match.is_over:
            seat = match.to_move
            legal = match.legal_actions()
            action = bots[seat].choose(match.observe(seat), legal, bot_rng(seed, seat, ply))
            assert action in legal
            match.play(action)
            match.take_chance_steps()
            ply += 1


def test_the_margin_holds_hard_to_the_casual_move_and_without_it_the_best_value_decides():
    valued = [(STAND, 0.500), (END_TURN, 0.505), (PlaySide(0, 2), 0.490)]
    assert overrule(STAND, valued, margin=0.01) == STAND
    assert overrule(STAND, valued, margin=0.0) == END_TURN
    assert overrule(PlaySide(0, 2), valued, margin=0.01) == END_TURN
