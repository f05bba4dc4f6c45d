"""Golden transcripts: every game played at the plain table with a fixed seed and scripted
input reads exactly as recorded, ends, and holds nothing but printable text.

Run with CARDTABLE_GOLDEN=1 to write the transcripts afresh after a deliberate change of words
(and read the diff before committing it).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardtable.core.seats import default_seats
from tests.plain.play import against_bots, local_session, transcript

GOLDEN = Path(__file__).parent / "golden"
#: looks around first, then "1" at every prompt: the first listed move always moves the game on
LOOK = ["help", "board", "hand", "score", "odds", "log 3", "zzz", "99"]
GAMES = {
    "pazaak": lambda: local_session("pazaak", against_bots("pazaak", 1), 1),
    "pazu-pazaak": lambda: local_session("pazu-pazaak", against_bots("pazu-pazaak", 2), 1),
    "pixies": lambda: local_session("pixies", against_bots("pixies", 1), 1),
    "flip7-solo": lambda: local_session("flip7", against_bots("flip7", 0), 1, solo=True),
    "flip7-table": lambda: local_session("flip7", against_bots("flip7", 2), 3),
    "pazaak-hotseat": lambda: local_session("pazaak", default_seats(2, ()), 2),
}


@pytest.mark.parametrize("name", GAMES)
async def test_a_scripted_game_reads_as_recorded_and_ends(name: str) -> None:
    session = GAMES[name]()
    text, status = await transcript(session, LOOK + ["1"] * 2000)
    assert status == 0 and session.is_over
    assert "\x1b" not in text and all(ch.isprintable() or ch == "\n" for ch in text)
    assert all(len(line) <= 40 or " " not in line for line in text.splitlines())
    lines = text.splitlines()
    assert lines[-1] == "> 1", "the match's end asks what next, and 1 leaves"
    assert " won (" in " ".join(lines[-4:-2])
    golden = GOLDEN / f"{name}.txt"
    if os.environ.get("CARDTABLE_GOLDEN"):
        golden.write_text(text)
    assert text == golden.read_text()


async def test_input_that_ends_mid_game_leaves_cleanly() -> None:
    session = local_session("pazaak", against_bots("pazaak", 1), 1)
    text, status = await transcript(session, ["board"])
    assert status == 0 and not session.is_over
    assert " ".join(text.splitlines()[-2:]) == "You leave the table: the game is not saved."
