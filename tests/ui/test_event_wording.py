"""Item 8 of issue 14: every event of real games, as each table's log shows it to every viewer,
reads right: second person for "You" ("You take", never "You takes"), "1 card" but "2 cards"."""

from __future__ import annotations

import random
import re

import pytest

from cardtable.core.match import Match
from cardtable.games.flip7.describe import second_person
from cardtable.games.registry import GAMES
from cardtable.session.wording import SEAT_WORD, you_agree

#: "You" followed by a third-person verb: "You takes", "You draws"
YOU_THIRD = re.compile(r"\bYou (?!(?:pass|miss|bus|focus|guess|press)\b)([a-z]+(?:s|es))\b")
#: one of something, then a plural noun: "1 moves", "1 cards"
ONE_PLURAL = re.compile(
    r"(?<![\d.–-])(?<!Player )\b1 (cards|moves|points|chips|sets|rounds|flips)\b"
)
#: a second verb in the first person after a third-person subject: "Bo keeps … and tuck"
SECOND_VERB = re.compile(r"^(?!You )\w+ \w+s .* and (tuck|keep|score|bank|take|place|lay) ")
#: seat names at a table against bots (the person is "You") and at a hot-seat table
AGAINST_BOTS = ("You", "Revan", "Bastila")
HOT_SEAT = ("Ann", "Bo", "Cy")


def as_shown(game: str, line: str, viewer: int | None) -> str:
    """The line as the table's log prints it (``TableScreen.name_seats`` and Flip 7's own)."""
    names = AGAINST_BOTS if viewer == 0 else HOT_SEAT
    line = you_agree(SEAT_WORD.sub(lambda m: names[int(m.group(1)) - 1], line))
    return second_person(line) if game == "flip7" else line


def lines_of(game: str, seed: int, seats: int) -> list[tuple[int | None, str]]:
    spec = GAMES[game]
    match = Match.new(spec.rules, spec.rules.default_config(seats), seed)
    rng = random.Random(seed)
    batches = list(match.events)
    for _ in range(600):
        if match.is_over:
            break
        batches.append(match.play(rng.choice(match.legal_actions())))
    out = []
    for viewer in (None, 0):
        for events in batches:
            for event in events:
                line = spec.rules.describe(event, viewer)
                if line:
                    out.append((viewer, as_shown(game, line, viewer)))
    return out


@pytest.mark.every_game(at=3)
def test_every_event_reads_right_for_every_viewer(game_id, seats):
    bad = []
    for seed in range(3):
        for viewer, line in lines_of(game_id, seed, seats):
            if YOU_THIRD.search(line) or ONE_PLURAL.search(line) or SECOND_VERB.search(line):
                bad.append((viewer, line))
            if re.search(r"(\b[A-Z]\w+) \w+ \1\b", line):  # "Revan makes Revan Flip Three"
                bad.append((viewer, line))
            if "Player " in line:
                bad.append((viewer, line))
    assert not bad, bad[:10]


def test_a_refusal_that_names_the_reader_agrees_with_you():
    line = SEAT_WORD.sub(lambda m: AGAINST_BOTS[int(m.group(1)) - 1], "Player 1 has to bid now")
    assert you_agree(line) == "You have to bid now"
    assert you_agree("the last card went to You") == "the last card went to you"
    assert you_agree("Revan is a bot") == "Revan is a bot"
