"""One save per game (and Flip 7 mode) on home, in the palette and for ``resume GAME``; the
Replays screen and ``cardtable replay`` with no file."""

from __future__ import annotations

import io
import json
import time
from collections.abc import Callable

import pytest
from rich.console import Console
from textual.command import CommandPalette
from textual.widgets import DataTable, OptionList, Static

from cardtable.cli import build_parser
from cardtable.core.codec import encode
from cardtable.core.match import Match
from cardtable.core.seats import Seat, default_seats
from cardtable.games.registry import GAMES
from cardtable.persist.options import options_model
from cardtable.persist.rebuild import slot_name
from cardtable.persist.records import GameRecord
from cardtable.persist.replays import ReplayStore
from cardtable.persist.saves import SaveStore
from cardtable.tools.launch import first_screen_for
from cardtable.tools.replays import print_replays
from cardtable.tools.setup import make_config
from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.home import HomeScreen
from cardtable.ui.screens.replays import ReplaysScreen
from cardtable.ui.tables.base import TableScreen
from cardtable.ui.tables.pazaak.widgets import HandCard
from tests.ui.test_replay_and_stats import SEATS, finished_pazaak, log_lines, status
from tests.waits import until

#: (game, Flip 7 mode, seats) of the saves a person might have at once
KEPT = (
    ("pazaak", None, 2),
    ("pixies", None, 2),
    ("flip7", "solo", 1),
    ("flip7", "table", 2),
)


def started(game: str, mode: str | None, seats: int, moves: int = 6, seed: int = 4) -> Match:
    spec = GAMES[game]
    options = options_model(spec.id)(**({"mode": mode} if mode else {}))
    match = Match.new(spec.rules, make_config(spec, options, seats), seed)
    for _ in range(moves):
        match.play(match.legal_actions()[0])
        match.take_chance_steps()
    return match


def keep_saves(store: SaveStore) -> list[str]:
    """A save of each of ``KEPT``, a second apart, the first oldest; their slots, newest first."""
    slots = []
    for age, (game, mode, seats) in enumerate(reversed(KEPT)):
        match = started(game, mode, seats)
        record = GameRecord.of(GAMES[game], match, default_seats(1, ("hard",) * (seats - 1)))
        store.save(record.model_copy(update={"saved_at": time.time() - 100 + age}))
        slots.append(record.slot)
    return slots[::-1]


