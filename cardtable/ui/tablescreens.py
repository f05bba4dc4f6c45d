"""The UI layer's registry of the screens that play each game: its table and its new-game form.

It sits above the tables and the screens (they never import it; a table that needs the next
table, for a rematch, asks the app), so each game's table and form are imported here by name,
where import-linter sees them, and only when first asked for: the home screen's first frame loads
no table. What a game looks like outside its table is registered in ``cardtable.ui.games``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardtable.core.registry import Registry
from cardtable.core.seats import default_seats

if TYPE_CHECKING:
    from textual.screen import Screen

    from cardtable.games.registry import GameSpec
    from cardtable.session import Session
    from cardtable.ui.screens.newgame import NewGameScreen
    from cardtable.ui.tables.base import TableScreen


def _generic_form() -> type[NewGameScreen]:
    from cardtable.ui.screens.newgame import NewGameScreen

    return NewGameScreen


@dataclass(frozen=True)
class TableScreens:
    """The screens one game is played on."""

    load_table: Callable[[], type[TableScreen]]
    #: the new-game form, kept apart from the table so the form opens fast
    load_form: Callable[[], type[NewGameScreen]] = _generic_form


#: game id -> its screens
TABLE_SCREENS: Registry[TableScreens] = Registry("a table screen")


def register(game_id: str, screens: TableScreens) -> TableScreens:
    return TABLE_SCREENS.register(game_id, screens)


def table_screen(session: Session) -> TableScreen:
    """The game's table, drawing from ``session``."""
    return TABLE_SCREENS[session.spec.id].load_table()(session)


def new_game_screen(spec: GameSpec) -> Screen[Any]:
    """The game's setup form with one person and the rest its strongest bots."""
    from cardtable.persist.options import options_model  # pydantic: once a form is asked for

    seats = default_seats(1, spec.levels[-1:] * (spec.min_seats - 1))
    options = options_model(spec.id)(**({"mode": "solo"} if spec.min_seats == 1 else {}))
    return TABLE_SCREENS[spec.id].load_form()(spec, seats, options, None)


def _pazaak_table() -> type[TableScreen]:
    from cardtable.ui.tables.pazaak.table import Table

    return Table


def _pazaak_form() -> type[NewGameScreen]:
    from cardtable.ui.tables.pazaak.setup import PazaakNewGame

    return PazaakNewGame


def _pazu_table() -> type[TableScreen]:
    from cardtable.ui.tables.pazu.table import PazuTable

    return PazuTable


def _pazu_form() -> type[NewGameScreen]:
    from cardtable.ui.tables.pazu.setup import PazuNewGame

    return PazuNewGame


def _pixies_table() -> type[TableScreen]:
    from cardtable.ui.tables.pixies.table import PixiesTable

    return PixiesTable


def _flip7_table() -> type[TableScreen]:
    from cardtable.ui.tables.flip7.table import Table

    return Table


def _flip7_form() -> type[NewGameScreen]:
    from cardtable.ui.tables.flip7.setup import Flip7NewGame

    return Flip7NewGame


register("pazaak", TableScreens(_pazaak_table, _pazaak_form))
register("pazu-pazaak", TableScreens(_pazu_table, _pazu_form))
register("pixies", TableScreens(_pixies_table))
register("flip7", TableScreens(_flip7_table, _flip7_form))
