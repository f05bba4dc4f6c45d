"""Issue 24: whatever a seat reads with "You" as its subject takes the second-person verb ("You
take", never "You takes"): a property over random games of every game, read from every seat,
the move log and Pazu-Pazaak's set summaries (where "You takes the Set Pot" was found) alike."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.games.flip7.describe import second_person
from cardtable.games.pazu.events import SetPotCarried, SetWon
from cardtable.games.registry import GAMES
from cardtable.session.wording import SEAT_WORD, you_agree
from cardtable.ui.tables.pazu.results import leavers, set_summary
from tests.ui.test_event_wording import YOU_THIRD

#: the other seats' names; the reader's own seat is "You"
OTHERS = ("Revan", "Bastila", "Carth", "Mission", "Zaalbar", "Canderous")
#: plies of random play per game: enough for a few sets or rounds
PLIES = 400


def names_for(viewer: int, seats: int) -> tuple[str, ...]:
    return tuple("You" if seat == viewer else OTHERS[seat] for seat in range(seats))


def as_read(game: str, line: str, names: tuple[str, ...]) -> str:
    """A rules line as the table shows it to the seat called "You" (``TableScreen.name_seats``,
    and Flip 7's own second-person pass)."""
    line = you_agree(SEAT_WORD.sub(lambda m: names[int(m.group(1)) - 1], line))
    return second_person(line) if game == "flip7" else line


def random_game(game: str, seats: int, seed: int) -> tuple[list[tuple[object, ...]], object]:
    """The event batches of a game of random legal moves, and the rules."""
    rules = GAMES[game].rules
    state, events = rules.new_game(rules.default_config(seats), seed)
    batches: list[tuple[object, ...]] = [events]
    rng = random.Random(seed)
    for _ in range(PLIES):
        if rules.is_over(state):
            break
        legal = rules.legal_actions(state)  # between sets or rounds: the deal alone
        state, events = rules.apply(state, legal[int(rng.random() * len(legal))])
        batches.append(events)
    return batches, state


def pazu_summaries(batches, state, viewer: int, names: tuple[str, ...]) -> list[str]:
    """The set result's verdict and lines for every set that ended, as ``viewer`` reads them
    (the last position's view stands in for each set's: only the words are checked)."""
    rules = GAMES["pazu-pazaak"].rules
    view = rules.observe(state, viewer)
    lines: list[str] = []
    for number, batch in enumerate(batches):
        for event in batch:
            if isinstance(event, SetWon | SetPotCarried):
                verdict, details = set_summary(event, number, view, names)
                lines += [verdict, *details]
        lines += leavers(batch, names)
    return lines


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**32), data=st.data())
def test_you_always_takes_the_second_person_verb(game, seed, data):
    rules = GAMES[game].rules
    low = max(rules.min_seats, 2)
    seats = data.draw(st.integers(low, min(rules.max_seats, 5)), label="seats")
    batches, state = random_game(game, seats, seed)
    for viewer in range(seats):
        names = names_for(viewer, seats)
        lines = [
            as_read(game, line, names)
            for batch in batches
            for event in batch
            if (line := rules.describe(event, viewer))
        ]
        if game == "pazu-pazaak":
            lines += pazu_summaries(batches, state, viewer, names)
        wrong = [line for line in lines if YOU_THIRD.search(line)]
        assert not wrong, wrong[:5]
        assert any(line.startswith("You ") for line in lines)  # the reader was named


def test_the_pattern_catches_what_issue_24_found():
    for line in ("You takes the Set Pot: 40 chips", "You stands on 19", "You has left"):
        assert YOU_THIRD.search(line)
    for line in ("You take the Set Pot: 40 chips", "You pass", "You stand on 19"):
        assert not YOU_THIRD.search(line)
