"""Files written before "set over" became a state replay exactly under today's rules.

Each fixture in ``tests/fixtures/before_setover`` (see its README) was written when the rules
dealt the next set or round inside the action that ended one, with what it replayed to then:
every event in order, each seat's last view, whose turn and the outcome (and each log, whose
wording has changed since: the events it is written from are compared). Today's rules
take that deal as a step of its own, so an old file's actions are replayed with the step taken
where it comes due; the game must come out the same.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from cardtable.core.codec import encode
from cardtable.core.match import Match
from cardtable.games.registry import GAMES
from cardtable.online.store import SqliteStore
from cardtable.online.tables import Table
from cardtable.persist.files import read_model
from cardtable.persist.records import GameRecord

FIXTURES = Path(__file__).parent.parent / "fixtures" / "before_setover"
RECORDS = sorted(path.name for path in FIXTURES.glob("*.json") if ".expected" not in path.name)
JOURNALS = sorted(path.name for path in FIXTURES.glob("*.sqlite3"))


def replayed_as(match: Match) -> dict[str, Any]:
    """What the fixtures' ``expected`` files hold, of ``match`` as today's rules replay it.
    The events are compared as one list: the deal that one action made then is a step of its
    own now. A view's ``recent`` (the last action's events) is left out for the same reason."""
    rules = match.game
    viewers = [None, *range(rules.seat_count(match.state))]
    replayed = {
        "events": [encode(event) for group in match.events for event in group],
        "views": {str(v): _without_recent(encode(match.observe(v))) for v in viewers},
        "to_move": match.to_move,
        "outcome": encode(match.outcome),
    }
    return json.loads(json.dumps(replayed))  # as the fixture was written: tuples become lists


def expected(name: str) -> dict[str, Any]:
    kept = json.loads((FIXTURES / f"{name}.expected.json").read_text())
    # the log's wording is today's (Flip 7's lines name the reader "You" since): the events
    # it is written from are compared instead
    del kept["lines"]
    kept["views"] = {seat: _without_recent(view) for seat, view in kept["views"].items()}
    return kept


def _without_recent(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key != "recent"}


@pytest.mark.parametrize("name", RECORDS)
def test_an_old_save_or_replay_replays_exactly(name: str) -> None:
    record = read_model(FIXTURES / name, GameRecord)
    assert isinstance(record, GameRecord), record
    assert record.rules_version == 1
    match = record.to_match()
    assert replayed_as(match) == expected(name.removesuffix(".json"))
    assert match.chance is None, "an old game comes back dealt, as it was left"


@pytest.mark.parametrize("name", JOURNALS)
def test_an_old_online_journal_rebuilds_its_table_exactly(name: str, tmp_path: Path) -> None:
    shutil.copy(FIXTURES / name, tmp_path / name)
    store = SqliteStore(tmp_path / name)
    try:
        [(record, actions)] = store.unfinished()
    finally:
        store.close()
    assert record.rules_version == 1, "a journal from before versions were kept is version 1"
    table = Table.rebuild(GAMES[record.game], record, actions)
    assert replayed_as(table.match) == expected(name.removesuffix(".sqlite3"))
    assert table.record().rules_version == 1, "the table goes on saying how it began"


@pytest.mark.parametrize("game", ["pazaak", "pazu-pazaak", "flip7", "pixies"])
def test_a_save_made_under_rules_this_cardtable_never_played_is_refused(game: str) -> None:
    name = next(n for n in RECORDS if n.startswith(game) and "replay" in n)
    record = read_model(FIXTURES / name, GameRecord)
    assert isinstance(record, GameRecord)
    newer = record.model_copy(update={"rules_version": GAMES[game].rules.rules_version + 1})
    with pytest.raises(ValueError, match="rules version"):
        newer.to_match()
