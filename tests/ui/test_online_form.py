"""The Play online form at the smallest terminal the app supports (80×24): every field and
button in sight, none scrolled away under the footer (an SSH visitor at 100×30 could not see
Host once the quick-match row and the lobby box were added)."""

from __future__ import annotations

from textual.widget import Widget

from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.online import PlayOnlineScreen
from tests.waits import until

EVERY_CONTROL = (
    "#server", "#quick", "#lobby", "#leaderboard", "#name", "#game", "#seats", "#listed",
    "#code", "#host", "#join", "#watch",
)  # fmt: skip


async def test_every_control_of_the_online_form_shows_at_80_by_24() -> None:
    app = CardtableApp(lambda app: PlayOnlineScreen(), bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await until(
            lambda: app.screen if isinstance(app.screen, PlayOnlineScreen) else None,
            "the online form",
            pilot=pilot,
        )
        footer_row = screen.size.height - 1
        for selector in EVERY_CONTROL:
            widget = screen.query_one(selector, Widget)
            region = widget.region
            assert region.height > 0 and region.bottom <= footer_row, (selector, region)
            assert region.right <= screen.size.width, (selector, region)
