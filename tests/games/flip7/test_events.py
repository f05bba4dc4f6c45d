"""Log lines: every event reads as a sentence, the same for every viewer (nothing is hidden)."""

from __future__ import annotations

import pytest

from cardtable.games.flip7.cards import Card
from cardtable.games.flip7.describe import seen_by
from cardtable.games.flip7.events import (
    EVENT_TYPES,
    ActionDiscarded,
    ActionSetAside,
    Busted,
    CardFlipped,
    FlipSeven,
    FlipThreeEnded,
    FlipThreeStarted,
    Frozen,
    GameEnded,
    PlayOn,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    SecondChanceGiven,
    SecondChanceKept,
    SecondChanceUsed,
    Stayed,
    Why,
)
from cardtable.games.flip7.rules import RULES

EXAMPLES = [
    (RoundStarted(2, 1), "Round 2 begins; Player 2 deals."),
    (CardFlipped(0, Card.SEVEN, Why.HIT), "Player 1 hits: 7."),
    (CardFlipped(1, Card.TIMES2, Why.DEAL), "Player 2 is dealt ×2."),
    (CardFlipped(2, Card.FREEZE, Why.FLIP_THREE), "Player 3 flips (Flip Three): Freeze."),
    (Busted(0, Card.NINE), "Player 1 busts on a second 9 and scores 0 this round."),
    (SecondChanceUsed(1, Card.NINE), "Player 2 spends a Second Chance to discard the second 9."),
    (SecondChanceKept(1), "Player 2 keeps the Second Chance."),
    (SecondChanceGiven(0, 2), "Player 1 gives a Second Chance to Player 3."),
    (ActionDiscarded(0, Card.SECOND_CHANCE), "Player 1's Second Chance is discarded unused."),
    (Frozen(1, 0, 17), "Player 1 freezes Player 2, who banks 17."),
    (Frozen(1, 1, 17), "Player 2 freezes themselves and banks 17."),
    (FlipThreeStarted(2, 0), "Player 1 makes Player 3 Flip Three."),
    (
        ActionSetAside(2, Card.FLIP_THREE),
        "Player 3 sets the Flip Three aside until the Flip Three is done.",
    ),
    (FlipThreeEnded(2), "Player 3's Flip Three is done."),
    (Stayed(0, 23), "Player 1 stays on 23."),
    (FlipSeven(0), "Player 1 makes a Flip 7: +15 and the round ends!"),
    (Reshuffled(40), "The deck is empty: the discard pile is shuffled into a new deck of 40."),
    (RoundEnded(3, (10, 0), (150, 90)), "Round 3 over: Player 1 +10 (150), Player 2 +0 (90)."),
    (PlayOn((0, 1)), "Player 1, Player 2 tie for the lead at 200 or more: play on."),
    (GameEnded((1,), (190, 204), 9), "Player 2 wins after 9 rounds."),
]


def test_every_event_type_has_an_example():
    assert {type(event) for event, _ in EXAMPLES} == set(EVENT_TYPES)


@pytest.mark.parametrize(("event", "line"), EXAMPLES)
def test_log_lines_are_the_same_for_every_viewer_but_for_you(event, line):
    """Nothing is hidden, so every seat reads the same line; its own seat reads as "You"."""
    assert RULES.describe(event, None) == line
    for seat in range(3):
        assert RULES.describe(event, seat) == seen_by(line, seat)
        assert f"Player {seat + 1}" not in RULES.describe(event, seat)


def test_a_seat_reads_its_own_moves_as_you() -> None:
    assert seen_by("Player 1 hits: 7.", 0) == "You hit: 7."
    assert seen_by("Player 2 freezes Player 1, who banks 12.", 0) == (
        "Player 2 freezes you, who banks 12."
    )
    assert seen_by("Player 1's Flip Three is done.", 0) == "Your Flip Three is done."
    assert seen_by("Player 10 hits: 7.", 0) == "Player 10 hits: 7."
