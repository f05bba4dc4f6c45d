"""Policies for the policy-seat tests, loaded by dotted path as a user's would be."""

from __future__ import annotations


def first_legal(observation, legal, rng):
    return legal[0]


def always_stay(observation, legal, rng):
    """Flip 7 solo: stay every turn, banking 0 on an empty row; the race never ends."""
    from cardtable.games.flip7.actions import STAY

    return STAY


not_a_function = 42


def resigns(observation, legal, rng):
    """A move no game has."""
    return "resign"
