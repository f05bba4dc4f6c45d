"""The lobby screens' words: other people's names as plain text, the seek's progress, seat
ranges as people type them, and the rating lines of a rated game."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.online import protocol as wire
from cardtable.ui.lobbywords import person, plain, rated_lines, seeking_line, table_cells
from cardtable.ui.screens.quickmatch import seat_choice


def rating(shown: str) -> wire.RatingInfo:
    return wire.RatingInfo(
        shown=shown, display=1500, provisional="?" in shown, mu=25, sigma=8, games=1, conservative=1
    )


def test_the_waiting_line_says_how_long_how_many_and_how_far() -> None:
    status = wire.Seeking(
        type="seeking", game="pazaak", rated=True, seats=(2, 2), waited=3.0, seeking=7, range=150
    )
    assert seeking_line(status, 12.4) == "searching 12 s · 7 people seeking Pazaak · range ±150"
    alone = status.model_copy(update={"seeking": 1})
    assert "only you are seeking Pazaak now" in seeking_line(alone, 0)


@given(st.text(max_size=60))
def test_anothers_text_keeps_no_control_character(text: str) -> None:
    assert not any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in plain(text))


def test_a_lobby_row_shows_tagged_names_ratings_and_bots_as_typed() -> None:
    table = wire.ListedTable(
        watch="PQHXA",
        invite="KMTRX",
        game="pazu-pazaak",
        seats=4,
        taken=2,
        players=[
            wire.Opponent(name="[b]Ann\x1b[31m", tag="k3Qf", rating="1,512"),
            wire.Opponent(name="Robo", tag="x9_-", rating="1,500?", bot=True),
        ],
        options={"max_sets": "5"},
        rated=True,
        spectators=3,
    )
    game, seats, players, options, kind, watching, _ = table_cells(table)
    assert (game, seats, options, kind, watching) == (
        "Pazu-Pazaak",
        "2/4",
        "max_sets=5",
        "rated",
        "3",
    )
    assert players == "[b]Ann[31m#k3Qf 1,512, Robo#x9_- 1,500? (bot)"
    assert person(wire.Opponent(name="Guest", tag=None, rating=None)) == "Guest"


def test_a_rated_game_reads_as_each_players_change_or_why_it_did_not_count() -> None:
    change = wire.RatingChange(
        player="SHA256:k3Qfabc",
        tag="k3Qf",
        name="Ann",
        before=rating("1,512"),
        after=rating("1,527"),
        text="1,512 → 1,527 (+15)",
    )
    assert rated_lines(wire.Rated(type="rated", counted=True, changes=[change])) == [
        "Ann#k3Qf  1,512 → 1,527 (+15)"
    ]
    (why,) = rated_lines(wire.Rated(type="rated", counted=False, changes=[]))
    assert why.startswith("Not rated: ")


@pytest.mark.parametrize(
    ("game", "typed", "seats"),
    [
        ("pazaak", "anything", None),
        ("pazu-pazaak", "3-6", (3, 6)),
        ("pazu-pazaak", "4", (4, 4)),
        ("pixies", "2–5", (2, 5)),
        ("flip7", "2 to 8", (2, 8)),
    ],
)
def test_a_seat_range_is_read_as_people_type_it(game: str, typed: str, seats: object) -> None:
    assert seat_choice(game, typed) == seats


@pytest.mark.parametrize(
    ("typed", "words"), [("2-6", "seats 3 to 6"), ("6-3", "not 6-3"), ("x", "a range")]
)
def test_a_seat_range_the_game_cannot_seat_is_refused_in_words(typed: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        seat_choice("pazu-pazaak", typed)
