"""Every key, screen by screen, gathered from the bindings themselves so it never drifts."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.keys import format_key
from textual.screen import ModalScreen
from textual.widgets import DataTable

from cardtable.games.registry import GAMES
from cardtable.ui.tables import replaying
from cardtable.ui.tablescreens import TABLE_SCREENS
from cardtable.ui.widgets.footer import Footer


def key_rows() -> list[tuple[str, str, str]]:
    """(where, key, what) for the app's screens and each game's table."""
    from cardtable.ui.screens.home import HomeScreen
    from cardtable.ui.screens.replays import ReplaysScreen
    from cardtable.ui.tables.chatting import CHAT_KEY
    from cardtable.ui.tables.room import TableRoom

    rows = [
        ("anywhere", "^p", "command palette: screens, themes, rules"),
        ("anywhere", "^q", "Quit"),
        ("online tables", key_name(CHAT_KEY), str(CHAT_KEY.description)),
    ]
    sources = [("home", HomeScreen), ("replays", ReplaysScreen), ("every table", TableRoom)]
    sources += [(spec.title, TABLE_SCREENS[spec.id].load_table()) for spec in GAMES.values()]
    shared = {row[1:] for row in rows}  # what every screen has is listed once, up there
    for where, screen in sources:
        bindings = [b for b in screen.__dict__.get("BINDINGS", []) if b.description]
        mine: set[str] = set()
        for binding in bindings:
            key, what = key_name(binding), binding.description
            numbered = NUMBERED.fullmatch(what)
            if numbered:  # "Choose 1" … "Choose 9": one row for the run
                if numbered[2] != "1":
                    continue
                run = sum(1 for b in bindings if NUMBERED.fullmatch(b.description or ""))
                key, what = f"1-{run}", numbered[1]
            if (key, what) not in shared and key not in mine:
                mine.add(key)
                rows.append((where_it_works(where, binding), key, what))
        if where == "every table":
            shared |= {row[1:] for row in rows}
    return rows


def where_it_works(where: str, binding: Binding) -> str:
    """A table key that moves through a replay works only in a replay: it is filed there."""
    if binding.action.split("(")[0] in replaying.ACTIONS:
        return "replays"
    return where


def help_panel_named(commands: Iterable[SystemCommand]) -> Iterator[SystemCommand]:
    """Textual's own palette entries, its "Keys" renamed for what it shows (this screen's keys
    and the focused widget's help), so it is not taken for the list of every key."""
    for command in commands:
        if command.title == "Keys":
            hide = command.help.startswith("Hide")
            yield command._replace(
                title="Hide keys on this screen" if hide else "Keys on this screen",
                help="Close the panel of this screen's keys"
                if hide
                else "This screen's keys and help for the focused widget, in a side panel",
            )
        else:
            yield command


#: one of a run of numbered keys: "Card 2", "Give to 5"
NUMBERED = re.compile(r"(.*) (\d+)")


def key_name(binding: Binding) -> str:
    """A key as a person reads it: "?" not "question_mark", "^q" for ctrl+q."""
    if binding.key_display:
        return binding.key_display
    *mods, key = binding.key.split("+")
    shown = format_key(key)
    return "^" + shown if mods == ["ctrl"] else "+".join([*mods, shown])


class KeysScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    KeysScreen { align: center middle; }
    KeysScreen DataTable { width: 80; max-width: 98%; height: auto; max-height: 90%;
        border: heavy $primary; background: $surface; }
    """
    BINDINGS = [Binding("escape", "close", "Close"), Binding("q", "close", "Close", show=False)]

    def compose(self) -> ComposeResult:
        table: DataTable[str] = DataTable(cursor_type="row", zebra_stripes=True)
        table.add_columns("where", "key", "what it does")
        for row in key_rows():
            table.add_row(*row)
        yield table
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
