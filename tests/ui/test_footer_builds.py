"""Issue 36 item 7: the key footer was built afresh (every key a new widget, the whole screen laid
out again) each time Textual asked it to, even with the keys it already showed: several times
for a rematch's first frame, and on most moves. It is built again only when its keys change."""

from __future__ import annotations

from textual.screen import Screen

from cardtable.ui.tables.base import TableScreen
from cardtable.ui.widgets.footer import Footer
from tests.ui.test_pixies_table import settle
from tests.ui.test_result_panels import app_for


async def test_the_footer_is_built_again_only_when_its_keys_change() -> None:
    app = app_for("pazaak", final=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        footer = table.query_one(Footer)
        built = list(footer.query("FooterKey"))
        assert built, "the footer shows keys"
        Screen.refresh_bindings(table)  # as Textual asks, with nothing changed
        await settle(pilot)
        assert list(footer.query("FooterKey")) == built, "the same keys were built again"
        table.session.bot_pause = 0
        table.play_human(app.ending_move)  # the match's end: its result's keys, not these
        await settle(pilot)
        assert table.session.is_over
        Screen.refresh_bindings(table)
        await settle(pilot)
        assert list(footer.query("FooterKey")) != built
