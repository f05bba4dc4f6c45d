"""War at the plain table: a person plays it to the end by typing numbers, reading cards in words."""

from __future__ import annotations

from tests.fifth_game.layers import SPEC
from tests.plain.play import against_bots, local_session, transcript


async def test_a_person_plays_war_to_the_end_in_plain_text():
    session = local_session(SPEC.id, against_bots(SPEC.id, 2), 5)
    text, status = await transcript(session, ["hand", "board", "hint"] + ["1"] * 20)
    assert status == 0 and session.is_over
    assert "Your hand: " in text and " of " in text  # cards in words: "queen of hearts"
    assert "♥" not in text and "♠" not in text
    assert "War gives no hints." in text
    assert " won (" in text
