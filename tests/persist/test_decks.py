"""Saved side decks: round trip, one bad entry skipped, an unreadable file set aside untouched."""

from __future__ import annotations

import json

import pytest

from cardtable.games.pazaak.cards import READY_DECKS, parse_all
from cardtable.persist.decks import DeckStore

MINE = parse_all("+1 +2 +3 -1 -2 -3 ±4 ±5 2&4 D")
OTHER = parse_all("-1 -2 -3 -4 -5 -6 ±1 ±2 ±3 ±4")


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    return DeckStore()


def write_entries(store: DeckStore, entries: list[dict], **extra) -> None:
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_text(json.dumps({"schema_version": 1, "decks": entries, **extra}))


def test_round_trip_in_the_data_folder(store, tmp_path):
    key = store.save("  Mine ", MINE)
    assert key == "user:Mine"
    assert store.path == tmp_path / "data" / "decks.json"
    fresh = DeckStore()
    [deck] = fresh.load()
    assert (deck.name, deck.cards) == ("Mine", MINE)
    assert fresh.resolve(key) == MINE
    stored = json.loads(store.path.read_text(encoding="utf-8"))
    assert stored["decks"][0]["cards"][6] == "±4"


def test_saving_a_name_again_replaces_that_deck(store):
    store.save("Mine", MINE)
    store.save("Other", OTHER)
    store.save("Mine", OTHER)
    assert [(d.name, d.cards) for d in store.load()] == [("Mine", OTHER), ("Other", OTHER)]


def test_save_refuses_illegal_decks_and_names(store):
    with pytest.raises(ValueError, match="exactly 10"):
        store.save("Short", MINE[:7])
    with pytest.raises(ValueError, match="inventory only 4"):
        store.save("Greedy", parse_all("+1 +1 +1 +1 +1 +2 +3 +4 +5 +6"))
    with pytest.raises(ValueError, match="needs a name"):
        store.save("   ", MINE)
    with pytest.raises(ValueError, match="at most 30"):
        store.save("x" * 31, MINE)
    store.save("x" * 30, MINE)
    assert not store.path.with_name("decks.json.bak").exists()


def test_delete_forgets_the_deck_and_the_choice(store):
    store.save("Mine", MINE)
    store.remember("user:Mine")
    assert store.delete("Mine") is True
    assert store.delete("Mine") is False
    assert store.load() == [] and store.last_choice() is None


def test_all_decks_lists_ready_made_then_mine(store):
    store.save("Mine", MINE)
    choices = store.all_decks()
    assert [c.key for c in choices] == [f"ready:{n}" for n in READY_DECKS] + ["user:Mine"]
    assert choices[-1].title == "Mine" and choices[-1].cards == MINE
    key, title, cards = choices[0]
    assert store.resolve(key) == cards and title == READY_DECKS["balanced"].title


def test_last_choice_is_remembered_across_stores(store):
    assert store.last_choice() is None
    store.remember("ready:gold")
    assert DeckStore().last_choice() == "ready:gold"
    store.save("Mine", MINE)
    store.remember("user:Mine")
    assert DeckStore().last_choice() == "user:Mine"
    with pytest.raises(ValueError):
        store.remember("user:Nobody")
    assert store.last_choice() == "user:Mine"


def test_a_choice_that_no_longer_resolves_is_not_offered(store):
    write_entries(store, [], last_choice="ready:retired")
    assert store.last_choice() is None


def test_resolve_says_why(store):
    write_entries(store, [{"name": "Bad", "cards": ["+9"] * 10}])
    with pytest.raises(ValueError, match="not a deck key"):
        store.resolve("balanced")
    with pytest.raises(ValueError, match="no ready-made deck 'nope'"):
        store.resolve("ready:nope")
    with pytest.raises(ValueError, match="no saved deck named 'Ghost'"):
        store.resolve("user:Ghost")
    with pytest.raises(ValueError, match="'Bad' cannot be used: \\+9 is not a side card"):
        store.resolve("user:Bad")


def test_a_bad_entry_is_skipped_and_named_and_kept_on_disk(store):
    good = {"name": "Good", "cards": ["+1", "+2", "+3", "-1", "-2", "-3", "+-4", "±5", "2&4", "D"]}
    entries = [
        {"name": "Typo", "cards": ["+1", "x7", "+3", "-1", "-2", "-3", "±4", "±5", "2&4", "D"]},
        good,
        {"name": "Greedy", "cards": ["D", "D", "D", "+1", "+2", "+3", "+4", "+5", "+6", "-1"]},
        {"name": "Blank", "cards": [""] * 10},
    ]
    write_entries(store, entries)
    assert [(d.name, d.cards) for d in store.load()] == [("Good", MINE)]
    messages = [str(p) for p in store.take_problems()]
    assert len(messages) == 3
    assert "'Typo' skipped" in messages[0] and "x7" in messages[0]
    assert "'Greedy' skipped" in messages[1] and "D" in messages[1]
    assert all(m.startswith("decks.json:") for m in messages)
    store.load()
    assert store.take_problems() == []  # reported once, not on every reload
    store.save("New", OTHER)
    names = [d["name"] for d in json.loads(store.path.read_text())["decks"]]
    assert names == ["Typo", "Good", "Greedy", "Blank", "New"]


def test_a_corrupt_file_is_reported_set_aside_and_not_overwritten(store):
    store.path.parent.mkdir(parents=True)
    broken = '{"schema_version": 1,\n "decks": [\n  {"name": "Mine", "cards": []},\n'
    store.path.write_text(broken)
    assert store.load() == []
    [problem] = store.take_problems()
    assert "decks.json" in str(problem) and "line 4" in str(problem)
    assert problem.moved_to is not None and problem.moved_to.read_text() == broken
    store.save("Mine", MINE)
    assert problem.moved_to.read_text() == broken
    assert [d.name for d in DeckStore().load()] == ["Mine"]


def test_a_wrongly_shaped_file_names_the_field(store):
    write_entries(store, [{"name": "Mine", "cards": "+1 +2"}])
    assert store.load() == []
    [problem] = store.take_problems()
    assert "decks.0.cards" in str(problem)


def test_a_newer_file_is_set_aside_not_misread(store):
    store.path.parent.mkdir(parents=True)
    store.path.write_text(json.dumps({"schema_version": 7, "decks": []}))
    assert store.all_decks()[-1].key.startswith("ready:")
    [problem] = store.take_problems()
    assert "newer cardtable" in str(problem) and not store.path.exists()
