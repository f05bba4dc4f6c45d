"""The Pazu-Pazaak set summary in words (issue 24): "You take", never "You takes"; a tie names
every player on the winning total; the person's board is "your", not "You's"."""

from __future__ import annotations

from cardtable.games.pazaak.actions import Stand
from cardtable.games.pazu.events import LeaveReason, SetWon
from cardtable.games.pazu.rules import RULES
from cardtable.games.pazu.state import Status
from cardtable.ui.tables.pazu.results import left_words, set_summary
from tests.games.pazu.helpers import at_turn, board, of_type, play

NAMES = ("You", "Carth", "Revan", "Bastila")


def three_way_tie_won_by(mover_cards: tuple[int, ...]):
    """The mover stands on 19 with ``mover_cards``; Carth and Revan stood on 19 with two cards
    each, Bastila bust: the most cards decide."""
    boards = [board(*mover_cards), board(10, 9), board(10, 9), board(10, 9, 5)]
    state = at_turn(
        boards,
        status=[Status.ACTIVE, Status.STOOD, Status.STOOD, Status.BUST],
        stood_at=[0, 1, 2, 0],
    )
    state, events = play(state, Stand())
    (won,) = of_type(events, SetWon)
    return won, RULES.observe(state, 0)


def test_the_person_takes_the_set_pot_and_a_tie_names_everyone_on_the_total():
    won, view = three_way_tie_won_by((5, 5, 9))
    assert won.seat == 0
    verdict, lines = set_summary(won, 1, view, NAMES)
    assert verdict.startswith("You won set 1 on 19")
    assert lines[0] == "Tied with Carth and Revan on 19; decided by most cards: 3 against 2."
    assert lines[1].startswith("You take the Set Pot: ")


def test_a_bot_that_beats_the_person_on_a_tie_names_you_among_the_tied():
    boards = [board(10, 9), board(5, 5, 9), board(10, 9), board(10, 9, 5)]
    state = at_turn(
        boards,
        mover=1,
        status=[Status.STOOD, Status.ACTIVE, Status.STOOD, Status.BUST],
        stood_at=[1, 0, 2, 0],
    )
    state, events = play(state, Stand())
    (won,) = of_type(events, SetWon)
    _, lines = set_summary(won, 1, RULES.observe(state, 0), NAMES)
    assert lines[0].startswith("Tied with you and Revan on 19")
    assert lines[1].startswith("Carth takes the Set Pot: ")


def test_a_higher_total_against_the_person_reads_your():
    boards = [board(10, 8), board(10, 9), board(10, 9, 5)]
    state = at_turn(
        boards, mover=1, status=[Status.STOOD, Status.ACTIVE, Status.BUST], stood_at=[1, 0, 0]
    )
    state, events = play(state, Stand())
    (won,) = of_type(events, SetWon)
    _, lines = set_summary(won, 1, RULES.observe(state, 0), NAMES[:3])
    assert lines[0] == "Decided by: the highest total: 19 against your 18."


def test_a_person_sent_away_were_sent_away():
    assert left_words("You", LeaveReason.REMOVED) == "You were sent away"
    assert left_words("Revan", LeaveReason.REMOVED) == "Revan was sent away"
