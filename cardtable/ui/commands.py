"""The command palette's saved games: each one a "Continue …" entry, as on the home screen."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content

if TYPE_CHECKING:
    from cardtable.ui.app import CardtableApp

HELP = "Pick up a saved game where it was left"


class SavedGames(Provider):
    """Every saved game, read once as the palette opens (reading replays each game's moves)."""

    saved: tuple[tuple[str, Any], ...] = ()

    @property
    def cardtable(self) -> CardtableApp:
        """The app whose saves the palette lists (Textual types a provider's app as any App)."""
        return cast("CardtableApp", self.app)

    async def startup(self) -> None:
        from cardtable.ui.saved import save_title

        saves = self.cardtable.saves.all()
        self.saved = tuple((f"Continue {save_title(saved)}", saved) for saved in saves)

    def _open(self, saved: Any) -> partial[None]:
        return partial(self.cardtable.continue_game, saved)

    async def discover(self) -> Hits:
        for title, saved in self.saved:
            yield DiscoveryHit(Content(title), self._open(saved), text=title, help=HELP)

    async def search(self, query: str) -> Hits:
        """Textual's highlight reads the title as markup; a title holds people's names, so the
        match is shown as plain text."""
        matcher = self.matcher(query)
        for title, saved in self.saved:
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, Content(title), self._open(saved), text=title, help=HELP)