async def test_home_lists_every_save_and_continues_each_one():
    slots = keep_saves(SaveStore())
    assert slots == ["pazaak", "pixies", "flip7-solo", "flip7-table"]
    app = CardtableApp(lambda app: HomeScreen(), bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        saves = app.screen.query_one("#saves", OptionList)
        labels = [str(saves.get_option_at_index(i).prompt) for i in range(saves.option_count)]
        assert labels[0] == "Continue Pazaak · You vs hard · set 4 · sets won 1–0"
        assert labels[1] == "Continue Pixies · You vs hard · round 1 of 3"
        assert labels[2].startswith("Continue Flip 7 solo · You · round ")
        assert labels[3].startswith("Continue Flip 7 · You vs hard · round ")
        for index, slot in enumerate(slots):
            saves.focus()
            saves.highlighted = index
            await pilot.press("enter")
            await pilot.pause()
            table = app.screen
            assert isinstance(table, TableScreen)
            # the saved game as it was left (a bot may have moved since)
            assert slot_name(table.spec.id, encode(table.session.config)) == slot
            assert table.session.ply >= 6
            app.pop_screen()
            await pilot.pause()


async def palette_prompts(pilot, enough: Callable[[list[str]], bool], what: str) -> list[str]:
    """The command palette's matches once there are ``enough``: its search runs as a task of
    its own, a few frames after the keys."""

    def prompts() -> list[str] | None:
        found = pilot.app.screen.query_one("CommandList", OptionList)
        said = [str(found.get_option_at_index(i).prompt) for i in range(found.option_count)]
        return said if said and enough(said) else None

    return await until(prompts, f"the palette to show {what}", pilot=pilot)


async def test_the_palette_finds_continue_for_every_save():
    keep_saves(SaveStore())
    app = CardtableApp(lambda app: HomeScreen(), bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.press(*"contin")
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        prompts = await palette_prompts(pilot, lambda said: len(said) >= 4, "four matches")
        assert any("Pixies" in p and "round 1 of 3" in p for p in prompts), prompts
        assert sum("Continue" in p.replace("\n", " ") for p in prompts) >= 4, prompts
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)

        # over a table, the palette's Continue leaves it (saved) for the one chosen
        await pilot.press("ctrl+p")
        await pilot.press(*"continue pixies")
        await palette_prompts(pilot, lambda said: "Pixies" in said[0], "Pixies first")
        await pilot.press("enter")
        pixies = GAMES["pixies"]
        await until(lambda: getattr(app.screen, "spec", None) is pixies, "Pixies", pilot=pilot)
        tables = [screen for screen in app.screen_stack if isinstance(screen, TableScreen)]
        assert [table.spec.id for table in tables] == ["pixies"]


async def test_resume_game_opens_that_game_and_names_the_others():
    keep_saves(SaveStore())
    args = build_parser().parse_args(["resume"])
    app = CardtableApp(first_screen_for(args)(), bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.screen.spec.id == "pazaak"  # the latest

    args = build_parser().parse_args(["resume", "pixies"])
    app = CardtableApp(first_screen_for(args)(), bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.screen.spec.id == "pixies"
        also = [n.message for n in app._notifications if n.title == "Saved games"]
        assert len(also) == 1 and "Pazaak · You vs hard" in also[0] and "Flip 7 solo" in also[0]


def test_resume_of_a_game_without_a_save_says_which_there_are(capsys):
    keep_saves(SaveStore())
    with pytest.raises(SystemExit) as stop:
        first_screen_for(build_parser().parse_args(["resume", "pazu-pazaak"]))()
    assert stop.value.code == 2
    said = capsys.readouterr().err
    assert "no saved pazu-pazaak game" in said and "pixies" in said and "flip7-solo" in said


def test_a_flip7_save_from_before_modes_moves_to_its_mode(isolated_home):
    folder = isolated_home / "data" / "saves"
    folder.mkdir(parents=True)
    record = GameRecord.of(GAMES["flip7"], started("flip7", "solo", 1), (Seat("You"),))
    (folder / "flip7.json").write_text(json.dumps(record.model_dump()))
    [saved] = SaveStore().all()
    assert saved.record.slot == "flip7-solo" and saved.path == folder / "flip7-solo.json"
    assert sorted(p.name for p in folder.iterdir()) == ["flip7-solo.json"]


def keep_replays() -> list[GameRecord]:
    """Two finished Pazaak games under any names (an online seat's file among them), newest last."""
    store = ReplayStore()
    store.folder.mkdir(parents=True)
    records = []
    for age, (seed, name) in enumerate(
        ((5, "pazaak-20250101-120000.json"), (9, "table-ab12-seat-2.json"))
    ):
        record = GameRecord.of(GAMES["pazaak"], finished_pazaak(seed), SEATS)
        record = record.model_copy(update={"saved_at": time.time() - 100 + age})
        (store.folder / name).write_text(json.dumps(record.model_dump()))
        records.append(record)
    return records


async def test_the_replays_screen_lists_games_and_opens_them_at_the_start():
    older, newer = keep_replays()
    app = CardtableApp(lambda app: HomeScreen(), bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplaysScreen)
        table = screen.query_one(DataTable)
        rows = [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]
        assert [row[1] for row in rows] == ["Pazaak", "Pazaak"]
        assert rows[0][0] == time.strftime("%Y-%m-%d %H:%M", time.localtime(newer.saved_at))
        assert rows[0][2] == "You vs easy"
        newest = newer.to_match().outcome
        winner = SEATS[newest.winners[0]].name
        assert rows[0][3] == f"{winner} won · You {newest.scores[0]:g}, Revan {newest.scores[1]:g}"

        await pilot.press("enter")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, TableScreen) and replay.is_replay
        total = len(newer.actions)
        assert replay.session.ply == 0 and f"move 0 of {total}" in status(replay)
        assert "Set 2" not in " ".join(log_lines(replay))
        # the footer names the jumps; PgDn goes to the next set's deal
        jumps = {key: replay.active_bindings[key] for key in ("pagedown", "pageup")}
        assert [jump.binding.description for jump in jumps.values()] == [
            "Next set/round",
            "Prev set/round",
        ]
        assert all(jump.enabled and jump.binding.show for jump in jumps.values())
        await pilot.press("pagedown")
        assert 0 < replay.session.ply < total and "Set 2" in " ".join(log_lines(replay))
        # every hand face up: the game is over, so nothing in its replay is secret
        assert their_hand_is_open(replay)
        await pilot.press("end")
        assert replay.session.ply == total and their_hand_is_open(replay)


def their_hand_is_open(replay: TableScreen) -> bool:
    """The other Pazaak hand shows faces, not card backs, and no count of hidden cards."""
    theirs = replay.query_one("#their-hand")
    shown = [card for card in theirs.query(HandCard) if card.display]
    caption = str(theirs.query_one(".caption", Static).content)
    return not any(c.has_class("-back") for c in shown) and "left" not in caption


def test_replay_with_no_file_lists_the_kept_games():
    keep_replays()
    out = io.StringIO()
    assert print_replays(Console(file=out, width=200)) == 0
    text = out.getvalue()
    assert "Finished games, newest first" in text
    assert text.index("table-ab12-seat-2.json") < text.index("pazaak-20250101-120000.json")
    assert "You vs easy" in text and " won · You " in text


@pytest.mark.parametrize("width", [80, 120])
def test_replay_with_no_file_numbers_the_games_and_names_their_files_whole(width):
    """What the list tells a person to type is never cut to fit, in a data folder with a long
    path (where the whole path in the table used to end in "…")."""
    keep_replays()
    out = io.StringIO()
    assert print_replays(Console(file=out, width=width)) == 0
    rows = [line.split() for line in out.getvalue().splitlines()]
    numbered = [(row[0], row[-1]) for row in rows if row and row[0].isdigit()]
    assert numbered == [("1", "table-ab12-seat-2.json"), ("2", "pazaak-20250101-120000.json")]
    assert "cardtable replay 1 (its number)" in out.getvalue()


@pytest.mark.parametrize(
    "word, seed", [("1", 9), ("2", 5), ("pazaak-20250101-120000.json", 5), ("table-ab12-seat-2", 9)]
)
async def test_replay_takes_the_number_or_the_file_name_the_list_shows(word, seed):
    keep_replays()  # seed 5 the older, seed 9 the newer: number 1
    app = CardtableApp(first_screen_for(build_parser().parse_args(["replay", word]))(), bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.is_replay
        assert app.screen.session.match.seed == seed


@pytest.mark.parametrize("word", ["3", "0", "-1"])
def test_replay_of_a_number_not_in_the_list_says_which_there_are(word, capsys):
    keep_replays()
    with pytest.raises(SystemExit) as stop:
        first_screen_for(build_parser().parse_args(["replay", word]))()
    assert stop.value.code == 2
    said = capsys.readouterr().err
    assert f"cannot replay {word}: no finished game has that number" in said
    assert "numbered 1 to 2" in said


def test_replay_with_no_file_and_nothing_kept_says_so():
    out = io.StringIO()
    assert print_replays(Console(file=out, width=120)) == 0
    assert "No finished games kept yet" in out.getvalue()


async def test_names_in_a_saves_title_are_text_not_markup():
    names = (Seat("[b]Ann[/b]"), Seat("[/]Cy"))
    SaveStore().save(GameRecord.of(GAMES["pazaak"], started("pazaak", None, 2), names))
    app = CardtableApp(lambda app: HomeScreen(), bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        saves = app.screen.query_one("#saves", OptionList)
        assert str(saves.get_option_at_index(0).prompt).startswith(
            "Continue Pazaak · [b]Ann[/b], [/]Cy · set "
        )
        await pilot.press("ctrl+p")
        await pilot.press(*"contin")
        prompt = (await palette_prompts(pilot, bool, "a match"))[0]
        assert "[b]Ann[/b], [/]Cy" in prompt
