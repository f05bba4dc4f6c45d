"""The rules screen opens from a table with "?", scrolls by keys and closes; a table's first
frame does not load it (nor markdown-it, which only the rules need), nor the game's bots."""

from __future__ import annotations

from cardtable.persist.saves import SaveStore
from cardtable.ui.screens.rules import RulesScreen, RulesText
from cardtable.ui.web import screen_text
from tests.conformance.test_conformance import fresh_python_prints
from tests.ui.test_resume import table_app
from tests.ui.test_saves_and_replays import keep_saves


async def test_question_mark_opens_the_rules_which_scroll_and_close():
    app = table_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.screen
        await pilot.press("question_mark")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        assert "Two players each build a pile of cards" in screen_text(app)
        box = rules.query_one("#rules", RulesText)
        await pilot.press("pagedown")
        await pilot.pause()
        assert box.scroll_y > 0
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table


def test_a_tables_first_frame_loads_no_markdown():
    """Textual's Markdown widgets and markdown-it cost a table about a quarter of a bare app's
    start-up (``cardtable bench startup``, resume): they load when "?" is pressed."""
    printed = fresh_python_prints(
        "import cardtable.ui.app",
        "from cardtable.ui.tablescreens import TABLE_SCREENS",
        "for screens in TABLE_SCREENS.values(): screens.load_table()",
        "print([m for m in ('markdown_it', 'textual.widgets._markdown') if m in sys.modules])",
    )
    assert printed == "[]"


def test_a_resumed_tables_first_frame_loads_no_bots_nor_pydantic():
    """The bots load when one first has to move, after the first frame: the resumed table (and
    its save's check) name bot levels from the registry. The save is checked with pydantic in a
    forked helper (``tools.ahead``), so the table itself is built without importing it."""
    keep_saves(SaveStore())
    printed = fresh_python_prints(
        "from cardtable.cli import build_parser",
        "from cardtable.tools.launch import first_screen_for",
        "from cardtable.ui.app import CardtableApp",
        "first = first_screen_for(build_parser().parse_args(['resume']))()",
        "table = first(CardtableApp(first))",
        "bots = [m for m in sys.modules if m.startswith('cardtable.games.') and m.endswith('.bots')]",
        "print(table.spec.id, 'pydantic' in sys.modules, bots)",
    )
    assert printed == "pazaak False []"
