"""Policy seats: loaded by dotted path in play and sim, refused clearly when they misbehave."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.cli import main
from cardtable.core.seating import PolicyError, SeatError, load_policy, make_bot, parse_seat_words
from cardtable.games.registry import get

FIRST = "policy:tests.tools.policies:first_legal"


@pytest.mark.parametrize(
    "word, fragment",
    [
        ("policy:no_such_module_here:act", "cannot load policy no_such_module_here:act"),
        ("policy:tests.tools.policies:missing", "has no function 'missing'"),
        ("policy:tests.tools.policies:not_a_function", "has no function 'not_a_function'"),
        ("policy:tests.tools.policies", "policy:package.module:function"),
    ],
)
def test_a_policy_that_cannot_be_loaded_is_one_line_and_status_2(word, fragment, capsys):
    for command in (
        ["sim", "pazaak", "--seats", f"hard,{word}"],
        ["play", "pazaak", "--seats", f"human,{word}"],
    ):
        with pytest.raises(SystemExit) as exit_:
            main(command)
        assert exit_.value.code == 2
        err = capsys.readouterr().err.strip()
        assert fragment in err and len(err.splitlines()) == 1


def test_sim_plays_a_policy_seat(capsys):
    assert (
        main(["sim", "pazaak", "--seats", f"{FIRST},easy", "--games", "4", "--jobs", "1", "--json"])
        == 0
    )
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 4 and result["seats"] == [FIRST, "easy"]


def test_sim_refuses_a_policy_that_plays_an_illegal_move(capsys):
    seats = "policy:tests.tools.policies:resigns"
    with pytest.raises(SystemExit) as exit_:
        main(["sim", "flip7", "--solo", "--seats", seats, "--games", "1", "--jobs", "1", "--json"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err.strip()
    assert "not a legal move now" in err and "resign" in err and "Hit()" in err


def test_sim_stops_a_game_its_policy_never_ends(capsys, monkeypatch):
    monkeypatch.setattr("cardtable.core.selfplay.MAX_PLIES", 500)
    seats = "policy:tests.tools.policies:always_stay"
    with pytest.raises(SystemExit) as exit_:
        main(["sim", "flip7", "--solo", "--seats", seats, "--games", "1", "--jobs", "1"])
    assert exit_.value.code == 2
    assert "had not ended after 500 moves" in capsys.readouterr().err


def test_the_shared_parser_and_factory():
    spec = get("pixies")
    words = parse_seat_words(spec.id, spec.bots, f"human,easy,{FIRST}")
    assert words == ("human", "easy", FIRST)
    with pytest.raises(SeatError, match="choose from: easy"):
        parse_seat_words(spec.id, spec.bots, "human", humans=False)
    bot = make_bot(spec.bots, FIRST)
    assert bot.choose(None, ("a", "b"), random.Random(0)) == "a"
    assert make_bot(spec.bots, "easy").level == "easy"
    assert load_policy(FIRST)(None, (1,), random.Random(0)) == 1
    with pytest.raises(PolicyError):
        make_bot(spec.bots, "policy:tests.tools.policies:resigns").choose(None, ("a",), None)


def test_play_seats_a_policy_and_its_games_save_and_replay():
    from cardtable.core.match import Match
    from cardtable.core.seats import Seat
    from cardtable.persist.records import GameRecord
    from cardtable.tools.setup import play_seats

    spec = get("pazaak")
    from cardtable.cli import build_parser

    args = build_parser().parse_args(["play", "pazaak", "--seats", f"human,{FIRST}"])
    seats = play_seats(spec, args)
    assert [s.bot for s in seats] == [None, FIRST]
    match = Match.new(spec.rules, spec.rules.default_config(2), 5)
    match.play(match.legal_actions()[0])
    record = GameRecord.of(spec, match, (Seat("You"), Seat("Agent", FIRST)))
    assert record.to_match().state == match.state
